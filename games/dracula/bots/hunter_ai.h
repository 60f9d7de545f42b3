// The reference hunter's judgement (spec §7.2–§7.3), played as `hunter-v2` (and as `hunter-v1`
// unseeded). The reference hunter (`hunter`, bots/hunter_search.h) re-ranks its cheapest moves by
// search, and the reference Dracula models the hunters with it (bots/dracula_ai.h).
//
// Each seat is its own instance; the four coordinate without messages by computing the same
// quantities from the shared string: the possibility map of Dracula's location (bots/inference.h),
// then a greedy joint coverage in seat order (a hunter's move minimises the expected round-aware
// distance from the nearest hunter to Dracula's next location, counting hunters who already moved
// this round at their new places and later ones one move closer), the immature vampire assigned to
// the hunter nearest its most likely city, research (all rest) when the trail is cold, and trap
// avoidance / resting when low on life.
//
// The seeds matter: the opening of each seat (one of four cities of its region) and the tie-breaks
// come from the game seed (FOD_SEED minus the seat index, the same for all four hunters), so
// different seeds play different games. `hunter-v1` is the same AI before that: a fixed opening
// and no tie-break draws, kept as a baseline.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "games/dracula/bots/ai.h"
#include "games/dracula/bots/inference.h"

namespace arena::dracula {

class View;

// Round-aware hunter distance (`k` is the rail allowance of the first move), capped: beyond
// kHunterDistCap moves every place is as far.
inline constexpr int kHunterDistCap = 8;
inline int capped_hunter_dist(int k, PlaceId from, PlaceId to) {
  return std::min<int>(kHunterDistCap, map().hunter_dist[k][from][to]);
}

// `hunter-v2`: the judgement alone, seeded (the reference hunter before the search).
std::unique_ptr<Ai> make_hunter_v2();
std::unique_ptr<Ai> make_hunter_v1();
// `hunter-jitter`: hunter-v2 with its costs jittered by a stream of its own, so that Dracula's
// model, which is hunter-v2, predicts most of its moves but not all: a
// stand-in for strong hunters he has no exact model of.
std::unique_ptr<Ai> make_hunter_jitter();

// The simplest pursuit, b-hunt-chase's rule, for the hunter to move on `v`: the first step of
// HvGetShortestPathTo to HvGetLastKnownDraculaLocation, or staying once there; kNowhere while
// Dracula has not been seen or when the step is not a legal move (the baseline then moves at
// random). The reference Dracula models chasers with it (bots/dracula_ai.h).
PlaceId chase_step(const View& v);

// One decision of hunter-v2 (seeded) or of hunter-v1 (!seeded) with a caller-owned
// tracker: Dracula's search models the hunters with it, reusing one tracker across the strings of
// a game so that its cache keeps every update incremental.
Decision hunter_decide(const TurnRequest& request, Tracker& tracker, bool seeded);

// The same decision as the cost of each of its choices (the move is the first of least cost): a
// reachable place and what the hunter's judgement charges for going there. Research and the
// opening are a single choice.
struct HunterOption {
  PlaceId to;
  double cost;
};
using HunterOptions = std::vector<HunterOption>;
void hunter_options(const TurnRequest& request, Tracker& tracker, bool seeded, HunterOptions& out);
PlaceId best_option(const HunterOptions& options);

}  // namespace arena::dracula
