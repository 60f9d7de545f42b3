#include "core/rng.h"

#include <gtest/gtest.h>

namespace arena {
namespace {

// Wumpus spec §3.5: the generator's test vectors for seed 0.
TEST(Rng, SpecVectorsSeedZero) {
  Rng rng(0);
  EXPECT_EQ(rng.state()[0], 0xe220a8397b1dcdafULL);
  EXPECT_EQ(rng.state()[1], 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(rng.next(), 0x99ec5f36cb75f2b4ULL);
  EXPECT_EQ(rng.next(), 0xbf6e1f784956452aULL);
  EXPECT_EQ(rng.next(), 0x1a5f849d4933e6e0ULL);
}

TEST(Rng, SpecBelowHundredSeedZero) {
  Rng rng(0);
  for (uint64_t expected : {20, 82, 68, 32, 37}) EXPECT_EQ(rng.below(100), expected);
}

TEST(Rng, BelowStaysInRange) {
  Rng rng(7);
  for (uint64_t k : {1ULL, 2ULL, 3ULL, 7ULL, 1000ULL, (1ULL << 63) + 5}) {
    for (int i = 0; i < 1000; ++i) EXPECT_LT(rng.below(k), k);
  }
}

TEST(Rng, NamedStreamsAreIndependentAndStable) {
  Rng a = named_stream(42, "deck"), b = named_stream(42, "deck"), c = named_stream(42, "sat");
  EXPECT_EQ(a.next(), b.next());
  EXPECT_NE(named_stream(42, "deck").next(), c.next());
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
}

TEST(Rng, UnitInHalfOpenInterval) {
  Rng rng(3);
  for (int i = 0; i < 10000; ++i) {
    double u = rng.unit();
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
}

}  // namespace
}  // namespace arena
