// The A* build-cost search of spec §7, exactly as §7.4 specifies it so that the counts of nodes
// created and expanded are reproducible. The search object keeps its tables between searches,
// so repeated searches allocate nothing once warmed up.
#pragma once

#include <cstdint>
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
  // With one source, one goal and no game this is exactly run().
  AstarResult run_many(const std::vector<Point>& sources, const std::vector<Point>& goals,
                       const Game* game = nullptr, int player = -1);

 private:
  struct Open {
    int f, h, creation, point, g;
  };
  bool check_endpoints(const std::vector<Point>& points, AstarResult& r) const;
  void search(const std::vector<Point>& sources, const std::vector<Point>& goals, const Game* game,
              int player, AstarResult& r);
  const Map* map_;
  Adjacency adjacency_;
  // Per point: stamp of the search that last touched it, its best g, its parent, and closed.
  std::vector<uint32_t> stamp_;
  std::vector<int> best_g_;
  std::vector<int> parent_;
  std::vector<uint8_t> closed_;
  std::vector<uint32_t> goal_stamp_;  // == epoch_: a goal of the current search
  uint32_t epoch_ = 0;
  std::vector<Open> heap_;
};

}  // namespace arena::empire
