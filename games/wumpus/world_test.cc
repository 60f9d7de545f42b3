#include "games/wumpus/world.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>

namespace arena::wumpus {
namespace {

std::string map_error(std::string_view text) {
  auto r = parse_map_code(text);
  if (auto* e = std::get_if<std::string>(&r)) return *e;
  return "(parsed)";
}

Cave must_parse(std::string_view text) {
  auto r = parse_map_code(text);
  if (auto* e = std::get_if<std::string>(&r)) {
    ADD_FAILURE() << "unexpected error: " << *e;
    return Cave{};
  }
  return std::get<Cave>(r);
}

constexpr std::string_view kExample = "4\n4\n3\nW...\n._W.\n._._\n.$_.";

// ---- §3.5 test vectors --------------------------------------------------------------------------

TEST(WumpusWorld, ClassicSeed1) {
  EXPECT_EQ(to_map_code(generate(Mode::classic, {}, 1)), "4\n4\n1\n__.$\n.._.\n..W.\n..._");
}

TEST(WumpusWorld, ClassicSeed2) {
  EXPECT_EQ(to_map_code(generate(Mode::classic, {}, 2)), "4\n4\n1\n....\n_...\n__..\n.W$.");
}

TEST(WumpusWorld, ClassicSeed3) {
  EXPECT_EQ(to_map_code(generate(Mode::classic, {}, 3)), "4\n4\n1\n._W.\n_$..\n_...\n.___");
}

TEST(WumpusWorld, RandomSeed1) {
  Rng rng(1);
  const Params p = draw_params(Mode::random, {}, rng);
  EXPECT_EQ(p, (Params{7, 10, 7, 3, 3}));
  const Cave cave = generate(Mode::random, {}, 1);
  EXPECT_EQ(cave.params(), p);
  EXPECT_EQ(to_map_code(cave),
            "7\n10\n3\n.......\n....._.\n....._.\n....._.\n.......\nW......\n.....$.\n.......\n"
            "W_.....\n....W..");
}

TEST(WumpusWorld, RandomSeed2) {
  Rng rng(2);
  const Params p = draw_params(Mode::random, {}, rng);
  EXPECT_EQ(p, (Params{6, 4, 16, 2, 1}));
  const Cave cave = generate(Mode::random, {}, 2);
  EXPECT_EQ(cave.params(), p);
  EXPECT_EQ(to_map_code(cave), "6\n4\n1\n..$...\n...._.\n...W.W\n......");
}

TEST(WumpusWorld, ClassicDrawsNoParameters) {
  Rng a(7), b(7);
  EXPECT_EQ(draw_params(Mode::classic, {}, a), (Params{4, 4, 20, 1, 1}));
  EXPECT_EQ(a.state(), b.state());
}

TEST(WumpusWorld, AdvancedAllDrawnIsRandom) {
  for (uint64_t seed = 0; seed < 300; ++seed) {
    EXPECT_EQ(generate(Mode::advanced, {}, seed), generate(Mode::random, {}, seed)) << seed;
  }
  EXPECT_EQ(generate(Mode::advanced, {}, ~0ULL), generate(Mode::random, {}, ~0ULL));
}

TEST(WumpusWorld, AdvancedClassicValuesIsClassic) {
  const AdvancedInput in{4, 4, 20, 1, 1};
  for (uint64_t seed = 0; seed < 300; ++seed) {
    EXPECT_EQ(generate(Mode::advanced, in, seed), generate(Mode::classic, {}, seed)) << seed;
  }
}

TEST(WumpusWorld, AdvancedGivenValuesConsumeNothing) {
  // Width given: height is the first draw, so it equals random mode's width draw.
  Rng a(5), b(5);
  const Params adv = draw_params(Mode::advanced, {9, -1, 30, 2, 0}, a);
  const int first = 4 + static_cast<int>(b.below(7));
  EXPECT_EQ(adv, (Params{9, first, 30, 2, 0}));
  EXPECT_EQ(a.state(), b.state());
}

TEST(WumpusWorld, AdvancedClampsWumpusesAfterDrawing) {
  for (uint64_t seed = 0; seed < 50; ++seed) {
    Rng rng(seed);
    const Params p = draw_params(Mode::advanced, {1, -1, -1, 10, -1}, rng);
    EXPECT_EQ(p.width, 1);
    EXPECT_EQ(p.wumpuses, p.height - 1);
    const Cave cave = generate(Mode::advanced, {1, -1, -1, 10, -1}, seed);
    EXPECT_EQ(static_cast<int>(cave.wumpuses.size()), p.height - 1);
  }
  Rng rng(1);
  EXPECT_EQ(draw_params(Mode::advanced, {-1, -1, -1, 10, -1}, rng).wumpuses, 10);
}

TEST(WumpusWorld, CaveInvariants) {
  for (uint64_t seed = 1; seed <= 2000; ++seed) {
    const Cave c = generate(seed % 2 ? Mode::random : Mode::classic, {}, seed);
    ASSERT_GE(c.gold, 1);
    ASSERT_LT(c.gold, c.cells());
    EXPECT_FALSE(c.pits.test(c.gold));
    EXPECT_FALSE(c.pits.test(0));
    CellSet seen;
    for (int w : c.wumpuses) {
      EXPECT_GE(w, 1);
      EXPECT_LT(w, c.cells());
      EXPECT_FALSE(seen.test(w));
      seen.set(w);
    }
    for (int i = c.cells(); i < kMaxCells; ++i) EXPECT_FALSE(c.pits.test(i));
  }
}

TEST(WumpusWorld, RetryWhenEveryCellIsAPit) {
  // A 1x2 cave at 90 %: the single non-entrance cell is usually a pit, so the draw retries until
  // it is free, and the gold lands there.
  for (uint64_t seed = 0; seed < 100; ++seed) {
    Rng rng(seed);
    const Cave c = draw_cave(Params{1, 2, 90, 1, 0}, rng);
    EXPECT_EQ(c.gold, 1);
    EXPECT_FALSE(c.pits.test(1));
    EXPECT_EQ(c.wumpuses, std::vector<int>{1});
  }
}

TEST(WumpusWorld, ExportRoundTripsForGeneratedCaves) {
  for (uint64_t seed = 1; seed <= 3000; ++seed) {
    const Cave c = generate(seed % 3 ? Mode::random : Mode::classic, {}, seed);
    const std::string code = to_map_code(c);
    const Cave back = must_parse(code);
    EXPECT_EQ(to_map_code(back), code);
    EXPECT_EQ(back.pits, c.pits);
    EXPECT_EQ(back.gold, c.gold);
    auto sorted = c.wumpuses;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(back.wumpuses, sorted);  // custom maps list wumpuses bottom-up row-major
  }
}

TEST(WumpusWorld, Modes) {
  for (Mode m : {Mode::classic, Mode::random, Mode::advanced, Mode::custom}) {
    EXPECT_EQ(parse_mode(to_string(m)), m);
  }
  EXPECT_FALSE(parse_mode("Classic"));
  EXPECT_FALSE(parse_mode(""));
}

// ---- §4.1 example, §4.2 pit percent -------------------------------------------------------------

TEST(WumpusMapCode, SpecExample) {
  const Cave c = must_parse(kExample);
  EXPECT_EQ(c.width, 4);
  EXPECT_EQ(c.height, 4);
  EXPECT_EQ(c.arrows, 3);
  EXPECT_EQ(c.wumpuses, (std::vector<int>{c.index(2, 2), c.index(0, 3)}));
  CellSet pits;
  for (auto [x, y] : {std::pair{1, 2}, {1, 1}, {3, 1}, {2, 0}}) pits.set(c.index(x, y));
  EXPECT_EQ(c.pits, pits);
  EXPECT_EQ(c.gold, c.index(1, 0));
  EXPECT_EQ(c.pit_percent, 27);
  EXPECT_EQ(c.params(), (Params{4, 4, 27, 2, 3}));
  EXPECT_EQ(to_map_code(c), kExample);
}

TEST(WumpusMapCode, PitPercentCountsWumpusPits) {
  // 2 pit cells ('_' and 'w') out of q = 5: (400 + 5) / 10 = 40.
  const Cave c = must_parse("3\n2\n0\n_w$\n...");
  EXPECT_EQ(c.pit_percent, 40);
  EXPECT_TRUE(c.pits.test(c.index(1, 1)));
  EXPECT_EQ(c.wumpuses, std::vector<int>{c.index(1, 1)});
  // Round half up: 1 pit of q = 8 is 12.5 % -> 13.
  EXPECT_EQ(must_parse("3\n3\n0\n_..\n..$\n...").pit_percent, 13);
}

TEST(WumpusMapCode, WumpusOnGoldAndOnPit) {
  const Cave c = must_parse("2\n2\n1\nSw\n..");
  EXPECT_EQ(c.gold, c.index(0, 1));
  EXPECT_EQ(c.wumpuses, (std::vector<int>{c.index(0, 1), c.index(1, 1)}));
  EXPECT_TRUE(c.pits.test(c.index(1, 1)));
  EXPECT_EQ(to_map_code(c), "2\n2\n1\nSw\n..");
}

TEST(WumpusMapCode, Normalisation) {
  const Cave ref = must_parse(kExample);
  // \r\n endings, surrounding spaces and tabs, trailing empty lines, leading zeros.
  const Cave c = must_parse(" 04\r\n\t4 \r\n003\r\n  W...\t\r\n._W.\n._._ \n.$_.\r\n\n \n\t\r\n");
  EXPECT_EQ(c, ref);
}

TEST(WumpusMapCode, ExportForm) {
  const std::string code = to_map_code(must_parse(kExample));
  EXPECT_EQ(code.find(' '), std::string::npos);
  EXPECT_NE(code.back(), '\n');
}

// ---- §4.2 errors, one per row -------------------------------------------------------------------

TEST(WumpusMapCode, Error1HeaderLines) {
  EXPECT_EQ(map_error("4\n4"), "map: expected 3 header lines (width, height, arrows)");
  EXPECT_EQ(map_error(""), "map: expected 3 header lines (width, height, arrows)");
  EXPECT_EQ(map_error("4\n4\n\n\n"), "map: expected 3 header lines (width, height, arrows)");
}

TEST(WumpusMapCode, Error2Width) {
  const std::string e = "map: line 1: width must be an integer from 1 to 10";
  EXPECT_EQ(map_error("11\n4\n1\n"), e);
  EXPECT_EQ(map_error("0\n4\n1\n"), e);
  EXPECT_EQ(map_error("+4\n4\n1\n"), e);
  EXPECT_EQ(map_error("-1\n4\n1\n"), e);
  EXPECT_EQ(map_error("4 4\n4\n1\n"), e);
  EXPECT_EQ(map_error("99999999999999999999\n4\n1\n"), e);
  EXPECT_EQ(map_error("\n4\n1\n"), e);
}

TEST(WumpusMapCode, Error3Height) {
  const std::string e = "map: line 2: height must be an integer from 1 to 10";
  EXPECT_EQ(map_error("4\n11\n1\n"), e);
  EXPECT_EQ(map_error("4\nx\n1\n"), e);
}

TEST(WumpusMapCode, Error4Arrows) {
  const std::string e = "map: line 3: arrows must be an integer from 0 to 10";
  EXPECT_EQ(map_error("4\n4\n11\n"), e);
  EXPECT_EQ(map_error("4\n4\n1a\n"), e);
  EXPECT_EQ(map_error("4\n4\n\n....\n....\n....\n.$.."), e);
}

TEST(WumpusMapCode, Error5RowCount) {
  EXPECT_EQ(map_error("4\n4\n1\n....\n....\n.$.."),
            "map: expected 4 rows after the header, found 3");
  EXPECT_EQ(map_error("2\n1\n1\n.$\n..\n"), "map: expected 1 rows after the header, found 2");
  EXPECT_EQ(map_error("2\n2\n0"), "map: expected 2 rows after the header, found 0");
}

TEST(WumpusMapCode, Error6RowLength) {
  EXPECT_EQ(map_error("4\n4\n1\n....\n...\n....\n.$.."),
            "map: line 5: row has 3 characters, expected 4");
  // An empty line between rows is a row of length 0; the length check runs before characters.
  EXPECT_EQ(map_error("4\n4\n1\n.x..\n\n....\n.$.."),
            "map: line 5: row has 0 characters, expected 4");
}

TEST(WumpusMapCode, Error7InvalidCharacter) {
  EXPECT_EQ(map_error("4\n4\n1\n....\n..X.\n....\n.$.."),
            "map: line 5, column 3: invalid character 'X' (allowed: . W _ $ w S)");
  EXPECT_EQ(map_error("4\n4\n1\n....\n....\n. ..\n.$.."),
            "map: line 6, column 2: invalid character ' ' (allowed: . W _ $ w S)");
  EXPECT_EQ(map_error("2\n2\n1\n.\x01\n.$"),
            "map: line 4, column 2: invalid character '\\x01' (allowed: . W _ $ w S)");
  EXPECT_EQ(map_error("2\n2\n1\n.\xc3\n.$"),
            "map: line 4, column 2: invalid character '\\xc3' (allowed: . W _ $ w S)");
  EXPECT_EQ(map_error("2\n2\n1\n.\t.\n.$"), "map: line 4: row has 3 characters, expected 2");
}

TEST(WumpusMapCode, Error8Gold) {
  EXPECT_EQ(map_error("4\n4\n1\n....\n....\n....\n...."),
            "map: the map must contain exactly one gold ($ or S), found 0");
  EXPECT_EQ(map_error("4\n4\n1\n$...\n....\n..S.\n...."),
            "map: the map must contain exactly one gold ($ or S), found 2");
}

TEST(WumpusMapCode, Error9Entrance) {
  const std::string pre = "map: the entrance (first character of the last row) must be '.', ";
  EXPECT_EQ(map_error("4\n4\n1\n....\n....\n....\n_$.."), pre + "found '_'");
  EXPECT_EQ(map_error("4\n4\n1\n....\n....\n....\n$..."), pre + "found '$'");
  EXPECT_EQ(map_error("1\n1\n0\nS"), pre + "found 'S'");  // also rules out 1x1
}

TEST(WumpusMapCode, Error10Wumpuses) {
  EXPECT_EQ(map_error("4\n4\n1\nWWWW\nWWWW\nwwS.\n...."),
            "map: at most 10 wumpuses allowed, found 11");
  const Cave c = must_parse("4\n4\n1\nWWWW\nWWWW\nwS..\n....");
  EXPECT_EQ(c.wumpuses.size(), 10u);
}

// ---- §7.2 errors --------------------------------------------------------------------------------

TEST(WumpusAdvanced, Valid) {
  EXPECT_EQ(validate_advanced({}), std::nullopt);
  EXPECT_EQ(validate_advanced({4, 4, 20, 1, 1}), std::nullopt);
  EXPECT_EQ(validate_advanced({1, 2, 0, 1, 0}), std::nullopt);
  EXPECT_EQ(validate_advanced({10, 10, 90, 10, 10}), std::nullopt);
  EXPECT_EQ(validate_advanced({1, -1, -1, 10, -1}), std::nullopt);  // clamped, not rejected
}

TEST(WumpusAdvanced, WidthError) {
  EXPECT_EQ(validate_advanced({0, 4, 20, 1, 1}), "width must be -1 or an integer from 1 to 10");
  EXPECT_EQ(validate_advanced({11, 4, 20, 1, 1}), "width must be -1 or an integer from 1 to 10");
  EXPECT_EQ(validate_advanced({-2, 99, 99, 99, 99}), "width must be -1 or an integer from 1 to 10");
}

TEST(WumpusAdvanced, HeightError) {
  EXPECT_EQ(validate_advanced({4, 0, 20, 1, 1}), "height must be -1 or an integer from 1 to 10");
  EXPECT_EQ(validate_advanced({4, 11, 91, 1, 1}), "height must be -1 or an integer from 1 to 10");
}

TEST(WumpusAdvanced, PitPercentError) {
  EXPECT_EQ(validate_advanced({4, 4, 91, 1, 1}),
            "pit_percent must be -1 or an integer from 0 to 90");
  EXPECT_EQ(validate_advanced({4, 4, -5, 11, 1}),
            "pit_percent must be -1 or an integer from 0 to 90");
}

TEST(WumpusAdvanced, WumpusesError) {
  EXPECT_EQ(validate_advanced({4, 4, 20, 11, 1}), "wumpuses must be -1 or an integer from 0 to 10");
  EXPECT_EQ(validate_advanced({4, 4, 20, -3, 11}),
            "wumpuses must be -1 or an integer from 0 to 10");
}

TEST(WumpusAdvanced, ArrowsError) {
  EXPECT_EQ(validate_advanced({4, 4, 20, 1, 11}), "arrows must be -1 or an integer from 0 to 10");
  EXPECT_EQ(validate_advanced({1, 1, 20, 1, -2}), "arrows must be -1 or an integer from 0 to 10");
}

TEST(WumpusAdvanced, AreaError) {
  EXPECT_EQ(validate_advanced({1, 1, 20, 1, 1}), "width*height must be at least 2");
  EXPECT_EQ(validate_advanced({1, 1, -1, -1, -1}), "width*height must be at least 2");
}

TEST(WumpusAdvanced, TooManyWumpusesError) {
  EXPECT_EQ(validate_advanced({1, 2, 20, 2, 1}), "wumpuses must be at most width*height-1");
  EXPECT_EQ(validate_advanced({3, 3, -1, 9, -1}), "wumpuses must be at most width*height-1");
  EXPECT_EQ(validate_advanced({3, 3, -1, 8, -1}), std::nullopt);
  EXPECT_EQ(validate_advanced({1, -1, -1, 9, -1}), std::nullopt);
}

}  // namespace
}  // namespace arena::wumpus
