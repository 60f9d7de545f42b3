#include "games/empire/astar.h"

#include <algorithm>

namespace arena::empire {

std::string AstarResult::result_text() const {
  switch (kind) {
    case Kind::path:
      return "PATH";
    case Kind::no_path_parity:
      return "NO-PATH PARITY";
    case Kind::no_path_unreachable:
      return "NO-PATH UNREACHABLE";
    case Kind::invalid_endpoint:
      return "INVALID-ENDPOINT " + to_string(bad_endpoint) +
             (out_of_bounds ? " OUT-OF-BOUNDS" : " INVALID-NODE");
  }
  return "?";
}

AstarSearch::AstarSearch(const Map& map, Adjacency adjacency) : map_(&map), adjacency_(adjacency) {
  size_t n = static_cast<size_t>(map.dims().size());
  stamp_.assign(n, 0);
  best_g_.assign(n, 0);
  parent_.assign(n, -1);
  closed_.assign(n, 0);
}

AstarResult AstarSearch::run(Point start, Point goal) {
  AstarResult r;
  const Map& m = *map_;
  const Dims& d = m.dims();
  // §7.3: start first, then goal; bounds before type; then parity.
  for (Point p : {start, goal}) {
    if (!d.on_board(p) || m.type(p) == NodeType::invalid) {
      r.kind = AstarResult::Kind::invalid_endpoint;
      r.bad_endpoint = p;
      r.out_of_bounds = !d.on_board(p);
      return r;
    }
  }
  if (lattice(start) != lattice(goal)) {
    r.kind = AstarResult::Kind::no_path_parity;
    return r;
  }

  if (++epoch_ == 0) {  // wrapped: forget every stamp
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
  auto touch = [&](int i) {
    if (stamp_[i] != epoch_) {
      stamp_[i] = epoch_;
      closed_[i] = 0;
      parent_[i] = -1;
      best_g_[i] = INT32_MAX;
    }
  };
  // The open list pops the smallest f, then the smallest h, then the oldest node.
  auto worse = [](const Open& a, const Open& b) {
    if (a.f != b.f) return a.f > b.f;
    if (a.h != b.h) return a.h > b.h;
    return a.creation > b.creation;
  };
  heap_.clear();
  const int s = d.index(start), t = d.index(goal);
  touch(s);
  best_g_[s] = 0;
  int h0 = step_distance(start, goal, adjacency_);
  heap_.push_back({h0, h0, 0, s, 0});
  r.created = 1;
  const int neighbours = neighbour_count(adjacency_);
  bool found = false;
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), worse);
    Open cur = heap_.back();
    heap_.pop_back();
    if (closed_[cur.point] || cur.g > best_g_[cur.point]) continue;  // stale
    if (cur.point == t) {
      found = true;
      r.cost = cur.g;
      break;
    }
    closed_[cur.point] = 1;
    ++r.expanded;
    Point p = d.point(cur.point);
    int city = m.city_index_at(cur.point);
    for (int k = 0; k < neighbours; ++k) {
      Point n{p.x + kOffsets[k].dx, p.y + kOffsets[k].dy};
      if (!d.on_board(n)) continue;
      int i = d.index(n);
      NodeType type = m.type_at(i);
      if (type == NodeType::invalid) continue;
      if (city >= 0 && m.city_index_at(i) == city) continue;  // within-city edge
      touch(i);
      if (closed_[i]) continue;
      int g = cur.g + build_cost(type);
      if (best_g_[i] <= g) continue;
      best_g_[i] = g;
      parent_[i] = cur.point;
      int h = step_distance(n, goal, adjacency_);
      heap_.push_back({g + h, h, r.created++, i, g});
      std::push_heap(heap_.begin(), heap_.end(), worse);
    }
  }
  if (!found) {
    r.kind = AstarResult::Kind::no_path_unreachable;
    return r;
  }
  for (int i = t; i >= 0; i = i == s ? -1 : parent_[i]) r.path.push_back(d.point(i));
  std::reverse(r.path.begin(), r.path.end());
  return r;
}

}  // namespace arena::empire
