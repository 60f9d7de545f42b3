// §5.2: one test per row of the combat table, with the exact MoveResponses, a committed defender
// and its cancelled crossing; §6.2: the heir's pair of EnemyLocationResponses.
#include <gtest/gtest.h>

#include "games/dungeon/rules.h"
#include "games/dungeon/test_game.h"

namespace arena::dungeon {
namespace {

using testing::Game;

struct Want {
  int to, location;
  bool success;
  std::vector<int32_t> killed;
};

void expect_moves(const Effects& fx, const std::vector<Want>& want) {
  ASSERT_EQ(fx.moves.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    const auto& m = fx.moves[i];
    EXPECT_EQ(m.to, want[i].to) << i;
    EXPECT_EQ(m.location, want[i].location) << i;
    EXPECT_EQ(m.success, want[i].success) << i;
    EXPECT_EQ(std::vector<int32_t>(m.killed, m.killed + m.n_killed), want[i].killed) << i;
  }
}

class Combat : public ::testing::Test {
 protected:
  Game g{1};
  int x = -1, y = -1;  // team 0 waits on x, team 1 on its neighbour y
  int s0() const { return g.d.start[0]; }
  int s1() const { return g.d.start[1]; }
  void SetUp() override {
    std::tie(x, y) = g.free_pair_near(0.5, 0.5);
    ASSERT_GE(x, 0);
  }
  void place(int team, int agent, int node) {
    ASSERT_TRUE(g.walk(index_of(team, agent), node)) << team << ":" << agent;
  }
  void check() { EXPECT_EQ(g.e.check_invariants(), std::nullopt); }
};

TEST_F(Combat, HenchmanMeetsHenchmen) {
  place(1, 3, y);
  place(1, 1, y);
  place(0, 2, x);
  // The defender with the lowest number is committed elsewhere: its crossing is cancelled.
  const int away = g.next_hop(index_of(1, 1), s1());
  g.e.move(index_of(1, 1), away, 0, g.fx);
  ASSERT_FALSE(g.fx.error);
  Stream trap = g.e.trap_stream();
  Effects fx = g.cross(2, y);
  expect_moves(
      fx,
      {{2, s0(), false, {1}}, {index_of(1, 1), s1(), false, {2}}, {index_of(1, 3), y, true, {}}});
  EXPECT_EQ(fx.cancels, std::vector<int>{index_of(1, 1)});
  EXPECT_EQ(g.e.agent(2).node, s0());
  EXPECT_EQ(g.e.agent(index_of(1, 1)).node, s1());
  EXPECT_EQ(g.e.agent(index_of(1, 1)).state, AgentState::idle);
  EXPECT_EQ(g.e.agent(index_of(1, 3)).node, y);
  EXPECT_EQ(g.e.trap_stream(), trap);  // the cancelled crossing drew nothing
  ASSERT_EQ(fx.kills.size(), 2u);
  EXPECT_EQ(g.e.deaths(0, PosCause::combat), 1);
  EXPECT_EQ(g.e.deaths(1, PosCause::combat), 1);
  // §12 row 14: its late solution gets NOT_MOVING and changes nothing.
  g.e.solution(index_of(1, 1), g.e.hidden(index_of(1, 1)), 0, g.fx);
  ASSERT_TRUE(g.fx.error);
  EXPECT_EQ(*g.fx.error, ErrorCode::not_moving);
  EXPECT_EQ(g.e.agent(index_of(1, 1)).node, s1());
  check();
}

TEST_F(Combat, HenchmanMeetsNpc) {
  int npc = -1, beside = -1;
  for (int n : g.d.npc_nodes) {
    for (int v : g.d.neighbours(n)) {
      if (!g.e.npc_at(v) && !g.d.forbidden(0, v) && g.d.y[n] > 0.5 && npc < 0) {
        npc = n;
        beside = v;
      }
    }
  }
  ASSERT_GE(npc, 0);
  place(0, 4, beside);
  const int before = g.e.npc_count();
  Effects fx = g.cross(4, npc);
  expect_moves(fx, {{4, npc, true, {kNpc}}});
  EXPECT_FALSE(g.e.npc_at(npc));
  EXPECT_EQ(g.e.npc_count(), before - 1);
  ASSERT_EQ(fx.kills.size(), 1u);
  EXPECT_EQ(fx.kills[0].victim, kNpc);
  EXPECT_EQ(fx.kills[0].node, npc);
  // Team 0's agents next to the NPC saw it go.
  bool told = false;
  for (const auto& s : fx.sights) told = told || (s.who == kNpc && s.location == npc && !s.seen);
  EXPECT_TRUE(told);
  check();
}

TEST_F(Combat, HenchmanMeetsEnemyHeir) {
  place(1, 0, y);
  place(0, 5, x);
  const int enemy_heir = index_of(1, 0);
  g.e.move(enemy_heir, x == g.d.neighbours(y)[0] ? g.d.neighbours(y)[1] : g.d.neighbours(y)[0], 0,
           g.fx);  // the heir is committed: it still stands on y
  Effects fx = g.cross(5, y);
  expect_moves(fx, {{5, y, true, {0}}, {enemy_heir, s1(), false, {}}});
  EXPECT_EQ(fx.cancels, std::vector<int>{enemy_heir});
  EXPECT_EQ(g.e.agent(enemy_heir).node, s1());
  // §6.2: every team-0 agent is told (0, y, false) then (0, start1, true).
  for (int a = 0; a < kAgentsPerTeam; ++a) {
    std::vector<Effects::Sight> heir;
    for (const auto& s : fx.sights) {
      if (s.to == a && s.who == kHeir) heir.push_back(s);
    }
    ASSERT_EQ(heir.size(), 2u) << a;
    EXPECT_EQ(heir[0].location, y);
    EXPECT_FALSE(heir[0].seen);
    EXPECT_EQ(heir[1].location, s1());
    EXPECT_TRUE(heir[1].seen);
  }
  check();
}

TEST_F(Combat, HeirMeetsHenchmen) {
  place(1, 4, y);
  place(1, 2, y);
  place(1, 0, y);
  place(0, 0, x);
  Effects fx = g.cross(0, y);
  expect_moves(fx, {{0, s0(), false, {}},
                    {index_of(1, 0), y, true, {}},
                    {index_of(1, 2), y, true, {0}},
                    {index_of(1, 4), y, true, {}}});
  EXPECT_EQ(g.e.agent(0).node, s0());
  EXPECT_FALSE(g.e.over());
  ASSERT_EQ(fx.kills.size(), 1u);
  EXPECT_EQ(fx.kills[0].killer, index_of(1, 2));
  EXPECT_EQ(fx.kills[0].victim, 0);
  check();
}

TEST_F(Combat, HeirMeetsNpc) {
  int npc = -1, beside = -1;
  for (int n : g.d.npc_nodes) {
    for (int v : g.d.neighbours(n)) {
      if (!g.e.npc_at(v) && !g.d.forbidden(0, v) && g.d.y[n] > 0.5 && npc < 0) {
        npc = n;
        beside = v;
      }
    }
  }
  place(0, 0, beside);
  Effects fx = g.cross(0, npc);
  expect_moves(fx, {{0, s0(), false, {}}});
  EXPECT_TRUE(g.e.npc_at(npc));
  EXPECT_EQ(g.e.agent(0).node, s0());
  EXPECT_TRUE(fx.kills.empty());
  check();
}

TEST_F(Combat, HeirMeetsEnemyHeir) {
  place(1, 0, y);
  place(0, 0, x);
  Effects fx = g.cross(0, y);
  expect_moves(fx, {{0, y, true, {}}, {index_of(1, 0), y, true, {}}});
  EXPECT_EQ(g.e.agent(0).node, y);
  EXPECT_EQ(g.e.agent(index_of(1, 0)).node, y);
  check();
}

TEST_F(Combat, NobodyThereAndTeammatesHearNothing) {
  place(0, 3, y);
  place(0, 1, x);
  Effects fx = g.cross(1, y);
  expect_moves(fx, {{1, y, true, {}}});
  EXPECT_TRUE(fx.kills.empty());
  check();
}

// §6.2: an heir that dies in a corridor entered from its own start has not changed location, so
// the enemy hears nothing; from anywhere else the enemy hears the pair of responses.
TEST_F(Combat, HeirDeathInACorridorAndItsSightings) {
  const std::vector<uint8_t> zeros(100, 0);  // about 53 active traps: death is near certain
  int v = g.next_hop(0, x);
  g.e.move(0, v, 0, g.fx);
  g.e.solution(0, zeros, 0, g.fx);
  ASSERT_FALSE(g.fx.solve->survived);
  expect_moves(g.fx, {{0, s0(), false, {}}});
  EXPECT_TRUE(g.fx.positions.empty());
  for (const auto& s : g.fx.sights) EXPECT_NE(s.who, kHeir);
  g.cross(0, v);
  int w = g.next_hop(0, x);
  g.e.move(0, w, 0, g.fx);
  g.e.solution(0, zeros, 0, g.fx);
  ASSERT_FALSE(g.fx.solve->survived);
  ASSERT_EQ(g.fx.positions.size(), 1u);
  EXPECT_EQ(g.fx.positions[0].cause, PosCause::trap);
  for (int a = kAgentsPerTeam; a < kNumAgents; ++a) {
    std::vector<Effects::Sight> heir;
    for (const auto& s : g.fx.sights) {
      if (s.to == a && s.who == kHeir) heir.push_back(s);
    }
    ASSERT_EQ(heir.size(), 2u);
    EXPECT_EQ(heir[0].location, v);
    EXPECT_FALSE(heir[0].seen);
    EXPECT_EQ(heir[1].location, s0());
    EXPECT_TRUE(heir[1].seen);
  }
  check();
}

// §4.5: a HELD defender killed by an arrival loses its held solution; its timer does nothing.
TEST(CombatHeld, HeldDefenderIsCancelled) {
  Params p;
  p.min_cross_ms = 1000;
  Game g(1, p);
  auto [x, y] = g.free_pair_near(0.5, 0.5);
  ASSERT_TRUE(g.walk(index_of(1, 2), y));
  ASSERT_TRUE(g.walk(3, x));
  const int defender = index_of(1, 2);
  const int away = g.next_hop(defender, g.d.start[1]);
  const int64_t t0 = g.now + 1;
  g.e.move(3, y, t0, g.fx);  // the attacker commits first
  g.e.move(defender, away, t0 + 500, g.fx);
  g.e.solution(defender, g.e.hidden(defender), t0 + 510, g.fx);
  ASSERT_TRUE(g.fx.held);
  ASSERT_EQ(g.e.next_release(), (std::pair<int64_t, int>{t0 + 1500, defender}));
  g.e.solution(3, g.e.hidden(3), t0 + 1000, g.fx);  // resolves at once, defender still HELD
  ASSERT_TRUE(g.fx.solve);
  EXPECT_EQ(g.fx.cancels, std::vector<int>{defender});
  EXPECT_EQ(g.e.agent(defender).state, AgentState::idle);
  EXPECT_EQ(g.e.agent(defender).node, g.d.start[1]);
  EXPECT_FALSE(g.e.next_release());
  g.e.release(defender, t0 + 1500, g.fx);
  EXPECT_FALSE(g.fx.solve);
  EXPECT_TRUE(g.fx.moves.empty());
  EXPECT_EQ(g.e.check_invariants(), std::nullopt);
}

}  // namespace
}  // namespace arena::dungeon
