#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/framers.h"
#include "core/rng.h"
#include "core/testing/framer_testing.h"

namespace arena {
namespace {

using testing::drain;

LineFramerOptions wumpus() {
  return {.max_line = 64};
}

TEST(LineFramer, OneLine) {
  auto f = make_line_framer();
  f->feed("go\n");
  EXPECT_EQ(drain(*f), std::vector<std::string>{"go"});
  EXPECT_FALSE(f->has_buffered());
}

TEST(LineFramer, KeepsCarriageReturnAndEmptyLines) {
  auto f = make_line_framer();
  f->feed("go\r\n\n  shot \t\n");
  EXPECT_EQ(drain(*f), (std::vector<std::string>{"go\r", "", "  shot \t"}));
}

TEST(LineFramer, ByteByByte) {
  auto f = make_line_framer(wumpus());
  std::string input = "rotateL\nrotateR\r\ngrab\n";
  std::vector<std::string> got;
  for (char c : input) {
    f->feed(std::string_view(&c, 1));
    for (auto& m : drain(*f)) got.push_back(m);
  }
  EXPECT_EQ(got, (std::vector<std::string>{"rotateL", "rotateR\r", "grab"}));
}

TEST(LineFramer, SeveralLinesInOneFeedLeaveTheRestBuffered) {
  auto f = make_line_framer(wumpus());
  f->feed("go\ngo\nsh");
  EXPECT_EQ(f->next().message, "go");
  EXPECT_TRUE(f->has_buffered());  // Wumpus §5.4: the extra-output check
  EXPECT_EQ(f->next().message, "go");
  EXPECT_TRUE(f->has_buffered());
  EXPECT_EQ(f->next().status, Frame::Status::need_more);
  f->feed("ot\n");
  EXPECT_EQ(f->next().message, "shot");
  EXPECT_FALSE(f->has_buffered());
}

TEST(LineFramer, SixtyFourBytesAreAccepted) {
  auto f = make_line_framer(wumpus());
  std::string line(64, 'a');
  f->feed(line + "\n");
  EXPECT_EQ(drain(*f), std::vector<std::string>{line});
}

// Wumpus §6: the game ends as soon as the 65th byte arrives, without waiting for a newline.
TEST(LineFramer, SixtyFifthByteIsTooLongAtOnce) {
  auto f = make_line_framer(wumpus());
  for (int i = 0; i < 64; ++i) {
    f->feed("x");
    ASSERT_EQ(f->next().status, Frame::Status::need_more);
  }
  f->feed("x");
  Frame x = f->next();
  ASSERT_TRUE(x.is_error());
  EXPECT_EQ(x.error, Verdict::too_long);
  EXPECT_NE(x.detail.find("64"), std::string::npos) << x.detail;
  // Fatal by default: more input changes nothing.
  f->feed("\ngo\n");
  EXPECT_EQ(f->next().error, Verdict::too_long);
  EXPECT_EQ(f->finish().error, Verdict::too_long);
}

TEST(LineFramer, LongCompleteLineIsTooLong) {
  auto f = make_line_framer(wumpus());
  f->feed("go\n" + std::string(65, 'y') + "\ngo\n");
  EXPECT_EQ(drain(*f), (std::vector<std::string>{"go", "ERR:too_long"}));
}

TEST(LineFramer, CarriageReturnCountsTowardsTheLimit) {
  auto f = make_line_framer(wumpus());
  f->feed(std::string(64, 'a') + "\r\n");
  EXPECT_EQ(drain(*f), std::vector<std::string>{"ERR:too_long"});
}

TEST(LineFramer, HugeFeedWithoutNewlineIsTooLong) {
  auto f = make_line_framer(wumpus());
  f->feed(std::string(10 << 20, 'z'));
  EXPECT_EQ(drain(*f), std::vector<std::string>{"ERR:too_long"});
}

TEST(LineFramer, RecoversAfterOverlongLine) {
  auto f = make_line_framer({.max_line = 8, .recover_after_overlong = true});
  f->feed("ok\n0123456789");
  EXPECT_EQ(drain(*f), (std::vector<std::string>{"ok", "ERR:too_long"}));
  EXPECT_EQ(f->next().status, Frame::Status::need_more);  // still inside the long line
  f->feed("abcdef");
  EXPECT_EQ(f->next().status, Frame::Status::need_more);
  EXPECT_FALSE(f->has_buffered());
  f->feed("ghi\nnext\n" + std::string(20, 'q') + "\nlast\n");
  EXPECT_EQ(drain(*f), (std::vector<std::string>{"next", "ERR:too_long"}));
  EXPECT_EQ(drain(*f), std::vector<std::string>{"last"});
}

TEST(LineFramer, GarbageBytesPassThroughForTheProtocolToJudge) {
  auto f = make_line_framer(wumpus());
  std::string garbage("\x00\xff\x7f\x01 \t", 6);
  f->feed(garbage + "\n");
  EXPECT_EQ(drain(*f), std::vector<std::string>{garbage});
}

TEST(LineFramer, FinishWithoutPartialLine) {
  auto f = make_line_framer();
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);
  f = make_line_framer();
  f->feed("a\n");
  EXPECT_EQ(f->finish().message, "a");  // complete lines come out first
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);
}

// Wumpus §6: a partial line without "\n" when stdout closes is not an answer.
TEST(LineFramer, FinishRejectsPartialLineByDefault) {
  auto f = make_line_framer(wumpus());
  f->feed("a\ngo");
  EXPECT_EQ(f->next().message, "a");
  Frame x = f->finish();
  ASSERT_TRUE(x.is_error());
  EXPECT_EQ(x.error, Verdict::malformed);
  EXPECT_NE(x.detail.find("2 bytes"), std::string::npos) << x.detail;
  EXPECT_FALSE(f->has_buffered());
}

// Dracula §6.2 step 4: a final line counts if the process exited by itself.
TEST(LineFramer, FinishMayCountPartialLine) {
  auto f = make_line_framer({.final_partial_line_counts = true});
  f->feed("{\"move\":\"CD\"}\n{\"move\":\"GE\"}");
  EXPECT_EQ(f->finish().message, "{\"move\":\"CD\"}");
  EXPECT_EQ(f->finish().message, "{\"move\":\"GE\"}");
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);
  EXPECT_FALSE(f->has_buffered());
}

TEST(LineFramer, FinishAfterOverlongPartialWithRecovery) {
  auto f = make_line_framer({.max_line = 4, .recover_after_overlong = true});
  f->feed("abcdefgh");
  EXPECT_EQ(f->next().error, Verdict::too_long);
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);  // the long line is gone already
}

TEST(LineFramer, Encode) {
  auto f = make_line_framer();
  EXPECT_EQ(f->encode("start 4 4 1 1 20 96"), "start 4 4 1 1 20 96\n");
  EXPECT_EQ(f->encode(""), "\n");
}

TEST(LineFramer, RandomSplitsRoundTrip) {
  Rng rng(20240601);
  for (int round = 0; round < 50; ++round) {
    auto f = make_line_framer({.max_line = 200});
    std::vector<std::string> sent;
    std::string stream;
    int n = static_cast<int>(rng.below(200));
    for (int i = 0; i < n; ++i) {
      std::string line(rng.below(201), '\0');
      for (char& c : line) {
        do c = static_cast<char>(rng.below(256));
        while (c == '\n');
      }
      stream += f->encode(line);
      sent.push_back(std::move(line));
    }
    const std::vector<std::string> got =
        testing::feed_in_random_pieces(*f, stream, rng, {1, 7, 300});
    EXPECT_EQ(f->finish().status, Frame::Status::need_more);
    ASSERT_EQ(got, sent) << "round " << round;
  }
}

}  // namespace
}  // namespace arena
