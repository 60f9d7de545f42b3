// The warnings of spec §3.6: loading goes on, the map may still be played.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/empire/map.h"

namespace arena::empire {

struct SourcePos {
  uint32_t line = 0;
  uint32_t col = 0;
};

// Where a city's datum and each of its nodes were in the file.
struct CityData {
  uint32_t line = 0;
  uint32_t col = 0;
  std::vector<SourcePos> nodes;
};

struct MapCheckInput {
  const Map* map;
  const std::vector<CityData>* cities;    // parallel to map->cities()
  const std::vector<SourcePos>* demands;  // parallel to map->demands()
  std::string_view label;
  Adjacency adjacency;
};

// `FILE:LINE:COL: warning: MESSAGE` lines, in this order: lattice, reachability, multi-node
// connection, undeliverable demands, demands at a producing city.
std::vector<std::string> check_map(const MapCheckInput& in);

// The nodes reachable by track on an empty board from `sources` (never through an invalid node
// nor along a within-city edge), as a per-node flag.
std::vector<uint8_t> reachable_nodes(const Map& map, const std::vector<Point>& sources,
                                     Adjacency adjacency);

}  // namespace arena::empire
