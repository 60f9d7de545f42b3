#include "games/empire/board.h"

#include <gtest/gtest.h>

#include <cmath>

namespace arena::empire {
namespace {

// §2.3: the seed's rule "between sqrt(2) and 2 units away" admits exactly the eight offsets, in the
// canonical order of the table.
TEST(Board, EightOffsetsAreExactlyTheSeedsDistanceRule) {
  int found = 0;
  for (int dx = -3; dx <= 3; ++dx) {
    for (int dy = -3; dy <= 3; ++dy) {
      double d = std::sqrt(dx * dx + dy * dy);
      bool in_range = d >= std::sqrt(2.0) - 1e-9 && d <= 2.0 + 1e-9;
      int dir = direction({0, 0}, {dx, dy}, Adjacency::literal8);
      EXPECT_EQ(in_range, dir >= 0) << dx << " " << dy;
      if (dir >= 0) {
        ++found;
        EXPECT_EQ(kOffsets[dir].dx, dx);
        EXPECT_EQ(kOffsets[dir].dy, dy);
        EXPECT_EQ((dx + dy) % 2, 0);  // parity kept
      }
    }
  }
  EXPECT_EQ(found, 8);
  const Offset order[] = {{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}, {0, 2}, {0, -2}};
  for (int d = 0; d < 8; ++d) {
    EXPECT_EQ(kOffsets[d].dx, order[d].dx);
    EXPECT_EQ(kOffsets[d].dy, order[d].dy);
    EXPECT_EQ(kOffsets[opposite(d)].dx, -order[d].dx);
    EXPECT_EQ(kOffsets[opposite(d)].dy, -order[d].dy);
  }
}

TEST(Board, Hex6DropsNorthAndSouth) {
  EXPECT_EQ(neighbour_count(Adjacency::hex6), 6);
  EXPECT_EQ(direction({5, 5}, {5, 7}, Adjacency::hex6), -1);
  EXPECT_EQ(direction({5, 5}, {5, 3}, Adjacency::hex6), -1);
  EXPECT_EQ(direction({5, 5}, {5, 7}, Adjacency::literal8), 6);
  EXPECT_EQ(direction({5, 5}, {5, 3}, Adjacency::literal8), 7);
  EXPECT_EQ(direction({5, 5}, {4, 4}, Adjacency::hex6), 4);
  EXPECT_EQ(direction({5, 5}, {5, 5}, Adjacency::literal8), -1);
  EXPECT_EQ(direction({5, 5}, {6, 5}, Adjacency::literal8), -1);
}

TEST(Board, AdjacencyNeedsBothEndsOnTheBoard) {
  Dims d{59, 21};
  EXPECT_TRUE(adjacent({0, 0}, {2, 0}, d, Adjacency::literal8));
  EXPECT_FALSE(adjacent({0, 0}, {-2, 0}, d, Adjacency::literal8));
  EXPECT_FALSE(adjacent({58, 20}, {59, 21}, d, Adjacency::literal8));
  EXPECT_TRUE(adjacent({58, 20}, {57, 19}, d, Adjacency::hex6));
  EXPECT_EQ(d.index({3, 2}), 2 * 59 + 3);
  EXPECT_EQ(d.point(2 * 59 + 3), (Point{3, 2}));
}

TEST(Board, CostsAndNames) {
  EXPECT_EQ(build_cost(NodeType::plain), 1);
  EXPECT_EQ(build_cost(NodeType::mountain), 2);
  EXPECT_EQ(build_cost(NodeType::city), 5);
  EXPECT_EQ(type_name(NodeType::invalid), "invalid-node");
  EXPECT_EQ(to_string(Adjacency::hex6), "HEX6");
  EXPECT_EQ(parse_adjacency("Literal8"), Adjacency::literal8);
  EXPECT_EQ(parse_adjacency("hex6"), Adjacency::hex6);
  EXPECT_FALSE(parse_adjacency("hex").has_value());
}

// §2.4, checked against a breadth-first search on an empty board.
TEST(Board, StepDistanceIsTheEmptyBoardDistance) {
  for (Adjacency adj : {Adjacency::literal8, Adjacency::hex6}) {
    Dims d{21, 21};
    Point from{10, 10};
    std::vector<int> dist(d.size(), -1);
    std::vector<int> queue = {d.index(from)};
    dist[queue[0]] = 0;
    for (size_t q = 0; q < queue.size(); ++q) {
      Point p = d.point(queue[q]);
      for (int k = 0; k < neighbour_count(adj); ++k) {
        Point n{p.x + kOffsets[k].dx, p.y + kOffsets[k].dy};
        if (!d.on_board(n) || dist[d.index(n)] >= 0) continue;
        dist[d.index(n)] = dist[queue[q]] + 1;
        queue.push_back(d.index(n));
      }
    }
    // Near the centre the board edge never matters for these distances.
    for (int x = 4; x <= 16; ++x) {
      for (int y = 4; y <= 16; ++y) {
        Point p{x, y};
        if (lattice(p) != lattice(from)) {
          EXPECT_EQ(dist[d.index(p)], -1);
          continue;
        }
        EXPECT_EQ(step_distance(from, p, adj), dist[d.index(p)]) << x << " " << y;
      }
    }
  }
  EXPECT_EQ(lattice({-1, 0}), 1);
}

}  // namespace
}  // namespace arena::empire
