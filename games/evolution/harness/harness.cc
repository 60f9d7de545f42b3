#include "games/evolution/harness/harness.h"

#include <iostream>
#include <iterator>
#include <sstream>

#include "core/framers.h"
#include "games/evolution/dealer.h"
#include "games/evolution/json.h"
#include "games/evolution/silly.h"

namespace arena::evolution {
namespace {

HarnessResult run_on_text(const std::string& input,
                          const std::function<std::optional<Json>(const Json&)>& compute) {
  HarnessResult r;
  try {
    std::optional<Json> out = compute(parse_json_text(input));
    if (out) r.out = out->dump() + "\n";
  } catch (const std::exception& e) {
    r.status = 1;
    r.err = e.what();
  }
  return r;
}

std::optional<Json> attack_answer(const Json& j) {
  Situation s = situation_from_json(j);
  return Json(attackable(s.defender, s.attacker, s.left ? &*s.left : nullptr,
                         s.right ? &*s.right : nullptr));
}

std::optional<Json> feed_answer(const Json& j) {
  Feeding f = feeding_from_json(j);
  Lob others;
  for (const PlayerState& p : f.others) others.push_back(p.boards);
  auto choice = silly_feed(f.current.boards, f.watering_hole, others);
  if (!choice) return std::nullopt;
  return feeding_choice_to_json(*choice);
}

// Silly players, one per player of the configuration.
struct Sillies {
  explicit Sillies(size_t n) : players(n) {
    for (auto& p : players) pointers.push_back(&p);
  }
  std::vector<SillyPlayer> players;
  std::vector<Player*> pointers;
};

std::optional<Json> step_answer(const Json& j) {
  Configuration c = configuration_from_json(j);
  Sillies sillies(c.players.size());
  Dealer dealer(std::move(c), sillies.pointers, DealerOptions{std::chrono::milliseconds(0)});
  dealer.feed_once();
  return configuration_to_json(dealer.engine().config());
}

std::optional<Json> step4_answer(const Json& j) {
  if (!j.is_array() || j.size() != 2) throw JsonShapeError("expected [Configuration, Step4]");
  Configuration c = configuration_from_json(j[0]);
  std::vector<Action4> actions = step4_from_json(j[1]);
  if (actions.size() != c.players.size()) {
    throw JsonShapeError("step4 has " + std::to_string(actions.size()) + " actions for " +
                         std::to_string(c.players.size()) + " players");
  }
  Sillies sillies(c.players.size());
  Dealer dealer(std::move(c), sillies.pointers, DealerOptions{std::chrono::milliseconds(0)});
  dealer.step4(std::move(actions));
  return configuration_to_json(dealer.engine().config());
}

std::optional<Json> silly_answer(const Json& j) {
  Choice c = choice_from_json(j);
  auto a = silly_choose(static_cast<int>(c.current.boards.size()), c.current.hand);
  if (!a) return std::nullopt;
  return action4_to_json(*a);
}

bool is_ws(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Whitespace outside strings removed; every token kept verbatim (§7 xstream).
std::string compact(const std::string& text) {
  std::string out;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      out.push_back(c);
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
      out.push_back(c);
    } else if (!is_ws(c)) {
      out.push_back(c);
    }
  }
  return out;
}

bool parse_int(const char* s, long long lo, long long hi, long long* out) {
  if (!s || !*s) return false;
  long long v = 0;
  for (const char* p = s; *p; ++p) {
    if (*p < '0' || *p > '9') return false;
    v = v * 10 + (*p - '0');
    if (v > hi) return false;
  }
  if (v < lo) return false;
  *out = v;
  return true;
}

}  // namespace

HarnessResult xattack(const std::string& input) {
  return run_on_text(input, attack_answer);
}
HarnessResult xfeed(const std::string& input) {
  return run_on_text(input, feed_answer);
}
HarnessResult xstep(const std::string& input) {
  return run_on_text(input, step_answer);
}
HarnessResult xstep4(const std::string& input) {
  return run_on_text(input, step4_answer);
}
HarnessResult xsilly(const std::string& input) {
  return run_on_text(input, silly_answer);
}

HarnessResult xstream(const std::string& input) {
  HarnessResult r;
  auto framer = make_json_framer(size_t{1} << 30);
  framer->feed(input);
  // A bare scalar at the very end needs a delimiter to be complete; the end of input is one.
  framer->feed("\n");
  int count = 0;
  for (bool eof = false;;) {
    Frame f = eof ? framer->finish() : framer->next();
    if (f.is_message()) {
      // The framer found the value's extent; nlohmann is the judge of its well-formedness.
      if (Json::parse(f.message, nullptr, false).is_discarded()) {
        r.status = 1;
        r.err = "malformed JSON value";
        break;
      }
      r.out += compact(f.message) + "\n";
      ++count;
      continue;
    }
    if (f.is_error()) {
      r.status = 1;
      r.err = f.detail;
      break;
    }
    if (eof) break;
    eof = true;
  }
  r.out += "{\"count\": " + std::to_string(count) + "}\n";
  return r;
}

HarnessResult xmain(int argc, const char* const* argv) {
  HarnessResult r;
  long long n = 0, seed = 0;
  const bool ok = (argc == 2 || argc == 3) && parse_int(argv[1], 3, 8, &n) &&
                  (argc == 2 || parse_int(argv[2], 0, 4294967295LL, &seed));
  if (!ok) {
    r.status = 1;
    r.err = "usage: xmain n [seed]   (n = 3..8 players, seed = unsigned 32-bit integer, default 0)";
    return r;
  }
  r.out = run_silly_game(static_cast<int>(n), static_cast<uint32_t>(seed));
  return r;
}

int finish(const char* name, const HarnessResult& r) {
  std::cout << r.out << std::flush;
  if (r.status != 0) std::cerr << name << ": " << r.err << "\n";
  return r.status;
}

std::string read_stdin() {
  std::ostringstream ss;
  ss << std::cin.rdbuf();
  return ss.str();
}

}  // namespace arena::evolution
