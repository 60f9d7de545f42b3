#include "games/dungeon/game_log.h"

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

}  // namespace arena::dungeon
