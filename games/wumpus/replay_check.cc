#include "games/wumpus/replay_check.h"

#include <fmt/format.h>

#include "games/wumpus/protocol.h"
#include "games/wumpus/referee.h"
#include "games/wumpus/world.h"

namespace arena::wumpus {

namespace {

// The bytes of a recorded answer: escape_answer() undone (\\ and \xHH). nullopt if the text is not
// something escape_answer() writes.
std::optional<std::string> unescape_answer(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '\\') {
      out += '\\';
      ++i;
      continue;
    }
    if (i + 3 >= text.size()) return std::nullopt;
    if (text[i + 1] != 'x') return std::nullopt;
    int v = 0;
    for (size_t k = i + 2; k < i + 4; ++k) {
      const char c = text[k];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) return std::nullopt;
      v = v * 16 + d;
    }
    out += static_cast<char>(v);
    i += 3;
  }
  return out;
}

// How the referee ends the game for a turn without an action (referee.cc, run_game).
std::optional<EndReason> end_for_verdict(const std::string& verdict) {
  if (verdict == "timeout") return EndReason::timeout;
  if (verdict == "malformed" || verdict == "too_long") return EndReason::invalid_action;
  if (verdict == "crashed" || verdict == "closed") return EndReason::crash;
  return std::nullopt;
}

// The header a game with this cave, mode and seed gets (spec §8 fields), or a problem.
struct HeaderCheck {
  std::optional<Cave> cave;
  std::vector<std::string> problems;
};

HeaderCheck check_header(const Json& h) {
  HeaderCheck out;
  auto problem = [&](std::string p) { out.problems.push_back("header: " + std::move(p)); };
  if (!h.contains("map_code") || !h["map_code"].is_string()) {
    problem("no map_code string");
    return out;
  }
  auto parsed = parse_map_code(h["map_code"].get<std::string>());
  if (auto* err = std::get_if<std::string>(&parsed)) {
    problem("map_code: " + *err);
    return out;
  }
  out.cave = std::get<Cave>(parsed);
  GameSetup g;
  g.cave = *out.cave;
  const std::optional<Mode> mode = h.contains("mode") && h["mode"].is_string()
                                       ? parse_mode(h["mode"].get<std::string>())
                                       : std::nullopt;
  if (!mode) {
    problem("mode is " + quote_json(h.value("mode", Json(nullptr))) +
            ", expected classic, random, advanced or custom");
    return out;
  }
  g.mode = *mode;
  const Json& params = h.value("match_params", Json::object());
  const Json given_mode = params.contains("mode") ? params["mode"] : Json("classic");
  if (given_mode != std::string(to_string(g.mode)))
    problem(fmt::format("mode is \"{}\", the match parameters give {}", to_string(g.mode),
                        quote_json(given_mode)));
  if (g.mode == Mode::advanced) {
    // The advanced input is the match parameters as given, -1 for those not given.
    AdvancedInput in;
    int* fields[] = {&in.width, &in.height, &in.pit_percent, &in.wumpuses, &in.arrows};
    const char* names[] = {"width", "height", "pit_percent", "wumpuses", "arrows"};
    for (int i = 0; i < 5; ++i) {
      const Json& v = params.value(names[i], Json("-1"));
      try {
        *fields[i] = v.is_string() ? std::stoi(v.get<std::string>()) : -2;
      } catch (const std::exception&) {
        *fields[i] = -2;
      }
      if (*fields[i] == -2) problem(fmt::format("match_params.{} is {}", names[i], v.dump()));
    }
    g.advanced_input = in;
  }
  if (g.mode == Mode::custom) {
    if (!h["seed"].is_null()) problem("seed is " + h["seed"].dump() + ", a custom map has none");
  } else if (auto seed =
                 h["seed"].is_string() ? parse_seed(h["seed"].get<std::string>()) : std::nullopt) {
    g.seed = *seed;
    // Spec §3.3: the cave of a generated game is the seed's. A seed changed while the cave is
    // kept, or a cave edited under its seed, is found here.
    const Cave generated = generate(g.mode, g.advanced_input.value_or(AdvancedInput{}), *seed);
    if (to_map_code(generated) != h["map_code"].get<std::string>()) {
      problem(fmt::format("map_code is \"{}\", but seed {} generates \"{}\"",
                          h["map_code"].get<std::string>(), *seed, to_map_code(generated)));
      return out;
    }
    g.cave = generated;  // with the drawn parameters the map code does not carry
  } else {
    problem("seed is " + h["seed"].dump() + ", a " + std::string(to_string(g.mode)) +
            " game records the seed of its cave");
    return out;
  }
  const Json& tc = h["time_control"];
  if (!tc.contains("turn_ms") || !tc["turn_ms"].is_number_integer()) {
    problem("time_control.turn_ms is not an integer");
    return out;
  }
  g.turn_timeout_ms = tc["turn_ms"].get<int>();
  // Spec §8 `player`: what the hero seat was (game.cc, play): a built-in bot by its name and the
  // arena version that played it, a program by its command line.
  const Json& hero = h["seats"].contains("hero") ? h["seats"]["hero"] : Json();
  if (!hero.is_string()) {
    problem("seats.hero is " + quote_json(hero) + ", expected the seat's spec");
    return out;
  }
  const std::string spec = hero.get<std::string>();
  const bool builtin = spec.rfind("bot:", 0) == 0;
  g.player = {{"kind", "bot"},
              {"name", builtin ? spec.substr(4) : spec},
              {"version", builtin ? h.value("arena_version", Json("")) : Json("")}};
  const Json expected = spec_header(g);
  for (const auto& [key, value] : expected.items()) {
    const Json* recorded = h.contains(key) ? &h[key] : nullptr;
    compare_recorded("header", key, recorded, value, out.problems);
  }
  return out;
}

// One turn line against the state before it; applies the turn to `state`.
void check_turn(const Json& t, int n, State& state, std::vector<std::string>& problems) {
  const std::string where = fmt::format("turn {}", n);
  auto problem = [&](std::string p) { problems.push_back(where + ": " + std::move(p)); };
  compare_recorded(where, "n", t.contains("n") ? &t["n"] : nullptr, n, problems);
  compare_recorded(where, "percept", t.contains("percept") ? &t["percept"] : nullptr,
                   percept_line(state.percept()), problems);
  const Json verdict = t.value("verdict", Json(nullptr));
  const Json answer = t.value("answer", Json(nullptr));
  const Json action = t.value("action", Json(nullptr));
  if (!verdict.is_string()) {
    problem("verdict is " + quote_json(verdict) + ", expected a string");
    state.end_invalid(EndReason::crash);
    return;
  }
  const std::string v = verdict.get<std::string>();
  // What the recorded answer gives, judged as the referee judges it (spec §5.3).
  std::optional<Action> judged;
  if (!answer.is_null()) {
    auto bytes = answer.is_string() ? unescape_answer(answer.get<std::string>()) : std::nullopt;
    if (!bytes) {
      problem("answer is " + quote_json(answer) + ", not an answer as the referee records it");
    } else {
      judged = parse_answer(*bytes);
    }
  }
  Step step;
  bool applied = false;
  if (v == "ok") {
    if (!judged) {
      problem("verdict is \"ok\", but the answer " + quote_json(answer) + " is not an action");
      state.end_invalid(EndReason::invalid_action);
    } else {
      compare_recorded(where, "action", &action, std::string(to_string(*judged)), problems);
      step = state.apply(*judged);
      applied = true;
      // Spec §5.4: whether bytes were waiting after the answer is only in the record.
      if (t.value("detail", Json("")) == "extra output after the answer") {
        if (state.is_over())
          problem("extra output recorded after the answer that ended the game");
        else
          state.end_invalid(EndReason::extra_output);
      }
    }
  } else if (auto why = end_for_verdict(v)) {
    if (!action.is_null()) problem("verdict is \"" + v + "\", but an action is recorded");
    if (judged)
      problem(fmt::format("verdict is \"{}\", but the answer {} is the action {}", v,
                          quote_json(answer), to_string(*judged)));
    else if (!answer.is_null() && v != "malformed")
      problem("verdict is \"" + v + "\", but an answer is recorded");
    state.end_invalid(*why);
  } else {
    problem("verdict is \"" + v + "\", not one the referee gives");
    state.end_invalid(EndReason::crash);
  }
  // The referee's own state fields (referee.h add_state), compared one by one.
  Json expected = Json::object();
  add_state(expected, state, applied ? &step : nullptr);
  const Json killed = expected.value("killed", Json(nullptr));
  expected.erase("killed");
  for (const auto& [key, value] : expected.items())
    compare_recorded(where, key, t.contains(key) ? &t[key] : nullptr, value, problems);
  if (t.value("killed", Json(nullptr)) != killed)
    problem("killed is " + quote_json(t.value("killed", Json(nullptr))) + ", replaying gives " +
            (killed.is_null() ? std::string("none") : killed.dump()));
}

}  // namespace

std::vector<std::string> check_replay(const Replay& replay) {
  HeaderCheck header = check_header(replay.header);
  std::vector<std::string> problems = std::move(header.problems);
  if (!header.cave) return problems;
  State state(*header.cave);
  int n = 0;
  for (const Json& t : replay.events) {
    if (t["type"] != "turn") continue;
    ++n;
    if (state.is_over()) {
      problems.push_back(fmt::format("turn {}: the game was already over", n));
      break;
    }
    check_turn(t, n, state, problems);
  }
  if (!state.is_over()) {
    problems.push_back("the recorded turns do not end the game");
    return problems;
  }
  // The result line: every field is what the replayed game gives.
  const std::string where = "result line";
  const Json& r = replay.result;
  const bool won = state.reason() == EndReason::exit_with_gold;
  compare_recorded(where, "scores", r.contains("scores") ? &r["scores"] : nullptr,
                   Json{{"hero", state.score()}}, problems);
  compare_recorded(where, "winner", r.contains("winner") ? &r["winner"] : nullptr,
                   won ? Json("hero") : Json(nullptr), problems);
  compare_recorded(where, "result", r.contains("result") ? &r["result"] : nullptr,
                   spec_result(state), problems);
  return problems;
}

Json export_replay(const Replay& replay) {
  static const char* kHeaderKeys[] = {"mode",     "seed", "params", "advanced_input",
                                      "map_code", "cave", "player", "turn_timeout_ms"};
  static const char* kTurnKeys[] = {"n",     "percept", "answer", "action",   "ms",
                                    "pos",   "dir",     "arrows", "has_gold", "alive",
                                    "score", "events",  "killed"};
  Json out = Json::object();
  out["game"] = "wumpus";
  out["format"] = 1;
  for (const char* k : kHeaderKeys)
    if (replay.header.contains(k)) out[k] = replay.header[k];
  Json turns = Json::array();
  for (const Json& t : replay.events) {
    if (t["type"] != "turn") continue;
    Json e = Json::object();
    for (const char* k : kTurnKeys)
      if (t.contains(k)) e[k] = t[k];
    turns.push_back(std::move(e));
  }
  out["turns"] = std::move(turns);
  out["result"] = replay.result.value("result", Json::object());
  return out;
}

}  // namespace arena::wumpus
