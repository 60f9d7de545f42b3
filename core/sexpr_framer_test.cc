#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/framers.h"
#include "core/rng.h"
#include "core/sexpr.h"
#include "core/testing/framer_testing.h"

namespace arena {
namespace {

// Every message and error until need_more (this framer recovers, so errors do not repeat).
std::vector<std::string> drain(Framer& f) {
  return testing::drain(f, {.stop_at_error = false});
}

using Msgs = std::vector<std::string>;

TEST(SexprFramer, OneDatumPerLine) {
  auto f = make_sexpr_framer();
  f->feed("(register \"bot\")\n(12 10)\nnil\n");
  EXPECT_EQ(drain(*f), (Msgs{"(register \"bot\")", "(12 10)", "nil"}));
  EXPECT_FALSE(f->has_buffered());
}

TEST(SexprFramer, CarriageReturnBeforeLineFeedIsDropped) {
  auto f = make_sexpr_framer();
  f->feed("(sync)\r\n(status)\r\r\n");
  EXPECT_EQ(drain(*f), (Msgs{"(sync)", "(status)\r"}));  // only the last CR goes
}

TEST(SexprFramer, BlankAndCommentLinesAreSkipped) {
  auto f = make_sexpr_framer();
  f->feed("\n   \r\n\t\f\n; a comment\n  ;; another (\n(a) ; trailing comment\n");
  EXPECT_EQ(drain(*f), Msgs{"(a) ; trailing comment"});
}

TEST(SexprFramer, ByteByByte) {
  auto f = make_sexpr_framer();
  std::string input = "((move-to-point (3 4)) (acquire-good coal))\r\n\n; x\n(upgrade-train)\n";
  Msgs got;
  for (char c : input) {
    f->feed(std::string_view(&c, 1));
    for (auto& m : drain(*f)) got.push_back(m);
  }
  EXPECT_EQ(got, (Msgs{"((move-to-point (3 4)) (acquire-good coal))", "(upgrade-train)"}));
}

// §5.1/§5.10: an overlong line gets LINE-TOO-LONG and the stream goes on.
TEST(SexprFramer, OverlongLineIsReportedAndSkipped) {
  auto f = make_sexpr_framer();
  f->feed("(a)\n(" + std::string(65537, 'x'));  // 65,538 bytes: too long even before a CR
  EXPECT_EQ(drain(*f), (Msgs{"(a)", "ERR:too_long"}));
  f->feed(std::string(100000, 'y') + ")\n(b)\n");
  EXPECT_EQ(drain(*f), Msgs{"(b)"});
  std::string longest = "(" + std::string(65534, 'z') + ")";
  f->feed(longest + "\n" + longest + "\r\n");  // the CR does not count
  EXPECT_EQ(drain(*f), (Msgs{longest, longest}));
  f->feed(longest + " \r\n" + longest + "\r\r\n(c)\n");
  EXPECT_EQ(drain(*f), (Msgs{"ERR:too_long", "ERR:too_long", "(c)"}));
}

TEST(SexprFramer, OverlongIsReportedAtOnce) {
  auto f = make_sexpr_framer(8);
  f->feed("(abcdefg");
  EXPECT_EQ(f->next().status, Frame::Status::need_more);
  f->feed("\r");  // might still be the CR before LF
  EXPECT_EQ(f->next().status, Frame::Status::need_more);
  f->feed("x");
  Frame x = f->next();
  EXPECT_EQ(x.error, Verdict::too_long);
  EXPECT_EQ(x.detail, "line longer than 8 bytes (discarded)");
  f->feed("\n(a)\n");
  EXPECT_EQ(drain(*f), Msgs{"(a)"});
}

TEST(SexprFramer, GarbageLinesAreLeftToTheReader) {
  auto f = make_sexpr_framer();
  f->feed("(unbalanced\n\x01\x02\n");
  Msgs got = drain(*f);
  ASSERT_EQ(got, (Msgs{"(unbalanced", "\x01\x02"}));
  EXPECT_TRUE(std::holds_alternative<SexprError>(read_sexpr(got[0])));
  EXPECT_TRUE(std::holds_alternative<SexprError>(read_sexpr(got[1])));
}

TEST(SexprFramer, Finish) {
  auto f = make_sexpr_framer();
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);
  f = make_sexpr_framer();
  f->feed("(a)\n\n");
  EXPECT_EQ(f->finish().message, "(a)");
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);
  f = make_sexpr_framer();
  f->feed("(a)\n(b");  // a line cut by the end of the connection is not a message
  EXPECT_EQ(f->finish().message, "(a)");
  EXPECT_EQ(f->finish().error, Verdict::malformed);
}

TEST(SexprFramer, Encode) {
  auto f = make_sexpr_framer();
  EXPECT_EQ(f->encode("(CHOOSE-BUILD)"), "(CHOOSE-BUILD)\n");
  EXPECT_EQ(f->encode(to_string(Sexpr::make_list())), "NIL\n");
}

Sexpr random_sexpr(Rng& rng, int depth) {
  switch (rng.below(depth > 3 ? 3 : 4)) {
    case 0:
      return Sexpr::make_int(static_cast<int32_t>(static_cast<uint32_t>(rng.next())));
    case 1: {
      static const char* const kSymbols[] = {"MOVE-TO-POINT", "COAL", "BUILD-TURN", "A'B", "-"};
      return Sexpr::make_symbol(kSymbols[rng.below(5)]);
    }
    case 2:
      return Sexpr::make_string(rng.below(2) ? "bot-1" : "");
    default: {
      std::vector<Sexpr> items;
      for (uint64_t i = rng.below(5); i > 0; --i) items.push_back(random_sexpr(rng, depth + 1));
      return Sexpr::make_list(std::move(items));
    }
  }
}

TEST(SexprFramer, RandomSplitsRoundTrip) {
  Rng rng(1867);
  for (int round = 0; round < 100; ++round) {
    auto f = make_sexpr_framer();
    std::vector<Sexpr> sent;
    std::string stream;
    for (uint64_t i = rng.below(50); i > 0; --i) {
      sent.push_back(random_sexpr(rng, 0));
      if (rng.below(4) == 0) stream += rng.below(2) ? "\n" : "; chatter\r\n";
      std::string line = to_string(sent.back());
      if (rng.below(2)) line += '\r';
      stream += f->encode(line);
    }
    std::vector<Sexpr> got;
    for (const std::string& m :
         testing::feed_in_random_pieces(*f, stream, rng, {1, 5, 200}, {.stop_at_error = false})) {
      auto r = read_sexpr(m);
      ASSERT_TRUE(std::holds_alternative<Sexpr>(r)) << m;
      got.push_back(std::get<Sexpr>(r));
    }
    EXPECT_EQ(f->finish().status, Frame::Status::need_more);
    ASSERT_EQ(got, sent) << "round " << round;
  }
}

}  // namespace
}  // namespace arena
