#include "games/dungeon/dungeon.h"

#include <algorithm>
#include <string>

#include "games/dungeon/streams.h"

namespace arena::dungeon {
namespace {

// The double product, not the literal 0.0036 (§2.3); the library is built with -ffp-contract=off.
const double kR2 = 0.06 * 0.06;

void build_edges(Dungeon& d) {
  d.edges.clear();
  for (int i = 0; i < kNumNodes; ++i) {
    for (int j = i + 1; j < kNumNodes; ++j) {
      if (dist2(d, i, j) <= kR2) d.edges.emplace_back(i, j);
    }
  }
  d.adj_begin.assign(kNumNodes + 1, 0);
  for (auto [u, v] : d.edges) {
    ++d.adj_begin[u + 1];
    ++d.adj_begin[v + 1];
  }
  for (int i = 0; i < kNumNodes; ++i) d.adj_begin[i + 1] += d.adj_begin[i];
  d.adj.assign(d.edges.size() * 2, 0);
  std::vector<int> fill(d.adj_begin.begin(), d.adj_begin.end() - 1);
  // Edges come sorted by (u, v), so every list fills in ascending order: a node's smaller
  // neighbours arrive first (as v of earlier u), then its larger ones (as v of its own edges).
  for (auto [u, v] : d.edges) d.adj[fill[v]++] = u;
  for (auto [u, v] : d.edges) d.adj[fill[u]++] = v;
}

// §2.4, ties to the smaller id. False when a band is empty.
bool pick_special(Dungeon& d) {
  int top = -1, bottom = -1, left = -1, right = -1;
  for (int i = 0; i < kNumNodes; ++i) {
    if (d.x[i] >= 0.45 && d.x[i] <= 0.55) {
      if (top < 0 || d.y[i] > d.y[top]) top = i;
      if (bottom < 0 || d.y[i] < d.y[bottom]) bottom = i;
    }
    if (d.y[i] >= 0.45 && d.y[i] <= 0.55) {
      if (left < 0 || d.x[i] < d.x[left]) left = i;
      if (right < 0 || d.x[i] > d.x[right]) right = i;
    }
  }
  if (top < 0 || left < 0) return false;
  d.start = {top, left};
  d.shrine = {bottom, right};
  return true;
}

// BFS distances from `from`, never entering `blocked_a`/`blocked_b` (pass -1 for none).
void bfs(const Dungeon& d, int from, int blocked_a, int blocked_b, std::vector<int>& dist) {
  dist.assign(kNumNodes, -1);
  std::vector<int> queue;
  queue.reserve(kNumNodes);
  dist[from] = 0;
  queue.push_back(from);
  for (size_t head = 0; head < queue.size(); ++head) {
    int u = queue[head];
    for (int v : d.neighbours(u)) {
      if (dist[v] >= 0 || v == blocked_a || v == blocked_b) continue;
      dist[v] = dist[u] + 1;
      queue.push_back(v);
    }
  }
}

// §2.5 conditions 2-4 (condition 1 is pick_special).
bool acceptable(const Dungeon& d) {
  std::array<int, 4> s{d.start[0], d.shrine[0], d.start[1], d.shrine[1]};
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) {
      if (s[i] == s[j]) return false;
    }
  }
  std::vector<int> dist;
  bfs(d, s[0], -1, -1, dist);
  for (int v : s) {
    if (dist[v] < 0) return false;
  }
  for (int t = 0; t < 2; ++t) {
    if (fewest_crossings(d, t, d.start[t], d.shrine[t]) < 0) return false;
  }
  return true;
}

void place_npcs(Dungeon& d) {
  Stream npc(d.seed, kNpcStream);
  const double near = 0.1 * 0.1, mid = 0.2 * 0.2;
  d.npc_nodes.clear();
  for (int i = 0; i < kNumNodes; ++i) {
    double u = npc.unit();  // drawn for every node, the start nodes included
    if (i == d.start[0] || i == d.start[1]) continue;
    double d2 = std::min(dist2(d, i, d.shrine[0]), dist2(d, i, d.shrine[1]));
    double p = d2 <= near ? 0.25 : d2 <= mid ? 0.10 : 0.05;
    if (u < p) d.npc_nodes.push_back(i);
  }
}

}  // namespace

bool Dungeon::adjacent(int u, int v) const {
  if (u < 0 || u >= kNumNodes || v < 0 || v >= kNumNodes) return false;
  auto n = neighbours(u);
  return std::binary_search(n.begin(), n.end(), v);
}

int fewest_crossings(const Dungeon& d, int team, int from, int to) {
  std::vector<int> dist;
  bfs(d, from, d.start[1 - team], d.shrine[1 - team], dist);
  return dist[to];
}

Dungeon generate_dungeon(uint64_t seed) {
  Dungeon d;
  d.seed = seed;
  d.x.resize(kNumNodes);
  d.y.resize(kNumNodes);
  Stream points(seed, kDungeonStream);
  for (int attempt = 0; attempt < kMaxRedraws; ++attempt) {
    for (int i = 0; i < kNumNodes; ++i) {
      d.x[i] = points.unit();
      d.y[i] = points.unit();
    }
    build_edges(d);
    if (pick_special(d) && acceptable(d)) {
      d.redraws = attempt;
      place_npcs(d);
      return d;
    }
  }
  throw GenerationError("dungeon generation failed: " + std::to_string(kMaxRedraws) +
                        " point sets rejected for seed " + std::to_string(seed));
}

}  // namespace arena::dungeon
