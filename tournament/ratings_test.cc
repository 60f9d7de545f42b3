#include "tournament/ratings.h"

#include <gtest/gtest.h>

#include <cmath>

namespace arena::tournament {
namespace {

// A beats B 3 times out of 4. By hand: p = 3/4, so r_A - r_B = 400 log10(3) = 190.85 and the
// ratings are +-95.42. The information about theta_A - theta_B is n p (1 - p) = 4 * 3/16 = 0.75,
// so the difference has a standard error of 1/sqrt(0.75) = 1.1547 nats = 200.6 Elo, each rating
// half of it (100.3), and the 95% bar is 1.96 * 100.3 = 196.6.
TEST(Ratings, BradleyTerryTwoPlayersByHand) {
  std::vector<PairResult> g = {{0, 1, 1}, {0, 1, 1}, {1, 0, 0}, {0, 1, 0}};
  auto r = bradley_terry(2, g, /*prior_draws=*/0);
  EXPECT_NEAR(r[0].elo, 95.42, 0.01);
  EXPECT_NEAR(r[1].elo, -95.42, 0.01);
  EXPECT_NEAR(r[0].error, 196.6, 0.1);
  EXPECT_NEAR(r[1].error, 196.6, 0.1);
}

// Draws count half: 1 win, 2 draws, 1 loss is even.
TEST(Ratings, DrawsCountHalf) {
  std::vector<PairResult> g = {{0, 1, 1}, {0, 1, 0.5}, {0, 1, 0.5}, {0, 1, 0}};
  auto r = bradley_terry(2, g, 0);
  EXPECT_NEAR(r[0].elo, 0, 1e-6);
}

// Three players in a cycle of equal results are equal; an unbeaten one is finite with the prior.
TEST(Ratings, BradleyTerryThreePlayers) {
  std::vector<PairResult> g = {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}};
  auto r = bradley_terry(3, g, 0);
  for (auto& x : r) EXPECT_NEAR(x.elo, 0, 1e-6);
  std::vector<PairResult> unbeaten = {{0, 1, 1}, {0, 1, 1}, {0, 2, 1}, {1, 2, 0.5}};
  auto u = bradley_terry(3, unbeaten, 1);
  EXPECT_TRUE(std::isfinite(u[0].elo));
  EXPECT_GT(u[0].elo, u[1].elo);
  EXPECT_NEAR(u[0].elo + u[1].elo + u[2].elo, 0, 1e-6);
  // With the prior: A has 2.5 of 3 points against B, i.e. MLE of the 2-player case 400 log10(5).
  auto two = bradley_terry(2, {{0, 1, 1}, {0, 1, 1}}, 1);
  EXPECT_NEAR(two[0].elo - two[1].elo, 400 * std::log10(5.0), 1e-6);
}

// OpenSkill's Plackett–Luce on one 1-v-1 game from the defaults, by hand: c^2 = 2 (sigma^2 +
// beta^2) = 173.61; the winner's omega = (1 - 1/2) sigma^2 / c = 2.6352, delta = 1/4 * (sigma/c) *
// sigma^2 / c^2 = 0.063246; mu 27.6352, sigma 8.3333 sqrt(1 - 0.063246) = 8.0655.
TEST(Ratings, WengLinOneGameByHand) {
  std::vector<SkillRating> r(2);
  weng_lin_update(r, {{0, 1}, {1, 2}});
  EXPECT_NEAR(r[0].mu, 27.6352, 1e-4);
  EXPECT_NEAR(r[1].mu, 22.3648, 1e-4);
  EXPECT_NEAR(r[0].sigma, 8.0655, 1e-4);
  EXPECT_NEAR(r[1].sigma, 8.0655, 1e-4);
}

TEST(Ratings, WengLinTiesAndOrder) {
  std::vector<SkillRating> r(3);
  weng_lin_update(r, {{0, 1, 2}, {1, 1, 1}});
  EXPECT_NEAR(r[0].mu, r[1].mu, 1e-9);
  EXPECT_NEAR(r[1].mu, r[2].mu, 1e-9);
  std::vector<SkillRating> s(3);
  for (int i = 0; i < 20; ++i) weng_lin_update(s, {{0, 1, 2}, {1, 2, 3}});
  EXPECT_GT(s[0].mu, s[1].mu);
  EXPECT_GT(s[1].mu, s[2].mu);
  EXPECT_LT(s[0].sigma, 25.0 / 3);
}

}  // namespace
}  // namespace arena::tournament
