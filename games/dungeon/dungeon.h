// Dungeon Race spec §2: the dungeon of a seed. Points from the `dungeon` stream, corridors within
// 0.06, the four special nodes, acceptance with regeneration from the same stream, then the NPCs
// from the `npc` stream. The result is immutable for the whole match.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

namespace arena::dungeon {

inline constexpr int kNumNodes = 1000;
inline constexpr int kAgentsPerTeam = 6;
inline constexpr int kHeir = 0;
inline constexpr int kNpc = -1;
inline constexpr int kMaxRedraws = 1000;

struct Dungeon {
  uint64_t seed = 0;
  int redraws = 0;  // discarded point sets before the accepted one (§2.5)
  std::vector<double> x, y;
  std::vector<std::pair<int, int>> edges;  // u < v, sorted by (u, v)
  std::array<int, 2> start{}, shrine{};
  std::vector<int> npc_nodes;  // initial NPCs, ascending

  // Compressed adjacency: the neighbours of u are adj[adj_begin[u] .. adj_begin[u+1]), ascending.
  std::vector<int> adj_begin, adj;

  std::span<const int> neighbours(int u) const {
    return {adj.data() + adj_begin[u], adj.data() + adj_begin[u + 1]};
  }
  bool adjacent(int u, int v) const;
  // A node team `team` may never enter: the other team's start or shrine (§4.2).
  bool forbidden(int team, int node) const {
    return node == start[1 - team] || node == shrine[1 - team];
  }
};

// Thrown when 1000 point sets in a row are rejected (§2.5); never seen in practice.
struct GenerationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The whole of §2 for `seed`.
Dungeon generate_dungeon(uint64_t seed);

// Squared distance exactly as §2.3 computes it.
inline double dist2(const Dungeon& d, int i, int j) {
  double dx = d.x[i] - d.x[j];
  double dy = d.y[i] - d.y[j];
  return dx * dx + dy * dy;
}

// Fewest crossings from `from` to `to` for team `team` (its forbidden nodes removed), or -1.
int fewest_crossings(const Dungeon& d, int team, int from, int to);

}  // namespace arena::dungeon
