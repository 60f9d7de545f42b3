#include "games/wumpus/world.h"

#include <algorithm>
#include <vector>

namespace arena::wumpus {

std::string_view to_string(Mode m) {
  switch (m) {
    case Mode::classic:
      return "classic";
    case Mode::random:
      return "random";
    case Mode::advanced:
      return "advanced";
    case Mode::custom:
      return "custom";
  }
  return "?";
}

std::optional<Mode> parse_mode(std::string_view s) {
  for (Mode m : {Mode::classic, Mode::random, Mode::advanced, Mode::custom}) {
    if (s == to_string(m)) return m;
  }
  return std::nullopt;
}

std::optional<std::string> validate_advanced(const AdvancedInput& in) {
  auto bad = [](int v, int lo, int hi) { return v != -1 && (v < lo || v > hi); };
  if (bad(in.width, 1, 10)) return "width must be -1 or an integer from 1 to 10";
  if (bad(in.height, 1, 10)) return "height must be -1 or an integer from 1 to 10";
  if (bad(in.pit_percent, 0, 90)) return "pit_percent must be -1 or an integer from 0 to 90";
  if (bad(in.wumpuses, 0, 10)) return "wumpuses must be -1 or an integer from 0 to 10";
  if (bad(in.arrows, 0, 10)) return "arrows must be -1 or an integer from 0 to 10";
  if (in.width != -1 && in.height != -1) {
    if (in.width * in.height < 2) return "width*height must be at least 2";
    if (in.wumpuses != -1 && in.wumpuses > in.width * in.height - 1) {
      return "wumpuses must be at most width*height-1";
    }
  }
  return std::nullopt;
}

Params draw_params(Mode mode, const AdvancedInput& in, Rng& rng) {
  // Classic (and custom, which has no drawn parameters) never touch the generator.
  if (mode == Mode::classic || mode == Mode::custom) return Params{4, 4, 20, 1, 1};
  const bool adv = mode == Mode::advanced;
  // Order matters (spec §3.2): a given value consumes no random numbers.
  auto pick = [&](int given, int base, int span) {
    if (adv && given != -1) return given;
    return base + static_cast<int>(rng.below(span));
  };
  Params p;
  p.width = pick(in.width, 4, 7);
  p.height = pick(in.height, 4, 7);
  p.pit_percent = pick(in.pit_percent, 5, 26);
  p.wumpuses = pick(in.wumpuses, 1, 3);
  p.arrows = pick(in.arrows, 1, 3);
  if (adv) p.wumpuses = std::max(0, std::min(p.wumpuses, p.width * p.height - 1));
  return p;
}

Cave draw_cave(const Params& params, Rng& rng) {
  Cave cave;
  cave.width = params.width;
  cave.height = params.height;
  cave.arrows = params.arrows;
  cave.pit_percent = params.pit_percent;
  const int n = cave.cells();
  if (n < 2) return cave;  // unreachable after validation; never loop forever on bad input
  // Bottom-up row-major order without the entrance is exactly cell indices 1..n-1.
  // A percent of 100 or more would make the retry loop endless; validation caps it at 90.
  const int percent = std::min(params.pit_percent, 99);
  std::vector<int> free;
  free.reserve(n);
  do {
    cave.pits.reset();
    free.clear();
    for (int c = 1; c < n; ++c) {
      if (rng.below(100) < static_cast<uint64_t>(percent)) {
        cave.pits.set(c);
      } else {
        free.push_back(c);
      }
    }
  } while (free.empty());
  cave.gold = free[rng.below(free.size())];

  std::vector<int> rest;
  rest.reserve(n - 1);
  for (int c = 1; c < n; ++c) rest.push_back(c);
  const int k = std::clamp(params.wumpuses, 0, n - 1);
  for (int i = 0; i < k; ++i) {
    const auto j = static_cast<size_t>(rng.below(rest.size()));
    cave.wumpuses.push_back(rest[j]);
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(j));
  }
  return cave;
}

Cave generate(Mode mode, const AdvancedInput& in, uint64_t seed) {
  Rng rng(seed);
  const Params p = draw_params(mode, in, rng);
  return draw_cave(p, rng);
}

namespace {

// Header numbers: digits only, leading zeros allowed, no sign (spec §4.2). Long digit strings
// saturate instead of overflowing, so they fail the range check.
std::optional<int> parse_header_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = std::min(v * 10 + (c - '0'), 1'000'000);
  }
  return v;
}

std::string show_char(char ch) {
  const auto u = static_cast<unsigned char>(ch);
  if (u >= 0x20 && u < 0x7f) return std::string(1, ch);
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string{'\\', 'x', kHex[u >> 4], kHex[u & 15]};
}

bool valid_cell_char(char c) {
  return c == '.' || c == 'W' || c == '_' || c == '$' || c == 'w' || c == 'S';
}

}  // namespace

std::variant<Cave, std::string> parse_map_code(std::string_view text) {
  // Normalisation (spec §4.2).
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (true) {
    const size_t p = text.find('\n', start);
    std::string_view line =
        p == std::string_view::npos ? text.substr(start) : text.substr(start, p - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    lines.push_back(line);
    if (p == std::string_view::npos) break;
    start = p + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();

  if (lines.size() < 3) return std::string("map: expected 3 header lines (width, height, arrows)");
  const auto n = parse_header_number(lines[0]);
  if (!n || *n < 1 || *n > 10) {
    return std::string("map: line 1: width must be an integer from 1 to 10");
  }
  const auto m = parse_header_number(lines[1]);
  if (!m || *m < 1 || *m > 10) {
    return std::string("map: line 2: height must be an integer from 1 to 10");
  }
  const auto arrows = parse_header_number(lines[2]);
  if (!arrows || *arrows > 10) {
    return std::string("map: line 3: arrows must be an integer from 0 to 10");
  }
  const int width = *n, height = *m;
  const size_t rows = lines.size() - 3;
  if (rows != static_cast<size_t>(height)) {
    return "map: expected " + std::to_string(height) + " rows after the header, found " +
           std::to_string(rows);
  }
  for (int r = 0; r < height; ++r) {
    const auto& row = lines[3 + r];
    if (row.size() != static_cast<size_t>(width)) {
      return "map: line " + std::to_string(4 + r) + ": row has " + std::to_string(row.size()) +
             " characters, expected " + std::to_string(width);
    }
  }
  for (int r = 0; r < height; ++r) {
    const auto& row = lines[3 + r];
    for (int i = 0; i < width; ++i) {
      if (!valid_cell_char(row[i])) {
        return "map: line " + std::to_string(4 + r) + ", column " + std::to_string(i + 1) +
               ": invalid character '" + show_char(row[i]) + "' (allowed: . W _ $ w S)";
      }
    }
  }

  Cave cave;
  cave.width = width;
  cave.height = height;
  cave.arrows = *arrows;
  int golds = 0, pits = 0;
  // Wumpuses are listed in bottom-up row-major order (ascending cell index), the same order in
  // which generation enumerates cells (spec §3.3).
  for (int y = 0; y < height; ++y) {
    const auto& row = lines[3 + (height - 1 - y)];
    for (int x = 0; x < width; ++x) {
      const int c = cave.index(x, y);
      switch (row[x]) {
        case '_':
          cave.pits.set(c);
          break;
        case '$':
          cave.gold = c;
          break;
        case 'W':
          cave.wumpuses.push_back(c);
          break;
        case 'w':
          cave.pits.set(c);
          cave.wumpuses.push_back(c);
          break;
        case 'S':
          cave.gold = c;
          cave.wumpuses.push_back(c);
          break;
        default:
          break;
      }
      if (row[x] == '$' || row[x] == 'S') ++golds;
      if (row[x] == '_' || row[x] == 'w') ++pits;
    }
  }
  if (golds != 1) {
    return "map: the map must contain exactly one gold ($ or S), found " + std::to_string(golds);
  }
  const char entrance = lines[3 + height - 1][0];
  if (entrance != '.') {
    return "map: the entrance (first character of the last row) must be '.', found '" +
           show_char(entrance) + "'";
  }
  if (cave.wumpuses.size() > static_cast<size_t>(kMaxWumpuses)) {
    return "map: at most 10 wumpuses allowed, found " + std::to_string(cave.wumpuses.size());
  }
  const int q = width * height - 1;  // >= 1: the entrance check rules out a 1x1 map
  cave.pit_percent = (200 * pits + q) / (2 * q);
  return cave;
}

std::string to_map_code(const Cave& cave) {
  CellSet wumpus;
  for (int w : cave.wumpuses) {
    if (w >= 0 && w < kMaxCells) wumpus.set(w);
  }
  std::string out = std::to_string(cave.width) + "\n" + std::to_string(cave.height) + "\n" +
                    std::to_string(cave.arrows);
  for (int y = cave.height - 1; y >= 0; --y) {
    out += '\n';
    for (int x = 0; x < cave.width; ++x) {
      const int c = cave.index(x, y);
      const bool pit = cave.pits.test(c), gold = cave.gold == c;
      if (wumpus.test(c)) {
        out += pit ? 'w' : gold ? 'S' : 'W';
      } else {
        out += pit ? '_' : gold ? '$' : '.';
      }
    }
  }
  return out;
}

}  // namespace arena::wumpus
