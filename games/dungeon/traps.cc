#include "games/dungeon/traps.h"

#include <charconv>
#include <cstdlib>

namespace arena::dungeon {

std::string_view to_string(SatMode m) {
  return m == SatMode::planted ? "planted" : "uniform";
}

std::optional<SatMode> parse_sat_mode(std::string_view s) {
  if (s == "planted") return SatMode::planted;
  if (s == "uniform") return SatMode::uniform;
  return std::nullopt;
}

namespace {

// One uniform trap (§9.2 steps 1-5), written to lits[0..2].
void draw_trap(Stream& sat, int n, int32_t* lits) {
  auto un = static_cast<uint64_t>(n);
  auto a = static_cast<int32_t>(sat.below(un));
  int32_t b;
  do b = static_cast<int32_t>(sat.below(un));
  while (b == a);
  int32_t c;
  do c = static_cast<int32_t>(sat.below(un));
  while (c == a || c == b);
  uint64_t sa = sat.bit(), sb = sat.bit(), sc = sat.bit();
  lits[0] = sa ? -(a + 1) : a + 1;
  lits[1] = sb ? -(b + 1) : b + 1;
  lits[2] = sc ? -(c + 1) : c + 1;
}

}  // namespace

void draw_instance(Stream& sat, SatMode mode, int n, int m, Instance& out,
                   std::vector<uint8_t>* hidden) {
  out.n = n;
  out.lits.resize(static_cast<size_t>(m) * 3);
  int32_t* lits = out.lits.data();
  if (mode == SatMode::uniform) {
    for (int t = 0; t < m; ++t) draw_trap(sat, n, lits + 3 * t);
    if (hidden) hidden->clear();
    return;
  }
  // Planted: the hidden bits first, then keep only traps that h turns off.
  std::vector<uint8_t> local;
  std::vector<uint8_t>& h = hidden ? *hidden : local;
  h.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) h[i] = static_cast<uint8_t>(sat.bit());
  for (int t = 0; t < m;) {
    int32_t* trap = lits + 3 * t;
    draw_trap(sat, n, trap);
    if (literal_true(trap[0], h.data()) || literal_true(trap[1], h.data()) ||
        literal_true(trap[2], h.data())) {
      ++t;
    }
  }
}

int count_active(const Instance& inst, const uint8_t* assignment) {
  int k = 0;
  const int32_t* l = inst.lits.data();
  for (size_t i = 0; i + 2 < inst.lits.size(); i += 3) {
    if (!literal_true(l[i], assignment) && !literal_true(l[i + 1], assignment) &&
        !literal_true(l[i + 2], assignment)) {
      ++k;
    }
  }
  return k;
}

std::string to_cnf(const Instance& inst) {
  std::string out = "p cnf " + std::to_string(inst.n) + " " + std::to_string(inst.traps()) + "\n";
  out.reserve(out.size() + inst.lits.size() * 5);
  for (size_t i = 0; i + 2 < inst.lits.size(); i += 3) {
    out += std::to_string(inst.lits[i]);
    out += ' ';
    out += std::to_string(inst.lits[i + 1]);
    out += ' ';
    out += std::to_string(inst.lits[i + 2]);
    out += " 0\n";
  }
  return out;
}

namespace {

// Splits a line into integer tokens; false (with `bad` set) on a token that is not an integer.
bool tokens(std::string_view line, std::vector<long long>& out, std::string& bad) {
  out.clear();
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i == line.size()) break;
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    std::string_view tok = line.substr(i, j - i);
    long long v = 0;
    auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec != std::errc() || p != tok.data() + tok.size()) {
      bad = std::string(tok);
      return false;
    }
    out.push_back(v);
    i = j;
  }
  return true;
}

}  // namespace

std::variant<Instance, std::string> parse_cnf(std::string_view text) {
  Instance inst;
  long long declared_m = -1;
  std::vector<long long> toks;
  std::string bad;
  size_t line_no = 0;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    std::string where = "line " + std::to_string(line_no) + ": ";
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == 'c') continue;
    if (line[first] == 'p') {
      if (declared_m >= 0) return where + "second problem line";
      std::string_view rest = line.substr(first + 1);
      size_t k = rest.find_first_not_of(" \t");
      if (k == std::string_view::npos || rest.substr(k, 3) != "cnf") {
        return where + "problem line must be 'p cnf <n> <m>'";
      }
      if (!tokens(rest.substr(k + 3), toks, bad) || toks.size() != 2) {
        return where + "problem line must be 'p cnf <n> <m>'";
      }
      if (toks[0] < 3 || toks[0] > 100000) return where + "switch count must be in 3..100000";
      if (toks[1] < 0 || toks[1] > 300000) return where + "trap count must be in 0..300000";
      inst.n = static_cast<int>(toks[0]);
      declared_m = toks[1];
      inst.lits.reserve(static_cast<size_t>(declared_m) * 3);
      continue;
    }
    if (declared_m < 0) return where + "clause before the problem line";
    if (!tokens(line, toks, bad)) return where + "'" + bad + "' is not an integer";
    if (toks.size() != 4 || toks[3] != 0) {
      return where + "a trap must be three literals followed by 0";
    }
    for (int i = 0; i < 3; ++i) {
      if (toks[i] == 0 || std::llabs(toks[i]) > inst.n) {
        return where + "literal " + std::to_string(toks[i]) + " is not in 1..n or -n..-1";
      }
    }
    if (std::llabs(toks[0]) == std::llabs(toks[1]) || std::llabs(toks[0]) == std::llabs(toks[2]) ||
        std::llabs(toks[1]) == std::llabs(toks[2])) {
      return where + "a trap's three switches must be distinct";
    }
    if (inst.traps() >= declared_m) return where + "more traps than the problem line declares";
    for (int i = 0; i < 3; ++i) inst.lits.push_back(static_cast<int32_t>(toks[i]));
  }
  if (declared_m < 0) return std::string("no problem line 'p cnf <n> <m>'");
  if (inst.traps() != declared_m) {
    return "the problem line declares " + std::to_string(declared_m) + " traps, the file has " +
           std::to_string(inst.traps());
  }
  return inst;
}

}  // namespace arena::dungeon
