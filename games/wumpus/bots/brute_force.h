// Test helper: every cave of small parameters with its prior probability, to check exact values
// against brute force (lookahead_test.cc, optimal_test.cc).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "games/wumpus/rules.h"

namespace arena::wumpus {

// Every cave of the given size and parameters with its prior weight (spec §3.3): pits i.i.d.,
// the gold uniform over pit-free non-entrance cells, the wumpus set uniform over k-sets.
template <typename F>
void for_each_cave(int w, int h, int pit_percent, int wumpuses, int arrows, F&& f) {
  const int n = w * h;
  const double p = pit_percent / 100.0;
  for (uint32_t pits = 0; pits < (1u << (n - 1)); ++pits) {
    Cave cave;
    cave.width = w, cave.height = h, cave.arrows = arrows, cave.pit_percent = pit_percent;
    int t = 0;
    for (int c = 1; c < n; ++c) {
      if (pits >> (c - 1) & 1) cave.pits.set(c), ++t;
    }
    const int free = n - 1 - t;
    if (free == 0) continue;
    const double pit_weight = std::pow(p, t) * std::pow(1 - p, n - 1 - t) / free;
    for (int gold = 1; gold < n; ++gold) {
      if (cave.pits[gold]) continue;
      cave.gold = gold;
      // k-sets of non-entrance cells as bit masks over cells 1..n-1.
      std::vector<uint32_t> sets;
      for (uint32_t m = 0; m < (1u << (n - 1)); ++m) {
        if (std::popcount(m) == wumpuses) sets.push_back(m);
      }
      for (uint32_t m : sets) {
        cave.wumpuses.clear();
        for (int c = 1; c < n; ++c) {
          if (m >> (c - 1) & 1) cave.wumpuses.push_back(c);
        }
        f(cave, pit_weight / sets.size());
      }
    }
  }
}

}  // namespace arena::wumpus
