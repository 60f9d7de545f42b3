// The strategic Evolution player: plans its cards and its feeding with look-ahead over the rules
// engine, modelling the other players as Silly players (spec §9) and sampling what it cannot see
// (their hands, the deck) from the cards it has not seen. Deterministic for a seed: searches run
// to fixed budgets; the wall clock is only a safety stop far below the dealer's limit.
#pragma once

#include <cstdint>
#include <memory>

#include "games/evolution/player.h"

namespace arena::evolution {

// Deterministic for a given seed.
std::unique_ptr<Player> make_strategic_player(uint64_t seed);

}  // namespace arena::evolution
