#include "games/wumpus/bots/planner.h"

#include <algorithm>

namespace arena::wumpus {

void PoseSearch::run(const Knowledge& kb, int cell, Dir dir, const CellSet& passable) {
  dist_.fill(kUnreached);
  reached_ = 0;
  const int start = state(cell, dir);
  dist_[start] = 0;
  parent_[start] = -1;
  order_[reached_++] = static_cast<int16_t>(start);
  for (int head = 0; head < reached_; ++head) {
    const int s = order_[head];
    const int c = s / 4;
    const Dir d = static_cast<Dir>(s % 4);
    const int next_cell = kb.cell_in(c, d);
    const std::array<std::pair<int, Action>, 3> moves = {{
        {next_cell >= 0 && passable[next_cell] ? state(next_cell, d) : -1, Action::go},
        {state(c, rotate_left(d)), Action::rotateL},
        {state(c, rotate_right(d)), Action::rotateR},
    }};
    for (auto [t, a] : moves) {
      if (t < 0 || dist_[t] != kUnreached) continue;
      dist_[t] = static_cast<int16_t>(dist_[s] + 1);
      parent_[t] = static_cast<int16_t>(s);
      via_[t] = a;
      order_[reached_++] = static_cast<int16_t>(t);
    }
  }
}

int PoseSearch::dist_to_cell(int cell) const {
  int best = kUnreached;
  for (int d = 0; d < 4; ++d) {
    int v = dist_[cell * 4 + d];
    if (v != kUnreached && (best == kUnreached || v < best)) best = v;
  }
  return best;
}

int PoseSearch::nearest(const CellSet& targets, Dir* dir) const {
  for (int i = 0; i < reached_; ++i) {
    if (targets[order_[i] / 4]) {
      *dir = static_cast<Dir>(order_[i] % 4);
      return order_[i] / 4;
    }
  }
  return -1;
}

std::vector<Action> PoseSearch::path_to(int cell, Dir d) const {
  std::vector<Action> out;
  for (int s = state(cell, d); parent_[s] >= 0; s = parent_[s]) out.push_back(via_[s]);
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Action> way_out(const Knowledge& kb, const CellSet& passable) {
  PoseSearch search;
  search.run(kb, kb.pos(), kb.dir(), passable);
  int best = -1;
  Dir best_dir = Dir::N;
  for (Dir d : {Dir::N, Dir::E, Dir::S, Dir::W}) {
    const int v = search.dist(0, d);
    if (v >= 0 && (best < 0 || v < best)) best = v, best_dir = d;
  }
  std::vector<Action> actions;
  if (best >= 0) actions = search.path_to(0, best_dir);
  actions.push_back(Action::exit);
  return actions;
}

int home_distance(const Knowledge& kb, int cell, Dir dir, const CellSet& passable) {
  PoseSearch search;
  search.run(kb, cell, dir, passable);
  return search.dist_to_cell(0);
}

Dir direction_to(const Knowledge& kb, int from, int to) {
  for (Dir d : {Dir::N, Dir::E, Dir::S, Dir::W}) {
    if (kb.cell_in(from, d) == to) return d;
  }
  return Dir::N;
}

}  // namespace arena::wumpus
