#include "games/dungeon/next_hop.h"

#include <gtest/gtest.h>

#include <deque>

#include "games/dungeon/dungeon.h"

namespace arena::dungeon {
namespace {

std::vector<std::vector<int>> adjacency(const Dungeon& d) {
  std::vector<std::vector<int>> adj(d.x.size());
  for (size_t u = 0; u < adj.size(); ++u)
    for (int w : d.neighbours(static_cast<int>(u))) adj[u].push_back(w);
  return adj;
}

// A plain BFS from `from`, the way the reference team routed before the table: -1 unreachable.
std::vector<int> bfs(const std::vector<std::vector<int>>& adj, const std::vector<uint8_t>& bad,
                     int from) {
  std::vector<int> dist(adj.size(), -1);
  std::deque<int> q{from};
  dist[from] = 0;
  while (!q.empty()) {
    int u = q.front();
    q.pop_front();
    for (int w : adj[u])
      if (dist[w] < 0 && !bad[w]) dist[w] = dist[u] + 1, q.push_back(w);
  }
  return dist;
}

// §13.4: every distance and every next hop of the table is what a BFS per move gives, for both
// teams' allowed graphs of two dungeons.
TEST(NextHop, AgreesWithBfsEverywhere) {
  for (uint64_t seed : {1, 42}) {
    const Dungeon d = generate_dungeon(seed);
    const auto adj = adjacency(d);
    const int n = static_cast<int>(adj.size());
    for (int team = 0; team < 2; ++team) {
      std::vector<uint8_t> bad(n, 0);
      bad[d.start[1 - team]] = bad[d.shrine[1 - team]] = 1;
      NextHopTable table;
      table.build(adj, bad);
      int checked_hops = 0;
      for (int target = 0; target < n; ++target) {
        if (bad[target]) {
          EXPECT_EQ(table.next_hop(d.start[team], target), -1);
          continue;
        }
        const std::vector<int> want = bfs(adj, bad, target);
        for (int from = 0; from < n; ++from) {
          const int got = table.dist(from, target);
          ASSERT_EQ(got == NextHopTable::kUnreachable ? -1 : got, want[from])
              << "seed " << seed << " team " << team << " " << from << "->" << target;
          // The BFS step rule: the smallest allowed neighbour one crossing closer.
          int step = -1;
          if (from != target && want[from] > 0)
            for (int w : adj[from])
              if (!bad[w] && want[w] == want[from] - 1) {
                step = w;
                break;
              }
          ASSERT_EQ(table.next_hop(from, target), step) << from << "->" << target;
          checked_hops += step >= 0;
        }
      }
      EXPECT_GT(checked_hops, n * (n - 10) / 2);  // almost every pair is connected
    }
  }
}

// A forbidden node is walked around, never through; a target cut off is out of reach.
TEST(NextHop, RoutesAroundForbiddenNodes) {
  // 0 - 1 - 2, and 0 - 3 - 4 - 2; node 5 alone.
  std::vector<std::vector<int>> adj = {{1, 3}, {0, 2}, {1, 4}, {0, 4}, {2, 3}, {}};
  NextHopTable t;
  t.build(adj, {0, 0, 0, 0, 0, 0});
  EXPECT_EQ(t.dist(0, 2), 2);
  EXPECT_EQ(t.next_hop(0, 2), 1);
  t.build(adj, {0, 1, 0, 0, 0, 0});
  EXPECT_EQ(t.dist(0, 2), 3);
  EXPECT_EQ(t.next_hop(0, 2), 3);
  EXPECT_EQ(t.next_hop(3, 2), 4);
  EXPECT_EQ(t.next_hop(0, 1), -1);  // a forbidden target
  EXPECT_EQ(t.dist(0, 5), NextHopTable::kUnreachable);
  EXPECT_EQ(t.next_hop(0, 5), -1);
  EXPECT_EQ(t.next_hop(2, 2), -1);
}

}  // namespace
}  // namespace arena::dungeon
