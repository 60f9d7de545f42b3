// §4 moving, commitment, traps and held solutions; §7 end of game; §12 rows 8-16.
#include "games/dungeon/rules.h"

#include <gtest/gtest.h>

#include "games/dungeon/test_game.h"

namespace arena::dungeon {
namespace {

using testing::Game;

// The state and streams an error must leave untouched.
struct Snapshot {
  explicit Snapshot(const Engine& e) : sat(e.sat_stream()), trap(e.trap_stream()) {
    for (int a = 0; a < kNumAgents; ++a) agents.push_back(e.agent(a));
  }
  bool same(const Engine& e) const {
    for (int a = 0; a < kNumAgents; ++a) {
      const Agent& g = e.agent(a);
      if (g.node != agents[a].node || g.state != agents[a].state || g.dest != agents[a].dest ||
          g.accepted_ms != agents[a].accepted_ms) {
        return false;
      }
    }
    return sat == e.sat_stream() && trap == e.trap_stream();
  }
  Stream sat, trap;
  std::vector<Agent> agents;
};

void expect_error(Game& g, ErrorCode want) {
  ASSERT_TRUE(g.fx.error.has_value());
  EXPECT_EQ(*g.fx.error, want) << error_name(*g.fx.error);
  EXPECT_TRUE(g.fx.moves.empty());
  EXPECT_TRUE(g.fx.sights.empty());
  EXPECT_FALSE(g.fx.sat_response);
}

TEST(Rules, StartsOnStartNodesIdle) {
  Game g(1);
  for (int a = 0; a < kNumAgents; ++a) {
    EXPECT_EQ(g.e.agent(a).node, g.d.start[team_of(a)]);
    EXPECT_EQ(g.e.agent(a).state, AgentState::idle);
  }
  EXPECT_EQ(g.e.npc_count(), 82);
  EXPECT_EQ(g.e.check_invariants(), std::nullopt);
}

TEST(Rules, AcceptedMoveDrawsOneInstanceAndCommits) {
  Game g(1);
  int dest = g.d.neighbours(g.d.start[0])[0];
  Stream sat(1, kSatStream);
  Instance want;
  draw_instance(sat, SatMode::planted, 100, 426, want);
  Snapshot before(g.e);
  g.e.move(0, dest, 5, g.fx);
  EXPECT_FALSE(g.fx.error);
  EXPECT_TRUE(g.fx.sat_response);
  EXPECT_EQ(g.e.instance(0).lits, want.lits);
  EXPECT_EQ(g.e.sat_stream(), sat);
  EXPECT_EQ(g.e.trap_stream(), before.trap);
  EXPECT_EQ(g.e.agent(0).state, AgentState::committed);
  EXPECT_EQ(g.e.agent(0).node, g.d.start[0]);  // still on its source
  EXPECT_EQ(g.e.agent(0).dest, dest);
  EXPECT_EQ(g.e.agent(0).accepted_ms, 5);
  EXPECT_EQ(g.e.crossings(), 1);
}

TEST(Rules, MoveErrorsInOrderChangeNothing) {
  Game g(1);
  const int s0 = g.d.start[0];
  int far = -1;
  for (int n = 0; n < kNumNodes && far < 0; ++n) {
    if (n != s0 && !g.d.adjacent(s0, n)) far = n;
  }
  struct Case {
    int32_t dest;
    ErrorCode code;
  };
  for (Case c : {Case{-1, ErrorCode::no_such_node}, Case{1000, ErrorCode::no_such_node},
                 Case{INT32_MIN, ErrorCode::no_such_node}, Case{s0, ErrorCode::not_adjacent},
                 Case{far, ErrorCode::not_adjacent}}) {
    Snapshot before(g.e);
    g.e.move(1, c.dest, 0, g.fx);
    expect_error(g, c.code);
    EXPECT_TRUE(before.same(g.e));
  }
  // ALREADY_COMMITTED comes first, even for a bad dest (§12 row 8).
  g.e.move(1, g.d.neighbours(s0)[0], 0, g.fx);
  Instance inst = g.e.instance(1);
  Snapshot before(g.e);
  g.e.move(1, -5, 0, g.fx);
  expect_error(g, ErrorCode::already_committed);
  g.e.move(1, g.d.neighbours(s0)[1], 0, g.fx);
  expect_error(g, ErrorCode::already_committed);
  EXPECT_TRUE(before.same(g.e));
  EXPECT_EQ(g.e.instance(1).lits, inst.lits);
}

TEST(Rules, ForbiddenNodes) {
  Game g(1);
  // Walk a team-1 henchman next to team 0's shrine, then try to step on it.
  const int shrine0 = g.d.shrine[0];
  int beside = -1;
  for (int v : g.d.neighbours(shrine0)) {
    if (!g.e.npc_at(v) && !g.d.forbidden(1, v)) beside = v;
  }
  ASSERT_GE(beside, 0);
  ASSERT_TRUE(g.walk(index_of(1, 2), beside));
  Snapshot before(g.e);
  g.e.move(index_of(1, 2), shrine0, 0, g.fx);
  expect_error(g, ErrorCode::forbidden_node);
  EXPECT_TRUE(before.same(g.e));
  // The other team's start too: team 0 cannot step onto start1 (checked from a neighbour).
  int next_to_start1 = -1;
  for (int v : g.d.neighbours(g.d.start[1])) {
    if (!g.e.npc_at(v)) next_to_start1 = v;
  }
  ASSERT_TRUE(g.walk(3, next_to_start1));
  g.e.move(3, g.d.start[1], 0, g.fx);
  expect_error(g, ErrorCode::forbidden_node);
}

TEST(Rules, SolutionErrors) {
  Game g(1);
  const int dest = g.d.neighbours(g.d.start[0])[0];
  Snapshot s0(g.e);
  g.e.solution(2, std::vector<uint8_t>(100, 0), 0, g.fx);  // never moved
  expect_error(g, ErrorCode::not_moving);
  EXPECT_TRUE(s0.same(g.e));
  g.e.move(2, dest, 0, g.fx);
  Snapshot s1(g.e);
  g.e.solution(2, std::vector<uint8_t>(99, 0), 0, g.fx);
  expect_error(g, ErrorCode::bad_assignment);
  EXPECT_TRUE(s1.same(g.e));
  g.e.solution(2, std::vector<uint8_t>(101, 0), 0, g.fx);
  expect_error(g, ErrorCode::bad_assignment);
  // Still committed: a resubmission resolves it.
  g.e.solution(2, g.e.hidden(2), 0, g.fx);
  EXPECT_FALSE(g.fx.error);
  EXPECT_EQ(g.e.agent(2).node, dest);
  // A second solution after the crossing was resolved.
  g.e.solution(2, g.e.hidden(2), 0, g.fx);
  expect_error(g, ErrorCode::not_moving);
}

TEST(Rules, ZeroActiveTrapsAlwaysSurvivesAndDrawsNothing) {
  Game g(1);
  const int dest = g.d.neighbours(g.d.start[0])[0];
  Stream trap = g.e.trap_stream();
  Effects fx = g.cross(0, dest);
  ASSERT_TRUE(fx.solve);
  EXPECT_EQ(fx.solve->active, 0);
  EXPECT_TRUE(fx.solve->survived);
  EXPECT_EQ(g.e.trap_stream(), trap);
  ASSERT_FALSE(fx.moves.empty());
  EXPECT_EQ(fx.moves[0].to, 0);
  EXPECT_EQ(fx.moves[0].location, dest);
  EXPECT_TRUE(fx.moves[0].success);
  EXPECT_EQ(fx.moves[0].n_killed, 0);
  EXPECT_EQ(g.e.agent(0).state, AgentState::idle);
}

// §4.4: exactly k draws from `trap`; the agent dies when one is below 1/8, and goes home.
TEST(Rules, TrapRollsDrawExactlyKValues) {
  Game g(1);
  int deaths = 0, survivals = 0;
  for (int i = 0; i < 40; ++i) {
    const int a = 1 + i % 5;
    const int from = g.e.agent(a).node;
    const int dest =
        g.d.neighbours(from)[0] == g.d.start[0] ? g.d.neighbours(from)[1] : g.d.neighbours(from)[0];
    if (g.d.forbidden(0, dest) || g.e.npc_at(dest)) continue;
    g.e.move(a, dest, 0, g.fx);
    // A few active traps: flip 1-3 switches of the hidden assignment.
    std::vector<uint8_t> s = g.e.hidden(a);
    for (int f = 0; f <= i % 3; ++f) s[(7 * i + 13 * f) % 100] ^= 1;
    const int k = count_active(g.e.instance(a), s);
    Stream trap = g.e.trap_stream();
    bool died = false;
    for (int r = 0; r < k; ++r) died = trap.unit() < 0.125 || died;
    g.e.solution(a, s, 0, g.fx);
    ASSERT_TRUE(g.fx.solve);
    EXPECT_EQ(g.fx.solve->active, k);
    EXPECT_EQ(g.fx.solve->survived, !died);
    EXPECT_EQ(g.e.trap_stream(), trap);
    ASSERT_FALSE(g.fx.moves.empty());
    if (died) {
      ++deaths;
      EXPECT_EQ(g.fx.moves[0].location, g.d.start[0]);
      EXPECT_FALSE(g.fx.moves[0].success);
      EXPECT_EQ(g.e.agent(a).node, g.d.start[0]);
    } else {
      ++survivals;
      EXPECT_EQ(g.e.agent(a).node, dest);
    }
    EXPECT_EQ(g.e.check_invariants(), std::nullopt);
  }
  EXPECT_GT(deaths, 0);
  EXPECT_GT(survivals, 0);
  EXPECT_EQ(g.e.deaths(0, PosCause::trap), deaths);
}

// Seed 1's first three trap values all exceed 1/8, so the first crossing with k <= 3 survives.
TEST(Rules, SeedOneFirstCrossingWithThreeActiveTrapsSurvives) {
  Game g(1);
  const int dest = g.d.neighbours(g.d.start[0])[0];
  g.e.move(0, dest, 0, g.fx);
  std::vector<uint8_t> s = g.e.hidden(0);
  for (int v = 0; v < 100 && count_active(g.e.instance(0), s) < 3; ++v) {
    s[v] ^= 1;
    if (count_active(g.e.instance(0), s) > 3) s[v] ^= 1;
  }
  ASSERT_EQ(count_active(g.e.instance(0), s), 3);
  g.e.solution(0, s, 0, g.fx);
  EXPECT_TRUE(g.fx.solve->survived);
  EXPECT_EQ(g.e.agent(0).node, dest);
}

TEST(Rules, HeldSolutionsWaitForMinCross) {
  Params p;
  p.min_cross_ms = 100;
  Game g(1, p);
  const int dest = g.d.neighbours(g.d.start[0])[0];
  g.e.move(0, dest, 1000, g.fx);
  g.e.solution(0, g.e.hidden(0), 1040, g.fx);
  EXPECT_TRUE(g.fx.held);
  EXPECT_TRUE(g.fx.moves.empty());
  EXPECT_EQ(g.e.agent(0).state, AgentState::held);
  EXPECT_EQ(g.e.agent(0).release_ms, 1100);
  ASSERT_TRUE(g.e.next_release());
  EXPECT_EQ(*g.e.next_release(), (std::pair<int64_t, int>{1100, 0}));
  // While HELD: a MoveRequest is ALREADY_COMMITTED, a solution SOLUTION_PENDING (§12 rows 9, 15).
  g.e.move(0, dest, 1050, g.fx);
  expect_error(g, ErrorCode::already_committed);
  g.e.solution(0, std::vector<uint8_t>(100, 0), 1050, g.fx);
  expect_error(g, ErrorCode::solution_pending);
  g.e.release(0, 1099, g.fx);  // too early: nothing
  EXPECT_TRUE(g.fx.moves.empty());
  g.e.release(0, 1100, g.fx);
  ASSERT_TRUE(g.fx.solve);
  EXPECT_EQ(g.fx.solve->active, 0);  // the first solution stood, not the all-zero one
  EXPECT_EQ(g.e.agent(0).node, dest);
  EXPECT_FALSE(g.e.next_release());
  // A solution that arrives after min_cross_ms resolves at once.
  const int back = g.d.start[0];
  g.e.move(0, back, 2000, g.fx);
  g.e.solution(0, g.e.hidden(0), 2100, g.fx);
  EXPECT_FALSE(g.fx.held);
  EXPECT_EQ(g.e.agent(0).node, back);
}

TEST(Rules, TimeLimitIsADrawAndFreezesTheGame) {
  Game g(1);
  const int dest = g.d.neighbours(g.d.start[0])[0];
  g.e.move(0, dest, 0, g.fx);
  g.e.time_limit(g.fx);
  ASSERT_TRUE(g.fx.game_over);
  EXPECT_EQ(*g.fx.game_over, -1);
  EXPECT_EQ(g.e.reason(), EndReason::time_limit);
  Snapshot after(g.e);
  g.e.solution(0, g.e.hidden(0), 0, g.fx);  // invariant 12: nothing changes
  EXPECT_TRUE(g.fx.moves.empty());
  EXPECT_FALSE(g.fx.error);
  g.e.move(1, dest, 0, g.fx);
  EXPECT_FALSE(g.fx.sat_response);
  EXPECT_TRUE(after.same(g.e));
  g.e.time_limit(g.fx);
  EXPECT_FALSE(g.fx.game_over);
}

TEST(Rules, DisconnectsTurnAgentsInertAndAllGoneIsADraw) {
  Game g(1);
  const int dest = g.d.neighbours(g.d.start[0])[0];
  g.e.move(0, dest, 0, g.fx);
  g.e.disconnect(0, g.fx);
  EXPECT_FALSE(g.e.agent(0).connected);
  EXPECT_EQ(g.e.agent(0).state, AgentState::idle);  // the pending crossing is dropped
  EXPECT_EQ(g.e.agent(0).node, g.d.start[0]);
  g.e.move(0, dest, 0, g.fx);  // an inert agent's requests change nothing
  EXPECT_FALSE(g.fx.sat_response);
  EXPECT_EQ(g.e.agent(0).state, AgentState::idle);
  for (int a = 1; a < kNumAgents - 1; ++a) {
    g.e.disconnect(a, g.fx);
    EXPECT_FALSE(g.fx.game_over);
  }
  g.e.disconnect(kNumAgents - 1, g.fx);
  ASSERT_TRUE(g.fx.game_over);
  EXPECT_EQ(*g.fx.game_over, -1);
  EXPECT_EQ(g.e.reason(), EndReason::all_disconnected);
}

// §7.1: the heir standing alive on its own shrine after an arrival wins; an NPC there must be
// cleared by a henchman first (seed 1's shrine0 holds one).
TEST(Rules, HeirOnItsShrineWins) {
  Game g(1);
  const int shrine0 = g.d.shrine[0];
  ASSERT_TRUE(g.e.npc_at(shrine0));
  ASSERT_TRUE(g.walk(1, shrine0));  // the henchman kills the shrine's NPC on arrival
  EXPECT_FALSE(g.e.npc_at(shrine0));
  EXPECT_FALSE(g.e.over());
  std::vector<int> route;
  // Walk the heir up to a neighbour of the shrine, then the last step.
  int last = -1;
  for (int v : g.d.neighbours(shrine0)) {
    if (!g.e.npc_at(v) && !g.d.forbidden(0, v)) last = v;
  }
  ASSERT_TRUE(g.walk(0, last));
  EXPECT_FALSE(g.e.over());
  Effects fx = g.cross(0, shrine0);
  ASSERT_TRUE(fx.game_over);
  EXPECT_EQ(*fx.game_over, 0);
  EXPECT_EQ(g.e.winner(), 0);
  EXPECT_EQ(g.e.reason(), EndReason::shrine);
  EXPECT_EQ(g.e.check_invariants(), std::nullopt);
}

TEST(Rules, ScoresAndVerdicts) {
  EXPECT_EQ(scores(0), (std::array<double, 2>{1.0, 0.0}));
  EXPECT_EQ(scores(1), (std::array<double, 2>{0.0, 1.0}));
  EXPECT_EQ(scores(-1), (std::array<double, 2>{0.5, 0.5}));
  EXPECT_EQ(verdict_of(ErrorCode::malformed), Verdict::malformed);
  EXPECT_EQ(verdict_of(ErrorCode::frame_too_large), Verdict::malformed);
  EXPECT_EQ(verdict_of(ErrorCode::not_adjacent), Verdict::illegal);
  EXPECT_EQ(verdict_of(ErrorCode::bad_assignment), Verdict::illegal);
}

TEST(Rules, ParamsValidation) {
  EXPECT_EQ(validate(Params{}), std::nullopt);
  Params p;
  p.switches = 2;
  EXPECT_EQ(validate(p), "switches=2 is outside 3..100000");
  p = {};
  p.traps = 300001;
  EXPECT_EQ(validate(p), "traps=300001 is outside 0..300000");
}

}  // namespace
}  // namespace arena::dungeon
