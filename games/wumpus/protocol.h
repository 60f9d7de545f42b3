// The Wumpus line protocol (spec §5): what the referee writes and how it reads answers.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "games/wumpus/rules.h"

namespace arena::wumpus {

constexpr size_t kMaxAnswerBytes = 64;

// "start <width> <height> <arrows> <wumpuses> <pit_percent> <turn_limit>" (no newline).
std::string start_line(const Params& p);
// "breeze stench glitter scream bump" subset in that order, or "none" (no newline).
std::string percept_line(const Percept& p);
// "end <score>" (no newline).
std::string end_line(int score);

// Spec §5.3: an answer line (without its "\n") is accepted if, after removing one trailing "\r"
// and surrounding spaces and tabs, it is exactly one of the six words, and it holds no byte outside
// printable ASCII other than tab and that "\r".
std::optional<Action> parse_answer(std::string_view line);

// The raw answer as recorded (spec §8): truncated to 64 bytes, bytes outside printable ASCII
// escaped as \xHH (and backslash as \\).
std::string escape_answer(std::string_view line);

// Parses a referee line on the bot side.
struct StartInfo {
  Params params;
  int turn_limit = 0;
};
std::optional<StartInfo> parse_start_line(std::string_view line);
// Percept words; unknown words are ignored and counted in *unknown (if given).
Percept parse_percept_line(std::string_view line, int* unknown = nullptr);

}  // namespace arena::wumpus
