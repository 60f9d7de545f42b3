#include "games/empire/map_checks.h"

namespace arena::empire {
namespace {

const char* lattice_name(int l) {
  return l == 0 ? "even" : "odd";
}

}  // namespace

std::vector<uint8_t> reachable_nodes(const Map& map, const std::vector<Point>& sources,
                                     Adjacency adjacency) {
  const Dims& d = map.dims();
  std::vector<uint8_t> seen(d.size(), 0);
  std::vector<int> queue;
  for (Point p : sources) {
    if (map.type(p) == NodeType::invalid || seen[d.index(p)]) continue;
    seen[d.index(p)] = 1;
    queue.push_back(d.index(p));
  }
  for (size_t q = 0; q < queue.size(); ++q) {
    Point p = d.point(queue[q]);
    int city = map.city_index_at(queue[q]);
    for (int k = 0; k < neighbour_count(adjacency); ++k) {
      Point n{p.x + kOffsets[k].dx, p.y + kOffsets[k].dy};
      if (!d.on_board(n)) continue;
      int i = d.index(n);
      if (seen[i] || map.type_at(i) == NodeType::invalid) continue;
      if (city >= 0 && map.city_index_at(i) == city) continue;  // within-city edge
      seen[i] = 1;
      queue.push_back(i);
    }
  }
  return seen;
}

std::vector<std::string> check_map(const MapCheckInput& in) {
  const Map& map = *in.map;
  const auto& cities = map.cities();
  std::vector<std::string> out;
  auto warn = [&](uint32_t line, uint32_t col, const std::string& msg) {
    out.push_back(std::string(in.label) + ":" + std::to_string(line) + ":" + std::to_string(col) +
                  ": warning: " + msg);
  };

  // Lattice: the majority of city nodes (even on a tie).
  int count[2] = {0, 0};
  for (const City& c : cities) {
    for (Point p : c.nodes) ++count[lattice(p)];
  }
  const int major = count[1] > count[0] ? 1 : 0;
  for (size_t c = 0; c < cities.size(); ++c) {
    for (size_t k = 0; k < cities[c].nodes.size(); ++k) {
      Point p = cities[c].nodes[k];
      if (lattice(p) == major) continue;
      const SourcePos& at = (*in.cities)[c].nodes[k];
      warn(at.line, at.col,
           "city " + cities[c].name + " node " + to_string(p) + " is on the " +
               lattice_name(lattice(p)) + " lattice, most city nodes are on the " +
               lattice_name(major) + " lattice");
    }
  }

  // Reachability from the first city with a node on the majority lattice.
  int first = -1;
  for (size_t c = 0; c < cities.size() && first < 0; ++c) {
    for (Point p : cities[c].nodes) {
      if (lattice(p) == major) first = static_cast<int>(c);
    }
  }
  if (first >= 0) {
    std::vector<Point> sources;
    for (Point p : cities[first].nodes) {
      if (lattice(p) == major) sources.push_back(p);
    }
    auto seen = reachable_nodes(map, sources, in.adjacency);
    for (size_t c = 0; c < cities.size(); ++c) {
      if (static_cast<int>(c) == first) continue;
      bool reached = false;
      for (Point p : cities[c].nodes) reached = reached || seen[map.dims().index(p)];
      if (!reached) {
        warn((*in.cities)[c].line, (*in.cities)[c].col,
             "city " + cities[c].name + " cannot be reached by track from " + cities[first].name +
                 " (adjacency " + std::string(to_string(in.adjacency)) + ")");
      }
    }
  }

  // Multi-node cities: their nodes connected through mutual adjacency.
  for (size_t c = 0; c < cities.size(); ++c) {
    const auto& nodes = cities[c].nodes;
    if (nodes.size() < 2) continue;
    std::vector<uint8_t> in_group(nodes.size(), 0);
    std::vector<size_t> stack = {0};
    in_group[0] = 1;
    size_t reached = 1;
    while (!stack.empty()) {
      size_t a = stack.back();
      stack.pop_back();
      for (size_t b = 0; b < nodes.size(); ++b) {
        if (in_group[b] || direction(nodes[a], nodes[b], in.adjacency) < 0) continue;
        in_group[b] = 1;
        ++reached;
        stack.push_back(b);
      }
    }
    if (reached != nodes.size()) {
      warn((*in.cities)[c].line, (*in.cities)[c].col,
           "city " + cities[c].name + " has nodes that are not connected through mutual adjacency");
    }
  }

  // Demands: a good nobody produces; a good the demanding city produces itself.
  const auto& demands = map.demands();
  for (size_t k = 0; k < demands.size(); ++k) {
    const Demand& d = demands[k];
    bool produced = false;
    for (size_t c = 0; c < cities.size(); ++c) produced = produced || map.produces(c, d.good);
    if (!produced) {
      warn((*in.demands)[k].line, (*in.demands)[k].col,
           "no city produces " + map.goods()[d.good] + ", so the demand of " + cities[d.city].name +
               " can never be delivered");
    }
  }
  for (size_t k = 0; k < demands.size(); ++k) {
    const Demand& d = demands[k];
    if (map.produces(d.city, d.good)) {
      warn((*in.demands)[k].line, (*in.demands)[k].col,
           "city " + cities[d.city].name + " demands " + map.goods()[d.good] +
               ", which it produces itself");
    }
  }
  return out;
}

}  // namespace arena::empire
