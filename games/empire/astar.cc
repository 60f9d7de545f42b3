#include "games/empire/astar.h"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

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

AstarSearch::AstarSearch(const Map& map, Adjacency adjacency)
    : map_(&map), adjacency_(adjacency), width_(map.dims().width) {
  const Dims& d = map.dims();
  const size_t n = static_cast<size_t>(d.size());
  xs_.resize(n);
  ys_.resize(n);
  successors_.assign(n, 0);
  nodes_.assign(n, NodeState{0, 0, -1, 0});
  goal_.assign(n, 0);
  for (int k = 0; k < 8; ++k) {
    delta_[k] = kOffsets[k].dy * width_ + kOffsets[k].dx;
    edge_delta_[k] = kEdgeSlot[k] >= 0 ? kEdgeSlot[k] : delta_[k] * 4 + kEdgeSlot[opposite(k)];
  }
  // The successors of §7.2, once per map: on the board, not invalid, not within the same city.
  for (int i = 0; i < d.size(); ++i) {
    const Point p = d.point(i);
    xs_[i] = static_cast<int16_t>(p.x);
    ys_[i] = static_cast<int16_t>(p.y);
    nodes_[i].cost = build_cost(map.type_at(i));
    if (map.type_at(i) == NodeType::invalid) continue;
    const int city = map.city_index_at(i);
    for (int k = 0; k < neighbour_count(adjacency); ++k) {
      const Point q{p.x + kOffsets[k].dx, p.y + kOffsets[k].dy};
      if (!d.on_board(q)) continue;
      const int j = d.index(q);
      if (map.type_at(j) == NodeType::invalid) continue;
      if (city >= 0 && map.city_index_at(j) == city) continue;
      successors_[i] |= static_cast<uint8_t>(1u << k);
    }
  }
  heap_.reserve(n);
  // Grown by doubling during a search when needed (the §7.6 searches on simple-game need 439).
  created_node_.resize(256);
  created_next_.resize(256);
  // h is at most W + H (less under both adjacencies), which fits the key's 11 bits.
  h_slots_ = d.width + d.height + 1;
  bucket_words_ = (h_slots_ + 63) / 64;
  bucket_head_.assign(static_cast<size_t>(8 * h_slots_), 0);
  bucket_tail_.assign(static_cast<size_t>(8 * h_slots_), 0);
  bucket_bits_.assign(static_cast<size_t>(8 * bucket_words_), 0);
}

bool AstarSearch::check_endpoints(std::span<const Point> points, AstarResult& r) const {
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
  return run_spans({&start, 1}, {&goal, 1}, nullptr, -1);
}

AstarResult AstarSearch::run_many(const std::vector<Point>& sources,
                                  const std::vector<Point>& goals, const Game* game, int player) {
  return run_spans(sources, goals, game, player);
}

AstarResult AstarSearch::run_spans(std::span<const Point> sources, std::span<const Point> goals,
                                   const Game* game, int player) {
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
  const bool literal8 = adjacency_ == Adjacency::literal8;
  const bool one_goal = goals.size() == 1;
  const bool buckets = sources.size() == 1;
  using Search = void (AstarSearch::*)(std::span<const Point>, std::span<const Point>, const Game*,
                                       int, AstarResult&);
  // Index bits: literal8 8, one goal 4, game 2, buckets 1.
  static constexpr auto kSearch = []<size_t... I>(std::index_sequence<I...>) {
    return std::array<Search, 16>{
        &AstarSearch::search<(I & 8) != 0, (I & 4) != 0, (I & 2) != 0, (I & 1) != 0>...};
  }
  (std::make_index_sequence<16>());
  (this->*kSearch[literal8 * 8 + one_goal * 4 + (game != nullptr) * 2 + buckets])(sources, goals,
                                                                                  game, player, r);
  return r;
}

// A binary min-heap of packed keys, moving a hole instead of swapping.
inline void AstarSearch::push(uint64_t key) {
  size_t hole = heap_.size();
  heap_.push_back(key);
  uint64_t* h = heap_.data();
  while (hole > 0) {
    const size_t up = (hole - 1) / 2;
    if (h[up] <= key) break;
    h[hole] = h[up];
    hole = up;
  }
  h[hole] = key;
}

// Floyd's bottom-up removal: the hole left by the top sinks to a leaf along the smaller children
// (one comparison per level), then the last key rises from there, usually not far, since it is
// among the largest.
inline uint64_t AstarSearch::pop() {
  uint64_t* h = heap_.data();
  const uint64_t top = h[0];
  const uint64_t last = h[heap_.size() - 1];
  heap_.pop_back();
  const size_t n = heap_.size();
  if (n == 0) return top;
  size_t hole = 0;
  for (size_t child = 1; child < n; child = 2 * hole + 1) {
    if (child + 1 < n && h[child + 1] < h[child]) ++child;
    h[hole] = h[child];
    hole = child;
  }
  while (hole > 0) {
    const size_t up = (hole - 1) / 2;
    if (h[up] <= last) break;
    h[hole] = h[up];
    hole = up;
  }
  h[hole] = last;
  return top;
}

template <bool kLiteral8, bool kOneGoal, bool kGame, bool kBuckets>
void AstarSearch::search(std::span<const Point> sources, std::span<const Point> goals,
                         const Game* game, int player, AstarResult& r) {
  const Dims& d = map_->dims();
  // A new generation makes every node untouched; clear the stamps only when the counter wraps.
  if (gen_ >= UINT32_MAX - 2) {
    for (NodeState& s : nodes_) s.stamp = 0;
    std::fill(goal_.begin(), goal_.end(), 0);
    gen_ = 0;
  }
  gen_ += 2;
  const uint32_t open_mark = gen_, closed_mark = gen_ + 1;
  NodeState* const ns = nodes_.data();
  const int16_t* const xs = xs_.data();
  const int16_t* const ys = ys_.data();
  for (Point g : goals) goal_[d.index(g)] = gen_;
  const int gx = goals[0].x, gy = goals[0].y;
  // §7.2 / §8.3: the least step distance to a goal.
  auto h_of = [&](int i) {
    auto dist = [&](int x, int y) {
      const int dx = std::abs(xs[i] - x), dy = std::abs(ys[i] - y);
      const int half = (dx + dy) >> 1;
      if constexpr (kLiteral8) return half;
      return dy > half ? dy : half;
    };
    if constexpr (kOneGoal) {
      return dist(gx, gy);
    } else {
      int best = INT32_MAX;
      for (Point g : goals) best = std::min(best, dist(g.x, g.y));
      return best;
    }
  };
  // §7.4's order: smallest f, then smallest h, then the oldest creation number.
  auto key_of = [](int g, int h, int creation) {
    return static_cast<uint64_t>(g + h) << kFShift | static_cast<uint64_t>(h) << kHShift |
           static_cast<uint64_t>(creation);
  };
  heap_.clear();
  if (created_node_.size() < sources.size() + 8) {
    created_node_.resize(sources.size() + 8);
    created_next_.resize(sources.size() + 8);
  }
  int32_t* node_of = created_node_.data();
  int32_t* next_of = created_next_.data();
  // The bucket queue (one source): f never decreases from one pop to the next, since h is
  // consistent (a step costs at least 1 and changes the step distance by at most 1), and a
  // search node's f is at most 6 above its parent's (cost <= 5, h + 1). So the open search nodes
  // have f in [f, f + 6] of the last pop: a ring of 8 f-slots, each with a FIFO list per h (the
  // creation numbers only grow, so appending keeps §7.4's order) and a bitset of the non-empty
  // h. Pushing and popping cost a few instructions instead of a heap's log n moves.
  uint64_t* const bits = bucket_bits_.data();
  int32_t* const head = bucket_head_.data();
  int32_t* const tail = bucket_tail_.data();
  const int words = bucket_words_, hs = h_slots_;
  int count[8] = {};
  int open_count = 0;
  int cur_f = 0;
  if constexpr (kBuckets) std::fill(bucket_bits_.begin(), bucket_bits_.end(), 0);
  auto bucket_push = [&](uint64_t key) {
    const int f = static_cast<int>(key >> kFShift);
    const int h = static_cast<int>(key >> kHShift & kHMask);
    const int c = static_cast<int>(key & kCreationMask);
    const int slot = f & 7;
    uint64_t& word = bits[slot * words + (h >> 6)];
    const uint64_t bit = uint64_t{1} << (h & 63);
    const int at = slot * hs + h;
    if (word & bit) {
      next_of[tail[at]] = c;
    } else {
      word |= bit;
      head[at] = c;
    }
    tail[at] = c;
    ++count[slot];
    ++open_count;
  };
  auto bucket_pop = [&]() {
    while (count[cur_f & 7] == 0) ++cur_f;
    const int slot = cur_f & 7;
    uint64_t* b = bits + slot * words;
    int w = 0;
    while (b[w] == 0) ++w;
    const int h = w * 64 + std::countr_zero(b[w]);
    const int at = slot * hs + h;
    const int c = head[at];
    if (c == tail[at]) {
      b[w] &= b[w] - 1;  // the lowest bit is h's
    } else {
      head[at] = next_of[c];
    }
    --count[slot];
    --open_count;
    return static_cast<uint64_t>(cur_f) << kFShift | static_cast<uint64_t>(h) << kHShift |
           static_cast<uint64_t>(c);
  };
  int created = 0;
  for (Point p : sources) {
    const int i = d.index(p);
    NodeState& s = ns[i];
    if (s.stamp == open_mark) continue;  // listed twice: already at g = 0
    s.stamp = open_mark;
    s.g = 0;
    s.parent = -1;
    node_of[created] = i;
    const uint64_t key = key_of(0, h_of(i), created++);
    if constexpr (kBuckets) {
      cur_f = static_cast<int>(key >> kFShift);
      bucket_push(key);
    } else {
      push(key);
    }
  }
  int expanded = 0;
  int goal = -1;
  // Heap (many sources): the best entry created by the last expansion is kept out of the heap
  // while it is better than the heap's top: on open ground the next node popped is usually a
  // child of the last one (same f, smaller h), and then it costs neither a push nor a pop. Keys
  // are unique, so the order of pops is exactly the heap's.
  constexpr uint64_t kNone = UINT64_MAX;
  uint64_t best = kNone;
  for (;;) {
    uint64_t cur;
    if constexpr (kBuckets) {
      if (open_count == 0) break;
      cur = bucket_pop();
    } else if (best != kNone && (heap_.empty() || best < heap_[0])) {
      cur = best;
      best = kNone;
    } else {
      if (best != kNone) push(best);
      best = kNone;
      if (heap_.empty()) break;
      cur = pop();
    }
    const int i = node_of[cur & kCreationMask];
    NodeState& c = ns[i];
    const int h = static_cast<int>(cur >> kHShift & kHMask);
    const int g = static_cast<int>(cur >> kFShift) - h;
    if (c.stamp == closed_mark || g > c.g) continue;  // stale
    if (goal_[i] == gen_) {
      goal = i;
      r.cost = g;
      break;
    }
    c.stamp = closed_mark;
    ++expanded;
    if (static_cast<size_t>(created) + 8 > created_node_.size()) {  // room for every successor
      created_node_.resize(created_node_.size() * 2);
      created_next_.resize(created_node_.size());
      node_of = created_node_.data();
      next_of = created_next_.data();
    }
    for (unsigned mask = successors_[i]; mask != 0; mask &= mask - 1) {
      const int k = std::countr_zero(mask);
      const int n = i + delta_[k];
      if constexpr (kGame) {
        const int owner = game->edge_owner_at(i * 4 + edge_delta_[k]);
        if (owner >= 0 && owner != player) continue;
      }
      NodeState& s = ns[n];
      const uint32_t stamp = s.stamp;
      if (stamp == closed_mark) continue;
      const int ng = g + s.cost;
      if (stamp == open_mark && s.g <= ng) continue;
      s.stamp = open_mark;
      s.g = ng;
      s.parent = i;
      node_of[created] = n;
      const uint64_t key = key_of(ng, h_of(n), created++);
      if constexpr (kBuckets) {
        bucket_push(key);
      } else if (key < best) {
        if (best != kNone) push(best);
        best = key;
      } else {
        push(key);
      }
    }
  }
  r.created = created;
  r.expanded = expanded;
  if (goal < 0) {
    r.kind = AstarResult::Kind::no_path_unreachable;
    return;
  }
  size_t length = 0;
  for (int i = goal; ns[i].parent >= 0; i = ns[i].parent) ++length;
  r.path.resize(length + 1);
  for (int i = goal;; i = ns[i].parent) {
    r.path[length] = {xs[i], ys[i]};
    if (length-- == 0) break;
  }
}

}  // namespace arena::empire
