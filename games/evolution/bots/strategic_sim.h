// The look-ahead machinery of the strategic player: it plays the rest of a turn on a private copy
// of the rules engine (opponents modelled as Silly players, spec §9, whose rules are known) and
// scores the state after the end of the turn. Everything here sees only what the player API shows
// the strategic player; hidden hands and the deck are sampled by the caller.
#pragma once

#include <cstdint>
#include <vector>

#include "games/evolution/engine.h"

namespace arena::evolution::strategic {

// Weights of the evaluation; fixed numbers, so that the player is deterministic for a seed.
struct Weights {
  double card = 0.4;         // a card kept in hand (future trait or growth)
  double fat = 0.6;          // a stored fat token (food and survival next turn)
  double trait_bonus = 0.8;  // extra value of a feeding trait that pays again next turn
  double defense = 0.3;      // a defensive trait while some opponent has a carnivore
  double carn_body = 0.1;    // body of a carnivore (attack size) per point
  double others = 0.15;      // weight of the opponents' score gain (we want them low too)
  double leader = 0.3;       // weight of the best opponent's estimated score
  double win = 3;            // being strictly ahead of everybody when the game ends
};

// The greedy feeding policy the strategic player assumes for itself inside simulations: feeds
// the hungry species that gains most, attacks only when it cannot hurt itself, stores fat last.
FeedingChoice greedy_feed(const Engine& e, int pos, bool last_turn);

// Answers every pending decision of the current turn until the engine is between turns (setup)
// or over: Silly for every position but `me`, greedy_feed for `me`. The engine must be in the
// choose phase with index > me, or in the feed phase.
void play_out_turn(Engine& e, int me, bool last_turn);

// Value of the state after the end of a turn for the player with id `me_id`, with the opponents'
// scores compared against `before` (id -> score at the start of the simulation).
double evaluate(const Engine& e, int64_t me_id, const std::vector<int64_t>& before,
                const Weights& w);

// Scores of every player indexed by id (ids are 1..n in the simulated configurations).
std::vector<int64_t> scores_by_id(const Configuration& c);

}  // namespace arena::evolution::strategic
