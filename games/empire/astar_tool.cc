#include "games/empire/astar_tool.h"

#include <time.h>

#include <charconv>
#include <cstdio>
#include <iostream>

#include "games/empire/astar.h"

namespace arena::empire {
namespace {

constexpr const char* kUsage =
    "usage: eb-astar [MAP] [x1 y1 x2 y2 ...] [adjacency=literal8|hex6] [draw=1]";

bool parse_int(const std::string& s, int& v) {
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v);
  return ec == std::errc() && p == end && !s.empty();
}

// Process CPU time in nanoseconds (§7.4: the CPU time of the search alone).
int64_t cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

int usage(std::ostream& err, const std::string& why) {
  err << "eb-astar: " << why << "\n" << kUsage << "\n";
  return 64;
}

}  // namespace

int run_astar_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string map_name = "simple-game";
  Adjacency adjacency = Adjacency::literal8;
  bool draw = false;
  std::vector<int> coords;
  bool map_given = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    size_t eq = a.find('=');
    if (eq != std::string::npos) {
      std::string key = a.substr(0, eq), value = a.substr(eq + 1);
      if (key == "adjacency") {
        auto adj = parse_adjacency(value);
        if (!adj) return usage(err, "adjacency must be literal8 or hex6, not '" + value + "'");
        adjacency = *adj;
      } else if (key == "draw") {
        if (value != "0" && value != "1") return usage(err, "draw must be 0 or 1");
        draw = value == "1";
      } else {
        return usage(err, "unknown setting '" + key + "'");
      }
      continue;
    }
    int v = 0;
    if (parse_int(a, v)) {
      coords.push_back(v);
    } else if (i == 0 && !map_given) {
      map_name = a;
      map_given = true;
    } else {
      return usage(err, "expected an integer coordinate, not '" + a + "'");
    }
  }
  if (coords.size() % 4 != 0) {
    return usage(err,
                 "coordinates come in fours (x1 y1 x2 y2), got " + std::to_string(coords.size()));
  }
  if (coords.empty()) coords = {0, 0, 58, 20, 1, 0, 39, 6, 5, 19, 55, 7};  // the seed's pairs

  MapLoad loaded = load_map(map_name, adjacency);
  for (const std::string& w : loaded.warnings) err << w << "\n";
  if (!loaded.map) {
    err << loaded.error << "\n";
    return 2;
  }
  const Map& map = *loaded.map;
  AstarSearch search(map, adjacency);
  for (size_t k = 0; k < coords.size(); k += 4) {
    Point a{coords[k], coords[k + 1]}, b{coords[k + 2], coords[k + 3]};
    int64_t t0 = cpu_ns();
    AstarResult r = search.run(a, b);
    int64_t t1 = cpu_ns();
    if (k > 0) out << "\n";
    out << "search: " << to_string(a) << " -> " << to_string(b)
        << "  adjacency: " << to_string(adjacency) << "\n";
    out << "result: " << r.result_text() << "\n";
    if (r.kind == AstarResult::Kind::invalid_endpoint) continue;
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.3f", static_cast<double>(t1 - t0) / 1e6);
    out << "nodes-created: " << r.created << "\n";
    out << "nodes-expanded: " << r.expanded << "\n";
    out << "cpu-time: " << ms << " ms\n";
    if (r.kind != AstarResult::Kind::path) continue;
    out << "path-cost: " << r.cost << "\n";
    out << "path-length: " << r.path.size() - 1 << "\n";
    out << "path:";
    for (Point p : r.path) out << " " << to_string(p);
    out << "\n";
    if (draw) {
      RenderOptions o;
      o.path = r.path;
      out << map.render(o);
    }
  }
  return 0;
}

int run_astar_tool(const std::vector<std::string>& args) {
  return run_astar_tool(args, std::cout, std::cerr);
}

}  // namespace arena::empire
