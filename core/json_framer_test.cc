#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "core/framers.h"
#include "core/rng.h"
#include "core/testing/framer_testing.h"

namespace arena {
namespace {

using testing::drain;

std::vector<std::string> frame_all(std::string_view input, size_t max = 64 * 1024) {
  auto f = make_json_framer(max);
  f->feed(input);
  return drain(*f);
}

using Msgs = std::vector<std::string>;

TEST(JsonFramer, ValuesBackToBack) {
  EXPECT_EQ(frame_all("[1,2]{\"a\":[]}\"s\"[]"), (Msgs{"[1,2]", "{\"a\":[]}", "\"s\"", "[]"}));
}

TEST(JsonFramer, WhitespaceIsNotPartOfTheMessage) {
  EXPECT_EQ(frame_all(" \n\t[ 1 , 2 ]\r\n  {}\n"), (Msgs{"[ 1 , 2 ]", "{}"}));
}

// §8.6: a bare number is complete only when a byte that cannot continue it follows.
TEST(JsonFramer, BareNumberNeedsADelimiter) {
  auto f = make_json_framer();
  f->feed("3");
  EXPECT_EQ(f->next().status, Frame::Status::need_more);
  EXPECT_TRUE(f->has_buffered());
  f->feed("7");
  EXPECT_EQ(f->next().status, Frame::Status::need_more);
  f->feed("\n");
  EXPECT_EQ(drain(*f), Msgs{"37"});
  EXPECT_FALSE(f->has_buffered());  // the trailing newline is not a message
  EXPECT_EQ(frame_all("-1.5e3[0]"), (Msgs{"-1.5e3", "[0]"}));
  EXPECT_EQ(frame_all("true false null\"x\""), (Msgs{"true", "false", "null", "\"x\""}));
}

TEST(JsonFramer, ByteByByte) {
  std::string input = "[0,[[1,3]],[[1,4]],[[1,2]],[]]\n{\"k\":\"a\\\"]}\\u00e9\"} 12 \"\\\\\" ";
  auto f = make_json_framer();
  Msgs got;
  for (char c : input) {
    f->feed(std::string_view(&c, 1));
    for (auto& m : drain(*f)) got.push_back(m);
  }
  EXPECT_EQ(got, (Msgs{"[0,[[1,3]],[[1,4]],[[1,2]],[]]", "{\"k\":\"a\\\"]}\\u00e9\"}", "12",
                       "\"\\\\\""}));
}

TEST(JsonFramer, BracketsInsideStringsDoNotCount) {
  EXPECT_EQ(frame_all("[\"]]]\", \"{\"] 5 "), (Msgs{"[\"]]]\", \"{\"]", "5"}));
}

TEST(JsonFramer, GarbageIsMalformedAtOnce) {
  EXPECT_EQ(frame_all("hello"), Msgs{"ERR:malformed"});  // 'h' cannot start a value
  EXPECT_EQ(frame_all("}"), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("[1]]"), (Msgs{"[1]", "ERR:malformed"}));
  EXPECT_EQ(frame_all("[1, x"), Msgs{"ERR:malformed"});  // no need to wait for the limit
  EXPECT_EQ(frame_all("[1}"), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("\"a\x01\""), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("\"\\q\""), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("\"\\u12G4\""), Msgs{"ERR:malformed"});
}

TEST(JsonFramer, IllFormedValuesAreJudgedByTheParser) {
  EXPECT_EQ(frame_all("[1,,2]"), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("{\"a\" 1}"), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("tru "), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("truex "), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("01 "), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("1.2.3 "), Msgs{"ERR:malformed"});
  EXPECT_EQ(frame_all("\"\xff\""), Msgs{"ERR:malformed"});  // not UTF-8
  auto f = make_json_framer();
  f->feed("[true, nul]");
  Frame x = f->next();
  ASSERT_TRUE(x.is_error());
  EXPECT_NE(x.detail.find("offset 0"), std::string::npos) << x.detail;
  EXPECT_NE(x.detail.find("parse error"), std::string::npos) << x.detail;
  // Fatal: the stream cannot be resynchronised.
  f->feed("[1] ");
  EXPECT_EQ(f->next().error, Verdict::malformed);
}

TEST(JsonFramer, ErrorNamesTheOffset) {
  auto f = make_json_framer();
  f->feed("[1] [2] {\"a\":?}");
  drain(*f);
  Frame x = f->next();
  EXPECT_NE(x.detail.find("'?'"), std::string::npos) << x.detail;
  EXPECT_NE(x.detail.find("offset 13"), std::string::npos) << x.detail;
}

TEST(JsonFramer, DeepNestingIsMalformedNotACrash) {
  EXPECT_EQ(frame_all(std::string(100000, '[')), Msgs{"ERR:malformed"});
  std::string ok = std::string(512, '[') + std::string(512, ']');
  EXPECT_EQ(frame_all(ok), Msgs{ok});
  std::string deep = std::string(513, '[') + std::string(513, ']');
  EXPECT_EQ(frame_all(deep), Msgs{"ERR:malformed"});
}

// §8.8: a reply that reaches 64 KiB without being complete.
TEST(JsonFramer, SizeLimit) {
  std::string exact(64 * 1024, 'a');
  exact.front() = exact.back() = '"';
  EXPECT_EQ(frame_all(exact), Msgs{exact});
  auto f = make_json_framer();
  std::string open(64 * 1024, 'a');
  open.front() = '"';
  f->feed(open);  // 64 KiB, still open
  EXPECT_EQ(drain(*f), Msgs{"ERR:too_long"});
  std::string spaces(100000, ' ');
  spaces.front() = '[';
  EXPECT_EQ(frame_all(spaces), Msgs{"ERR:too_long"});
  EXPECT_EQ(frame_all(std::string(100, '1'), 10), Msgs{"ERR:too_long"});
  EXPECT_EQ(frame_all(std::string(10, '1') + " ", 10), Msgs{std::string(10, '1')});
  // The limit is per value, not per stream.
  auto g = make_json_framer(16);
  for (int i = 0; i < 1000; ++i) g->feed("[1,2,3,4,5,6,7] ");
  EXPECT_EQ(drain(*g).size(), 1000u);
}

TEST(JsonFramer, Finish) {
  auto f = make_json_framer();
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);
  f = make_json_framer();
  f->feed("[1] \n ");
  EXPECT_EQ(f->finish().message, "[1]");
  EXPECT_EQ(f->finish().status, Frame::Status::need_more);
  f = make_json_framer();
  f->feed("[1] [2");
  EXPECT_EQ(f->next().message, "[1]");
  EXPECT_EQ(f->finish().error, Verdict::malformed);
  f = make_json_framer();
  f->feed("42");  // §8.6: the client must follow a reply with whitespace
  EXPECT_EQ(f->finish().error, Verdict::malformed);
}

TEST(JsonFramer, Encode) {
  auto f = make_json_framer();
  EXPECT_EQ(f->encode("3"), "3\n");
  EXPECT_EQ(f->encode("[0,[],[],[],[]]"), "[0,[],[],[],[]]\n");
}

// Random JSON text, compact or with spaces, from a fixed seed.
std::string random_value(Rng& rng, int depth) {
  switch (rng.below(depth > 3 ? 5 : 7)) {
    case 0:
      return std::to_string(static_cast<int64_t>(rng.next() >> rng.below(64)) *
                            (rng.below(2) ? 1 : -1));
    case 1:
      return std::vector<std::string>{"true", "false", "null", "1.5e-3", "-0.25"}[rng.below(5)];
    case 2: {
      std::string s;
      for (uint64_t i = rng.below(12); i > 0; --i) s.push_back(static_cast<char>(rng.below(128)));
      return nlohmann::json(s).dump();  // escapes quotes, backslashes, control bytes
    }
    case 3:
      return "\"\\u00e9\\n\\\"[{\"";
    case 4:
      return "\"\"";
    case 5: {
      std::string s = "[";
      for (uint64_t i = rng.below(5); i > 0; --i) {
        s += random_value(rng, depth + 1) + (i > 1 ? (rng.below(2) ? "," : " ,\n ") : "");
      }
      return s + "]";
    }
    default: {
      std::string s = "{";
      for (uint64_t i = rng.below(4); i > 0; --i) {
        s +=
            "\"k" + std::to_string(i) + "\" : " + random_value(rng, depth + 1) + (i > 1 ? "," : "");
      }
      return s + "}";
    }
  }
}

TEST(JsonFramer, RandomSplitsRoundTrip) {
  Rng rng(8086);
  for (int round = 0; round < 100; ++round) {
    auto f = make_json_framer();
    Msgs sent;
    std::string stream;
    for (uint64_t i = rng.below(60); i > 0; --i) {
      sent.push_back(random_value(rng, 0));
      ASSERT_TRUE(nlohmann::json::accept(sent.back())) << sent.back();
      stream += std::string(rng.below(3), ' ') + f->encode(sent.back());
    }
    const std::vector<std::string> got =
        testing::feed_in_random_pieces(*f, stream, rng, {1, 5, 200});
    EXPECT_EQ(f->finish().status, Frame::Status::need_more);
    ASSERT_EQ(got, sent) << "round " << round;
  }
}

}  // namespace
}  // namespace arena
