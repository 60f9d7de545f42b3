// The lookahead's exact values (lookahead.cc) against brute force: on small caves, the expected
// score of the fixed policy computed from percept probabilities must equal the prior-weighted
// average of its scores over every possible cave, played through the rules engine.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <utility>

#include "games/wumpus/bots/belief.h"
#include "games/wumpus/bots/knowledge.h"
#include "games/wumpus/bots/reference.h"
#include "games/wumpus/rules.h"

namespace arena::wumpus {
namespace {

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

void check(int w, int h, int pit_percent, int wumpuses, int arrows) {
  // Per first percept: total prior weight and weighted score of the fixed policy.
  std::map<std::pair<bool, bool>, std::pair<double, double>> by_first;
  ReferenceOptions fixed;
  fixed.lookahead = false;
  Percept any_first[4];
  for_each_cave(w, h, pit_percent, wumpuses, arrows, [&](const Cave& cave, double weight) {
    State s(cave);
    const Percept first = s.percept();
    ReferenceBot bot(fixed);
    bot.start(StartInfo{cave.params(), cave.params().turn_limit()});
    while (!s.is_over()) s.apply(bot.act(s.percept()));
    auto& [wsum, ssum] = by_first[{first.breeze, first.stench}];
    wsum += weight, ssum += weight * s.score();
    any_first[first.breeze * 2 + first.stench] = first;
  });
  Params params{w, h, pit_percent, wumpuses, arrows};
  for (const auto& [key, sums] : by_first) {
    ReferenceBot bot;
    const double exact = bot.fixed_policy_value(StartInfo{params, params.turn_limit()},
                                                any_first[key.first * 2 + key.second]);
    EXPECT_NEAR(exact, sums.second / sums.first, 1e-6)
        << w << "x" << h << " k=" << wumpuses << " breeze " << key.first << " stench "
        << key.second;
  }
}

TEST(Lookahead, FixedPolicyValueMatchesBruteForce3x3) {
  check(3, 3, 20, 1, 1);
  check(3, 3, 30, 2, 1);
  check(3, 3, 10, 2, 2);
}

TEST(Lookahead, FixedPolicyValueMatchesBruteForce2x4) {
  check(4, 2, 25, 1, 1);
}

TEST(Lookahead, ImpossibleBreezeHasLikelihoodZero) {
  // A 3x1 cave: a breeze at the entrance, and then its only neighbour visited, so without a pit.
  // The lookahead asks about such hypothetical histories and must get probability 0 for them.
  Knowledge kb;
  kb.start(Params{3, 1, 20, 1, 1});
  Percept breeze;
  breeze.breeze = true;
  kb.observe(breeze);
  PitBelief before;
  compute_pit_belief(kb, &before);
  // A pit at (1,0) and none at (2,0), where the gold must then be: p (1 - p).
  EXPECT_NEAR(before.likelihood, 0.16, 1e-12);
  kb.record_action(Action::rotateR);
  kb.observe(breeze);
  kb.record_action(Action::go);
  kb.observe(Percept{});
  PitBelief after;
  compute_pit_belief(kb, &after);
  EXPECT_EQ(after.likelihood, 0.0);
}

}  // namespace
}  // namespace arena::wumpus
