#include "core/binary_codec.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/framers.h"
#include "core/rng.h"
#include "core/testing/framer_testing.h"

namespace arena {
namespace {

using testing::hex;

std::string frame(const BinaryWriter& w) {
  return make_binary_framer()->encode(w.bytes());
}

// The byte examples of Dungeon Race spec §8.6, written and read back.
TEST(BinaryCodec, SpecExamplesWrite) {
  EXPECT_EQ(frame(BinaryWriter().u8(1).i32(1).i32(3)),
            hex("00 00 00 09  01  00 00 00 01  00 00 00 03"));
  EXPECT_EQ(frame(BinaryWriter().u8(2).i32(17)), hex("00 00 00 05  02  00 00 00 11"));
  EXPECT_EQ(frame(BinaryWriter().u8(3).count(3).boolean(true).boolean(false).boolean(true)),
            hex("00 00 00 08  03  00 00 00 03  01 00 01"));
  EXPECT_EQ(frame(BinaryWriter().u8(0x11).i32(3).count(1).i32(1).i32(-2).i32(3)),
            hex("00 00 00 15  11  00 00 00 03  00 00 00 01  00 00 00 01 FF FF FF FE 00 00 00 03"));
  EXPECT_EQ(frame(BinaryWriter().u8(0x12).i32(17).boolean(true).count(1).i32(-1)),
            hex("00 00 00 0E  12  00 00 00 11  01  00 00 00 01  FF FF FF FF"));
  EXPECT_EQ(frame(BinaryWriter().u8(0x13).i32(0).i32(3).boolean(true)),
            hex("00 00 00 0A  13  00 00 00 00  00 00 00 03  01"));
  EXPECT_EQ(frame(BinaryWriter().u8(0x14).i32(-1)), hex("00 00 00 05  14  FF FF FF FF"));
  EXPECT_EQ(frame(BinaryWriter().u8(0x15).string("NOT_ADJACENT")),
            hex("00 00 00 11  15  00 00 00 0C  4E 4F 54 5F 41 44 4A 41 43 45 4E 54"));
}

TEST(BinaryCodec, SpecExamplesRead) {
  std::string sat_bytes = hex("11  00 00 00 03  00 00 00 01  00 00 00 01 FF FF FF FE 00 00 00 03");
  BinaryReader sat(sat_bytes);
  EXPECT_EQ(sat.u8(), 0x11);
  EXPECT_EQ(sat.i32(), 3);
  ASSERT_EQ(sat.count(12), 1u);
  EXPECT_EQ(sat.i32(), 1);
  EXPECT_EQ(sat.i32(), -2);
  EXPECT_EQ(sat.i32(), 3);
  EXPECT_TRUE(sat.finish()) << sat.error();

  std::string move_bytes = hex("12  00 00 00 11  01  00 00 00 01  FF FF FF FF");
  BinaryReader move(move_bytes);
  EXPECT_EQ(move.u8(), 0x12);
  EXPECT_EQ(move.i32(), 17);
  EXPECT_TRUE(move.boolean());
  ASSERT_EQ(move.count(4), 1u);
  EXPECT_EQ(move.i32(), -1);
  EXPECT_TRUE(move.finish()) << move.error();

  std::string err_bytes = hex("15  00 00 00 0C  4E 4F 54 5F 41 44 4A 41 43 45 4E 54");
  BinaryReader err(err_bytes);
  EXPECT_EQ(err.u8(), 0x15);
  EXPECT_EQ(err.string(), "NOT_ADJACENT");
  EXPECT_TRUE(err.finish());

  std::string sat_request_bytes = hex("03  00 00 00 03  01 00 01");
  BinaryReader sat_request(sat_request_bytes);
  EXPECT_EQ(sat_request.u8(), 3);
  uint32_t n = sat_request.count(1);
  std::vector<bool> bits;
  for (uint32_t i = 0; i < n; ++i) bits.push_back(sat_request.boolean());
  EXPECT_EQ(bits, (std::vector<bool>{true, false, true}));
  EXPECT_TRUE(sat_request.finish());
}

TEST(BinaryCodec, F64IsBigEndianBinary64) {
  EXPECT_EQ(BinaryWriter().f64(1.0).bytes(), hex("3F F0 00 00 00 00 00 00"));
  EXPECT_EQ(BinaryWriter().f64(-2.5).bytes(), hex("C0 04 00 00 00 00 00 00"));
  for (double v : {0.0, -0.0, 123.456, 1e-300, std::numeric_limits<double>::infinity()}) {
    std::string bytes = BinaryWriter().f64(v).bytes();
    BinaryReader r(bytes);
    double back = r.f64();
    EXPECT_EQ(std::signbit(back), std::signbit(v));
    EXPECT_EQ(back, v);
    EXPECT_TRUE(r.finish());
  }
  std::string nan_bytes = BinaryWriter().f64(std::nan("")).bytes();
  BinaryReader nan(nan_bytes);
  EXPECT_TRUE(std::isnan(nan.f64()));
}

TEST(BinaryCodec, IntegerExtremes) {
  std::string b = BinaryWriter().i32(INT32_MIN).i32(INT32_MAX).u32(UINT32_MAX).bytes();
  EXPECT_EQ(b, hex("80 00 00 00 7F FF FF FF FF FF FF FF"));
  BinaryReader r(b);
  EXPECT_EQ(r.i32(), INT32_MIN);
  EXPECT_EQ(r.i32(), INT32_MAX);
  EXPECT_EQ(r.u32(), UINT32_MAX);
  EXPECT_TRUE(r.finish());
}

// §8.5 MALFORMED: body too short, trailing bytes, a bool not 0/1, a count that disagrees.
TEST(BinaryCodec, TooShort) {
  std::string r_bytes = hex("02 00 00 11");
  BinaryReader r(r_bytes);  // MoveRequest missing a byte
  EXPECT_EQ(r.u8(), 2);
  EXPECT_EQ(r.i32(), 0);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "MALFORMED: body too short: i32 needs 4 bytes at offset 1, 3 left");
  EXPECT_EQ(r.u8(), 0);  // sticky: later reads give zero and keep the first error
  EXPECT_FALSE(r.finish());
  EXPECT_EQ(r.error().rfind("MALFORMED: body too short", 0), 0u);
}

TEST(BinaryCodec, TrailingBytes) {
  std::string r_bytes = hex("02 00 00 00 11 00");
  BinaryReader r(r_bytes);
  r.u8();
  r.i32();
  EXPECT_TRUE(r.ok());
  EXPECT_FALSE(r.finish());
  EXPECT_EQ(r.error(), "MALFORMED: 1 trailing bytes at offset 5");
}

TEST(BinaryCodec, BadBool) {
  std::string r_bytes = hex("03 00 00 00 02 01 02");
  BinaryReader r(r_bytes);
  r.u8();
  uint32_t n = r.count(1);
  EXPECT_TRUE(r.boolean());
  EXPECT_FALSE(r.boolean());
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(r.error(), "MALFORMED: bool byte 2 at offset 6 is not 0 or 1");
}

TEST(BinaryCodec, CountThatDisagreesWithTheLength) {
  std::string big_bytes = hex("03 FF FF FF FF 01");
  BinaryReader big(big_bytes);  // 4 billion bools in one byte
  big.u8();
  EXPECT_EQ(big.count(1), 0u);
  EXPECT_EQ(big.error(),
            "MALFORMED: vector count 4294967295 at offset 1 disagrees with the 1 "
            "bytes left");
  std::string short_count_bytes = hex("03 00 00 00 04 01 00 01");
  BinaryReader short_count(short_count_bytes);  // says 4, holds 3
  short_count.u8();
  EXPECT_EQ(short_count.count(1), 0u);
  EXPECT_FALSE(short_count.ok());
  std::string long_count_bytes = hex("03 00 00 00 02 01 00 01");
  BinaryReader long_count(long_count_bytes);  // says 2, holds 3
  long_count.u8();
  for (uint32_t i = long_count.count(1); i > 0; --i) long_count.boolean();
  EXPECT_FALSE(long_count.finish());
  EXPECT_EQ(long_count.error(), "MALFORMED: 1 trailing bytes at offset 7");
}

TEST(BinaryCodec, StringLongerThanTheBody) {
  std::string r_bytes = hex("15 00 00 00 0C 4E 4F");
  BinaryReader r(r_bytes);
  r.u8();
  EXPECT_EQ(r.string(), "");
  EXPECT_EQ(r.error(), "MALFORMED: string at offset 1 claims 12 bytes, 2 left");
}

TEST(BinaryCodec, RandomRoundTrip) {
  Rng rng(777);
  for (int round = 0; round < 500; ++round) {
    BinaryWriter w;
    std::vector<int> kinds;
    std::vector<uint64_t> values;
    for (uint64_t i = rng.below(20); i > 0; --i) {
      int kind = static_cast<int>(rng.below(4));
      uint64_t v = rng.next();
      kinds.push_back(kind);
      values.push_back(v);
      if (kind == 0) w.i32(static_cast<int32_t>(v));
      if (kind == 1) w.boolean(v & 1);
      if (kind == 2) w.f64(static_cast<double>(static_cast<int64_t>(v)) / 7.0);
      if (kind == 3) w.string(std::string(v % 9, static_cast<char>(v >> 56)));
    }
    BinaryReader r(w.bytes());
    for (size_t i = 0; i < kinds.size(); ++i) {
      uint64_t v = values[i];
      if (kinds[i] == 0) {
        EXPECT_EQ(r.i32(), static_cast<int32_t>(v));
      }
      if (kinds[i] == 1) {
        EXPECT_EQ(r.boolean(), static_cast<bool>(v & 1));
      }
      if (kinds[i] == 2) {
        EXPECT_EQ(r.f64(), static_cast<double>(static_cast<int64_t>(v)) / 7.0);
      }
      if (kinds[i] == 3) {
        EXPECT_EQ(r.string(), std::string(v % 9, static_cast<char>(v >> 56)));
      }
    }
    EXPECT_TRUE(r.finish()) << r.error();
    // Any truncation is reported, never read past the end.
    if (!w.bytes().empty()) {
      BinaryReader cut(std::string_view(w.bytes()).substr(0, rng.below(w.bytes().size())));
      for (int kind : kinds) {
        if (kind == 0) cut.i32();
        if (kind == 1) cut.boolean();
        if (kind == 2) cut.f64();
        if (kind == 3) cut.string();
      }
      EXPECT_FALSE(cut.finish());
    }
  }
}

}  // namespace
}  // namespace arena
