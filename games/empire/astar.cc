#include "games/empire/astar.h"

#include <algorithm>

#include "games/empire/rules.h"

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
  goal_stamp_.assign(n, 0);
}

bool AstarSearch::check_endpoints(const std::vector<Point>& points, AstarResult& r) const {
  const Map& m = *map_;
  for (Point p : points) {
    if (!m.dims().on_board(p) || m.type(p) == NodeType::invalid) {
      r.kind = AstarResult::Kind::invalid_endpoint;
      r.bad_endpoint = p;
      r.out_of_bounds = !m.dims().on_board(p);
      return false;
    }
  }
  return true;
}

AstarResult AstarSearch::run(Point start, Point goal) {
  return run_many({start}, {goal});
}

AstarResult AstarSearch::run_many(const std::vector<Point>& sources,
                                  const std::vector<Point>& goals, const Game* game, int player) {
  AstarResult r;
  // §7.3: start first, then goal; bounds before type; then parity.
  if (!check_endpoints(sources, r) || !check_endpoints(goals, r)) return r;
  bool same_lattice = false;
  for (Point s : sources) {
    for (Point g : goals) same_lattice = same_lattice || lattice(s) == lattice(g);
  }
  if (!same_lattice) {
    r.kind = AstarResult::Kind::no_path_parity;
    return r;
  }
  search(sources, goals, game, player, r);
  return r;
}

void AstarSearch::search(const std::vector<Point>& sources, const std::vector<Point>& goals,
                         const Game* game, int player, AstarResult& r) {
  const Map& m = *map_;
  const Dims& d = m.dims();
  if (++epoch_ == 0) {  // wrapped: forget every stamp
    std::fill(stamp_.begin(), stamp_.end(), 0);
    std::fill(goal_stamp_.begin(), goal_stamp_.end(), 0);
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
  for (Point g : goals) goal_stamp_[d.index(g)] = epoch_;
  auto h_of = [&](Point p) {
    int best = INT32_MAX;
    for (Point g : goals) best = std::min(best, step_distance(p, g, adjacency_));
    return best;
  };
  // The open list pops the smallest f, then the smallest h, then the oldest node.
  auto worse = [](const Open& a, const Open& b) {
    if (a.f != b.f) return a.f > b.f;
    if (a.h != b.h) return a.h > b.h;
    return a.creation > b.creation;
  };
  heap_.clear();
  for (Point p : sources) {
    int i = d.index(p);
    touch(i);
    if (best_g_[i] == 0) continue;  // listed twice
    best_g_[i] = 0;
    int h = h_of(p);
    heap_.push_back({h, h, r.created++, i, 0});
    std::push_heap(heap_.begin(), heap_.end(), worse);
  }
  const int neighbours = neighbour_count(adjacency_);
  int goal = -1;
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), worse);
    Open cur = heap_.back();
    heap_.pop_back();
    if (closed_[cur.point] || cur.g > best_g_[cur.point]) continue;  // stale
    if (goal_stamp_[cur.point] == epoch_) {
      goal = cur.point;
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
      if (game) {
        int owner = game->edge_owner(p, n);
        if (owner >= 0 && owner != player) continue;
      }
      touch(i);
      if (closed_[i]) continue;
      int g = cur.g + build_cost(type);
      if (best_g_[i] <= g) continue;
      best_g_[i] = g;
      parent_[i] = cur.point;
      int h = h_of(n);
      heap_.push_back({g + h, h, r.created++, i, g});
      std::push_heap(heap_.begin(), heap_.end(), worse);
    }
  }
  if (goal < 0) {
    r.kind = AstarResult::Kind::no_path_unreachable;
    return;
  }
  for (int i = goal; i >= 0; i = parent_[i]) r.path.push_back(d.point(i));
  std::reverse(r.path.begin(), r.path.end());
}

}  // namespace arena::empire
