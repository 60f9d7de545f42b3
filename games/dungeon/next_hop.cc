#include "games/dungeon/next_hop.h"

#include <algorithm>

namespace arena::dungeon {

void NextHopTable::build(const std::vector<std::vector<int>>& adj,
                         const std::vector<uint8_t>& forbidden) {
  n_ = static_cast<int>(adj.size());
  adj_ = &adj;
  forbidden_ = forbidden;
  forbidden_.resize(static_cast<size_t>(n_), 0);
  dist_.assign(static_cast<size_t>(n_) * static_cast<size_t>(n_), kUnreachable);
  queue_.resize(static_cast<size_t>(n_));
  for (int t = 0; t < n_; ++t) {
    if (forbidden_[static_cast<size_t>(t)]) continue;  // never a target: its row stays empty
    uint16_t* row = dist_.data() + static_cast<size_t>(t) * static_cast<size_t>(n_);
    size_t head = 0, tail = 0;
    row[t] = 0;
    queue_[tail++] = t;
    while (head < tail) {
      const int u = queue_[head++];
      const uint16_t du = row[u];
      for (int w : adj[static_cast<size_t>(u)]) {
        if (row[w] != kUnreachable || forbidden_[static_cast<size_t>(w)]) continue;
        row[w] = static_cast<uint16_t>(du + 1);
        queue_[tail++] = w;
      }
    }
  }
}

int NextHopTable::next_hop(int from, int target) const {
  if (from == target || !adj_) return -1;
  const uint16_t d = dist(from, target);
  if (d == kUnreachable) return -1;
  for (int w : (*adj_)[static_cast<size_t>(from)]) {  // ascending: the smallest id wins
    if (forbidden_[static_cast<size_t>(w)]) continue;
    if (dist(w, target) == d - 1) return w;
  }
  return -1;
}

}  // namespace arena::dungeon
