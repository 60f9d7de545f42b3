// Uniformly random legal play, for tests, benchmarks and baselines: every move is drawn uniformly
// from legal_moves() (canonical order) with an explicit arena::Rng.
#pragma once

#include <cstdint>
#include <string>

#include "core/rng.h"
#include "games/dracula/engine.h"
#include "games/dracula/past_plays.h"

namespace arena::dracula {

// One uniformly random legal move for the current player (TELEPORT when Dracula has no other).
Move random_move(const GameState& s, Rng& rng);

// Plays a whole game of uniformly random legal moves (at most `max_plays` plays), each play with
// the message "m<index>" when `messages` is true, else "". Uses the stream "random-game" of `seed`.
Record random_game(uint64_t seed, int max_plays = kMaxPlays, bool messages = false);

}  // namespace arena::dracula
