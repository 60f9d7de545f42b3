#include "games/wumpus/protocol.h"

#include <charconv>
#include <vector>

namespace arena::wumpus {

std::string start_line(const Params& p) {
  return "start " + std::to_string(p.width) + " " + std::to_string(p.height) + " " +
         std::to_string(p.arrows) + " " + std::to_string(p.wumpuses) + " " +
         std::to_string(p.pit_percent) + " " + std::to_string(p.turn_limit());
}

std::string percept_line(const Percept& p) {
  std::string out;
  auto add = [&](bool on, std::string_view word) {
    if (!on) return;
    if (!out.empty()) out += ' ';
    out += word;
  };
  add(p.breeze, "breeze");
  add(p.stench, "stench");
  add(p.glitter, "glitter");
  add(p.scream, "scream");
  add(p.bump, "bump");
  return out.empty() ? "none" : out;
}

std::string end_line(int score) {
  return "end " + std::to_string(score);
}

namespace {

bool printable(unsigned char c) {
  return c >= 0x20 && c < 0x7f;
}
bool blank(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// Words separated by runs of spaces and tabs.
std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && blank(s[i])) ++i;
    const size_t b = i;
    while (i < s.size() && !blank(s[i])) ++i;
    if (i > b) out.push_back(s.substr(b, i - b));
  }
  return out;
}

std::string_view strip_cr(std::string_view s) {
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<Action> parse_answer(std::string_view line) {
  // The 64-byte limit counts the raw line, "\r" included (spec §5.3, §6: the 65th byte ends it).
  if (line.size() > kMaxAnswerBytes) return std::nullopt;
  line = strip_cr(line);
  for (char c : line) {
    if (!printable(static_cast<unsigned char>(c)) && c != '\t') return std::nullopt;
  }
  const std::string_view word = trim(line);
  for (Action a : kAllActions) {
    if (word == to_string(a)) return a;
  }
  return std::nullopt;
}

std::string escape_answer(std::string_view line) {
  if (line.size() > kMaxAnswerBytes) line = line.substr(0, kMaxAnswerBytes);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(line.size());
  for (char ch : line) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '\\') {
      out += "\\\\";
    } else if (printable(c)) {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::optional<StartInfo> parse_start_line(std::string_view line) {
  const auto w = words(strip_cr(line));
  if (w.size() != 7 || w[0] != "start") return std::nullopt;
  int v[6];
  for (int i = 0; i < 6; ++i) {
    const auto s = w[i + 1];
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v[i]);
    if (ec != std::errc() || ptr != s.data() + s.size() || v[i] < 0) return std::nullopt;
  }
  StartInfo info;
  info.params = Params{v[0], v[1], v[4], v[3], v[2]};
  info.turn_limit = v[5];
  const Params& p = info.params;
  if (p.width < 1 || p.width > kMaxSide || p.height < 1 || p.height > kMaxSide ||
      p.width * p.height < 2 || p.arrows > 10 || p.wumpuses > kMaxWumpuses || p.pit_percent > 100) {
    return std::nullopt;
  }
  return info;
}

Percept parse_percept_line(std::string_view line, int* unknown) {
  Percept p;
  int unknown_count = 0;
  for (auto word : words(strip_cr(line))) {
    if (word == "breeze") {
      p.breeze = true;
    } else if (word == "stench") {
      p.stench = true;
    } else if (word == "glitter") {
      p.glitter = true;
    } else if (word == "scream") {
      p.scream = true;
    } else if (word == "bump") {
      p.bump = true;
    } else if (word != "none") {
      ++unknown_count;
    }
  }
  if (unknown) *unknown = unknown_count;
  return p;
}

}  // namespace arena::wumpus
