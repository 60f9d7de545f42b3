// What Dracula's AIs know how to judge without search (spec §7.4): the hunters' exact round-aware
// reach (rail allowance (round + hunter) mod 4), the value of standing somewhere after a number of
// his moves (margin to the nearest hunter, blood economics: −2 BP per sea turn, +10 in Castle
// Dracula, death at sea with BP <= 2, the pull of the castle as blood falls), and whether his
// trail lets him go on without a forced TELEPORT. Shared by dracula-v1 and the search.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "games/dracula/engine.h"

namespace arena::dracula {

// Round-aware distances of each hunter to every place, for the hunters' next round.
struct Threat {
  std::array<std::array<int, kNumPlaces>, 4> dist;
  int min_dist(PlaceId p) const {
    return std::min({dist[0][p], dist[1][p], dist[2][p], dist[3][p]});
  }
  int count_within(PlaceId p, int t) const {
    int n = 0;
    for (const auto& d : dist) n += d[p] <= t;
    return n;
  }
  int sum_capped(PlaceId p, int cap) const {
    int s = 0;
    for (const auto& d : dist) s += std::min(d[p], cap);
    return s;
  }
};

// The hunters' reach from `s` (Dracula to move) for their next round.
Threat make_threat(const GameState& s);

// Value of standing at `loc` after `t` of his moves with `bp` blood (`prev_bp` before the move).
double place_value(const Threat& th, PlaceId loc, int t, int bp, int prev_bp);

// Dracula's own trail, enough to know his legal moves.
struct Trail {
  int n = 0;
  std::array<int8_t, 5> codes{}, locs{};
  void push(int8_t code, int8_t loc) {
    for (int i = 4; i > 0; --i) codes[i] = codes[i - 1], locs[i] = locs[i - 1];
    codes[0] = code, locs[0] = loc;
    ++n;
  }
  // Where his move `m` takes him (§2.3; TELEPORT: Castle Dracula), and the trail after it.
  PlaceId resolve(Move m) const {
    if (m.is_location()) return m.id;
    if (m.id == kHide) return locs[0];
    if (m.double_back()) return locs[m.double_back() - 1];
    return kCastleDracula;
  }
  void play(Move m) { push(m.id, static_cast<int8_t>(resolve(m))); }
  // His legal moves from here (no TELEPORT added).
  void legal_moves(MoveList& out) const {
    dracula_moves_from(n, codes.data(), locs.data(), std::min(5, n), out);
  }
};
Trail trail_of(const GameState& s);

// His legal moves after `s` (any seat to move), from the trail alone; no TELEPORT added.
void next_moves(const GameState& s, MoveList& out);

// True if he can make `depth` more moves without a forced TELEPORT, never ending at sea with BP
// that would kill him (hunters ignored). Depth-first with early exit, so it is usually cheap.
bool can_survive(const Trail& t, int depth, int bp);

// What his position after a move costs him in a play-out, whatever the modelled hunters will do:
// on land, kExposedNext if a hunter can confront him with the next move (half as much again for
// each further hunter who can) plus kExposedSoon for each hunter two moves away; nothing at sea,
// where he cannot be confronted (the blood he pays there is counted elsewhere). `s` is the state
// just after his move, so the hunters' next round is s.round().
//
// Against hunter-jitter, whom his model predicts up to tie-breaks, the search without this term
// lost 93 % of seeds 1-100; with the first term alone (30 to 100) 80 to 90 % of seeds 1-50; with
// both (30 and 10) 67 % of seeds 1-100, in games of 191 rounds against 123 (docs/dracula.md).
inline constexpr double kExposedNext = 30;
inline constexpr double kExposedSoon = 10;
double exposure_cost(const GameState& s);

// Where Dracula's move `m` leaves him from state `s` (§2.3).
PlaceId move_location(const GameState& s, Move m);

// dracula-v1's judgement of his move `m1` from `s` (Dracula to move): where it leaves him
// (place_value), a small cost for HIDE / DOUBLE_BACK, the vampire's safety in vampire rounds, -300
// if his trail forces a TELEPORT within 7 moves, and the best follow-up move against the same
// reach. A finished game is +-1e9.
double heuristic_move_value(const GameState& s, const Threat& th, Move m1);

}  // namespace arena::dracula
