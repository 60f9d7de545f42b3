#include "games/empire/map.h"

#include <algorithm>

namespace arena::empire {

std::optional<std::string_view> Map::city_at(Point p) const {
  int c = city_index_at(p);
  if (c < 0) return std::nullopt;
  return std::string_view(cities_[c].name);
}

int Map::good_id(std::string_view upper_name) const {
  for (size_t g = 0; g < goods_.size(); ++g) {
    if (goods_[g] == upper_name) return static_cast<int>(g);
  }
  return -1;
}

int Map::city_index(std::string_view upper_name) const {
  for (size_t c = 0; c < cities_.size(); ++c) {
    if (cities_[c].name == upper_name) return static_cast<int>(c);
  }
  return -1;
}

bool Map::produces(int city, int good) const {
  const auto& g = cities_[city].goods;
  return std::find(g.begin(), g.end(), good) != g.end();
}

int Map::count(NodeType t) const {
  return static_cast<int>(std::count(types_.begin(), types_.end(), t));
}

std::string Map::render(const RenderOptions& options) const {
  static constexpr char kGlyph[] = {'.', '^', 'C', '~'};
  std::vector<char> cells(dims_.size());
  for (int i = 0; i < dims_.size(); ++i) cells[i] = kGlyph[static_cast<int>(types_[i])];
  for (Point p : options.path) {
    if (dims_.on_board(p)) cells[dims_.index(p)] = '*';
  }
  std::string out;
  out.reserve(static_cast<size_t>((dims_.width + 5) * (dims_.height + 1)));
  for (int y = dims_.height - 1; y >= 0; --y) {
    if (y < 10) out += ' ';  // right-aligned in two characters
    out += std::to_string(y);
    out += ' ';
    for (int x = 0; x < dims_.width; ++x) {
      bool hidden = options.lattice >= 0 && lattice({x, y}) != options.lattice;
      out += hidden ? ' ' : cells[dims_.index({x, y})];
    }
    out += '\n';
  }
  out += "   ";
  for (int x = 0; x < dims_.width; ++x) out += static_cast<char>('0' + x % 10);
  out += '\n';
  return out;
}

Map assemble_map(Dims dims, const std::vector<Point>& mountains, const std::vector<Point>& invalid,
                 std::vector<City> cities, std::vector<Demand> demands,
                 std::vector<std::string> goods) {
  Map m;
  m.dims_ = dims;
  m.types_.assign(static_cast<size_t>(dims.size()), NodeType::plain);
  m.city_of_.assign(static_cast<size_t>(dims.size()), -1);
  for (Point p : mountains)
    if (dims.on_board(p)) m.types_[dims.index(p)] = NodeType::mountain;
  for (Point p : invalid)
    if (dims.on_board(p)) m.types_[dims.index(p)] = NodeType::invalid;
  for (size_t c = 0; c < cities.size(); ++c) {
    for (Point p : cities[c].nodes) {
      if (!dims.on_board(p)) continue;
      m.types_[dims.index(p)] = NodeType::city;
      m.city_of_[dims.index(p)] = static_cast<int16_t>(c);
    }
  }
  m.cities_ = std::move(cities);
  m.demands_ = std::move(demands);
  m.goods_ = std::move(goods);
  return m;
}

}  // namespace arena::empire
