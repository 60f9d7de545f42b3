// The A* build-cost search of spec §7, exactly as §7.4 specifies it so that the counts of nodes
// created and expanded are reproducible. The search object keeps its tables between searches,
// so repeated searches allocate nothing once warmed up.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/empire/map.h"

namespace arena::empire {

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

 private:
  struct Open {
    int f, h, creation, point, g;
  };
  const Map* map_;
  Adjacency adjacency_;
  // Per point: stamp of the search that last touched it, its best g, its parent, and closed.
  std::vector<uint32_t> stamp_;
  std::vector<int> best_g_;
  std::vector<int> parent_;
  std::vector<uint8_t> closed_;
  uint32_t epoch_ = 0;
  std::vector<Open> heap_;
};

}  // namespace arena::empire
