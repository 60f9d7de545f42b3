#include "games/dungeon/traps.h"

#include <gtest/gtest.h>

#include "games/dungeon/test_sha256.h"

namespace arena::dungeon {
namespace {

using testing::sha256_hex;

struct Golden {
  SatMode mode;
  int index;
  std::vector<int32_t> first9, last3;
  const char* sha;
};

TEST(Traps, SeedOneGoldenInstances) {
  const std::vector<Golden> cases = {
      {SatMode::planted,
       0,
       {-25, 62, -37, 54, 1, -97, -5, -96, -16},
       {-67, -96, -22},
       "9f680822aa001261de2d9efa59cad50fb6f59207ae182ef5193d8813eeda04c9"},
      {SatMode::planted,
       1,
       {-10, -4, -29, 98, 34, 6, -38, -19, 48},
       {-47, 1, -56},
       "e1277cea87eb72c98f4748c7d84398789f191a1af3e0a3ee28d101e25be1c6b1"},
      {SatMode::uniform,
       0,
       {-1, -12, -17, 36, 29, 13, 33, -93, -38},
       {-15, 1, -58},
       "5930d4e7c9f4cc03d12c6b95640c6a7713d169fa2432885728707311fca34507"},
      {SatMode::uniform,
       1,
       {-95, 50, 6, 88, 61, 76, 86, -83, -40},
       {19, -45, 33},
       "9433baf7b26f03b76fc0b4f58fe27724e9d7da39148d996abdef26ca0b1aded9"}};
  for (const Golden& g : cases) {
    Stream sat(1, kSatStream);
    Instance inst;
    for (int k = 0; k <= g.index; ++k) draw_instance(sat, g.mode, 100, 426, inst);
    ASSERT_EQ(inst.traps(), 426);
    EXPECT_EQ(std::vector<int32_t>(inst.lits.begin(), inst.lits.begin() + 9), g.first9);
    EXPECT_EQ(std::vector<int32_t>(inst.lits.end() - 3, inst.lits.end()), g.last3);
    EXPECT_EQ(sha256_hex(to_cnf(inst)), g.sha) << to_string(g.mode) << " " << g.index;
  }
}

TEST(Traps, HiddenBitsOfPlantedInstanceZero) {
  Stream sat(1, kSatStream);
  Instance inst;
  std::vector<uint8_t> hidden;
  draw_instance(sat, SatMode::planted, 100, 426, inst, &hidden);
  ASSERT_EQ(hidden.size(), 100u);
  std::vector<uint8_t> first(hidden.begin(), hidden.begin() + 16);
  EXPECT_EQ(first, (std::vector<uint8_t>{0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0}));
  EXPECT_EQ(count_active(inst, hidden), 0);
}

TEST(Traps, TrapsHaveThreeDistinctSwitchesInRange) {
  Stream sat(9, kSatStream);
  Instance inst;
  for (int k = 0; k < 20; ++k) {
    draw_instance(sat, k % 2 ? SatMode::uniform : SatMode::planted, 5, 60, inst);
    for (int t = 0; t < inst.traps(); ++t) {
      int a = std::abs(inst.lits[3 * t]), b = std::abs(inst.lits[3 * t + 1]),
          c = std::abs(inst.lits[3 * t + 2]);
      EXPECT_TRUE(a >= 1 && a <= 5 && b >= 1 && b <= 5 && c >= 1 && c <= 5);
      EXPECT_TRUE(a != b && a != c && b != c);
    }
  }
}

TEST(Traps, ActiveTrapsAreThoseWithAllLiteralsFalse) {
  Instance inst{3, {1, -2, 3, -1, 2, -3, 1, 2, 3}};
  EXPECT_EQ(count_active(inst, std::vector<uint8_t>{0, 1, 0}), 1);  // trap 0 active
  EXPECT_EQ(count_active(inst, std::vector<uint8_t>{1, 0, 1}), 1);  // trap 1 active
  EXPECT_EQ(count_active(inst, std::vector<uint8_t>{0, 0, 0}), 1);  // trap 2 active
  EXPECT_EQ(count_active(inst, std::vector<uint8_t>{1, 1, 1}), 0);
}

TEST(Traps, CnfRoundTripAndFormat) {
  Instance inst{3, {1, -2, 3, -1, 2, -3}};
  EXPECT_EQ(to_cnf(inst), "p cnf 3 2\n1 -2 3 0\n-1 2 -3 0\n");
  auto back = parse_cnf(to_cnf(inst));
  ASSERT_TRUE(std::holds_alternative<Instance>(back));
  EXPECT_EQ(std::get<Instance>(back).n, 3);
  EXPECT_EQ(std::get<Instance>(back).lits, inst.lits);
  auto with_comments = parse_cnf("c hello\np cnf 3 1\n  1  2 -3 0\r\n");
  ASSERT_TRUE(std::holds_alternative<Instance>(with_comments));
}

TEST(Traps, CnfErrorsArePrecise) {
  auto err = [](std::string_view text) {
    auto r = parse_cnf(text);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : std::string("ok");
  };
  EXPECT_EQ(err(""), "no problem line 'p cnf <n> <m>'");
  EXPECT_EQ(err("1 2 3 0\n"), "line 1: clause before the problem line");
  EXPECT_EQ(err("p cnf 3\n"), "line 1: problem line must be 'p cnf <n> <m>'");
  EXPECT_EQ(err("p cnf 2 0\n"), "line 1: switch count must be in 3..100000");
  EXPECT_EQ(err("p cnf 3 1\n1 2 x 0\n"), "line 2: 'x' is not an integer");
  EXPECT_EQ(err("p cnf 3 1\n1 2 0\n"), "line 2: a trap must be three literals followed by 0");
  EXPECT_EQ(err("p cnf 3 1\n1 2 4 0\n"), "line 2: literal 4 is not in 1..n or -n..-1");
  EXPECT_EQ(err("p cnf 3 1\n1 -1 2 0\n"), "line 2: a trap's three switches must be distinct");
  EXPECT_EQ(err("p cnf 3 2\n1 2 3 0\n"), "the problem line declares 2 traps, the file has 1");
  EXPECT_EQ(err("p cnf 3 1\n1 2 3 0\n1 2 3 0\n"),
            "line 3: more traps than the problem line declares");
}

TEST(Traps, ModeNames) {
  EXPECT_EQ(parse_sat_mode("planted"), SatMode::planted);
  EXPECT_EQ(parse_sat_mode("uniform"), SatMode::uniform);
  EXPECT_EQ(parse_sat_mode("Planted"), std::nullopt);
}

}  // namespace
}  // namespace arena::dungeon
