// The lookahead's exact values (lookahead.cc) against brute force: on small caves, the expected
// score of the fixed policy computed from percept probabilities must equal the prior-weighted
// average of its scores over every possible cave, played through the rules engine.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <utility>

#include "games/wumpus/bots/belief.h"
#include "games/wumpus/bots/brute_force.h"
#include "games/wumpus/bots/knowledge.h"
#include "games/wumpus/bots/reference.h"
#include "games/wumpus/rules.h"

namespace arena::wumpus {
namespace {

void check(int w, int h, int pit_percent, int wumpuses, int arrows,
           const ReferenceOptions* policy = nullptr) {
  // Per first percept: total prior weight and weighted score of the policy (by default the
  // fixed one).
  std::map<std::pair<bool, bool>, std::pair<double, double>> by_first;
  ReferenceOptions fixed;
  fixed.lookahead = false;
  if (policy) fixed = *policy;
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
    ReferenceBot bot(fixed);
    const StartInfo info{params, params.turn_limit()};
    const Percept& first = any_first[key.first * 2 + key.second];
    const double exact =
        policy ? bot.policy_value(info, first) : bot.fixed_policy_value(info, first);
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

// The exact value of the bot's own policy, lookahead included, which docs/wumpus.md uses to
// compare policies without sampling noise (wumpus_simulate --exact).
TEST(Lookahead, PolicyValueMatchesBruteForce) {
  ReferenceOptions reference;  // the defaults: the reference bot
  check(3, 3, 20, 1, 1, &reference);
  check(4, 2, 25, 2, 1, &reference);
  ReferenceOptions deep;
  deep.lookahead_depth = 2;
  check(3, 3, 30, 1, 1, &deep);
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
