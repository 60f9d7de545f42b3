#include "tournament/sprt.h"

#include <gtest/gtest.h>

#include <cmath>

namespace arena::sprt {
namespace {

Pentanomial penta(long ll, long ld, long mid, long wd, long ww) {
  Pentanomial p;
  p.ll = ll;
  p.ld = ld;
  p.dd = mid;
  p.wd = wd;
  p.ww = ww;
  return p;
}

Config config(double elo0, double elo1, Model model) {
  Config c;
  c.elo0 = elo0;
  c.elo1 = elo1;
  c.model = model;
  return c;
}

// fastchess's own report of a finished test: "Ptnml(0-2): [0, 0, 2, 0, 37]" with SPRT
// [0.00, 20.00] (normalized) gives "LLR: 2.96 (-2.94, 2.94)", H1 accepted.
TEST(Sprt, MatchesAPublishedFastchessReport) {
  const Config c = config(0, 20, Model::normalized);
  const double value = llr(penta(0, 0, 2, 0, 37), c);
  EXPECT_NEAR(value, 2.96, 0.005);
  EXPECT_NEAR(lower_bound(c), -2.944, 0.001);
  EXPECT_NEAR(upper_bound(c), 2.944, 0.001);
  EXPECT_EQ(decide(value, c), Decision::h1);
}

// Values from an independent implementation of the same estimates in Python (bisection for the
// Lagrange multiplier, 2000 fixed-point rounds for the normalized model).
TEST(Sprt, AgreesWithAnIndependentComputation) {
  struct Case {
    Pentanomial counts;
    double elo0, elo1, normalized, logistic;
  } cases[] = {
      {penta(0, 0, 2, 0, 37), 0, 20, 2.962016470526, 2.180485205913},
      {penta(10, 20, 30, 20, 10), 0, 5, -0.018638037985, -0.027953199389},
      {penta(5, 30, 100, 40, 7), 0, 5, 0.315465933834, 0.504685317179},
      {penta(1, 2, 3, 4, 5), -5, 5, 0.287811754437, 0.287792264168},
      {penta(40, 30, 20, 10, 5), 0, 10, -2.579632046051, -2.468113223364},
      {penta(0, 0, 0, 0, 3), 0, 50, 0.545587012038, 0.401021601388},
  };
  for (const Case& k : cases) {
    EXPECT_NEAR(llr(k.counts, config(k.elo0, k.elo1, Model::normalized)), k.normalized, 1e-7);
    EXPECT_NEAR(llr(k.counts, config(k.elo0, k.elo1, Model::logistic)), k.logistic, 1e-7);
  }
}

// A result symmetric about an even score is as far from +10 Elo as from -10 Elo: the LLR of
// [0, 10] is below zero, that of [-10, 0] is its opposite, and that of [-10, 10] is zero.
TEST(Sprt, SymmetricResultsFavourNeitherSide) {
  const Pentanomial even = penta(7, 12, 40, 12, 7);
  for (Model m : {Model::normalized, Model::logistic}) {
    const double up = llr(even, config(0, 10, m));
    const double down = llr(even, config(-10, 0, m));
    EXPECT_LT(up, 0);
    EXPECT_NEAR(up, -down, 1e-9);
    EXPECT_NEAR(llr(even, config(-10, 10, m)), 0, 1e-9);
  }
}

TEST(Sprt, MorePairsOfTheSameKindMoveFurther) {
  const Config c = config(0, 10, Model::normalized);
  EXPECT_LT(llr(penta(1, 3, 10, 5, 2), c), llr(penta(2, 6, 20, 10, 4), c));
  EXPECT_EQ(llr(Pentanomial{}, c), 0);
}

TEST(Sprt, BoundsAndDecisions) {
  Config c;
  c.alpha = 0.05;
  c.beta = 0.1;
  EXPECT_NEAR(lower_bound(c), std::log(0.1 / 0.95), 1e-12);
  EXPECT_NEAR(upper_bound(c), std::log(0.9 / 0.05), 1e-12);
  EXPECT_EQ(decide(2.9, c), Decision::h1);
  EXPECT_EQ(decide(-2.26, c), Decision::h0);
  EXPECT_EQ(decide(0.0, c), Decision::none);
  EXPECT_EQ(decision_name(Decision::h1), "H1");
}

TEST(Sprt, RefusesImpossibleConfigurations) {
  Config c;
  EXPECT_FALSE(check_config(c));
  c.elo1 = c.elo0;
  EXPECT_EQ(check_config(c), "--elo0 must be less than --elo1");
  c = Config{};
  c.alpha = 0;
  EXPECT_EQ(check_config(c), "--alpha must be between 0 and 1 (exclusive)");
  c = Config{};
  c.alpha = 0.6;
  c.beta = 0.5;
  EXPECT_EQ(check_config(c), "--alpha plus --beta must be less than 1");
  c = Config{};
  c.elo1 = 5000;
  EXPECT_EQ(check_config(c), "--elo0 and --elo1 must be within -1000..1000");
}

TEST(Sprt, PairsLandInTheirBuckets) {
  Pentanomial p;
  p.add(1, 1);
  p.add(1, 0);
  p.add(0, 1);
  p.add(1, -1);
  p.add(-1, 1);
  p.add(0, 0);
  p.add(-1, 0);
  p.add(-1, -1);
  EXPECT_EQ(p.buckets(), (std::array<long, 5>{1, 1, 3, 2, 1}));
  EXPECT_EQ(p.wl, 2);
  EXPECT_EQ(p.dd, 1);
  EXPECT_EQ(p.wins(), 6);
  EXPECT_EQ(p.draws(), 5);
  EXPECT_EQ(p.losses(), 5);
  EXPECT_THROW(p.add(2, 0), std::invalid_argument);
}

TEST(Sprt, EstimateOfAKnownScore) {
  // Buckets {0, 0, 4, 3, 3}: mean pair score (4*0.5 + 3*0.75 + 3*1) / 10 = 0.725.
  const Estimate e = estimate(penta(0, 0, 4, 3, 3));
  EXPECT_NEAR(e.score, 0.725, 1e-12);
  EXPECT_NEAR(e.elo, -400 * std::log10(1 / 0.725 - 1), 1e-9);
  // var = 0.4*0.225^2 + 0.3*0.025^2 + 0.3*0.275^2 = 0.043125
  const double half = 1.959963984540054 * std::sqrt(0.043125 / 10);
  auto elo = [](double s) { return -400 * std::log10(1 / s - 1); };
  EXPECT_NEAR(e.elo_error, (elo(0.725 + half) - elo(0.725 - half)) / 2, 1e-9);
  const double scale = 800 / std::log(10.0) / std::sqrt(2 * 0.043125);
  EXPECT_NEAR(e.nelo, 0.225 * scale, 1e-9);
  EXPECT_NEAR(e.nelo_error, half * scale, 1e-9);

  const Estimate all = estimate(penta(0, 0, 0, 0, 5));
  EXPECT_TRUE(std::isinf(all.elo) && all.elo > 0);
  EXPECT_TRUE(std::isnan(all.elo_error));
  EXPECT_EQ(estimate(Pentanomial{}).elo, 0);
}

}  // namespace
}  // namespace arena::sprt
