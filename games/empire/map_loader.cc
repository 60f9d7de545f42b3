// The map loader of spec §3: four or five parts, the expansion rules, type precedence, and every
// error of §3.6 at the position of the offending datum. The warnings live in map_checks.cc.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "core/sexpr.h"
#include "games/empire/map.h"
#include "games/empire/map_checks.h"

namespace arena::empire {
namespace {

std::string pos_str(uint32_t line, uint32_t col) {
  return std::to_string(line) + ":" + std::to_string(col);
}

bool as_point(const Sexpr& s, Point& p) {
  if (s.kind != Sexpr::Kind::list || s.items.size() != 2) return false;
  if (s.items[0].kind != Sexpr::Kind::integer || s.items[1].kind != Sexpr::Kind::integer) {
    return false;
  }
  p = {s.items[0].integer, s.items[1].integer};
  return true;
}

// The first string in document order, if any (§3.1: strings occur only on the wire).
const Sexpr* find_string(const std::vector<Sexpr>& data) {
  for (const Sexpr& s : data) {
    if (s.kind == Sexpr::Kind::string) return &s;
    if (s.kind == Sexpr::Kind::list) {
      if (const Sexpr* f = find_string(s.items)) return f;
    }
  }
  return nullptr;
}

}  // namespace

// Builds a Map from the parsed parts; the first error wins.
class MapBuilder {
 public:
  explicit MapBuilder(std::string_view label) : label_(label) {}

  MapLoad load(std::string_view text, Adjacency adjacency) {
    MapLoad out;
    auto r = read_sexprs(text);
    if (auto* e = std::get_if<SexprError>(&r)) {
      out.error = std::string(label_) + ":" + pos_str(e->line, e->col) + ": error: " + e->detail;
      return out;
    }
    const auto& parts = std::get<std::vector<Sexpr>>(r);
    if (!build(parts, text)) {
      out.error = error_;
      return out;
    }
    MapCheckInput in{&map_, &city_data_, &demand_data_, label_, adjacency};
    out.warnings = check_map(in);
    out.map = std::move(map_);
    return out;
  }

 private:
  bool fail(uint32_t line, uint32_t col, const std::string& message) {
    error_ = std::string(label_) + ":" + pos_str(line, col) + ": error: " + message;
    return false;
  }
  bool fail(const Sexpr& at, const std::string& message) { return fail(at.line, at.col, message); }

  std::string board_str() const {
    return std::to_string(map_.dims_.width) + "x" + std::to_string(map_.dims_.height);
  }

  bool build(const std::vector<Sexpr>& parts, std::string_view text) {
    if (const Sexpr* s = find_string(parts))
      return fail(*s, "strings are not allowed in a map file");
    if (parts.size() != 4 && parts.size() != 5) {
      std::string msg = "expected 4 or 5 parts, found " + std::to_string(parts.size());
      if (parts.size() > 5) return fail(parts[5], msg);
      // Too few: the end of the file is where the next part was due.
      uint32_t line = 1, col = 1;
      for (char c : text) {
        if (c == '\n') {
          ++line;
          col = 1;
        } else {
          ++col;
        }
      }
      return fail(line, col, msg);
    }
    bool has_invalid = parts.size() == 5;
    if (!dimensions(parts[0])) return false;
    size_t n = static_cast<size_t>(map_.dims_.size());
    map_.types_.assign(n, NodeType::plain);
    map_.city_of_.assign(n, -1);
    // §3.5: mountains, then invalid (overrides mountain), then cities.
    if (!entries(parts[1], "mountain")) return false;
    if (has_invalid && !entries(parts[2], "invalid")) return false;
    const Sexpr& cities = parts[has_invalid ? 3 : 2];
    const Sexpr& demands = parts[has_invalid ? 4 : 3];
    return read_cities(cities) && read_demands(demands);
  }

  bool dimensions(const Sexpr& s) {
    Point p;
    if (!as_point(s, p) || p.x < 1 || p.y < 1 || p.x > 1000 || p.y > 1000) {
      return fail(s, "dimensions must be (W H) with 1 <= W,H <= 1000");
    }
    map_.dims_ = {p.x, p.y};
    return true;
  }

  bool entries(const Sexpr& list, const std::string& what) {
    if (list.kind != Sexpr::Kind::list) {
      return fail(list, "expected a list of " + what + " entries (x y)");
    }
    const bool mountain = what == "mountain";
    for (const Sexpr& e : list.items) {
      Point p;
      if (!as_point(e, p)) return fail(e, "expected a point (x y)");
      if (!map_.dims_.on_board(p)) {
        return fail(e,
                    what + " entry " + to_string(p) + " is outside the " + board_str() + " board");
      }
      // §3.3: the seed's expansion; cells off the board are ignored.
      static constexpr Offset kMountain[] = {{0, 0}, {-1, 0}, {0, 1}, {-1, 1}};
      static constexpr Offset kInvalid[] = {{0, 0}, {-2, 0}, {1, 0}, {-1, -1}, {-3, -1}};
      auto mark = [&](const Offset* offs, size_t k, NodeType t) {
        for (size_t i = 0; i < k; ++i) {
          Point q{p.x + offs[i].dx, p.y + offs[i].dy};
          if (map_.dims_.on_board(q)) map_.types_[map_.dims_.index(q)] = t;
        }
      };
      if (mountain) {
        mark(kMountain, 4, NodeType::mountain);
      } else {
        mark(kInvalid, 5, NodeType::invalid);
      }
    }
    return true;
  }

  int intern_good(const std::string& name) {
    auto it = good_ids_.find(name);
    if (it != good_ids_.end()) return it->second;
    int id = static_cast<int>(map_.goods_.size());
    map_.goods_.push_back(name);
    good_ids_.emplace(name, id);
    return id;
  }

  bool read_cities(const Sexpr& list) {
    if (list.kind != Sexpr::Kind::list) return fail(list, "expected a list of cities");
    const std::string shape = "city must be (NAME (GOODS...) (x y) ...)";
    for (const Sexpr& c : list.items) {
      if (c.kind != Sexpr::Kind::list || c.items.size() < 3 ||
          c.items[0].kind != Sexpr::Kind::symbol || c.items[1].kind != Sexpr::Kind::list) {
        return fail(c, shape);
      }
      for (const Sexpr& g : c.items[1].items) {
        if (g.kind != Sexpr::Kind::symbol) return fail(c, shape);
      }
      const std::string& name = c.items[0].text;
      if (city_ids_.count(name)) return fail(c, "duplicate city " + name);
      int index = static_cast<int>(map_.cities_.size());
      if (index >= 32767) return fail(c, "too many cities");
      City city;
      city.name = name;
      CityData data{c.line, c.col, {}};
      for (size_t k = 2; k < c.items.size(); ++k) {
        const Sexpr& e = c.items[k];
        Point p;
        if (!as_point(e, p)) return fail(e, "expected a point (x y)");
        std::string node = "city " + name + " node " + to_string(p);
        if (!map_.dims_.on_board(p)) {
          return fail(e, node + " is outside the " + board_str() + " board");
        }
        int i = map_.dims_.index(p);
        if (map_.types_[i] == NodeType::invalid) return fail(e, node + " is an invalid node");
        if (map_.city_of_[i] == index)
          return fail(e, "city " + name + " lists node " + to_string(p) + " twice");
        if (map_.city_of_[i] >= 0) {
          return fail(e, node + " also belongs to city " + map_.cities_[map_.city_of_[i]].name);
        }
        map_.types_[i] = NodeType::city;
        map_.city_of_[i] = static_cast<int16_t>(index);
        city.nodes.push_back(p);
        data.nodes.push_back({e.line, e.col});
      }
      for (const Sexpr& g : c.items[1].items) city.goods.push_back(intern_good(g.text));
      city_ids_.emplace(name, index);
      map_.cities_.push_back(std::move(city));
      city_data_.push_back(std::move(data));
    }
    if (map_.cities_.empty()) return fail(list, "a map needs at least 1 city");
    return true;
  }

  bool read_demands(const Sexpr& list) {
    if (list.kind != Sexpr::Kind::list) return fail(list, "expected a list of demands");
    for (const Sexpr& d : list.items) {
      if (d.kind != Sexpr::Kind::list || d.items.size() != 3 ||
          d.items[0].kind != Sexpr::Kind::symbol || d.items[1].kind != Sexpr::Kind::symbol ||
          d.items[2].kind != Sexpr::Kind::integer) {
        return fail(d, "demand must be (CITY GOOD AMOUNT)");
      }
      auto it = city_ids_.find(d.items[0].text);
      if (it == city_ids_.end()) {
        return fail(d.items[0], "demand names unknown city " + d.items[0].text);
      }
      if (d.items[2].integer <= 0) {
        return fail(d.items[2], "demand amount must be a positive integer, found " +
                                    std::to_string(d.items[2].integer));
      }
      // Cards store demand indices in 16 bits (deck.h).
      if (map_.demands_.size() >= 30000) return fail(d, "too many demands (at most 30000)");
      map_.demands_.push_back({it->second, intern_good(d.items[1].text), d.items[2].integer});
      demand_data_.push_back({d.line, d.col});
    }
    if (map_.demands_.size() < 3) return fail(list, "a map needs at least 3 demands");
    return true;
  }

  std::string_view label_;
  std::string error_;
  Map map_;
  std::unordered_map<std::string, int> city_ids_;
  std::unordered_map<std::string, int> good_ids_;
  std::vector<CityData> city_data_;
  std::vector<SourcePos> demand_data_;
};

MapLoad load_map_text(std::string_view text, std::string_view label, Adjacency adjacency) {
  return MapBuilder(label).load(text, adjacency);
}

MapLoad load_map_file(const std::string& path, Adjacency adjacency) {
  std::error_code ec;
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path, ec)) {
    MapLoad out;
    out.error = path + ":0:0: error: cannot open file";
    return out;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    MapLoad out;
    out.error = path + ":0:0: error: cannot open file";
    return out;
  }
  return load_map_text(text.str(), path, adjacency);
}

MapLoad load_map(const std::string& name, Adjacency adjacency) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(name, ec)) return load_map_file(name, adjacency);
  std::string local = "maps/" + name;
  if (std::filesystem::is_regular_file(local, ec)) return load_map_file(local, adjacency);
  // §9.1: the installed data directory, P/share/arena/maps beside P/bin of this program.
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec && name.find('/') == std::string::npos) {
    const auto installed = exe.parent_path().parent_path() / "share/arena/maps" / name;
    if (std::filesystem::is_regular_file(installed, ec)) return load_map_file(installed, adjacency);
  }
  if (auto text = builtin_map_text(name)) return load_map_text(*text, name, adjacency);
  MapLoad out;
  out.error = name + ":0:0: error: cannot open file";
  return out;
}

}  // namespace arena::empire
