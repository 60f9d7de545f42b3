// The Fury of Dracula referee (spec §6): asks each seat for its move in turn order over the wire
// protocol (process mode §6.2, persistent mode §6.3, or a built-in AI in process), judges the
// replies (§6.4, every row of §6.5), substitutes default moves, disqualifies, and records the game
// (§6.6) in DESIGN.md's replay container.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/message_bot.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/seat_spec.h"
#include "games/dracula/engine.h"

namespace arena::dracula {

enum class SeatMode { kProcess, kPersistent };
std::optional<SeatMode> parse_seat_mode(std::string_view text);  // "process" | "persistent"
std::string_view to_string(SeatMode mode);

// Makes the MessageBot behind an in-process seat (`bot:NAME`): the AI `name` with the seat's seed
// (game seed + seat index) speaking `persistent` or process mode. nullptr for an unknown name.
using InProcessBotMaker = std::function<std::unique_ptr<MessageBot>(
    const std::string& name, uint64_t seed, int time_limit_ms, bool persistent)>;

struct RefereeConfig {
  uint64_t seed = 0;
  int time_limit_ms = 1500;
  std::array<SeatSpec, 5> seats;  // G, S, H, M, D
  std::array<SeatMode, 5> modes{};
  InProcessBotMaker make_bot;  // empty: the built-in AIs (bots/protocol_bot.h)
  std::string working_dir;     // of the AI processes; empty: ours (§6.1)
  // Grace after closing a persistent program's stdin at the end of the game (§6.3).
  int end_grace_ms = 1000;
  // Live spectating: each turn line as it is recorded (MatchSetup::on_line); may be empty.
  std::function<void(const Json& line)> on_line;
};

// One seat's counts in the result line (§6.6 per-seat figures), without the measured times: the
// referee adds them, the replay check re-derives them.
struct SeatCounts {
  int ai_moves = 0, default_moves = 0, timeouts = 0, garbled = 0, crashes = 0;
  int disqualified_at = -1;
};
Json seat_counts_json(const std::string& program, std::string_view mode, const SeatCounts& c);

// §6.4: the default move of the current player of `s` (legal: its legal moves). Dracula's draws
// come from `rng`, the match's "default-move" stream (shared with the replay check).
Move default_move(const GameState& s, const MoveList& legal, Rng& rng);

// The §6.1 environment of seat `seat` (0..4) in a game.
std::vector<std::pair<std::string, std::string>> seat_environment(const RefereeConfig& config,
                                                                  int seat);

// Plays one game on the seats match/ opened from seat_plan() (G, S, H, M, D). The record holds
// scores (G, S, H, M: the final score; D: 366 - final score), the winner ("hunters" | "dracula"),
// the §6.6 top-level fields as `result`, per-game statistics for eval, a summary and the turns.
RefereeRecord run_referee(const std::array<Seat*, kNumSeats>& seats, const RefereeConfig& config);

// The §6.6 top-level fields of a finished game, from the full string and messages, computed as a
// GameView reports them (shared by the referee and the replay check).
Json game_fields_from_plays(const std::string& past_plays,
                            const std::vector<std::string>& messages);

}  // namespace arena::dracula
