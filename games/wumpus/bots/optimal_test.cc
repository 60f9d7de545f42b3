// The exhaustive optimum (optimal.cc) against brute force: played as a bot over every cave of
// small parameters, its prior-weighted mean score must equal the value the solver computed, and
// that value must bound every policy of the reference bot from above.
#include "games/wumpus/bots/optimal.h"

#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "games/wumpus/bots/brute_force.h"
#include "games/wumpus/bots/reference.h"

namespace arena::wumpus {
namespace {

void check(int w, int h, int pit_percent, int arrows) {
  const Params params{w, h, pit_percent, 1, arrows};
  const StartInfo info{params, params.turn_limit()};
  std::map<std::pair<bool, bool>, std::pair<double, double>> by_first;  // weight, weighted score
  std::map<std::pair<bool, bool>, Percept> firsts;
  OptimalBot bot;  // one bot for every cave: its solver's memo is only knowledge, never a cave
  for_each_cave(w, h, pit_percent, 1, arrows, [&](const Cave& cave, double weight) {
    State s(cave);
    const Percept first = s.percept();
    bot.start(info);
    while (!s.is_over()) s.apply(bot.act(s.percept()));
    auto& [wsum, ssum] = by_first[{first.breeze, first.stench}];
    wsum += weight, ssum += weight * s.score();
    firsts[{first.breeze, first.stench}] = first;
  });
  OptimalSolver solver;
  for (const auto& [key, sums] : by_first) {
    Knowledge kb;
    kb.start(params);
    kb.observe(firsts[key]);
    const double optimum = solver.value(kb);
    EXPECT_NEAR(optimum, sums.second / sums.first, 1e-6)
        << w << "x" << h << " breeze " << key.first << " stench " << key.second;
    ReferenceOptions fixed;
    fixed.lookahead = false;
    EXPECT_GE(optimum + 1e-9, ReferenceBot().policy_value(info, firsts[key]));
    EXPECT_GE(optimum + 1e-9, ReferenceBot(fixed).policy_value(info, firsts[key]));
  }
}

TEST(Optimal, PlayedOptimumMatchesItsValueAndBoundsTheReferenceBot) {
  check(3, 3, 20, 1);
  check(4, 2, 30, 1);
  check(3, 3, 10, 0);
}

TEST(Optimal, SupportsOneWumpusOnly) {
  EXPECT_TRUE(OptimalSolver::supports(Params{4, 4, 20, 1, 1}));
  EXPECT_FALSE(OptimalSolver::supports(Params{4, 4, 20, 2, 1}));
}

}  // namespace
}  // namespace arena::wumpus
