// The Wumpus referee (spec §2.4, §5, §6, §8): drives one game over a seat, judges every answer,
// applies it, and records the replay.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/registry.h"
#include "core/seat.h"
#include "games/wumpus/rules.h"
#include "games/wumpus/world.h"

namespace arena::wumpus {

struct GameSetup {
  Cave cave;
  Mode mode = Mode::classic;
  std::optional<AdvancedInput> advanced_input;  // advanced mode: the parameters as given
  std::optional<uint64_t> seed;                 // nullopt for custom maps (spec §3.4)
  int turn_timeout_ms = 10000;
  Json player = Json::object();  // spec §8 `player`: kind, name, version
  // Called with each turn entry as soon as it is recorded (live spectating); may be null.
  std::function<void(const Json& turn)> on_turn;
};

// Plays one game on `seat` and returns its outcome, with the replay's turns and result filled in
// (the caller adds the container header fields it knows: seats, match parameters).
// Plays the game on `seat`: the turns and the outcome (match/ adds the header, logs and result).
RefereeRecord run_game(const GameSetup& setup, Seat& seat);

// The spec §8 header fields of a game (all but `game`, `seed`, `turns` and `result`).
Json spec_header(const GameSetup& setup);

// Adds to turn entry `t` the hero's state after the action (`step`: what the action did, or null
// when no action was applied): pos, dir, arrows, has_gold, alive, score, events, and killed when a
// wumpus died. The replay check compares a recorded turn with exactly these fields.
void add_state(Json& t, const State& s, const Step* step);

// The §8 `result` object of a finished state.
Json spec_result(const State& state);

}  // namespace arena::wumpus
