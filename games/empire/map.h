// Empire Builder map files (spec §3): the loaded map, its loader with the errors and warnings of
// §3.6, the two shipped maps and the ASCII rendering of §3.9.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/empire/board.h"

namespace arena::empire {

struct City {
  std::string name;
  std::vector<int> goods;  // good ids (Map::goods), in file order
  std::vector<Point> nodes;
};

struct Demand {
  int city = 0;  // index in Map::cities
  int good = 0;  // good id
  int amount = 0;
};

struct RenderOptions {
  int lattice = -1;         // 0 even, 1 odd: nodes of the other lattice print as a space
  std::vector<Point> path;  // overlaid as '*'
};

class Map {
 public:
  const Dims& dims() const { return dims_; }
  int width() const { return dims_.width; }
  int height() const { return dims_.height; }

  // Off the board counts as invalid: nothing can be built to, moved to or started on it.
  NodeType type(Point p) const {
    return dims_.on_board(p) ? types_[dims_.index(p)] : NodeType::invalid;
  }
  NodeType type_at(int index) const { return types_[index]; }
  int cost(Point p) const { return build_cost(type(p)); }
  // Index in cities() of the city owning node p, or -1.
  int city_index_at(Point p) const { return dims_.on_board(p) ? city_of_[dims_.index(p)] : -1; }
  int city_index_at(int index) const { return city_of_[index]; }
  // The seed's cityAt: the name of the city at p, or none.
  std::optional<std::string_view> city_at(Point p) const;

  const std::vector<City>& cities() const { return cities_; }
  const std::vector<Demand>& demands() const { return demands_; }
  // Every good named by the map, produced goods first (city order), then goods only demanded.
  const std::vector<std::string>& goods() const { return goods_; }
  int good_id(std::string_view upper_name) const;  // -1 when the map never names it
  bool produces(int city, int good) const;
  // -1 when no city has that name.
  int city_index(std::string_view upper_name) const;

  int count(NodeType t) const;
  // Spec §3.9: rows from y = H-1 down to 0, then the x mod 10 line; every line ends with '\n'.
  std::string render(const RenderOptions& options = {}) const;

 private:
  friend class MapBuilder;
  friend Map assemble_map(Dims, const std::vector<Point>&, const std::vector<Point>&,
                          std::vector<City>, std::vector<Demand>, std::vector<std::string>);
  Dims dims_;
  std::vector<NodeType> types_;
  std::vector<int16_t> city_of_;
  std::vector<City> cities_;
  std::vector<Demand> demands_;
  std::vector<std::string> goods_;
};

struct MapLoad {
  std::optional<Map> map;             // set when loading succeeded
  std::string error;                  // `FILE:LINE:COL: error: MESSAGE` otherwise
  std::vector<std::string> warnings;  // `FILE:LINE:COL: warning: MESSAGE`, loading went on
};

// Loads map text; `label` is the FILE of the messages. The adjacency only matters for the
// reachability warning.
MapLoad load_map_text(std::string_view text, std::string_view label,
                      Adjacency adjacency = Adjacency::literal8);

// Loads a file by path (label = the path as given).
MapLoad load_map_file(const std::string& path, Adjacency adjacency = Adjacency::literal8);

// Spec §9.1's lookup: `name` as a path; else maps/NAME in the current directory; else the copy
// of a shipped map compiled into the program (simple-game, seed-example), which stands in for the
// installed data directory. Otherwise `NAME:0:0: error: cannot open file`.
MapLoad load_map(const std::string& name, Adjacency adjacency = Adjacency::literal8);

// The shipped maps' text, byte for byte as in games/empire/maps/, or nullopt.
std::optional<std::string_view> builtin_map_text(std::string_view name);

// A map from its final parts, as a client reads them in the initialisation log (§5.5): every
// mountain and invalid node listed (no expansion), cities with good ids into `goods`. Points off
// the board are ignored.
Map assemble_map(Dims dims, const std::vector<Point>& mountains, const std::vector<Point>& invalid,
                 std::vector<City> cities, std::vector<Demand> demands,
                 std::vector<std::string> goods);

}  // namespace arena::empire
