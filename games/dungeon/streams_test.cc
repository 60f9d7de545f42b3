#include "games/dungeon/streams.h"

#include <gtest/gtest.h>

namespace arena::dungeon {
namespace {

TEST(Streams, SplitMixFromZero) {
  uint64_t s = 0;
  EXPECT_EQ(splitmix64_next(s), 0xE220A8397B1DCDAFULL);
}

TEST(Streams, FnvOfStreamNames) {
  EXPECT_EQ(fnv1a64(kDungeonStream), 0xC599146C78031B2DULL);
  EXPECT_EQ(fnv1a64(kNpcStream), 0x20F8D119253BCC70ULL);
  EXPECT_EQ(fnv1a64(kSatStream), 0x822D97195CD5EBF7ULL);
  EXPECT_EQ(fnv1a64(kTrapStream), 0x5B18ABEF51141322ULL);
}

TEST(Streams, FirstOutputsOfSeedOne) {
  struct Case {
    std::string_view name;
    uint64_t first, second;
  };
  for (const Case& c : {Case{kDungeonStream, 0x83AF352112800A6EULL, 0x85A1E061959FB620ULL},
                        Case{kNpcStream, 0x8E85E86DD6DAF643ULL, 0xD05C58493555C820ULL},
                        Case{kSatStream, 0x1C9E6402DED15448ULL, 0x0A898FE70853F49BULL},
                        Case{kTrapStream, 0x8FD631C9333E9B43ULL, 0x55CBC369E64D321FULL}}) {
    Stream s(1, c.name);
    EXPECT_EQ(s.u64(), c.first) << c.name;
    EXPECT_EQ(s.u64(), c.second) << c.name;
  }
}

TEST(Streams, UnitGoldenValues) {
  Stream d(1, kDungeonStream);
  EXPECT_EQ(d.unit(), 0.5143922048323476);
  Stream t(1, kTrapStream);
  EXPECT_EQ(t.unit(), 0.561862098332535);
  EXPECT_EQ(t.unit(), 0.3351404317420943);
  EXPECT_EQ(t.unit(), 0.6392808344132745);
}

TEST(Streams, StreamsAreIndependentOfEachOther) {
  Stream a(1, kSatStream), b(1, kSatStream);
  Stream other(1, kTrapStream);
  for (int i = 0; i < 100; ++i) other.u64();
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.u64(), b.u64());
}

TEST(Streams, BelowRejectsTheTopOfTheRange) {
  // With n = 2^63 + 1, 2^64 mod n = 2^63 - 1: values >= 2^64 - r = 2^63 + 1 are redrawn, so every
  // result is x itself (x < n), never x - n.
  const uint64_t n = (1ULL << 63) + 1;
  Stream s(7, "below"), copy(7, "below");
  for (int i = 0; i < 200; ++i) {
    uint64_t v = s.below(n);
    ASSERT_LT(v, n);
    uint64_t x;
    do x = copy.u64();
    while (x >= n);
    ASSERT_EQ(v, x);
  }
  Stream one(3, "x");
  EXPECT_EQ(one.below(1), 0u);
}

TEST(Streams, BitIsTheTopBit) {
  Stream s(5, "b"), c(5, "b");
  for (int i = 0; i < 64; ++i) EXPECT_EQ(s.bit(), c.u64() >> 63);
}

}  // namespace
}  // namespace arena::dungeon
