#include "games/dracula/bots/baselines.h"

#include <array>
#include <variant>

#include "core/rng.h"
#include "games/dracula/bots/hunter_ai.h"
#include "games/dracula/engine.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/view.h"

namespace arena::dracula {

Rng baseline_rng(uint64_t seed, std::string_view name, int play) {
  return Rng(splitmix64(seed ^ fnv1a64(name)) ^
             (static_cast<uint64_t>(play) * 0x9E3779B97F4A7C15ULL));
}

namespace {

Decision decision(PlaceId id) {
  return {std::string(id_to_code(id)), ""};
}

// Dracula's state rebuilt from his (full) string. The referee only ever sends valid strings; a
// broken one gives the initial state, whose moves are still a legal answer in round 0.
GameState dracula_state(const TurnRequest& request) {
  auto parsed = parse_full(request.past_plays);
  if (auto* record = std::get_if<Record>(&parsed)) return record->state();
  return GameState{};
}

// Where a legal Dracula move leaves him (§2.3).
PlaceId resolve(const GameState& s, Move m) {
  if (m.is_location()) return m.id;
  if (m.id == kHide) return s.trail[0].loc;
  if (int k = m.double_back()) return s.trail[k - 1].loc;
  return kCastleDracula;  // TELEPORT
}

// The round-aware distance from the nearest hunter to `to` for the hunters' next round.
int nearest_hunter(const GameState& s, PlaceId to) {
  const auto& dist = map().hunter_dist;
  const int next_round = s.round() + 1;
  int best = 255;
  for (int h = 0; h < 4; ++h) {
    const PlaceId from = s.hunter_loc[h];
    if (!is_real(from)) continue;
    best = std::min<int>(best, dist[rail_allowance(next_round, h)][from][to]);
  }
  return best;
}

// B-DRAC-GREEDY over the given legal moves: maximise the nearest hunter's distance, ties at random
// (uniform over the tied moves in canonical order).
Move greedy_move(const GameState& s, const MoveList& moves, Rng& rng) {
  MoveList best;
  int best_dist = -1;
  for (Move m : moves) {
    const int d = nearest_hunter(s, resolve(s, m));
    if (d > best_dist) {
      best_dist = d;
      best.n = 0;
    }
    if (d == best_dist) best.push(m);
  }
  return best[static_cast<int>(rng.below(static_cast<uint64_t>(best.size())))];
}

class DracRandom : public Ai {
 public:
  Decision decide(const TurnRequest& r) override {
    const GameState s = dracula_state(r);
    MoveList moves;
    legal_moves(s, moves);
    if (moves.empty()) return decision(kTeleport);
    Rng rng = baseline_rng(r.seed, "b-drac-random", s.plays);
    return decision(moves[static_cast<int>(rng.below(static_cast<uint64_t>(moves.size())))].id);
  }
};

class DracGreedy : public Ai {
 public:
  Decision decide(const TurnRequest& r) override {
    const GameState s = dracula_state(r);
    MoveList moves;
    legal_moves(s, moves);
    if (moves.empty()) return decision(kTeleport);
    Rng rng = baseline_rng(r.seed, "b-drac-greedy", s.plays);
    return decision(greedy_move(s, moves, rng).id);
  }
};

// §7.1: each consecutive pair and LS-MA are ROAD neighbours.
constexpr std::array<std::string_view, 7> kIberianCycle = {"MA", "SN", "SR", "AL",
                                                           "GR", "CA", "LS"};

class DracLoop : public Ai {
 public:
  Decision decide(const TurnRequest& r) override {
    const GameState s = dracula_state(r);
    MoveList moves;
    legal_moves(s, moves);
    if (moves.empty()) return decision(kTeleport);
    const int n = static_cast<int>(kIberianCycle.size());
    const PlaceId here = s.dracula_loc();
    // On the cycle: the next city if that LOCATION move is legal (round 0: the cycle's first city).
    int next = here == kNowhere ? 0 : -1;
    for (int i = 0; i < n; ++i)
      if (code_to_id(kIberianCycle[i]) == here) next = (i + 1) % n;
    if (next >= 0) {
      const Move m(code_to_id(kIberianCycle[next]));
      if (moves.contains(m)) return decision(m.id);
    }
    // Off the cycle (or its next city is blocked): entering it is following it too, so take the
    // first legal LOCATION move into a cycle city, in cycle order.
    for (std::string_view code : kIberianCycle) {
      const Move m(code_to_id(code));
      if (m.id != here && moves.contains(m)) return decision(m.id);
    }
    Rng rng = baseline_rng(r.seed, "b-drac-loop", s.plays);
    return decision(greedy_move(s, moves, rng).id);
  }
};

// A hunter's legal destinations in canonical order (ascending ID); every place in round 0.
PlaceSet hunter_moves(const View& v) {
  const int h = v.player();
  const PlaceId here = v.location(h);
  if (!is_real(here)) return map().all;
  return hunter_reach(h, v.round(), here);
}

PlaceId random_of(PlaceSet set, Rng& rng) {
  const int k = static_cast<int>(rng.below(static_cast<uint64_t>(set.count())));
  PlaceId chosen = kNowhere;
  int i = 0;
  set.for_each([&](PlaceId p) {
    if (i++ == k) chosen = p;
  });
  return chosen;
}

class HuntStay : public Ai {
 public:
  Decision decide(const TurnRequest& r) override {
    const View v(r.past_plays);
    const PlaceId here = v.location(v.player());
    return decision(is_real(here) ? here : kHospital);
  }
};

class HuntRandom : public Ai {
 public:
  Decision decide(const TurnRequest& r) override {
    const View v(r.past_plays);
    Rng rng = baseline_rng(r.seed, "b-hunt-random", v.plays());
    return decision(random_of(hunter_moves(v), rng));
  }
};

class HuntChase : public Ai {
 public:
  Decision decide(const TurnRequest& r) override {
    const View v(r.past_plays);
    if (const PlaceId step = chase_step(v); is_real(step)) return decision(step);
    Rng rng = baseline_rng(r.seed, "b-hunt-chase", v.plays());
    return decision(random_of(hunter_moves(v), rng));
  }
};

}  // namespace

std::unique_ptr<Ai> make_drac_random() {
  return std::make_unique<DracRandom>();
}
std::unique_ptr<Ai> make_drac_greedy() {
  return std::make_unique<DracGreedy>();
}
std::unique_ptr<Ai> make_drac_loop() {
  return std::make_unique<DracLoop>();
}
std::unique_ptr<Ai> make_hunt_stay() {
  return std::make_unique<HuntStay>();
}
std::unique_ptr<Ai> make_hunt_random() {
  return std::make_unique<HuntRandom>();
}
std::unique_ptr<Ai> make_hunt_chase() {
  return std::make_unique<HuntChase>();
}

}  // namespace arena::dracula
