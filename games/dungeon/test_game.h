// Test helpers: a dungeon with its engine, and walking agents around with 0-active solutions (the
// planted instance's hidden assignment), so scenarios are set up by legal play only.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "games/dungeon/rules.h"

namespace arena::dungeon::testing {

struct Game {
  explicit Game(uint64_t seed, Params p = {}) : d(generate_dungeon(seed)), e(d, p) { e.begin(fx); }
  Dungeon d;
  Engine e;
  Effects fx;
  int64_t now = 0;

  // Move + solve with 0 active traps. Returns the Effects of the solution (copied).
  Effects cross(int a, int dest) {
    e.move(a, dest, now, fx);
    EXPECT_FALSE(fx.error) << "move " << a << " -> " << dest << ": "
                           << (fx.error ? error_name(*fx.error) : "");
    std::vector<uint8_t> h = e.hidden(a);
    now += e.params().min_cross_ms;  // late enough that nothing is held
    e.solution(a, h, now, fx);
    return fx;
  }

  // Next hop from agent a's node towards `target` over nodes it may enter that hold no NPC and
  // no enemy agent (the target itself excepted), or -1.
  int next_hop(int a, int target) const {
    const int t = team_of(a);
    auto blocked = [&](int n) {
      if (n == target) return false;
      if (d.forbidden(t, n) || e.npc_at(n)) return true;
      for (int k = 0; k < kAgentsPerTeam; ++k) {
        if (e.agent(index_of(1 - t, k)).node == n) return true;
      }
      return false;
    };
    std::vector<int> dist(kNumNodes, -1), queue{target};
    dist[target] = 0;
    for (size_t h = 0; h < queue.size(); ++h) {
      for (int v : d.neighbours(queue[h])) {
        if (dist[v] < 0 && !blocked(v)) {
          dist[v] = dist[queue[h]] + 1;
          queue.push_back(v);
        }
      }
    }
    const int u = e.agent(a).node;
    for (int v : d.neighbours(u)) {
      if (dist[v] >= 0 && dist[v] < dist[u]) return v;
    }
    return -1;
  }

  // Walks agent a to `target`; false if it got stuck.
  bool walk(int a, int target) {
    for (int step = 0; step < 200 && e.agent(a).node != target; ++step) {
      int v = next_hop(a, target);
      if (v < 0) return false;
      cross(a, v);
      if (e.agent(a).node != v) return false;
    }
    return e.agent(a).node == target;
  }

  // A node near (x, y) that is neither special nor an NPC node, with such a neighbour too.
  std::pair<int, int> free_pair_near(double x, double y) const {
    std::vector<int> order(kNumNodes);
    for (int i = 0; i < kNumNodes; ++i) order[i] = i;
    auto d2 = [&](int i) { return (d.x[i] - x) * (d.x[i] - x) + (d.y[i] - y) * (d.y[i] - y); };
    std::sort(order.begin(), order.end(), [&](int i, int j) { return d2(i) < d2(j); });
    auto free = [&](int n) {
      return !e.npc_at(n) && n != d.start[0] && n != d.start[1] && n != d.shrine[0] &&
             n != d.shrine[1];
    };
    for (int i : order) {
      if (!free(i)) continue;
      for (int v : d.neighbours(i)) {
        if (free(v)) return {i, v};
      }
    }
    return {-1, -1};
  }
};

}  // namespace arena::dungeon::testing
