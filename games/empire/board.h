// Board geometry of Empire Builder (spec §2): coordinates, node types and their build costs, the
// two adjacency rules with their canonical neighbour order, and the step distance.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace arena::empire {

// A node (x y): x the column (west to east), y the row (south to north), (0 0) bottom-left.
struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};

// §2.2. The enumerators' order is the order of the spec's table.
enum class NodeType : uint8_t { plain, mountain, city, invalid };

// Cost to build into a node of this type: plain 1, mountain 2, city 5; 0 for invalid (cannot be
// built to at all: callers check the type first).
constexpr int build_cost(NodeType t) {
  constexpr std::array<int, 4> kCost = {1, 2, 5, 0};
  return kCost[static_cast<int>(t)];
}

// The seed's names: plain, mountain, city, invalid-node.
std::string_view type_name(NodeType t);

// §2.3. literal8 (default) allows all eight offsets, hex6 drops N and S.
enum class Adjacency : uint8_t { literal8, hex6 };

// "(x y)", the form of the map file, the protocol and the tools.
std::string to_string(Point p);

// "LITERAL8" / "HEX6", the symbols of the SETTINGS entry and the tools' output.
std::string_view to_string(Adjacency a);
// "literal8" / "hex6", case-insensitive; nullopt for anything else.
std::optional<Adjacency> parse_adjacency(std::string_view s);

struct Offset {
  int dx;
  int dy;
};

// The canonical neighbour order E, NE, NW, W, SW, SE, N, S: every place where order matters uses
// it. hex6 uses the first six.
inline constexpr std::array<Offset, 8> kOffsets = {
    {{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}, {0, 2}, {0, -2}}};

constexpr int neighbour_count(Adjacency a) {
  return a == Adjacency::literal8 ? 8 : 6;
}

// The index in kOffsets of the offset from `a` to `b`, or -1 when (b - a) is not an allowed
// offset under `adj`. Board bounds are not checked here.
constexpr int direction(Point a, Point b, Adjacency adj) {
  int dx = b.x - a.x, dy = b.y - a.y;
  for (int d = 0; d < neighbour_count(adj); ++d) {
    if (kOffsets[d].dx == dx && kOffsets[d].dy == dy) return d;
  }
  return -1;
}

// The direction opposite to `d` (E <-> W, NE <-> SW, NW <-> SE, N <-> S).
constexpr int opposite(int d) {
  constexpr std::array<int, 8> kOpp = {3, 4, 5, 0, 1, 2, 7, 6};
  return kOpp[d];
}

// Game::edge_owner keeps 4 edge slots per node: an edge in direction E, NE, NW or N is stored at
// the node it leaves (slot 0, 1, 2, 3), one in direction W, SW, SE or S at its other end, in the
// slot of the opposite direction. -1: stored at the other end.
inline constexpr std::array<int, 8> kEdgeSlot = {0, 1, 2, -1, -1, -1, 3, -1};

// The lattice of a node: 0 for x + y even, 1 for odd. Track never joins the two (§2.3).
constexpr int lattice(Point p) {
  return ((p.x + p.y) % 2 + 2) % 2;
}

// §2.4: least number of steps between two nodes of the same lattice on an empty board; it is
// also the A* heuristic (§7.2).
constexpr int step_distance(Point a, Point b, Adjacency adj) {
  int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  int half = (dx + dy) / 2;
  if (adj == Adjacency::literal8) return half;
  return dy > half ? dy : half;
}

// A rectangular board of width x height nodes, indexed row-major from (0 0).
struct Dims {
  int width = 0;
  int height = 0;
  bool on_board(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < width && p.y < height; }
  int index(Point p) const { return p.y * width + p.x; }
  Point point(int index) const { return {index % width, index / width}; }
  int size() const { return width * height; }
};

// Two nodes are adjacent when their difference is an allowed offset and both lie on the board.
inline bool adjacent(Point a, Point b, const Dims& dims, Adjacency adj) {
  return dims.on_board(a) && dims.on_board(b) && direction(a, b, adj) >= 0;
}

}  // namespace arena::empire
