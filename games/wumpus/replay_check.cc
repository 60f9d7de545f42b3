#include "games/wumpus/replay_check.h"

#include <fmt/format.h>

#include "games/wumpus/protocol.h"
#include "games/wumpus/referee.h"
#include "games/wumpus/world.h"

namespace arena::wumpus {

namespace {

std::optional<Action> action_of(const std::string& word) {
  for (Action a : kAllActions)
    if (to_string(a) == word) return a;
  return std::nullopt;
}

std::optional<EndReason> reason_of(const std::string& word) {
  for (int r = 0; r <= static_cast<int>(EndReason::crash); ++r)
    if (to_string(static_cast<EndReason>(r)) == word) return static_cast<EndReason>(r);
  return std::nullopt;
}

}  // namespace

std::vector<std::string> check_replay(const Replay& replay) {
  std::vector<std::string> problems;
  auto problem = [&](std::string p) { problems.push_back(std::move(p)); };
  const Json& h = replay.header;
  if (!h.contains("map_code") || !h["map_code"].is_string()) {
    problem("header: no map_code");
    return problems;
  }
  auto parsed = parse_map_code(h["map_code"].get<std::string>());
  if (auto* err = std::get_if<std::string>(&parsed)) {
    problem("header: map_code: " + *err);
    return problems;
  }
  State state(std::get<Cave>(parsed));
  int n = 0;
  for (const Json& t : replay.events) {
    if (t["type"] != "turn") continue;
    ++n;
    try {
      if (state.is_over()) {
        problem(fmt::format("turn {}: the game was already over", n));
        break;
      }
      if (t.at("n").get<int>() != n) problem(fmt::format("turn {}: numbered {}", n, t["n"].dump()));
      std::string expected = percept_line(state.percept());
      if (t.at("percept").get<std::string>() != expected)
        problem(fmt::format("turn {}: percept \"{}\", the rules give \"{}\"", n,
                            t["percept"].get<std::string>(), expected));
      if (t.at("action").is_null()) {
        auto why = reason_of(replay.result.at("result").at("reason").get<std::string>());
        if (!why) {
          problem(fmt::format("turn {}: no action and no known end reason", n));
          break;
        }
        state.end_invalid(*why);
      } else {
        auto action = action_of(t["action"].get<std::string>());
        if (!action) {
          problem(fmt::format("turn {}: unknown action {}", n, t["action"].dump()));
          break;
        }
        Step step = state.apply(*action);
        Json events = Json::array();
        for (auto e : event_names(step.events)) events.push_back(std::string(e));
        if (t.at("events") != events)
          problem(fmt::format("turn {}: events {}, the rules give {}", n, t["events"].dump(),
                              events.dump()));
        if (!state.is_over() && t.value("detail", "") == "extra output after the answer")
          state.end_invalid(EndReason::extra_output);
      }
      const Cave& cave = state.cave();
      Json pos = Json::array({cave.x_of(state.pos()), cave.y_of(state.pos())});
      if (t.at("pos") != pos || t.at("score").get<int>() != state.score() ||
          t.at("arrows").get<int>() != state.arrows() ||
          t.at("has_gold").get<bool>() != state.has_gold() ||
          t.at("alive").get<bool>() != state.alive() ||
          t.at("dir").get<std::string>() != std::string(1, to_char(state.dir())))
        problem(fmt::format("turn {}: recorded state differs from the rules' (score {} vs {})", n,
                            t["score"].dump(), state.score()));
    } catch (const std::exception& e) {
      problem(fmt::format("turn {}: malformed entry: {}", n, e.what()));
      break;
    }
  }
  if (!state.is_over()) problem("the recorded turns do not end the game");
  Json expected = spec_result(state);
  if (!replay.result.contains("result") || replay.result["result"] != expected)
    problem("result: recorded " + replay.result.value("result", Json()).dump() +
            ", the rules give " + expected.dump());
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
