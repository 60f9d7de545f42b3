// The strategic Evolution player: plans its cards and its feeding with look-ahead over the rules
// engine, modelling the other players as Silly players (spec §9) and sampling what it cannot see
// (their hands, the deck) from the cards it has not seen. Deterministic for a seed: its searches
// are bounded by work (candidate plans scored), never by time, so a loaded machine makes the same
// moves as an idle one. The wall clock is only a safety stop against the dealer's per-call limit
// (spec §8.2, 1 s by default), set far above what the work budget takes.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

#include "games/evolution/player.h"

namespace arena::evolution {

// What one strategic player did, for measurements and tests.
struct StrategicStats {
  long decisions = 0;       // choose calls
  long evaluations = 0;     // candidate plans scored, over every choose
  int max_evaluations = 0;  // in one choose
  long safety_stops = 0;    // choose calls the clock cut short: 0 unless the machine is starved
};

struct StrategicLimits {
  // Candidate plans scored per choose (each in 6 sampled worlds): the only bound that shapes the
  // moves. At 700 a choose takes 8 ms of CPU on average and 25 ms at most (4-player games,
  // `evolution_strategic_sim 200`).
  int choose_budget = 700;
  // A choose that has run this long answers with the best plan found so far. About 30 times the
  // longest choose measured at the budget, and below the dealer's default limit of 1 s, so that
  // the stop never decides a move unless the machine is starved, and then still answers in time.
  std::chrono::milliseconds safety_stop{800};
  // The clock the safety stop reads; std::chrono::steady_clock when empty. Tests give a slow one.
  std::function<std::chrono::steady_clock::time_point()> clock;
  // Filled in when not null (owned by the caller, who must keep it alive).
  StrategicStats* stats = nullptr;
};

// Deterministic for a given seed (and choose_budget).
std::unique_ptr<Player> make_strategic_player(uint64_t seed, StrategicLimits limits = {});

}  // namespace arena::evolution
