// Shortest routes over (cell, heading) states, where go, rotateL and rotateR each cost 1
// (spec §10.4). Allocation-free: at most 400 states, searched breadth first.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "games/wumpus/bots/knowledge.h"

namespace arena::wumpus {

class PoseSearch {
 public:
  static constexpr int kUnreached = -1;

  // Searches from (cell, dir) through the cells of `passable` (the start cell is always allowed).
  void run(const Knowledge& kb, int cell, Dir dir, const CellSet& passable);

  int dist(int cell, Dir d) const { return dist_[state(cell, d)]; }
  // The fewest actions to stand on `cell` with any heading, or kUnreached.
  int dist_to_cell(int cell) const;
  // The first state reached on a cell of `targets` (breadth-first order), or -1; its heading in
  // *dir.
  int nearest(const CellSet& targets, Dir* dir) const;
  // The actions from the start to (cell, d), in order; (cell, d) must have been reached.
  std::vector<Action> path_to(int cell, Dir d) const;

 private:
  static int state(int cell, Dir d) { return cell * 4 + static_cast<int>(d); }

  std::array<int16_t, kMaxCells * 4> dist_{};
  std::array<int16_t, kMaxCells * 4> parent_{};
  std::array<Action, kMaxCells * 4> via_{};
  std::array<int16_t, kMaxCells * 4> order_{};
  int reached_ = 0;
};

// The fewest actions from the hero's pose to the entrance through `passable`, then `exit` (just
// `exit` if there is no way: it then costs one action and changes nothing).
std::vector<Action> way_out(const Knowledge& kb, const CellSet& passable);

// Fewest actions from (cell, dir) to the entrance through `passable`, or -1 if there is no way.
int home_distance(const Knowledge& kb, int cell, Dir dir, const CellSet& passable);

// The direction from a cell to its neighbour `to`.
Dir direction_to(const Knowledge& kb, int from, int to);

}  // namespace arena::wumpus
