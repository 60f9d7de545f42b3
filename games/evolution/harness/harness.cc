#include "games/evolution/harness/harness.h"

#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string_view>

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

std::optional<Json> attack_answer(const Json& j, Rules rules) {
  Situation s = situation_from_json(j);
  return Json(attackable(s.defender, s.attacker, s.left ? &*s.left : nullptr,
                         s.right ? &*s.right : nullptr, rules));
}

std::optional<Json> feed_answer(const Json& j, Rules rules) {
  Feeding f = feeding_from_json(j);
  Lob others;
  for (const PlayerState& p : f.others) others.push_back(p.boards);
  auto choice = silly_feed(f.current.boards, f.watering_hole, others, rules);
  if (!choice) return std::nullopt;
  return feeding_choice_to_json(*choice);
}

// Silly players, one per player of the configuration.
struct Sillies {
  Sillies(size_t n, Rules rules) : players(n, SillyPlayer(rules)) {
    for (auto& p : players) pointers.push_back(&p);
  }
  std::vector<SillyPlayer> players;
  std::vector<Player*> pointers;
};

DealerOptions harness_options(Rules rules) {
  DealerOptions o;
  o.time_limit = std::chrono::milliseconds(0);
  o.rules = rules;
  return o;
}

std::optional<Json> step_answer(const Json& j, Rules rules) {
  Configuration c = configuration_from_json(j);
  Sillies sillies(c.players.size(), rules);
  Dealer dealer(std::move(c), sillies.pointers, harness_options(rules));
  dealer.feed_once();
  return configuration_to_json(dealer.engine().config());
}

std::optional<Json> step4_answer(const Json& j, Rules rules) {
  if (!j.is_array() || j.size() != 2) throw JsonShapeError("expected [Configuration, Step4]");
  Configuration c = configuration_from_json(j[0]);
  std::vector<Action4> actions = step4_from_json(j[1]);
  if (actions.size() != c.players.size()) {
    throw JsonShapeError("step4 has " + std::to_string(actions.size()) + " actions for " +
                         std::to_string(c.players.size()) + " players");
  }
  Sillies sillies(c.players.size(), rules);
  Dealer dealer(std::move(c), sillies.pointers, harness_options(rules));
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

// xmain's options are `k=v` words; its positional arguments are plain digits.
bool is_option(const char* s) {
  return std::string_view(s).find('=') != std::string_view::npos;
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

HarnessResult xattack(const std::string& input, Rules rules) {
  return run_on_text(input, [rules](const Json& j) { return attack_answer(j, rules); });
}
HarnessResult xfeed(const std::string& input, Rules rules) {
  return run_on_text(input, [rules](const Json& j) { return feed_answer(j, rules); });
}
HarnessResult xstep(const std::string& input, Rules rules) {
  return run_on_text(input, [rules](const Json& j) { return step_answer(j, rules); });
}
HarnessResult xstep4(const std::string& input, Rules rules) {
  return run_on_text(input, [rules](const Json& j) { return step4_answer(j, rules); });
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
  // The spec's positional arguments first; then the options, each at most once.
  int positional = 1;
  while (positional < argc && !is_option(argv[positional])) ++positional;
  long long n = 0, seed = 0;
  Variant v;
  bool ok = (positional == 2 || positional == 3) && parse_int(argv[1], 3, 8, &n) &&
            (positional == 2 || parse_int(argv[2], 0, 4294967295LL, &seed));
  bool rules_seen = false, deck_seen = false;
  for (int i = positional; ok && i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a.rfind("rules=", 0) == 0 && !rules_seen) {
      rules_seen = true;
      const auto x = parse_rules(a.substr(6));
      ok = x.has_value();
      if (ok) v.rules = *x;
    } else if (a.rfind("deck=", 0) == 0 && !deck_seen) {
      deck_seen = true;
      const auto x = parse_deck_order(a.substr(5));
      ok = x.has_value();
      if (ok) v.deck = *x;
    } else {
      ok = false;
    }
  }
  if (!ok) {
    r.status = 1;
    r.err =
        "usage: xmain n [seed] [rules=spec|instructor] [deck=shuffled|unshuffled]   (n = 3..8 "
        "players, seed = unsigned 32-bit integer, default 0)";
    return r;
  }
  r.out = format_ranking(silly_ranking(static_cast<int>(n), static_cast<uint32_t>(seed), v));
  return r;
}

int run_rules_harness(const char* name, int argc, const char* const* argv,
                      HarnessResult (*harness)(const std::string&, Rules)) {
  std::optional<Rules> rules = Rules::spec;
  if (argc > 2) rules.reset();
  if (argc == 2) {
    const std::string_view a = argv[1];
    rules = a.rfind("rules=", 0) == 0 ? parse_rules(a.substr(6)) : std::nullopt;
  }
  if (!rules) {
    std::cerr << "usage: " << name << " [rules=spec|instructor]   (one JSON value on stdin)\n";
    return 1;
  }
  return finish(name, harness(read_stdin(), *rules));
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
