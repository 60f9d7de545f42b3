#include "games/empire/map.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "games/empire/map_checks.h"

namespace arena::empire {
namespace {

// Spec §3.7's reference rendering, character for character.
constexpr std::string_view kSimpleGameRendering =
    R"(20 ~~..^^........^^^^.................~~~~~~~~................
19 ~~.C^^........^^^^...............C~~~~~~~.~~~~~~.^^....^^..
18 ~~..^^........^^^^....C.^^.........~~~~~~~~~~~...^^^...^^..
17 ~~..^^........^^^^......^^.....C..~~~~~~..........^^.......
16 ~~C.....C.........................~~~~~....~~~~~~.....C....
15 ~~.......~~~~~...................~~~~C...C~~~~~............
14 ~~..^^..~~~~...^^^^.........C.........C.....C^^^....C......
13 ~~..^^.......C.^^^^.........................^^^^...C.......
12 ~~..............^^^^..........C...C.........^^^............
11 ~~.........^^...^^^^.C.........^^^.........^^^...C.........
10 ~~C..^^....^^^..^^^^...........^^^.........^^^.............
 9 ~~...^^.....^^..^^^^.......C.......C......^^^..C...........
 8 ~~~...C.........^^^^....................C.^^^..............
 7 ~~~~...C........^^^^.....................^^^...............
 6 ~~~~....^^..C.....C.........C............^^^...............
 5 ~~~....^^^.................................C.......~~~~~~~~
 4 ~~.....^^.^^....^^^^..............C.~~~~~........~~~~~~~~~~
 3 .......^^.^^....^^^^.........C.~~~~~~~~~~~......~~~~~~~~~~~
 2 .......^^.....~~~~~~..~~~~~~~~~~~~~~~~~~~~~.....~~~~~~~~~~~
 1 .......^^...~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~.C.~~~~~~~~~~~~
 0 .......^^..~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~...~~~~~~~~~~~~
   01234567890123456789012345678901234567890123456789012345678
)";

Map load_ok(std::string_view name, Adjacency adj = Adjacency::literal8,
            std::vector<std::string>* warnings = nullptr) {
  auto text = builtin_map_text(name);
  EXPECT_TRUE(text.has_value()) << name;
  MapLoad r = load_map_text(text.value_or(""), name, adj);
  EXPECT_TRUE(r.map.has_value()) << r.error;
  if (warnings) *warnings = r.warnings;
  return r.map ? *r.map : Map{};
}

std::string load_error(std::string_view text) {
  MapLoad r = load_map_text(text, "m");
  EXPECT_FALSE(r.map.has_value()) << text;
  return r.error;
}

// The compiled-in copies are the files of games/empire/maps/, byte for byte.
TEST(Map, BuiltinMapsAreTheShippedFiles) {
  for (const char* name : {"simple-game", "seed-example"}) {
    std::ifstream in(std::string(ARENA_TEST_SOURCE_DIR) + "/games/empire/maps/" + name,
                     std::ios::binary);
    ASSERT_TRUE(in.good()) << name;
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), *builtin_map_text(name)) << name;
  }
  EXPECT_FALSE(builtin_map_text("no-such-map").has_value());
  // §9.1 lookup: a path first, else the shipped copy by name.
  std::string path = std::string(ARENA_TEST_SOURCE_DIR) + "/games/empire/maps/seed-example";
  MapLoad by_path = load_map(path);
  ASSERT_TRUE(by_path.map.has_value()) << by_path.error;
  EXPECT_EQ(by_path.warnings.size(), 2u);
  EXPECT_EQ(by_path.warnings[0].rfind(path + ":13:135: warning:", 0), 0u) << by_path.warnings[0];
  EXPECT_TRUE(load_map("simple-game").map.has_value());
}

TEST(Map, SimpleGameCounts) {
  std::vector<std::string> warnings;
  for (Adjacency adj : {Adjacency::literal8, Adjacency::hex6}) {
    Map m = load_ok("simple-game", adj, &warnings);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
    EXPECT_EQ(m.width(), 59);
    EXPECT_EQ(m.height(), 21);
    EXPECT_EQ(m.cities().size(), 30u);
    EXPECT_EQ(m.goods().size(), 20u);
    EXPECT_EQ(m.demands().size(), 60u);
    EXPECT_EQ(m.count(NodeType::plain), 780);
    EXPECT_EQ(m.count(NodeType::mountain), 147);
    EXPECT_EQ(m.count(NodeType::city), 33);
    EXPECT_EQ(m.count(NodeType::invalid), 279);
    int nodes = 0, multi = 0;
    for (const City& c : m.cities()) {
      nodes += static_cast<int>(c.nodes.size());
      multi += c.nodes.size() > 1;
      for (Point p : c.nodes) EXPECT_EQ(lattice(p), 0) << c.name;
    }
    EXPECT_EQ(nodes, 33);
    EXPECT_EQ(multi, 3);
    EXPECT_EQ(m.cities()[3].name, "LOS-ANGELES");
    EXPECT_EQ(m.cities()[3].nodes.size(), 2u);
    EXPECT_EQ(m.city_at({38, 14}), "CHICAGO");
    EXPECT_EQ(m.city_at({39, 14}), std::nullopt);
    EXPECT_EQ(m.type({5, 19}), NodeType::mountain);
    EXPECT_EQ(m.cost({5, 19}), 2);
    EXPECT_EQ(m.cost({21, 11}), 5);
    EXPECT_EQ(m.type({0, 10}), NodeType::invalid);
    EXPECT_EQ(m.type({59, 0}), NodeType::invalid);  // off the board
    for (Point p :
         {Point{0, 0}, Point{58, 20}, Point{1, 0}, Point{39, 6}, Point{5, 19}, Point{55, 7}}) {
      EXPECT_NE(m.type(p), NodeType::invalid);
    }
    const Demand& d = m.demands().back();
    EXPECT_EQ(m.cities()[d.city].name, "BOSTON");
    EXPECT_EQ(m.goods()[d.good], "COPPER");
    EXPECT_EQ(d.amount, 50);
    // Every city reaches every other by track.
    for (const City& from : m.cities()) {
      auto seen = reachable_nodes(m, from.nodes, adj);
      for (const City& to : m.cities()) {
        EXPECT_TRUE(seen[m.dims().index(to.nodes[0])]) << from.name << " " << to.name;
      }
    }
  }
}

TEST(Map, SimpleGameRenderingIsTheSpecs) {
  Map m = load_ok("simple-game");
  EXPECT_EQ(m.render(), kSimpleGameRendering);
}

TEST(Map, RenderingFilterAndOverlay) {
  Map m = load_ok("simple-game");
  RenderOptions o;
  o.lattice = 0;
  o.path = {{0, 0}, {2, 0}};
  std::string r = m.render(o);
  std::string last_row = r.substr(r.rfind(" 0 "), 3 + 59);
  EXPECT_EQ(last_row.substr(0, 10), " 0 * * . .");
  std::string top = r.substr(0, 3 + 59);
  EXPECT_EQ(top.substr(0, 8), "20 ~ . ^");  // (0 20) even shown, (1 20) odd hidden
}

TEST(Map, SeedExampleCountsAndWarnings) {
  std::vector<std::string> warnings;
  for (Adjacency adj : {Adjacency::literal8, Adjacency::hex6}) {
    Map m = load_ok("seed-example", adj, &warnings);
    EXPECT_EQ(m.cities().size(), 10u);
    EXPECT_EQ(m.demands().size(), 16u);
    EXPECT_EQ(m.count(NodeType::plain), 1139);
    EXPECT_EQ(m.count(NodeType::mountain), 90);
    EXPECT_EQ(m.count(NodeType::city), 10);
    EXPECT_EQ(m.count(NodeType::invalid), 0);
    EXPECT_EQ(m.type({3, 15}), NodeType::city);  // over a mountain cell
    EXPECT_GE(m.good_id("NIKEL"), 0);
    EXPECT_NE(m.good_id("NIKEL"), m.good_id("NICKEL"));
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_EQ(warnings[0],
              "seed-example:13:135: warning: city C6 node (8 1) is on the odd lattice, most city "
              "nodes are on the even lattice");
    EXPECT_EQ(warnings[1],
              "seed-example:13:121: warning: city C6 cannot be reached by track from "
              "C1 (adjacency " +
                  std::string(to_string(adj)) + ")");
  }
}

TEST(Map, DemandWarnings) {
  MapLoad r = load_map_text(
      "(5 5) () () ((A (X) (0 0)) (B (Y) (2 0) (4 4)))\n((A X 1) (B Z 2) (A Y 3))", "w");
  ASSERT_TRUE(r.map.has_value()) << r.error;
  ASSERT_EQ(r.warnings.size(), 3u);
  EXPECT_EQ(r.warnings[0],
            "w:1:28: warning: city B has nodes that are not connected through mutual adjacency");
  EXPECT_EQ(r.warnings[1],
            "w:2:10: warning: no city produces Z, so the demand of B can never be delivered");
  EXPECT_EQ(r.warnings[2], "w:2:2: warning: city A demands X, which it produces itself");
}

const char* kCities = "((A (X) (0 0)) (B () (2 2)))";
const char* kDemands = "((A X 1) (B X 2) (A X 3))";

std::string with(const std::string& mountains, const std::string& invalid,
                 const std::string& cities = kCities, const std::string& demands = kDemands) {
  return "(10 10)\n" + mountains + "\n" + invalid + "\n" + cities + "\n" + demands + "\n";
}

// §3.6: every error case, at the position of the offending datum.
TEST(Map, Errors) {
  EXPECT_EQ(load_map_file("/no/such/dir/simple").error,
            "/no/such/dir/simple:0:0: error: cannot open file");
  EXPECT_EQ(load_map("no-such-map").error, "no-such-map:0:0: error: cannot open file");
  EXPECT_EQ(load_error("(1 2)\n  (3))"), "m:2:6: error: unexpected ')' with no open '('");
  EXPECT_EQ(load_error("(1 2)\n(3"),
            "m:2:3: error: end of input with 1 unclosed list(s); the innermost '(' opened at 2:1");
  EXPECT_EQ(load_error("(1 \"ab)"), "m:1:8: error: end of input inside the string opened at 1:4");
  EXPECT_EQ(load_error(with("()", "((1 \"x\"))")),
            "m:3:5: error: strings are not allowed in a map file");
  EXPECT_EQ(load_error(with("()", "()") + "\n()"), "m:7:1: error: expected 4 or 5 parts, found 6");
  EXPECT_EQ(load_error("(10 10) () ()\n"), "m:2:1: error: expected 4 or 5 parts, found 3");
  EXPECT_EQ(load_error("(0 10) () () " + std::string(kCities) + kDemands),
            "m:1:1: error: dimensions must be (W H) with 1 <= W,H <= 1000");
  EXPECT_EQ(load_error("(10 1001) () () " + std::string(kCities) + kDemands),
            "m:1:1: error: dimensions must be (W H) with 1 <= W,H <= 1000");
  EXPECT_EQ(load_error("(10 a) () () " + std::string(kCities) + kDemands),
            "m:1:1: error: dimensions must be (W H) with 1 <= W,H <= 1000");
  EXPECT_EQ(load_error(with("((1 2) (3))", "()")), "m:2:8: error: expected a point (x y)");
  EXPECT_EQ(load_error(with("((1 2) (3 x))", "()")), "m:2:8: error: expected a point (x y)");
  EXPECT_EQ(load_error(with("foo", "()")),
            "m:2:1: error: expected a list of mountain entries (x y)");
  EXPECT_EQ(load_error(with("((1 2) (10 3))", "()")),
            "m:2:8: error: mountain entry (10 3) is outside the 10x10 board");
  EXPECT_EQ(load_error(with("()", "((5 5) (3 -1))")),
            "m:3:8: error: invalid entry (3 -1) is outside the 10x10 board");
  EXPECT_EQ(load_error(with("()", "()", "((A (X)))")),
            "m:4:2: error: city must be (NAME (GOODS...) (x y) ...)");
  EXPECT_EQ(load_error(with("()", "()", "((A X (0 0)))")),
            "m:4:2: error: city must be (NAME (GOODS...) (x y) ...)");
  EXPECT_EQ(load_error(with("()", "()", "((A (X 1) (0 0)))")),
            "m:4:2: error: city must be (NAME (GOODS...) (x y) ...)");
  EXPECT_EQ(load_error(with("()", "()", "((1 (X) (0 0)))")),
            "m:4:2: error: city must be (NAME (GOODS...) (x y) ...)");
  EXPECT_EQ(load_error(with("()", "()", "(A)")),
            "m:4:2: error: city must be (NAME (GOODS...) (x y) ...)");
  EXPECT_EQ(load_error(with("()", "()", "((A (X) (0 0) 7))")),
            "m:4:15: error: expected a point (x y)");
  EXPECT_EQ(load_error(with("()", "()", "((A (X) (0 0) (10 0)))")),
            "m:4:15: error: city A node (10 0) is outside the 10x10 board");
  EXPECT_EQ(load_error(with("()", "((4 4))", "((A (X) (0 0) (2 4)))")),
            "m:4:15: error: city A node (2 4) is an invalid node");
  EXPECT_EQ(load_error(with("()", "()", "((A (X) (0 0)) (B () (1 1) (0 0)))")),
            "m:4:28: error: city B node (0 0) also belongs to city A");
  EXPECT_EQ(load_error(with("()", "()", "((A (X) (0 0) (0 0)))")),
            "m:4:15: error: city A lists node (0 0) twice");
  EXPECT_EQ(load_error(with("()", "()", "((A (X) (0 0)) (a () (2 2)))")),
            "m:4:16: error: duplicate city A");
  EXPECT_EQ(load_error(with("()", "()", "foo")), "m:4:1: error: expected a list of cities");
  EXPECT_EQ(load_error(with("()", "()", "()")), "m:4:1: error: a map needs at least 1 city");
  EXPECT_EQ(load_error(with("()", "()", kCities, "((A X 1) (B X) (A X 3))")),
            "m:5:10: error: demand must be (CITY GOOD AMOUNT)");
  EXPECT_EQ(load_error(with("()", "()", kCities, "((A X 1) (B X 2) (A 5 3))")),
            "m:5:18: error: demand must be (CITY GOOD AMOUNT)");
  EXPECT_EQ(load_error(with("()", "()", kCities, "((A X 1) (GOTHAM X 2) (A X 3))")),
            "m:5:11: error: demand names unknown city GOTHAM");
  EXPECT_EQ(load_error(with("()", "()", kCities, "((A X 1) (B X 0) (A X 3))")),
            "m:5:15: error: demand amount must be a positive integer, found 0");
  EXPECT_EQ(load_error(with("()", "()", kCities, "((A X 1) (B X 2))")),
            "m:5:1: error: a map needs at least 3 demands");
  EXPECT_EQ(load_error(with("()", "()", kCities, "7")), "m:5:1: error: expected a list of demands");
}

// §3.3 and §3.5: the expansions, overlapping and clipped at the edges, and the precedence.
TEST(Map, ExpansionAndPrecedence) {
  MapLoad r = load_map_text(
      "(6 4) ((0 0) (3 1)) ((2 2)) ((A () (3 1) (4 2)) (B () (5 3))) ((A X 1) (A X 2) (B X 3))",
      "p");
  ASSERT_TRUE(r.map.has_value()) << r.error;
  const Map& m = *r.map;
  // y = 3 .. 0, x = 0 .. 5
  EXPECT_EQ(m.render(),
            " 3 .....C\n"
            " 2 ~.~~C.\n"
            " 1 ^~^C..\n"
            " 0 ^.....\n"
            "   012345\n");
}

TEST(Map, FourPartFileHasNoInvalidList) {
  MapLoad r = load_map_text("(3 3) ((1 1)) ((A () (2 2))) ((A X 1) (A Y 1) (A Z 1))", "f");
  ASSERT_TRUE(r.map.has_value()) << r.error;
  EXPECT_EQ(r.map->count(NodeType::invalid), 0);
  EXPECT_EQ(r.map->count(NodeType::mountain), 4);
}

}  // namespace
}  // namespace arena::empire
