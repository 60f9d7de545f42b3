#include "games/dracula/bots/dracula_eval.h"

#include <algorithm>

namespace arena::dracula {

Threat make_threat(const GameState& s) {
  Threat t;
  const int next_round = s.round() + 1;  // Dracula moves last in his round
  for (int h = 0; h < 4; ++h) {
    const PlaceId from = s.hunter_loc[h];
    for (int p = 0; p < kNumPlaces; ++p)
      t.dist[h][p] = is_real(from) ? map().hunter_dist[rail_allowance(next_round, h)][from][p] : 9;
  }
  return t;
}

double exposure_cost(const GameState& s) {
  const PlaceId at = s.dracula_loc();
  if (!is_real(at) || !is_land(at)) return 0;
  int next = 0, soon = 0;
  for (int h = 0; h < 4; ++h) {
    const PlaceId from = s.hunter_loc[h];
    if (!is_real(from)) continue;
    const int d = map().hunter_dist[rail_allowance(s.round(), h)][from][at];
    next += d <= 1;
    soon += d == 2;
  }
  return (next ? kExposedNext * (1 + 0.5 * (next - 1)) : 0.0) + kExposedSoon * soon;
}

// Value of standing at `loc` after `t` of his moves with `bp` blood.
double place_value(const Threat& th, PlaceId loc, int t, int bp, int prev_bp) {
  double v = 0;
  const int dmin = th.min_dist(loc);
  if (is_land(loc)) {
    const int margin = dmin - t;
    if (margin <= 0) {
      v -= 60.0 * th.count_within(loc, t);
    } else if (margin == 1) {
      v -= 12;
    } else if (margin == 2) {
      v -= 3;
    } else {
      v += 2;
    }
  } else {
    // At sea he cannot be confronted, but hunters close by will be waiting when he lands.
    if (dmin - t <= 0) v -= 6;
  }
  v += 0.6 * th.sum_capped(loc, 6);
  const int gained = bp - prev_bp;
  if (bp <= 0) return -100000.0;
  if (gained < 0) v -= 6 + 80.0 / std::max(1, bp);  // sea
  if (gained > 0) {
    v += (bp < 30 ? 3.0 : 1.0) * gained - 8.0;  // castle: blood, but he is seen
  }
  // Attraction to the castle grows as blood falls, and shrinks when hunters guard it.
  if (bp < 30 && th.min_dist(kCastleDracula) >= 3)
    v -= (30 - bp) / 8.0 * std::min<int>(8, map().dracula_dist[loc][kCastleDracula]);
  return v;
}

void next_moves(const GameState& s1, MoveList& out) {
  const int n = s1.dracula_moves();
  const int count = std::min(5, n);
  int8_t codes[5], locs[5];
  for (int i = 0; i < count; ++i) {
    codes[i] = s1.trail[i].move;
    locs[i] = s1.trail[i].loc;
  }
  out.n = 0;
  dracula_moves_from(n, codes, locs, count, out);
}

Trail trail_of(const GameState& s1) {
  Trail t;
  t.n = s1.dracula_moves();
  for (int i = 0; i < std::min(5, t.n); ++i)
    t.codes[i] = s1.trail[i].move, t.locs[i] = s1.trail[i].loc;
  return t;
}

// True if he can make `depth` more moves without a forced TELEPORT, never ending at sea with BP
// that would kill him (hunters ignored). Depth-first with early exit, so it is usually cheap.
bool can_survive(const Trail& t, int depth, int bp) {
  if (depth == 0) return true;
  MoveList ms;
  t.legal_moves(ms);
  for (int pass = 0; pass < 2; ++pass) {  // location moves first: they keep the escape hatches
    for (Move m : ms) {
      if (m.is_location() != (pass == 0)) continue;
      const PlaceId loc = t.resolve(m);
      int bp2 = bp - (is_sea(loc) ? 2 : 0) + (loc == kCastleDracula ? 10 : 0);
      if (bp2 <= 0) continue;
      Trail next = t;
      next.play(m);
      if (can_survive(next, depth - 1, bp2)) return true;
    }
  }
  return false;
}

PlaceId move_location(const GameState& s1, Move m) {
  if (m.is_location()) return m.id;
  if (m.id == kHide) return s1.trail[0].loc;
  if (m.double_back()) return s1.trail[m.double_back() - 1].loc;
  return kCastleDracula;
}

double heuristic_move_value(const GameState& s, const Threat& th, Move m1) {
  const bool vampire_round = s.round() % 13 == 0;
  GameState s1 = s;
  apply(s1, m1);
  double value = 0;
  if (s1.is_over()) {
    value = s1.winner == Winner::kDracula ? 1e9 : -1e9;
  } else {
    const PlaceId l1 = s1.dracula_loc();
    value = place_value(th, l1, 1, s1.blood, s.blood);
    if (!m1.is_location()) value -= 2.0;
    if (vampire_round) {
      if (is_land(l1) && l1 != kCastleDracula)
        value += 3.0 * std::min(th.min_dist(l1), 6);
      else
        value -= 20;
    }
    MoveList nm;
    next_moves(s1, nm);
    if (nm.empty() || !can_survive(trail_of(s1), 7, s1.blood)) {
      value -= 300;  // he would be forced to teleport, and be seen
    } else {
      double best2 = -1e18;
      int safe = 0;
      for (Move m2 : nm) {
        const PlaceId l2 = move_location(s1, m2);
        int bp2 = s1.blood;
        if (is_sea(l2)) bp2 -= 2;
        if (l2 == kCastleDracula) bp2 += 10;
        double v2 = place_value(th, l2, 2, bp2, s1.blood);
        if (!m2.is_location()) v2 -= 1.0;
        best2 = std::max(best2, v2);
        if (!is_land(l2) || th.min_dist(l2) > 2) ++safe;
      }
      value += 0.6 * best2 + 1.5 * std::min(safe, 4);
    }
  }
  return value;
}

}  // namespace arena::dracula
