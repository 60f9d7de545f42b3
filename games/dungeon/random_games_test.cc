// §14.3 tests 6 and 7: random games played by the rules engine, with the invariants of §5.4
// checked after every event (1-9 by the engine's own check, 10 by mirror streams, 11 by applying
// every EnemyLocationResponse to a per-agent set, 12 by poking a finished game).
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include "games/dungeon/rules.h"

namespace arena::dungeon {
namespace {

struct Driver {
  const Dungeon& d;
  Engine e;
  Effects fx;
  Stream rng, sat, trap;
  std::array<std::set<std::pair<int, int>>, kNumAgents> told;
  int64_t now = 0;

  Driver(const Dungeon& dungeon, const Params& p, uint64_t seed,
         std::vector<std::vector<int16_t>>& cache)
      : d(dungeon),
        e(dungeon, p),
        rng(seed, "random-game"),
        sat(dungeon.seed, kSatStream),
        trap(dungeon.seed, kTrapStream),
        dist_cache(cache) {}

  // Invariant 11, and that the server's record matches what it would compute now.
  void apply_sights() {
    for (const auto& s : fx.sights) {
      auto key = std::make_pair(s.who, s.location);
      if (s.seen) {
        ASSERT_TRUE(told[s.to].insert(key).second) << "seen twice";
      } else {
        ASSERT_EQ(told[s.to].erase(key), 1u) << "withdrawn but never seen";
      }
    }
    std::vector<Seen> now_view;
    for (int a = 0; a < kNumAgents; ++a) {
      e.compute_view(a, now_view);
      ASSERT_EQ(now_view, e.reported_view(a));
      ASSERT_EQ(told[a].size(), now_view.size());
      for (const Seen& s : now_view) ASSERT_TRUE(told[a].count({s.who, s.node}));
    }
  }

  void after_event() {
    ASSERT_EQ(e.check_invariants(), std::nullopt);
    ASSERT_EQ(e.sat_stream(), sat);  // invariant 10
    ASSERT_EQ(e.trap_stream(), trap);
    // Invariant 8: whoever died in this event is home and idle.
    for (const auto& k : fx.kills) {
      if (k.victim == kNpc) continue;
      ASSERT_EQ(e.agent(k.victim).node, d.start[team_of(k.victim)]);
      ASSERT_EQ(e.agent(k.victim).state, AgentState::idle);
    }
    apply_sights();
  }

  // BFS distances to each target, per team, computed once per dungeon and target.
  std::vector<std::vector<int16_t>>& dist_cache;

  int toward(int from, int target, int team) {
    std::vector<int16_t>& dist = dist_cache[team * kNumNodes + target];
    if (dist.empty()) {
      dist.assign(kNumNodes, -1);
      std::vector<int> q{target};
      dist[target] = 0;
      for (size_t h = 0; h < q.size(); ++h) {
        for (int v : d.neighbours(q[h])) {
          if (dist[v] < 0 && !d.forbidden(team, v)) {
            dist[v] = static_cast<int16_t>(dist[q[h]] + 1);
            q.push_back(v);
          }
        }
      }
    }
    for (int v : d.neighbours(from)) {
      if (dist[v] >= 0 && dist[v] < dist[from]) return v;
    }
    return -1;
  }

  void step() {
    fx.clear();  // an event that calls no engine function produces nothing
    now += static_cast<int64_t>(rng.below(4));
    // Heirs act a third of the time, so that some games end at a shrine.
    const int a = rng.below(3) == 0 ? index_of(static_cast<int>(rng.bit()), kHeir)
                                    : static_cast<int>(rng.below(kNumAgents));
    const Agent& g = e.agent(a);
    const int team = team_of(a);
    if (!g.connected) return;
    if (rng.below(1000) < 2) {
      e.disconnect(a, fx);
      return;
    }
    if (g.state == AgentState::held) {
      if (now >= g.release_ms) {
        e.release(a, now, fx);
        if (fx.solve) {
          for (int i = 0; i < fx.solve->active; ++i) trap.unit();
        }
      } else {
        e.solution(a, e.hidden(a), now, fx);
        if (!e.over()) {
          ASSERT_EQ(fx.error, ErrorCode::solution_pending);
        }
      }
      return;
    }
    if (g.state == AgentState::committed) {
      const Instance& inst = e.instance(a);
      std::vector<uint8_t> s;
      uint64_t r = rng.below(10);
      // Heirs solve well (as a real team would), so some games end at a shrine.
      if ((r < 6 || number_of(a) == kHeir) && !e.hidden(a).empty()) {
        s = e.hidden(a);
      } else {
        s.resize(r == 9 ? inst.n + 1 : inst.n);
        for (auto& b : s) b = static_cast<uint8_t>(rng.bit());
      }
      const int k = s.size() == static_cast<size_t>(inst.n) ? count_active(inst, s) : 0;
      e.solution(a, s, now, fx);
      if (fx.solve) {
        ASSERT_EQ(fx.solve->active, k);
        for (int i = 0; i < k; ++i) trap.unit();
      }
      return;
    }
    // IDLE: mostly head for a goal, sometimes anywhere, sometimes nonsense.
    int dest;
    uint64_t r = rng.below(20);
    if (r == 0) {
      dest = static_cast<int>(rng.below(kNumNodes + 10)) - 5;
    } else if (r < 5) {
      auto n = d.neighbours(g.node);
      dest = n[rng.below(n.size())];
    } else {
      int target = number_of(a) == kHeir ? d.shrine[team] : e.agent(index_of(1 - team, kHeir)).node;
      dest = toward(g.node, target, team);
      if (dest < 0) dest = d.neighbours(g.node)[0];
    }
    e.move(a, dest, now, fx);
    if (fx.sat_response) {
      Instance mirror;
      draw_instance(sat, e.params().sat_mode, e.params().switches, e.params().traps, mirror);
      ASSERT_EQ(mirror.lits, e.instance(a).lits);
    }
  }
};

TEST(RandomGames, InvariantsHoldAfterEveryEvent) {
  std::vector<Dungeon> dungeons;
  std::vector<std::vector<std::vector<int16_t>>> caches(8);
  for (uint64_t s = 1; s <= 8; ++s) {
    dungeons.push_back(generate_dungeon(s));
    caches[s - 1].resize(2 * kNumNodes);
  }
  int wins = 0, combat = 0, trap_deaths = 0, cancels = 0, held = 0;
  for (int game = 0; game < 1000; ++game) {
    Params p;
    p.switches = 10;
    p.traps = 30;
    p.sat_mode = game % 2 ? SatMode::uniform : SatMode::planted;
    p.min_cross_ms = game % 4 == 0 ? 3 : 0;
    Driver dr(dungeons[game % dungeons.size()], p, static_cast<uint64_t>(game),
              caches[game % dungeons.size()]);
    dr.e.begin(dr.fx);
    ASSERT_NO_FATAL_FAILURE(dr.after_event());
    for (int ev = 0; ev < 300 && !dr.e.over(); ++ev) {
      ASSERT_NO_FATAL_FAILURE(dr.step());
      ASSERT_NO_FATAL_FAILURE(dr.after_event());
      combat += static_cast<int>(dr.fx.kills.size());
      cancels += static_cast<int>(dr.fx.cancels.size());
      held += dr.fx.held;
      if (dr.fx.solve && !dr.fx.solve->survived) ++trap_deaths;
    }
    if (dr.e.over()) {
      wins += dr.e.winner() >= 0;
    } else {
      dr.e.time_limit(dr.fx);
      ASSERT_TRUE(dr.fx.game_over);
    }
    // Invariant 12: after the end nothing changes.
    Stream sat = dr.e.sat_stream(), trap = dr.e.trap_stream();
    std::vector<Agent> agents;
    for (int a = 0; a < kNumAgents; ++a) agents.push_back(dr.e.agent(a));
    for (int k = 0; k < 20; ++k) ASSERT_NO_FATAL_FAILURE(dr.step());
    EXPECT_TRUE(dr.fx.moves.empty() && dr.fx.sights.empty());
    EXPECT_EQ(dr.e.sat_stream(), sat);
    EXPECT_EQ(dr.e.trap_stream(), trap);
    for (int a = 0; a < kNumAgents; ++a) EXPECT_EQ(dr.e.agent(a).node, agents[a].node);
  }
  // The games exercised what they are meant to check.
  EXPECT_GT(combat, 100);
  EXPECT_GT(trap_deaths, 100);
  EXPECT_GT(cancels, 0);
  EXPECT_GT(held, 100);
  EXPECT_GT(wins, 0);
  RecordProperty("wins", wins);
  std::printf("wins %d, combat kills %d, trap deaths %d, cancels %d, held %d\n", wins, combat,
              trap_deaths, cancels, held);
}

}  // namespace
}  // namespace arena::dungeon
