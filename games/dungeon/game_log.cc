#include "games/dungeon/game_log.h"

#include <type_traits>

#include "games/dungeon/codec.h"

namespace arena::dungeon {

Json agent_json(int a) {
  return Json{{"p", team_of(a)}, {"a", number_of(a)}};
}

std::string assign_text(const uint8_t* assignment, size_t n) {
  std::string s(n, '0');
  for (size_t i = 0; i < n; ++i)
    if (assignment[i]) s[i] = '1';
  return s;
}

void derived_records(const Effects& fx, const std::string& assign, std::vector<Json>& out) {
  if (fx.solve) {
    Json r = {{"ev", "solve"}};
    r.update(agent_json(fx.solve->agent));
    r["assign"] = assign;
    r["active"] = fx.solve->active;
    r["survived"] = fx.solve->survived;
    out.push_back(std::move(r));
  }
  for (const Effects::Pos& p : fx.positions) {
    Json r = {{"ev", "pos"}};
    r.update(agent_json(p.agent));
    r["node"] = p.node;
    r["cause"] = std::string(to_string(p.cause));
    out.push_back(std::move(r));
  }
  for (const Effects::Kill& k : fx.kills) {
    Json r = {{"ev", "kill"}, {"node", k.node}, {"killer", agent_json(k.killer)}};
    r["victim"] = k.victim == kNpc ? Json{{"npc", k.node}} : agent_json(k.victim);
    out.push_back(std::move(r));
  }
  for (int a : fx.cancels) {
    Json r = {{"ev", "cancel"}};
    r.update(agent_json(a));
    out.push_back(std::move(r));
  }
}

Json result_record(const Engine& engine, int winner, const std::string& reason,
                   int64_t duration_ms) {
  Json deaths = Json::object();
  for (int t = 0; t < 2; ++t)
    deaths[std::to_string(t)] = {{"trap", engine.deaths(t, PosCause::trap)},
                                 {"combat", engine.deaths(t, PosCause::combat)}};
  return Json{{"ev", "result"},
              {"winner", winner},
              {"reason", reason},
              {"duration_ms", duration_ms},
              {"crossings", engine.crossings()},
              {"deaths", deaths}};
}

Json params_json(const Params& p) {
  return Json{{"sat_mode", std::string(to_string(p.sat_mode))},
              {"switches", std::to_string(p.switches)},
              {"traps", std::to_string(p.traps)},
              {"time_limit_s", std::to_string(p.time_limit_s)},
              {"min_cross_ms", std::to_string(p.min_cross_ms)}};
}

Json container_event(const Json& record) {
  Json e = {{"type", "event"}};
  for (auto& [k, v] : record.items()) {
    if (k == "t_us") {
      e["ms"] = v.get<int64_t>() / 1000.0;
    } else {
      e[k] = v;
    }
  }
  return e;
}

bool is_result(const Json& record) {
  auto ev = record.find("ev");
  return ev != record.end() && *ev == "result";
}

Json header_fields(const Dungeon& d, const Params& p) {
  return Json{{"format", 1},
              {"params", params_json(p)},
              {"redraws", d.redraws},
              {"start0", d.start[0]},
              {"shrine0", d.shrine[0]},
              {"start1", d.start[1]},
              {"shrine1", d.shrine[1]},
              {"nodes", static_cast<int>(d.x.size())},
              {"edges", static_cast<int>(d.edges.size())},
              {"npcs", d.npc_nodes}};
}

void add_instance_fields(const Instance& inst, Json& r) {
  Json traps = Json::array();
  for (int t = 0; t < inst.traps(); ++t)
    traps.push_back({inst.lits[3 * t], inst.lits[3 * t + 1], inst.lits[3 * t + 2]});
  r["switches"] = inst.n;
  r["traps"] = std::move(traps);
}

Json sent_fields(std::string_view frame) {
  // The server only sends frames it encoded itself, so a decoding failure is a codec defect; it
  // is logged as such rather than hidden.
  if (frame.size() < 4) return Json{{"tag", "?"}, {"error", "frame shorter than its prefix"}};
  auto decoded = decode_response(frame.substr(4));
  if (auto* e = std::get_if<DecodeError>(&decoded))
    return Json{{"tag", "?"}, {"error", e->message()}};
  return std::visit(
      [](const auto& m) -> Json {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, DungeonResponse>) {
          Json nodes = Json::array();
          for (const auto& [x, y] : m.nodes) nodes.push_back({x, y});
          Json edges = Json::array();
          for (const auto& [u, v] : m.edges) edges.push_back({u, v});
          return Json{{"tag", "DungeonResponse"},  {"player", m.player},
                      {"agent", m.agent},          {"nodes", std::move(nodes)},
                      {"edges", std::move(edges)}, {"npcs", m.npc_nodes},
                      {"start0", m.start0},        {"shrine0", m.shrine0},
                      {"start1", m.start1},        {"shrine1", m.shrine1}};
        } else if constexpr (std::is_same_v<M, SatResponse>) {
          Json traps = Json::array();
          for (size_t t = 0; t + 2 < m.lits.size(); t += 3)
            traps.push_back({m.lits[t], m.lits[t + 1], m.lits[t + 2]});
          return Json{
              {"tag", "SatResponse"}, {"switches", m.num_switches}, {"traps", std::move(traps)}};
        } else if constexpr (std::is_same_v<M, MoveResponse>) {
          return Json{{"tag", "MoveResponse"},
                      {"location", m.location},
                      {"success", m.success},
                      {"killed", m.killed}};
        } else if constexpr (std::is_same_v<M, EnemyLocationResponse>) {
          return Json{{"tag", "EnemyLocationResponse"},
                      {"who", m.who},
                      {"location", m.location},
                      {"seen", m.seen}};
        } else if constexpr (std::is_same_v<M, GameOverResponse>) {
          return Json{{"tag", "GameOverResponse"}, {"winner", m.winner}};
        } else {
          return Json{{"tag", "ErrorMessageResponse"}, {"message", m.message}};
        }
      },
      std::get<Response>(decoded));
}

}  // namespace arena::dungeon
