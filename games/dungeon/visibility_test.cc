// §6: views, the initial EnemyLocationResponses, their order, and the heir's pair of responses.
#include <gtest/gtest.h>

#include "games/dungeon/rules.h"
#include "games/dungeon/test_game.h"

namespace arena::dungeon {
namespace {

using testing::Game;

TEST(Visibility, InitialViewsInAgentOrderNpcsFirst) {
  Dungeon d = generate_dungeon(1);
  Engine e(d, Params{});
  Effects fx;
  e.begin(fx);
  std::vector<Effects::Sight> want;
  for (int a = 0; a < kNumAgents; ++a) {
    const int t = team_of(a);
    for (int n : d.neighbours(d.start[t])) {
      if (std::binary_search(d.npc_nodes.begin(), d.npc_nodes.end(), n)) {
        want.push_back({a, kNpc, n, true});
      }
    }
    want.push_back({a, kHeir, d.start[1 - t], true});
  }
  ASSERT_EQ(fx.sights.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(fx.sights[i].to, want[i].to) << i;
    EXPECT_EQ(fx.sights[i].who, want[i].who) << i;
    EXPECT_EQ(fx.sights[i].location, want[i].location) << i;
    EXPECT_TRUE(fx.sights[i].seen);
  }
  EXPECT_TRUE(fx.moves.empty());
  // Before begin() nothing is sent, and begin() happens once.
  e.begin(fx);
  EXPECT_TRUE(fx.sights.empty());
}

TEST(Visibility, NothingBeforeTheGameBegins) {
  Dungeon d = generate_dungeon(1);
  Engine e(d, Params{});
  Effects fx;
  e.move(0, d.neighbours(d.start[0])[0], 0, fx);
  EXPECT_FALSE(fx.sat_response);
  EXPECT_FALSE(fx.error);
  EXPECT_EQ(e.agent(0).state, AgentState::idle);
}

// Every heir move: all six enemies get (0, old, false) then (0, new, true); teammates nothing.
TEST(Visibility, HeirMoveIsAPairToAllSixEnemies) {
  Game g(1);
  const int from = g.d.start[1];
  const int to = g.next_hop(index_of(1, 0), g.d.shrine[1]);
  Effects fx = g.cross(index_of(1, 0), to);
  for (int a = 0; a < kNumAgents; ++a) {
    std::vector<Effects::Sight> heir;
    for (const auto& s : fx.sights) {
      if (s.to == a && s.who == kHeir) heir.push_back(s);
    }
    if (team_of(a) == 1) {
      EXPECT_TRUE(heir.empty());
      continue;
    }
    ASSERT_EQ(heir.size(), 2u);
    EXPECT_EQ(heir[0].location, from);
    EXPECT_FALSE(heir[0].seen);
    EXPECT_EQ(heir[1].location, to);
    EXPECT_TRUE(heir[1].seen);
  }
}

// A committed agent sees from its source node; after the crossing, it loses the NPCs behind it
// and gains those around it, withdrawals first.
TEST(Visibility, MovingUpdatesNpcsWithdrawalsFirst) {
  Game g(1);
  const int a = 3;
  const int to = g.next_hop(a, g.d.shrine[0]);
  g.e.move(a, to, 0, g.fx);
  EXPECT_TRUE(g.fx.sights.empty());
  std::vector<Seen> before = g.e.reported_view(a);
  std::vector<uint8_t> h = g.e.hidden(a);
  g.e.solution(a, h, 0, g.fx);
  std::vector<Seen> after;
  g.e.compute_view(a, after);
  bool seen_true = false;
  size_t n = 0;
  for (const auto& s : g.fx.sights) {
    if (s.to != a) continue;
    ++n;
    Seen p{s.who, s.location};
    if (s.seen) {
      seen_true = true;
      EXPECT_FALSE(std::binary_search(before.begin(), before.end(), p));
      EXPECT_TRUE(std::binary_search(after.begin(), after.end(), p));
    } else {
      EXPECT_FALSE(seen_true) << "a withdrawal after an addition";
      EXPECT_TRUE(std::binary_search(before.begin(), before.end(), p));
      EXPECT_FALSE(std::binary_search(after.begin(), after.end(), p));
    }
  }
  std::vector<Seen> diff;
  std::set_symmetric_difference(before.begin(), before.end(), after.begin(), after.end(),
                                std::back_inserter(diff));
  EXPECT_EQ(n, diff.size());
}

// Enemy henchmen are seen on the agent's node and adjacent nodes only.
TEST(Visibility, EnemyHenchmenNearbyOnly) {
  Game g(1);
  auto [x, y] = g.free_pair_near(0.5, 0.5);
  ASSERT_TRUE(g.walk(index_of(1, 4), y));
  auto sees = [&](int a, int who, int node) {
    const auto& v = g.e.reported_view(a);
    return std::binary_search(v.begin(), v.end(), Seen{who, node});
  };
  EXPECT_FALSE(sees(2, 4, y));
  ASSERT_TRUE(g.walk(2, x));
  EXPECT_TRUE(sees(2, 4, y));
  EXPECT_FALSE(sees(1, 4, y));                                  // a teammate far away does not
  EXPECT_TRUE(sees(index_of(1, 4), kHeir, g.e.agent(0).node));  // the heir, always
}

}  // namespace
}  // namespace arena::dungeon
