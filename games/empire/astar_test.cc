#include "games/empire/astar.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "games/empire/astar_tool.h"
#include "games/empire/rules.h"

namespace arena::empire {
namespace {

Map builtin(const char* name) {
  MapLoad r = load_map_text(*builtin_map_text(name), name);
  EXPECT_TRUE(r.map.has_value()) << r.error;
  return *r.map;
}

std::vector<Point> parse_path(const std::string& text) {
  std::vector<Point> out;
  std::istringstream in(text);
  char open, close;
  Point p;
  while (in >> open >> p.x >> p.y >> close) out.push_back(p);
  return out;
}

struct Expected {
  Point from, to;
  int created, expanded, cost, length;
};

void check(const char* map_name, Adjacency adj, const std::vector<Expected>& rows) {
  Map m = builtin(map_name);
  AstarSearch search(m, adj);
  for (const Expected& e : rows) {
    // Twice: a reused search object gives the same answer.
    for (int pass = 0; pass < 2; ++pass) {
      AstarResult r = search.run(e.from, e.to);
      std::string what = std::string(map_name) + " " + std::string(to_string(adj)) + " " +
                         to_string(e.from) + " -> " + to_string(e.to);
      ASSERT_EQ(r.kind, AstarResult::Kind::path) << what;
      EXPECT_EQ(r.created, e.created) << what;
      EXPECT_EQ(r.expanded, e.expanded) << what;
      EXPECT_EQ(r.cost, e.cost) << what;
      EXPECT_EQ(static_cast<int>(r.path.size()) - 1, e.length) << what;
      // The path is a buildable chain whose cost is the sum of the built-to nodes.
      int cost = 0;
      for (size_t k = 1; k < r.path.size(); ++k) {
        EXPECT_TRUE(adjacent(r.path[k - 1], r.path[k], m.dims(), adj)) << what;
        cost += m.cost(r.path[k]);
      }
      EXPECT_EQ(cost, e.cost) << what;
    }
  }
}

// §7.6, every normative value.
TEST(Astar, SimpleGameLiteral8) {
  check("simple-game", Adjacency::literal8,
        {{{0, 0}, {58, 20}, 439, 197, 40, 39},
         {{1, 0}, {39, 6}, 118, 33, 23, 22},
         {{5, 19}, {55, 7}, 434, 151, 32, 31}});
}

TEST(Astar, SimpleGameHex6) {
  check("simple-game", Adjacency::hex6,
        {{{0, 0}, {58, 20}, 419, 228, 42, 39},
         {{1, 0}, {39, 6}, 77, 28, 23, 22},
         {{5, 19}, {55, 7}, 240, 104, 32, 31}});
}

TEST(Astar, SeedExampleLiteral8) {
  check("seed-example", Adjacency::literal8,
        {{{0, 0}, {58, 20}, 178, 43, 40, 39},
         {{1, 0}, {39, 6}, 106, 23, 23, 22},
         {{5, 19}, {55, 7}, 132, 31, 31, 31}});
}

TEST(Astar, SeedExampleHex6) {
  check("seed-example", Adjacency::hex6,
        {{{0, 0}, {58, 20}, 106, 44, 41, 39},
         {{1, 0}, {39, 6}, 74, 27, 24, 22},
         {{5, 19}, {55, 7}, 97, 31, 31, 31}});
}

TEST(Astar, SimpleGameLiteral8Paths) {
  Map m = builtin("simple-game");
  AstarSearch search(m);
  EXPECT_EQ(search.run({0, 0}, {58, 20}).path,
            parse_path("(0 0) (2 0) (4 0) (6 0) (6 2) (8 2) (10 2) (12 2) (13 3) (15 3) (15 5) "
                       "(17 5) (19 5) (21 5) (23 5) (25 5) (27 5) (29 5) (31 5) (33 5) (35 5) "
                       "(37 5) (39 5) (39 7) (39 9) (41 9) (42 10) (42 12) (42 14) (42 16) (43 17) "
                       "(45 17) (47 17) (48 18) (48 20) (50 20) (52 20) (54 20) (56 20) (58 20)"));
  EXPECT_EQ(search.run({1, 0}, {39, 6}).path,
            parse_path("(1 0) (3 0) (5 0) (6 1) (6 3) (6 5) (7 6) (9 6) (11 6) (13 6) (15 6) "
                       "(17 6) (19 6) (21 6) (23 6) (25 6) (27 6) (29 6) (31 6) (33 6) (35 6) "
                       "(37 6) (39 6)"));
  EXPECT_EQ(search.run({5, 19}, {55, 7}).path,
            parse_path("(5 19) (7 19) (9 19) (11 19) (13 19) (13 17) (14 16) (16 16) (18 16) "
                       "(20 16) (22 16) (24 16) (26 16) (28 16) (30 16) (32 16) (32 14) (34 14) "
                       "(36 14) (37 13) (39 13) (41 13) (42 12) (42 10) (44 10) (46 10) (48 10) "
                       "(50 10) (52 10) (54 10) (55 9) (55 7)"));
}

TEST(Astar, ErrorCases) {
  Map m = builtin("simple-game");
  AstarSearch search(m);
  AstarResult r = search.run({0, 0}, {1, 0});
  EXPECT_EQ(r.result_text(), "NO-PATH PARITY");
  EXPECT_EQ(r.created, 0);
  EXPECT_EQ(r.expanded, 0);
  EXPECT_EQ(search.run({0, 10}, {5, 5}).result_text(), "INVALID-ENDPOINT (0 10) INVALID-NODE");
  EXPECT_EQ(search.run({59, 0}, {3, 3}).result_text(), "INVALID-ENDPOINT (59 0) OUT-OF-BOUNDS");
  // The start is checked before the goal; bounds before the node type; both before parity.
  EXPECT_EQ(search.run({0, 10}, {-1, 0}).result_text(), "INVALID-ENDPOINT (0 10) INVALID-NODE");
  EXPECT_EQ(search.run({1, 0}, {0, -1}).result_text(), "INVALID-ENDPOINT (0 -1) OUT-OF-BOUNDS");
  r = search.run({3, 3}, {3, 3});
  EXPECT_EQ(r.result_text(), "PATH");
  EXPECT_EQ(r.created, 1);
  EXPECT_EQ(r.expanded, 0);
  EXPECT_EQ(r.cost, 0);
  EXPECT_EQ(r.path, (std::vector<Point>{{3, 3}}));
  r = search.run({20, 20}, {22, 18});
  EXPECT_EQ(r.created, 34);
  EXPECT_EQ(r.expanded, 17);
  EXPECT_EQ(r.cost, 6);
  EXPECT_EQ(r.path, parse_path("(20 20) (22 20) (22 18)"));
}

// A closed ring of invalid nodes around (6 4) on the even lattice: nothing inside reaches out.
TEST(Astar, UnreachableInsideARing) {
  // An invalid entry (x y) marks (x y) (x-2 y) (x+1 y) (x-1 y-1) (x-3 y-1): these five entries
  // cover the eight neighbours of (6 4) and never (6 4) itself.
  MapLoad r = load_map_text(
      "(13 9) () ((10 4) (8 6) (4 4) (5 3) (6 2)) ((A () (0 8))) ((A X 1) (A X 2) (A X 3))",
      "ring");
  ASSERT_TRUE(r.map.has_value()) << r.error;
  const Map& m = *r.map;
  ASSERT_NE(m.type({6, 4}), NodeType::invalid);
  for (Adjacency adj : {Adjacency::literal8, Adjacency::hex6}) {
    AstarSearch search(m, adj);
    AstarResult u = search.run({6, 4}, {12, 8});
    EXPECT_EQ(u.result_text(), "NO-PATH UNREACHABLE") << m.render();
    for (int k = 0; k < 8; ++k) {
      EXPECT_EQ(m.type({6 + kOffsets[k].dx, 4 + kOffsets[k].dy}), NodeType::invalid) << k;
    }
    EXPECT_EQ(u.created, 1);  // the start, expanded, then the open list ran dry
    EXPECT_EQ(u.expanded, 1);
    EXPECT_TRUE(u.path.empty());
  }
}

// Within-city edges are never steps: the two nodes of CHICAGO are adjacent (NW) but the search
// must leave the city and come back.
TEST(Astar, NoStepsWithinACity) {
  Map m = builtin("simple-game");
  AstarSearch search(m);
  AstarResult r = search.run({38, 14}, {37, 15});
  ASSERT_EQ(r.kind, AstarResult::Kind::path);
  EXPECT_GE(r.path.size(), 3u);
  EXPECT_GT(r.cost, 5);
}

// §8.3's build search: many sources at g = 0, any of several goals, other players' edges blocked.
TEST(AstarMany, CostIsTheBestOverSourcesAndGoals) {
  Map m = builtin("simple-game");
  for (Adjacency adj : {Adjacency::literal8, Adjacency::hex6}) {
    AstarSearch search(m, adj);
    const auto& chicago = m.cities()[m.city_index("CHICAGO")].nodes;
    const auto& denver = m.cities()[m.city_index("DENVER")].nodes;
    const auto& la = m.cities()[m.city_index("LOS-ANGELES")].nodes;
    const auto& ny = m.cities()[m.city_index("NEW-YORK")].nodes;
    std::vector<Point> sources = chicago;
    sources.insert(sources.end(), denver.begin(), denver.end());
    std::vector<Point> goals = la;
    goals.insert(goals.end(), ny.begin(), ny.end());
    int best = INT32_MAX;
    for (Point s : sources) {
      for (Point g : goals) best = std::min(best, search.run(s, g).cost);
    }
    AstarResult r = search.run_many(sources, goals);
    ASSERT_EQ(r.kind, AstarResult::Kind::path);
    EXPECT_EQ(r.cost, best);
    EXPECT_NE(std::find(sources.begin(), sources.end(), r.path.front()), sources.end());
    EXPECT_NE(std::find(goals.begin(), goals.end(), r.path.back()), goals.end());
    // One source and one goal is exactly the normative search.
    AstarResult one = search.run_many({{0, 0}}, {{58, 20}});
    AstarResult ref = search.run({0, 0}, {58, 20});
    EXPECT_EQ(one.created, ref.created);
    EXPECT_EQ(one.expanded, ref.expanded);
    EXPECT_EQ(one.path, ref.path);
  }
}

TEST(AstarMany, OtherPlayersEdgesAreBlocked) {
  MapLoad loaded =
      load_map_text("(7 3) () () ((A () (0 0)) (B () (6 0))) ((A X 1) (A X 2) (A X 3))", "b");
  ASSERT_TRUE(loaded.map.has_value()) << loaded.error;
  const Map& m = *loaded.map;
  Game g(m, Settings{}, 2);
  for (int p = 0; p < 2; ++p) {
    g.begin_turn();
    g.choose_start({0, 0});
    g.end_turn();
  }
  g.begin_turn();
  ASSERT_EQ(g.build({{true, {0, 0}, {2, 0}}}).costs, std::vector<int>{1});
  AstarSearch search(m);
  AstarResult mine = search.run_many({{0, 0}}, {{6, 0}}, &g, 0);
  EXPECT_EQ(mine.cost, 7);
  EXPECT_EQ(mine.path, parse_path("(0 0) (2 0) (4 0) (6 0)"));
  AstarResult theirs = search.run_many({{0, 0}}, {{6, 0}}, &g, 1);
  EXPECT_EQ(theirs.cost, 8);
  ASSERT_GE(theirs.path.size(), 2u);
  EXPECT_NE(theirs.path[1], (Point{2, 0}));
  // Blocked edges, not nodes: (2 0) is still reachable another way.
  EXPECT_EQ(search.run_many({{0, 0}}, {{2, 0}}, &g, 1).path, parse_path("(0 0) (1 1) (2 0)"));
}

TEST(AstarMany, EndpointChecksAndParity) {
  Map m = builtin("simple-game");
  AstarSearch search(m);
  EXPECT_EQ(search.run_many({{1, 0}, {3, 0}}, {{2, 2}}).result_text(), "NO-PATH PARITY");
  EXPECT_EQ(search.run_many({{1, 0}, {0, 10}}, {{2, 2}}).result_text(),
            "INVALID-ENDPOINT (0 10) INVALID-NODE");
  EXPECT_EQ(search.run_many({{1, 0}}, {{2, 2}, {1, 99}}).result_text(),
            "INVALID-ENDPOINT (1 99) OUT-OF-BOUNDS");
  // A source of the other lattice is harmless.
  AstarResult r = search.run_many({{1, 0}, {2, 0}}, {{2, 2}});
  ASSERT_EQ(r.kind, AstarResult::Kind::path);
  EXPECT_EQ(r.path.front(), (Point{2, 0}));
  EXPECT_EQ(r.cost, 1);
}

std::string run_tool(const std::vector<std::string>& args, int expected_status,
                     std::string* err_out = nullptr) {
  std::ostringstream out, err;
  EXPECT_EQ(run_astar_tool(args, out, err), expected_status) << err.str();
  if (err_out) *err_out = err.str();
  // CPU time is the one non-normative value.
  return std::regex_replace(out.str(), std::regex("cpu-time: [0-9]+\\.[0-9]{3} ms"),
                            "cpu-time: T ms");
}

TEST(AstarTool, DefaultRunsTheSeedsThreePairs) {
  std::string out = run_tool({}, 0);
  EXPECT_EQ(out.substr(0, out.find("path:")),
            "search: (0 0) -> (58 20)  adjacency: LITERAL8\n"
            "result: PATH\n"
            "nodes-created: 439\n"
            "nodes-expanded: 197\n"
            "cpu-time: T ms\n"
            "path-cost: 40\n"
            "path-length: 39\n");
  EXPECT_NE(out.find("\n\nsearch: (1 0) -> (39 6)  adjacency: LITERAL8\n"), std::string::npos);
  EXPECT_NE(out.find("\n\nsearch: (5 19) -> (55 7)  adjacency: LITERAL8\n"), std::string::npos);
  std::string hex = run_tool({"simple-game", "adjacency=hex6"}, 0);
  EXPECT_EQ(hex.rfind("search: (0 0) -> (58 20)  adjacency: HEX6\nresult: PATH\nnodes-created: "
                      "419\n",
                      0),
            0u)
      << hex;
}

TEST(AstarTool, FailuresAndDrawing) {
  EXPECT_EQ(run_tool({"0", "0", "1", "0", "0", "10", "5", "5", "59", "0", "3", "3"}, 0),
            "search: (0 0) -> (1 0)  adjacency: LITERAL8\n"
            "result: NO-PATH PARITY\n"
            "nodes-created: 0\n"
            "nodes-expanded: 0\n"
            "cpu-time: T ms\n"
            "\n"
            "search: (0 10) -> (5 5)  adjacency: LITERAL8\n"
            "result: INVALID-ENDPOINT (0 10) INVALID-NODE\n"
            "\n"
            "search: (59 0) -> (3 3)  adjacency: LITERAL8\n"
            "result: INVALID-ENDPOINT (59 0) OUT-OF-BOUNDS\n");
  std::string drawn = run_tool({"simple-game", "20", "20", "22", "18", "draw=1"}, 0);
  EXPECT_NE(drawn.find("path: (20 20) (22 20) (22 18)\n20 ~~..^^........^^^^..*.*"),
            std::string::npos)
      << drawn;
  EXPECT_NE(drawn.find("\n18 ~~..^^........^^^^....*.^^"), std::string::npos) << drawn;
}

TEST(AstarTool, UsageAndMapErrors) {
  std::string err;
  run_tool({"1", "2", "3"}, 64, &err);
  EXPECT_NE(err.find("coordinates come in fours"), std::string::npos);
  run_tool({"adjacency=hex8"}, 64, &err);
  EXPECT_NE(err.find("adjacency must be literal8 or hex6"), std::string::npos);
  run_tool({"speed=3"}, 64, &err);
  EXPECT_NE(err.find("unknown setting 'speed'"), std::string::npos);
  run_tool({"simple-game", "1", "x", "3", "4"}, 64, &err);
  EXPECT_NE(err.find("expected an integer coordinate, not 'x'"), std::string::npos);
  EXPECT_EQ(run_tool({"/no/such/map"}, 2, &err), "");
  EXPECT_EQ(err, "/no/such/map:0:0: error: cannot open file\n");
  // Warnings go to standard error and the searches still run.
  std::string out = run_tool({"seed-example", "3", "15", "47", "17"}, 0, &err);
  EXPECT_NE(err.find("seed-example:13:121: warning: city C6 cannot be reached"), std::string::npos);
  EXPECT_NE(out.find("result: PATH"), std::string::npos);
}

}  // namespace
}  // namespace arena::empire
