#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/framers.h"
#include "core/rng.h"
#include "core/testing/framer_testing.h"

namespace arena {
namespace {

using testing::hex;

std::vector<std::string> drain(Framer& f) {
  return testing::drain(f, {.error_detail = true});
}

using Msgs = std::vector<std::string>;

// §8.6: MoveRequest(dest 17) and GameOverResponse(-1).
TEST(BinaryFramer, SpecExamples) {
  auto f = make_binary_framer();
  f->feed(hex("00 00 00 05 02 00 00 00 11  00 00 00 05 14 FF FF FF FF"));
  EXPECT_EQ(drain(*f), (Msgs{hex("02 00 00 00 11"), hex("14 FF FF FF FF")}));
  EXPECT_FALSE(f->has_buffered());
}

TEST(BinaryFramer, ByteByByte) {
  std::string input = hex("00 00 00 09 01 00 00 00 01 00 00 00 03 00 00 00 01 02");
  auto f = make_binary_framer();
  Msgs got;
  for (size_t i = 0; i < input.size(); ++i) {
    f->feed(input.substr(i, 1));
    for (auto& m : drain(*f)) got.push_back(m);
    EXPECT_EQ(f->has_buffered(), i != 12 && i != input.size() - 1) << i;
  }
  EXPECT_EQ(got, (Msgs{hex("01 00 00 00 01 00 00 00 03"), hex("02")}));
}

TEST(BinaryFramer, EmptyFrameIsFatal) {
  auto f = make_binary_framer();
  f->feed(hex("00 00 00 01 02 00 00 00 00 00 00 00 01 02"));
  EXPECT_EQ(drain(*f), (Msgs{hex("02"), "ERR:EMPTY_FRAME: length 0"}));
  Frame x = f->next();
  EXPECT_EQ(x.error, Verdict::malformed);
  EXPECT_EQ(x.detail.rfind("EMPTY_FRAME", 0), 0u);
}

// §8.5: FRAME_TOO_LARGE is known from the length alone; the body is never awaited.
TEST(BinaryFramer, TooLargeWithoutReadingTheBody) {
  auto f = make_binary_framer();
  f->feed(hex("00 4C 4B"));
  EXPECT_EQ(f->next().status, Frame::Status::need_more);
  f->feed(hex("40"));  // 0x004C4B40 = 5,000,000
  Frame x = f->next();
  EXPECT_EQ(x.error, Verdict::too_long);
  EXPECT_EQ(x.detail, "FRAME_TOO_LARGE: length 5000000 exceeds 4194304");
  f->feed(std::string(100, 'x'));
  EXPECT_EQ(f->next().error, Verdict::too_long);
  EXPECT_FALSE(f->has_buffered());
}

TEST(BinaryFramer, LimitIsInclusive) {
  auto f = make_binary_framer(8);
  f->feed(hex("00 00 00 08") + std::string(8, 'a') + hex("00 00 00 09"));
  EXPECT_EQ(drain(*f), (Msgs{std::string(8, 'a'), "ERR:FRAME_TOO_LARGE: length 9 exceeds 8"}));
  auto g = make_binary_framer();
  g->feed(hex("FF FF FF FF"));
  EXPECT_EQ(g->next().detail, "FRAME_TOO_LARGE: length 4294967295 exceeds 4194304");
}

TEST(BinaryFramer, LargestFrame) {
  auto f = make_binary_framer();
  std::string body(4 * 1024 * 1024, '\x13');
  std::string wire = f->encode(body);
  ASSERT_EQ(wire.substr(0, 4), hex("00 40 00 00"));
  for (size_t i = 0; i < wire.size(); i += 65536) {
    f->feed(std::string_view(wire).substr(i, 65536));
    if (i + 65536 < wire.size()) {
      ASSERT_EQ(f->next().status, Frame::Status::need_more);
    }
  }
  EXPECT_EQ(f->next().message, body);
}

TEST(BinaryFramer, GarbageGivesAPreciseError) {
  auto f = make_binary_framer();
  f->feed("GET / HTTP/1.1\r\n");  // "GET " read as a length: 0x47455420
  Frame x = f->next();
  EXPECT_EQ(x.error, Verdict::too_long);
  EXPECT_EQ(x.detail, "FRAME_TOO_LARGE: length 1195725856 exceeds 4194304");
}

TEST(BinaryFramer, Finish) {
  auto f = make_binary_framer();
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);
  f = make_binary_framer();
  f->feed(hex("00 00 00 01 02 00 00"));
  EXPECT_EQ(f->finish().message, hex("02"));
  Frame x = f->finish();
  EXPECT_EQ(x.error, Verdict::malformed);
  EXPECT_EQ(x.detail, "MALFORMED: stream ended inside a length prefix (2 of 4 bytes)");
  f = make_binary_framer();
  f->feed(hex("00 00 00 05 02 00"));
  EXPECT_EQ(f->finish().detail, "MALFORMED: stream ended inside a frame (2 of 5 body bytes)");
}

TEST(BinaryFramer, Encode) {
  auto f = make_binary_framer();
  EXPECT_EQ(f->encode(hex("02 00 00 00 11")), hex("00 00 00 05 02 00 00 00 11"));
  std::string body(300, 'z');
  EXPECT_EQ(f->encode(body), hex("00 00 01 2C") + body);
}

TEST(BinaryFramer, RandomSplitsRoundTrip) {
  Rng rng(4004);
  for (int round = 0; round < 100; ++round) {
    auto f = make_binary_framer();
    Msgs sent;
    std::string stream;
    for (uint64_t i = rng.below(60); i > 0; --i) {
      std::string body(1 + rng.below(rng.below(10) == 0 ? 5000 : 30), '\0');
      for (char& c : body) c = static_cast<char>(rng.below(256));
      stream += f->encode(body);
      sent.push_back(std::move(body));
    }
    const std::vector<std::string> got =
        testing::feed_in_random_pieces(*f, stream, rng, {1, 5, 700}, {.error_detail = true});
    EXPECT_EQ(f->finish().status, Frame::Status::need_more);
    ASSERT_EQ(got, sent) << "round " << round;
  }
}

}  // namespace
}  // namespace arena
