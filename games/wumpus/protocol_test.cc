#include "games/wumpus/protocol.h"

#include <gtest/gtest.h>

#include <string>

#include "core/rng.h"

namespace arena::wumpus {
namespace {

TEST(WumpusProtocol, StartLine) {
  EXPECT_EQ(start_line(Params{4, 4, 27, 2, 3}), "start 4 4 3 2 27 96");
  EXPECT_EQ(start_line(Params{}), "start 4 4 1 1 20 96");
  EXPECT_EQ(start_line(Params{10, 10, 5, 3, 1}), "start 10 10 1 3 5 600");
}

TEST(WumpusProtocol, PerceptLineFixedOrder) {
  EXPECT_EQ(percept_line({}), "none");
  EXPECT_EQ(percept_line({.breeze = true}), "breeze");
  EXPECT_EQ(percept_line({.stench = true, .glitter = true}), "stench glitter");
  EXPECT_EQ(percept_line({.breeze = true, .scream = true}), "breeze scream");
  EXPECT_EQ(percept_line({true, true, true, true, true}), "breeze stench glitter scream bump");
  EXPECT_EQ(percept_line({.bump = true}), "bump");
}

TEST(WumpusProtocol, EndLine) {
  EXPECT_EQ(end_line(969), "end 969");
  EXPECT_EQ(end_line(-1001), "end -1001");
  EXPECT_EQ(end_line(0), "end 0");
}

TEST(WumpusProtocol, ParseAnswerAcceptsTheSixWords) {
  for (Action a : kAllActions) {
    const std::string w(to_string(a));
    EXPECT_EQ(parse_answer(w), a);
    EXPECT_EQ(parse_answer(w + "\r"), a);
    EXPECT_EQ(parse_answer("  \t" + w + " \t "), a);
    EXPECT_EQ(parse_answer("\t" + w + "\t\r"), a);
  }
}

TEST(WumpusProtocol, ParseAnswerRejects) {
  for (std::string_view bad : {"Go", "GO", "rotatel", "Exit", "", " ", "\r", "go go", "go\tgo", "1",
                               "go\r\r", "\rgo", "go\rx", "left", "shoot", "go;", "go\n", "\ngo"}) {
    EXPECT_FALSE(parse_answer(bad)) << escape_answer(bad);
  }
  EXPECT_FALSE(parse_answer(std::string_view("go\0", 3)));
  EXPECT_FALSE(parse_answer("g\x7f"));
  EXPECT_FALSE(parse_answer("go\xc2\xa0"));  // a UTF-8 no-break space is not a space
}

TEST(WumpusProtocol, ParseAnswerLengthLimit) {
  // 62 spaces + "go" is 64 bytes: accepted; one more byte is too long, even a "\r".
  const std::string line = std::string(62, ' ') + "go";
  EXPECT_EQ(line.size(), 64u);
  EXPECT_EQ(parse_answer(line), Action::go);
  EXPECT_FALSE(parse_answer(line + "\r"));
  EXPECT_FALSE(parse_answer(" " + line));
  EXPECT_EQ(parse_answer(std::string(63, ' ') + "\r"), std::nullopt);
}

TEST(WumpusProtocol, EscapeAnswer) {
  EXPECT_EQ(escape_answer("go"), "go");
  EXPECT_EQ(escape_answer("Go"), "Go");
  EXPECT_EQ(escape_answer("go\r"), "go\\x0d");
  EXPECT_EQ(escape_answer("a\tb"), "a\\x09b");
  EXPECT_EQ(escape_answer("\xff\x01"), "\\xff\\x01");
  EXPECT_EQ(escape_answer(std::string_view("\0", 1)), "\\x00");
  EXPECT_EQ(escape_answer("a\\b"), "a\\\\b");
  const std::string long_line(100, 'x');
  EXPECT_EQ(escape_answer(long_line), std::string(64, 'x'));
  EXPECT_EQ(escape_answer(std::string(63, 'x') + "\x01\x02"), std::string(63, 'x') + "\\x01");
}

TEST(WumpusProtocol, ParseStartLine) {
  const auto info = parse_start_line("start 4 4 3 2 27 96");
  ASSERT_TRUE(info);
  EXPECT_EQ(info->params, (Params{4, 4, 27, 2, 3}));
  EXPECT_EQ(info->turn_limit, 96);
  const auto crlf = parse_start_line("start 7 10 3 3 7 420\r");
  ASSERT_TRUE(crlf);
  EXPECT_EQ(crlf->params, (Params{7, 10, 7, 3, 3}));
  for (std::string_view bad :
       {"", "start", "start 4 4 3 2 27", "start 4 4 3 2 27 96 1", "begin 4 4 3 2 27 96",
        "start 4 4 3 2 27 -96", "start 0 4 1 1 20 0", "start 11 4 1 1 20 264", "start 1 1 1 0 20 6",
        "start 4 4 x 1 20 96", "start 4 4 1 11 20 96", "start 4 4 11 1 20 96",
        "start 4 4 1 1 101 96", "start 4 4 1 1 20 99999999999999999999", "start 4 4 1 1 2O 96"}) {
    EXPECT_FALSE(parse_start_line(bad)) << bad;
  }
}

TEST(WumpusProtocol, ParsePerceptLine) {
  int unknown = -1;
  EXPECT_EQ(parse_percept_line("none", &unknown), Percept{});
  EXPECT_EQ(unknown, 0);
  EXPECT_EQ(parse_percept_line("breeze stench glitter scream bump"),
            (Percept{true, true, true, true, true}));
  EXPECT_EQ(parse_percept_line("bump  breeze\r", &unknown),
            (Percept{.breeze = true, .bump = true}));
  EXPECT_EQ(unknown, 0);
  EXPECT_EQ(parse_percept_line("breeze smell wind", &unknown), Percept{.breeze = true});
  EXPECT_EQ(unknown, 2);
  EXPECT_EQ(parse_percept_line("", &unknown), Percept{});
  EXPECT_EQ(unknown, 0);
}

TEST(WumpusProtocol, PerceptLineRoundTrip) {
  for (int bits = 0; bits < 32; ++bits) {
    const Percept p{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0,
                    (bits & 16) != 0};
    int unknown = -1;
    EXPECT_EQ(parse_percept_line(percept_line(p), &unknown), p);
    EXPECT_EQ(unknown, 0);
  }
}

TEST(WumpusProtocol, FuzzNeverCrashes) {
  Rng rng(7);
  const std::string alphabet = "gortaLRehxsbcpinm \t\r\n\\\x01\xff";
  for (int i = 0; i < 20000; ++i) {
    std::string line(rng.below(70), ' ');
    for (char& c : line) c = alphabet[rng.below(alphabet.size())];
    const auto a = parse_answer(line);
    if (a) {
      // Whatever is accepted is exactly one word after the allowed trimming.
      std::string_view w = line;
      if (!w.empty() && w.back() == '\r') w.remove_suffix(1);
      EXPECT_NE(w.find(to_string(*a)), std::string_view::npos);
    }
    const std::string e = escape_answer(line);
    for (unsigned char c : e) EXPECT_TRUE(c >= 0x20 && c < 0x7f);
    parse_percept_line(line);
    parse_start_line(line);
  }
}

}  // namespace
}  // namespace arena::wumpus
