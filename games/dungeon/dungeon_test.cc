#include "games/dungeon/dungeon.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "games/dungeon/test_sha256.h"
#include "games/dungeon/viewer_files.h"

namespace arena::dungeon {
namespace {

using testing::sha256_hex;

TEST(Dungeon, SeedOneGolden) {
  Dungeon d = generate_dungeon(1);
  EXPECT_EQ(d.redraws, 0);
  EXPECT_EQ(d.start[0], 636);
  EXPECT_EQ(d.shrine[0], 145);
  EXPECT_EQ(d.start[1], 690);
  EXPECT_EQ(d.shrine[1], 904);
  EXPECT_EQ(d.edges.size(), 5319u);
  EXPECT_EQ(d.npc_nodes.size(), 82u);
  EXPECT_TRUE(std::binary_search(d.npc_nodes.begin(), d.npc_nodes.end(), 145));
  std::vector<int> first(d.npc_nodes.begin(), d.npc_nodes.begin() + 10);
  EXPECT_EQ(first, (std::vector<int>{5, 17, 18, 32, 38, 48, 56, 60, 76, 83}));
  EXPECT_EQ(d.x[636], 0.4644003067723673);
  EXPECT_EQ(d.y[636], 0.9947163522042662);
  EXPECT_EQ(d.x[145], 0.4806096414958406);
  EXPECT_EQ(d.y[145], 0.012698650454193494);
  EXPECT_EQ(d.x[690], 0.014694697328667128);
  EXPECT_EQ(d.y[690], 0.47790528112894903);
  EXPECT_EQ(d.x[904], 0.9830392245199547);
  EXPECT_EQ(d.y[904], 0.5317995813083228);
  EXPECT_EQ(d.x[0], 0.5143922048323476);
}

TEST(Dungeon, SeedFortyTwoGolden) {
  Dungeon d = generate_dungeon(42);
  EXPECT_EQ(d.redraws, 0);
  EXPECT_EQ(d.start, (std::array<int, 2>{635, 426}));
  EXPECT_EQ(d.shrine, (std::array<int, 2>{678, 952}));
  EXPECT_EQ(d.edges.size(), 5412u);
  EXPECT_EQ(d.npc_nodes.size(), 60u);
}

TEST(Dungeon, SeedFortySevenNeedsOneRedraw) {
  Dungeon d = generate_dungeon(47);
  EXPECT_EQ(d.redraws, 1);
  EXPECT_EQ(d.start, (std::array<int, 2>{75, 125}));
  EXPECT_EQ(d.shrine, (std::array<int, 2>{231, 372}));
  EXPECT_EQ(d.edges.size(), 5348u);
  EXPECT_EQ(d.npc_nodes.size(), 68u);
}

TEST(Dungeon, ViewerFileDigests) {
  struct Case {
    uint64_t seed;
    const char* graph;
    const char* npc;
  };
  for (const Case& c : {Case{1, "b4d604b40120f039c6e840b6534bd6d20971f770589bdb559283a222e3313857",
                             "93f8a0989556f34ad91cfe24083b20c2a9c1412e940cc73c1bec384490492531"},
                        Case{42, "1401d73c32a3b90c9477e6fd4edba63980bd18cfdbfcba6bba220433ea080a21",
                             "db5e20dfbad116106871beed681bf8ff1d2d7d9ee43770ffd94e3a1594a80616"},
                        Case{47, "8518f49c495e0338baa508a79ffae63ea75e8ef706c55708be30bbabc497ba5f",
                             "f9d2324882ff13bf5dec3c77b3736b59a091aeb589b87512329a65d98c49b58c"}}) {
    Dungeon d = generate_dungeon(c.seed);
    EXPECT_EQ(sha256_hex(graph_file_text(d)), c.graph) << c.seed;
    EXPECT_EQ(sha256_hex(npc_file_text(d)), c.npc) << c.seed;
  }
}

TEST(Dungeon, GraphFileLines) {
  Dungeon d = generate_dungeon(1);
  std::string g = graph_file_text(d);
  EXPECT_EQ(g.substr(0, 5), "1000\n");
  EXPECT_EQ(g.substr(5, g.find('\n', 5) - 5), "0.5143922048323476 0.52200128920014666");
  EXPECT_EQ(g.back(), '\n');
  EXPECT_EQ(npc_file_text(d).substr(0, 5), "82\n5\n");
}

TEST(Dungeon, CoordinatesAreWrittenAsPrintfG17) {
  Dungeon d = generate_dungeon(1);
  for (double v : {9.8765432101234567e-05, 0.0001, 0.5, 1e-300, 0.99999999999999989}) {
    d.x[0] = v;
    std::string g = graph_file_text(d);
    char want[64];
    std::snprintf(want, sizeof want, "%.17g", v);
    EXPECT_EQ(g.substr(5, g.find(' ', 5) - 5), want);
    EXPECT_EQ(std::strtod(want, nullptr), v);
  }
  d.x[0] = 9.8765432101234567e-05;
  EXPECT_EQ(graph_file_text(d).substr(5, 4), "9.87");
  EXPECT_NE(graph_file_text(d).find("e-05 "), std::string::npos);
}

TEST(Dungeon, AdjacencyIsSortedSymmetricAndMatchesEdges) {
  Dungeon d = generate_dungeon(1);
  size_t total = 0;
  for (int u = 0; u < kNumNodes; ++u) {
    auto n = d.neighbours(u);
    EXPECT_TRUE(std::is_sorted(n.begin(), n.end()));
    total += n.size();
    for (int v : n) {
      EXPECT_NE(u, v);
      EXPECT_TRUE(d.adjacent(v, u));
    }
  }
  EXPECT_EQ(total, 2 * d.edges.size());
  EXPECT_TRUE(std::is_sorted(d.edges.begin(), d.edges.end()));
  EXPECT_FALSE(d.adjacent(0, 0));
  EXPECT_FALSE(d.adjacent(-1, 0));
  EXPECT_FALSE(d.adjacent(0, 1000));
}

// §14.3 test 2: the properties and the sanity bounds of §2.7 over seeds 1..300.
TEST(Dungeon, PropertiesOverThreeHundredSeeds) {
  int redrawn = 0, shrine_npc = 0;
  long long near_npcs = 0, classes[3] = {0, 0, 0}, hits[3] = {0, 0, 0};
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Dungeon d = generate_dungeon(seed);
    ASSERT_LE(d.redraws, 2) << seed;
    redrawn += d.redraws > 0;
    ASSERT_GE(d.edges.size(), 5000u) << seed;
    ASSERT_LE(d.edges.size(), 5800u) << seed;
    double degree = 2.0 * d.edges.size() / kNumNodes;
    ASSERT_GE(degree, 10.0);
    ASSERT_LE(degree, 11.6);
    ASSERT_GE(d.npc_nodes.size(), 30u) << seed;
    ASSERT_LE(d.npc_nodes.size(), 100u) << seed;
    for (int t = 0; t < 2; ++t) {
      int c = fewest_crossings(d, t, d.start[t], d.shrine[t]);
      ASSERT_GE(c, 17) << seed;
      ASSERT_LE(c, 28) << seed;
      ASSERT_FALSE(std::binary_search(d.npc_nodes.begin(), d.npc_nodes.end(), d.start[t]));
    }
    bool on_shrine = false;
    int near = 0;
    for (int i = 0; i < kNumNodes; ++i) {
      if (i == d.start[0] || i == d.start[1]) continue;
      double d2 = std::min(dist2(d, i, d.shrine[0]), dist2(d, i, d.shrine[1]));
      int cls = d2 <= 0.1 * 0.1 ? 2 : d2 <= 0.2 * 0.2 ? 1 : 0;
      bool has = std::binary_search(d.npc_nodes.begin(), d.npc_nodes.end(), i);
      ++classes[cls];
      hits[cls] += has;
      if (has && cls > 0) ++near;
      if (has && (i == d.shrine[0] || i == d.shrine[1])) on_shrine = true;
    }
    ASSERT_GE(near, 3) << seed;
    ASSERT_LE(near, 40) << seed;
    near_npcs += near;
    shrine_npc += on_shrine;
  }
  EXPECT_LE(redrawn, 10);
  EXPECT_GE(shrine_npc, 90);   // 30% of 300
  EXPECT_LE(shrine_npc, 165);  // 55% of 300
  const double p[3] = {0.05, 0.10, 0.25};
  for (int c = 0; c < 3; ++c) {
    double rate = static_cast<double>(hits[c]) / classes[c];
    double se = std::sqrt(p[c] * (1 - p[c]) / classes[c]);
    EXPECT_NEAR(rate, p[c], 3 * se) << "class " << c;
  }
}

}  // namespace
}  // namespace arena::dungeon
