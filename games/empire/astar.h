// The A* build-cost search of spec §7, exactly as §7.4 specifies it so that the counts of nodes
// created and expanded are reproducible. The search object keeps its tables between searches and
// resets them with a generation counter, so repeated searches allocate nothing but the result's
// path once warmed up.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "games/empire/map.h"

namespace arena::empire {

class Game;

struct AstarResult {
  enum class Kind { path, no_path_parity, no_path_unreachable, invalid_endpoint };
  Kind kind = Kind::path;
  Point bad_endpoint;          // invalid_endpoint: the point
  bool out_of_bounds = false;  // invalid_endpoint: OUT-OF-BOUNDS, else INVALID-NODE
  int created = 0;
  int expanded = 0;
  int cost = 0;
  std::vector<Point> path;  // start .. goal; length = path.size() - 1
  // "PATH", "NO-PATH PARITY", "NO-PATH UNREACHABLE", "INVALID-ENDPOINT (x y) OUT-OF-BOUNDS", ...
  std::string result_text() const;
};

class AstarSearch {
 public:
  explicit AstarSearch(const Map& map, Adjacency adjacency = Adjacency::literal8);

  // §7.3 endpoint checks, then §7.4.
  AstarResult run(Point start, Point goal);

  // The AI's build search (§8.3): every source starts at g = 0 (creation numbers in list order),
  // the search stops at the first goal popped, h is the least step distance to any goal, and,
  // with `game`, edges owned by a player other than `player` are blocked. Endpoint checks as in
  // §7.3 over sources then goals; NO-PATH PARITY when no source shares a lattice with a goal.
  // With one source, one goal and no game this is exactly run(). `game` must be played on this
  // search's map with this search's adjacency.
  AstarResult run_many(const std::vector<Point>& sources, const std::vector<Point>& goals,
                       const Game* game = nullptr, int player = -1);

 private:
  // Per node, together so that one cache line serves a relaxation: `stamp` is gen_ when the node
  // was reached in the current search and gen_ + 1 once it is closed (anything else: untouched,
  // so g and parent are stale); `cost` is the build cost into the node (§2.2).
  struct NodeState {
    uint32_t stamp;
    int32_t g;
    int32_t parent;
    int32_t cost;
  };
  // An open-list entry is one integer: the §7.4 order (f, then h, then creation number) packed
  // so that the heap compares plain keys, and the node found through created_node_ by creation
  // number. Bits: f 23, h 11, creation 30, enough for the 1000 x 1000 maps of §3.6 (g <= 5 per
  // node, h < 1000, at most 9 creations per node).
  static constexpr int kHShift = 30;
  static constexpr int kFShift = 41;
  static constexpr uint64_t kCreationMask = (uint64_t{1} << kHShift) - 1;
  static constexpr uint64_t kHMask = (uint64_t{1} << (kFShift - kHShift)) - 1;

  bool check_endpoints(std::span<const Point> points, AstarResult& r) const;
  AstarResult run_spans(std::span<const Point> sources, std::span<const Point> goals,
                        const Game* game, int player);
  template <bool kLiteral8, bool kOneGoal, bool kGame, bool kBuckets>
  void search(std::span<const Point> sources, std::span<const Point> goals, const Game* game,
              int player, AstarResult& r);
  void push(uint64_t key);
  uint64_t pop();

  const Map* map_;
  Adjacency adjacency_;
  int width_ = 0;
  // Per node: its coordinates, and a bit per direction of kOffsets (canonical order) whose
  // neighbour is on the board, not invalid and not in the node's own city (§7.2).
  std::vector<int16_t> xs_, ys_;
  std::vector<uint8_t> successors_;
  int32_t delta_[8] = {};       // index offset of each direction's neighbour
  int32_t edge_delta_[8] = {};  // edge number of each direction's edge minus node index * 4
  std::vector<NodeState> nodes_;
  std::vector<uint32_t> goal_;  // == gen_: a goal of the current search
  uint32_t gen_ = 0;
  std::vector<uint64_t> heap_;
  std::vector<int32_t> created_node_;  // node of each creation number in the current search
  // The bucket queue of one-source searches (see search()): per f-slot (8) and h, the first and
  // last creation number of its list; per creation number the next in its list; per f-slot a
  // bitset of the non-empty h.
  int h_slots_ = 0, bucket_words_ = 0;
  std::vector<int32_t> bucket_head_, bucket_tail_, created_next_;
  std::vector<uint64_t> bucket_bits_;
};

}  // namespace arena::empire
