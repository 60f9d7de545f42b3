// Dungeon Race spec §13.4: the precomputed next-hop table of the reference team. One BFS from
// every node over a team's allowed graph (the graph without the other team's start and shrine),
// once per game; the distances are kept as u16, target-major, so that a route step or a distance
// is a lookup instead of a BFS per move.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace arena::dungeon {

class NextHopTable {
 public:
  static constexpr uint16_t kUnreachable = 0xFFFF;

  // `adj`: sorted neighbour lists; `forbidden`: nodes the team may never enter (never a step,
  // never a target). Replaces any previous table; reuses its memory.
  void build(const std::vector<std::vector<int>>& adj, const std::vector<uint8_t>& forbidden);

  int nodes() const { return n_; }
  // Crossings from `from` to `target` over the allowed graph, or kUnreachable.
  uint16_t dist(int from, int target) const {
    return dist_[static_cast<size_t>(target) * static_cast<size_t>(n_) + static_cast<size_t>(from)];
  }
  // The first step from `from` towards `target`: among the allowed neighbours one crossing
  // closer, the smallest id; -1 when from == target or target is out of reach.
  int next_hop(int from, int target) const;

 private:
  int n_ = 0;
  const std::vector<std::vector<int>>* adj_ = nullptr;
  std::vector<uint8_t> forbidden_;
  std::vector<uint16_t> dist_;  // dist_[target * n + node]
  std::vector<int> queue_;
};

}  // namespace arena::dungeon
