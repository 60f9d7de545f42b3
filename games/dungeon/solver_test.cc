#include "games/dungeon/solver.h"

#include <gtest/gtest.h>

#include <cmath>

namespace arena::dungeon {
namespace {

Instance instance_of(uint64_t seed, SatMode mode, int n, int m) {
  Stream sat(seed, kSatStream);
  Instance inst;
  draw_instance(sat, mode, n, m, inst);
  return inst;
}

// §14.1 S1 in miniature: planted 100/426 instances reach 0 active traps.
TEST(Solver, FindsZeroOnPlantedInstances) {
  Solver solver(7);
  int zero = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Instance inst = instance_of(seed, SatMode::planted, 100, 426);
    int k = solver.solve(inst, {}, 2'000'000);
    EXPECT_EQ(k, count_active(inst, solver.best()));
    zero += k == 0;
  }
  EXPECT_EQ(zero, 300);
}

// §14.1 S2 in miniature: the optimum that exhaustive search finds, on uniform instances that are
// often unsatisfiable.
TEST(Solver, ReachesTheBruteForceOptimumOnSmallUniformInstances) {
  Solver solver(11);
  int total = 0, optimal = 0;
  for (int n : {10, 12, 15}) {
    for (double r : {4.26, 5.0, 6.0, 8.0}) {
      const int m = static_cast<int>(std::lround(r * n));
      for (uint64_t seed = 1; seed <= 10; ++seed) {
        Instance inst = instance_of(seed, SatMode::uniform, n, m);
        std::vector<uint8_t> witness;
        const int opt = brute_force_min_active(inst, &witness);
        EXPECT_EQ(count_active(inst, witness), opt);
        SolverOptions o;
        o.majority_start = false;
        const int k = solver.solve(inst, o, 50'000);
        EXPECT_GE(k, opt);
        EXPECT_EQ(k, count_active(inst, solver.best()));
        ++total;
        optimal += k == opt;
      }
    }
  }
  EXPECT_GE(optimal * 100, total * 99) << optimal << " of " << total;
  EXPECT_EQ(total, 120);
}

TEST(Solver, IncrementalCountsStayConsistent) {
  Solver solver(3);
  Instance inst = instance_of(5, SatMode::uniform, 40, 200);
  SolverOptions o;
  o.majority_start = false;
  o.restart_factor = 2;  // restarts happen too
  solver.start(inst, o);
  EXPECT_TRUE(solver.consistent());
  for (int i = 0; i < 50 && solver.best_active() > 0; ++i) {
    solver.run(37);
    ASSERT_TRUE(solver.consistent());
  }
  EXPECT_GT(solver.restarts(), 0);
  EXPECT_EQ(solver.best_active(), count_active(inst, solver.best()));
}

TEST(Solver, ReturnsAtOnceOnZeroAndHandlesEdgeInstances) {
  Solver solver;
  Instance empty{5, {}};
  EXPECT_EQ(solver.solve(empty, {}, 1000), 0);
  EXPECT_EQ(solver.flips(), 0u);
  // All eight sign patterns over three switches: exactly one is always active.
  Instance all8{3, {}};
  for (int s = 0; s < 8; ++s) {
    all8.lits.push_back(s & 1 ? -1 : 1);
    all8.lits.push_back(s & 2 ? -2 : 2);
    all8.lits.push_back(s & 4 ? -3 : 3);
  }
  EXPECT_EQ(solver.solve(all8, {}, 5000), 1);
  EXPECT_EQ(solver.flips(), 5000u);
  EXPECT_EQ(brute_force_min_active(all8), 1);
}

TEST(Solver, BudgetStopsTheSearch) {
  Solver solver;
  Instance unsat = instance_of(2, SatMode::uniform, 100, 900);  // far over the threshold
  int k = solver.solve(unsat, {}, 0, std::chrono::milliseconds(5));
  EXPECT_GT(k, 0);
  EXPECT_EQ(k, count_active(unsat, solver.best()));
  EXPECT_GT(solver.flips(), 0u);
}

// §13.5: no allocation per solve: a second instance of the same shape reuses every buffer.
TEST(Solver, ReusesItsBuffers) {
  Solver solver;
  Instance a = instance_of(1, SatMode::planted, 100, 426);
  Instance b = instance_of(2, SatMode::planted, 100, 426);
  solver.solve(a, {}, 1'000'000);
  const uint8_t* best = solver.best().data();
  solver.solve(b, {}, 1'000'000);
  EXPECT_EQ(solver.best().data(), best);
  EXPECT_EQ(solver.best_active(), 0);
}

// §13.6: (1 − (7/8)^k) · C, within the heir's [2, 50] ms and a henchman's [0.5, 10] ms.
TEST(SubmitPolicy, ExpectedLossBoundClampedPerAgent) {
  EXPECT_DOUBLE_EQ(submit_after_ms(1, 40.0, false), 5.0);  // 1/8 of 40 ms
  EXPECT_DOUBLE_EQ(submit_after_ms(1, 40.0, true), 5.0);
  EXPECT_DOUBLE_EQ(submit_after_ms(2, 64.0, true), 64.0 * (1 - 49.0 / 64.0));  // 15 ms
  EXPECT_DOUBLE_EQ(submit_after_ms(1, 1.0, false), 0.5);                       // floor
  EXPECT_DOUBLE_EQ(submit_after_ms(1, 1.0, true), 2.0);
  EXPECT_DOUBLE_EQ(submit_after_ms(5, 1000.0, false), 10.0);  // cap
  EXPECT_DOUBLE_EQ(submit_after_ms(5, 1000.0, true), 50.0);
  EXPECT_LT(submit_after_ms(1, 200.0, true), submit_after_ms(3, 200.0, true))
      << "more active traps, more reason to keep searching";
}

TEST(Brute, MatchesAnExhaustiveCount) {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Instance inst = instance_of(seed, SatMode::uniform, 8, 60);
    int want = 1 << 30;
    std::vector<uint8_t> a(8);
    for (int code = 0; code < 256; ++code) {
      for (int v = 0; v < 8; ++v) a[v] = (code >> v) & 1;
      want = std::min(want, count_active(inst, a));
    }
    EXPECT_EQ(brute_force_min_active(inst), want);
  }
  Instance planted = instance_of(3, SatMode::planted, 16, 120);
  EXPECT_EQ(brute_force_min_active(planted), 0);
  Instance big{25, {1, 2, 3}};
  EXPECT_THROW(brute_force_min_active(big), std::invalid_argument);
}

}  // namespace
}  // namespace arena::dungeon
