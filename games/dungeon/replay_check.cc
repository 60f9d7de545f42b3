// §11.3: a replay re-run through the rules. The logged inputs (begin, move, solve, disconnect and
// a time-limit result) are applied in seq order to a fresh engine; every derived record (solve's
// active and survived, pos, kill, cancel) and the result must come out identical.
#include <deque>

#include "games/dungeon/game.h"
#include "games/dungeon/game_log.h"

namespace arena::dungeon {
namespace {

// A solution's time in the re-run: long past any min_cross_ms, so that it resolves at once, as
// §11.3 applies every solve "whether or not it had been held".
constexpr int64_t kLongAfter = int64_t{1} << 50;

Json without_meta(const Json& e) {
  Json out = Json::object();
  for (auto& [k, v] : e.items())
    if (k != "type" && k != "seq" && k != "ms") out[k] = v;
  return out;
}

std::optional<int> agent_of(const Json& e) {
  if (!e.contains("p") || !e.contains("a") || !e["p"].is_number_integer() ||
      !e["a"].is_number_integer())
    return std::nullopt;
  int p = e["p"].get<int>(), a = e["a"].get<int>();
  if (p < 0 || p > 1 || a < 0 || a >= kAgentsPerTeam) return std::nullopt;
  return index_of(p, a);
}

int int_of(const Json& e, const char* key, int fallback = -1) {
  auto it = e.find(key);
  return it != e.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

}  // namespace

std::vector<std::string> check_replay(const Replay& replay) {
  std::vector<std::string> problems;
  const Json& h = replay.header;
  std::string error;
  auto params = params_of_json(h.value("params", Json()), error);
  if (!params) return {error};
  std::optional<uint64_t> seed =
      h["seed"].is_string() ? parse_seed(h["seed"].get<std::string>()) : std::nullopt;
  if (!seed) return {"header: seed is not a decimal string"};
  Dungeon d;
  try {
    d = generate_dungeon(*seed);
  } catch (const std::exception& e) {
    return {std::string("header: the seed's dungeon cannot be generated: ") + e.what()};
  }
  const Json want_header = header_fields(d, *params);
  for (auto& [k, v] : want_header.items())
    compare_recorded("header", k, h.contains(k) ? &h[k] : nullptr, v, problems);
  if (!problems.empty()) return problems;

  Engine engine(d, *params);
  Effects fx;
  std::deque<Json> expected;  // derived records the last input produced, not yet seen
  std::vector<Json> derived;
  // Events count from 0 in the container, from 1 in serve's own log (import_serve_log).
  int64_t seq = h.value("first_seq", 0);
  auto derive = [&](const std::string& assign) {
    derived.clear();
    derived_records(fx, assign, derived);
    for (Json& r : derived) expected.push_back(std::move(r));
  };
  for (const Json& e : replay.events) {
    if (e.value("type", "") != "event") continue;
    const std::string where = "seq " + std::to_string(seq);
    if (int_of(e, "seq") != seq) {
      problems.push_back(where + ": the record's seq is " + quote_json(e.value("seq", Json())));
      return problems;
    }
    ++seq;
    const std::string ev = e.value("ev", "");
    if (ev == "sent") continue;  // --log-frames: what was sent, not an input nor derived
    const Json body = without_meta(e);
    if (ev == "pos" || ev == "kill" || ev == "cancel" || ev == "solve") {
      if (ev == "solve" && expected.empty()) {
        // An input: the solution that resolves this agent's crossing.
        auto a = agent_of(e);
        const std::string assign = e.value("assign", "");
        if (!a) return problems.push_back(where + ": solve without a valid agent"), problems;
        std::vector<uint8_t> bits(assign.size());
        for (size_t i = 0; i < assign.size(); ++i) bits[i] = assign[i] == '1';
        engine.solution(*a, bits, kLongAfter, fx);
        if (fx.error || !fx.solve) {
          problems.push_back(where + ": the logged solution is refused by the rules (" +
                             (fx.error ? std::string(error_name(*fx.error)) : "no crossing") + ")");
          return problems;
        }
        derive(assign);
      }
      if (expected.empty()) {
        problems.push_back(where + ": " + ev + " record that replaying does not give");
        return problems;
      }
      if (expected.front() != body) {
        problems.push_back(where + ": recorded " + quote_json(body, 200) + ", replaying gives " +
                           quote_json(expected.front(), 200));
        return problems;
      }
      expected.pop_front();
      continue;
    }
    if (!expected.empty()) {
      problems.push_back(where + ": replaying gives " + quote_json(expected.front(), 200) +
                         " before this record");
      return problems;
    }
    if (ev == "begin") {
      engine.begin(fx);
    } else if (ev == "move") {
      auto a = agent_of(e);
      if (!a) return problems.push_back(where + ": move without a valid agent"), problems;
      if (int_of(e, "from") != engine.agent(*a).node)
        problems.push_back(where + ": from is " + quote_json(e.value("from", Json())) +
                           ", replaying gives " + std::to_string(engine.agent(*a).node));
      engine.move(*a, int_of(e, "to"), 0, fx);
      if (fx.error) {
        problems.push_back(where + ": the logged move is refused by the rules (" +
                           std::string(error_name(*fx.error)) + ")");
        return problems;
      }
      if (e.contains("traps")) {
        // --log-instances: the logged instance is the one the seed gives this crossing.
        Json want = Json::object();
        add_instance_fields(engine.instance(*a), want);
        if (e.value("switches", Json()) != want["switches"] || e["traps"] != want["traps"])
          problems.push_back(where + ": the logged traps are not the instance replaying gives");
      }
      if (int_of(e, "crossing") != engine.crossings() - 1)
        problems.push_back(where + ": crossing is " + quote_json(e.value("crossing", Json())) +
                           ", replaying gives " + std::to_string(engine.crossings() - 1));
    } else if (ev == "disconnect") {
      if (auto a = agent_of(e)) {
        engine.disconnect(*a, fx);
        derive("");
      }
    }
    // connect, register, refused, held, error: they change nothing (§11.3).
  }
  if (!expected.empty())
    problems.push_back("end: replaying gives " + quote_json(expected.front(), 200) +
                       " that the log lacks");
  const Json& res = replay.result.value("result", Json::object());
  const std::string reason = res.value("reason", "");
  if (reason == "time_limit") engine.time_limit(fx);
  Json want = {{"winner", engine.over() ? engine.winner() : -1},
               {"reason", engine.over() ? std::string(to_string(engine.reason())) : "registration"},
               {"crossings", engine.crossings()},
               {"deaths", result_record(engine, 0, "", 0)["deaths"]}};
  if (!engine.over() && engine.began())
    problems.push_back("result: the game recorded as ended by " + quote_json(reason) +
                       " has not ended when replayed");
  for (auto& [k, v] : want.items())
    compare_recorded("result", "result." + k, res.contains(k) ? &res[k] : nullptr, v, problems);
  int winner = want["winner"].get<int>();
  std::array<double, 2> s = scores(winner);
  if (want["reason"] == "registration") {
    // The game never began: the team that registered all six wins (docs/dungeon.md).
    s = winner >= 0 ? scores(winner) : std::array<double, 2>{0.5, 0.5};
  }
  const Json& scores_json = replay.result.value("scores", Json::object());
  for (int t = 0; t < 2; ++t) {
    const std::string role = t == 0 ? "team0" : "team1";
    compare_recorded("result", "scores." + role,
                     scores_json.contains(role) ? &scores_json[role] : nullptr, Json(s[t]),
                     problems);
  }
  Json want_winner = winner >= 0 ? Json(winner == 0 ? "team0" : "team1") : Json(nullptr);
  compare_recorded("result", "winner",
                   replay.result.contains("winner") ? &replay.result["winner"] : nullptr,
                   want_winner, problems);
  return problems;
}

Json export_replay(const Replay& replay) {
  Json out = Json::array();
  Json header = {{"seq", 0}, {"t_us", 0}, {"ev", "header"}};
  for (const char* k : {"format", "arena_version", "game", "params", "seed", "redraws", "start0",
                        "shrine0", "start1", "shrine1", "nodes", "edges", "npcs", "seats"})
    if (replay.header.contains(k)) header[k] = replay.header[k];
  out.push_back(header);
  int64_t seq = 1, t_us = 0;
  for (const Json& e : replay.events) {
    if (e.value("type", "") != "event") continue;
    Json r = {{"seq", seq++}};
    t_us = static_cast<int64_t>(e.value("ms", 0.0) * 1000.0 + 0.5);
    r["t_us"] = t_us;
    for (auto& [k, v] : e.items())
      if (k != "type" && k != "seq" && k != "ms") r[k] = v;
    out.push_back(std::move(r));
  }
  Json result = {{"seq", seq}, {"t_us", t_us}, {"ev", "result"}};
  const Json& res = replay.result.value("result", Json::object());
  for (const char* k : {"winner", "reason", "duration_ms", "crossings", "deaths"})
    if (res.contains(k)) result[k] = res[k];
  out.push_back(std::move(result));
  return out;
}

std::variant<Replay, std::string> import_serve_log(std::string_view text) {
  std::vector<Json> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string where = "line " + std::to_string(lines.size() + 1);
    Json j = Json::parse(text.substr(pos, end - pos), nullptr, /*allow_exceptions=*/false);
    pos = end + 1;
    if (!j.is_object()) return where + ": not a JSON object (serve's log is JSON Lines)";
    if (!j.contains("ev") || !j["ev"].is_string()) return where + ": no string \"ev\"";
    if (!j.contains("t_us") || !j["t_us"].is_number_integer())
      return where + ": no integer \"t_us\"";
    if (int_of(j, "seq") != static_cast<int>(lines.size()))
      return where + ": seq is " + quote_json(j.value("seq", Json())) + ", expected " +
             std::to_string(lines.size());
    lines.push_back(std::move(j));
  }
  if (lines.empty()) return std::string("empty file, not a log");
  const Json& h = lines.front();
  if (h["ev"] != "header") return std::string("line 1: the first record must be the header");
  if (lines.size() < 2 || lines.back()["ev"] != "result")
    return "truncated: the last record (line " + std::to_string(lines.size()) +
           ") is not the result";
  for (const char* k : {"params", "seed", "seats"})
    if (!h.contains(k)) return std::string("line 1: the header has no \"") + k + "\"";
  Replay r;
  r.header =
      Replay::make_header("dungeon", h["params"], h["seed"], h["seats"], Json{{"turn_ms", 0}});
  for (auto& [k, v] : h.items())
    if (k != "seq" && k != "t_us" && k != "ev" && k != "game" && k != "seats" && k != "seed")
      r.header[k] = v;
  for (size_t i = 1; i + 1 < lines.size(); ++i) {
    Json e = {{"type", "event"}};
    for (auto& [k, v] : lines[i].items()) {
      if (k == "t_us") {
        e["ms"] = v.get<int64_t>() / 1000.0;
      } else {
        e[k] = v;
      }
    }
    r.events.push_back(std::move(e));
  }
  // serve's seq counts the header as record 0, so its events start at 1.
  r.header["first_seq"] = 1;
  const Json& last = lines.back();
  Json result = Json::object();
  for (const char* k : {"winner", "reason", "duration_ms", "crossings", "deaths"})
    if (last.contains(k)) result[k] = last[k];
  const int winner = int_of(last, "winner");
  const std::array<double, 2> s = scores(winner);
  r.result = {{"type", "result"},
              {"scores", {{"team0", s[0]}, {"team1", s[1]}}},
              {"winner", winner == 0   ? Json("team0")
                         : winner == 1 ? Json("team1")
                                       : Json()},
              {"result", std::move(result)}};
  return r;
}

}  // namespace arena::dungeon
