// A human's game from a URL query (docs/web.md, "Human play"): the same MatchSetup `arena play`
// builds from the same words, with the human's seat and built-in bots in the other seats.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "core/registry.h"

namespace arena::server {

struct HumanGame {
  MatchSetup setup;  // the human's seat has human = true and no peer yet
  std::string role;  // the human's role
};

// Query words: `seed=N`, `time_ms=T`, `role=R` (default: the game's first role), `bot.ROLE=NAME`
// (a built-in bot for another seat; default: the game's first bot made for that role), and every
// other `k=v` is a game parameter, checked as `arena play` checks it. A page cannot name a file or
// a program of the server: parameter values with '/' or "-" alone, and `map`, are refused.
std::variant<HumanGame, std::string> human_game(const GameInfo& game, std::string_view query);

}  // namespace arena::server
