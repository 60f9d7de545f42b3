// A built-in AI behind the wire protocol of spec §6: as a MessageBot for in-process seats, and as a
// program (`arena bot dracula NAME [--persistent]`). Process mode (§6.2) reads one request object
// and prints one move line; persistent mode (§6.3) answers each {"turn":N,...} line with
// {"turn":N,"move":...} then {"turn":N,"done":true}. Either way the decision comes from a fresh
// look at the complete request, so both modes and `bot:NAME` decide the same.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/message_bot.h"
#include "core/registry.h"
#include "games/dracula/bots/ai.h"

namespace arena::dracula {

// A parsed request line (§6.2 step 2, §6.3): nullopt when it is not a usable request.
struct ParsedRequest {
  std::optional<int64_t> turn;  // persistent mode only
  TurnRequest request;
};
// A wire line without the whitespace around it (`\r` included), as both sides judge it (§6.2).
std::string_view trim_json_line(std::string_view s);

std::optional<ParsedRequest> parse_request(std::string_view line);

// The request line the referee writes (without the newline); `turn` only in persistent mode.
std::string request_line(std::string_view past_plays, const std::vector<std::string>& messages,
                         std::optional<int> turn);

// A move line (without newline), with "turn" first in persistent mode.
std::string move_line(const Decision& d, std::optional<int64_t> turn);

// An AI as a MessageBot: one line in (a request), its lines out. In process mode a fresh AI decides
// each request, as a fresh process would. nullptr for an unknown AI name.
std::unique_ptr<MessageBot> make_protocol_bot(const std::string& name, uint64_t seed,
                                              int time_limit_ms, bool persistent);

// `arena bot dracula NAME [--persistent]`: the seed and time limit come from FOD_SEED and
// FOD_TURN_LIMIT_MS when set (else --seed and 1500). Returns the exit code.
int run_protocol_bot(const std::string& name, const BotArgs& args);

}  // namespace arena::dracula
