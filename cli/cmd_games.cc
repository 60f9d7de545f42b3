#include <iostream>

#include "cli/commands.h"

namespace arena::cli {

const GameInfo* find_game_or_complain(const std::string& name) {
  const GameInfo* game = Registry::instance().find(name);
  if (!game) {
    std::string known;
    for (const auto& g : Registry::instance().games())
      known += (known.empty() ? "" : ", ") + g.name;
    std::cerr << "arena: unknown game '" << name << "' (games: " << known << ")\n";
  }
  return game;
}

int cmd_games(bool json) {
  Json out = Json::array();
  for (const GameInfo& g : Registry::instance().games()) {
    Json j = Json::object();
    j["name"] = g.name;
    j["title"] = g.title;
    j["transport"] = g.transport;
    j["dynamics"] = g.dynamics == Dynamics::real_time ? "real-time" : "turn-based";
    Json tools = Json::array();
    for (const GameTool& t : g.tools) tools.push_back({{"name", t.name}, {"help", t.help}});
    j["tools"] = tools;
    Json params = Json::array();
    for (const ParamSpec& p : g.params)
      params.push_back({{"name", p.name}, {"default", p.default_value}, {"help", p.help}});
    j["params"] = params;
    if (g.host) {
      Json host_params = Json::array();
      for (const ParamSpec& p : g.host_params)
        host_params.push_back({{"name", p.name}, {"default", p.default_value}, {"help", p.help}});
      j["host_params"] = host_params;
    }
    j["roles"] = g.roles;
    j["min_seats"] = g.min_seats;
    j["role_groups"] = g.role_groups;
    j["default_time_ms"] = g.default_time_ms;
    Json bots = Json::array();
    for (const BotInfo& b : g.bots) {
      Json bot = {{"name", b.name}, {"help", b.help}};
      if (!b.roles.empty()) bot["roles"] = b.roles;
      bots.push_back(std::move(bot));
    }
    j["bots"] = bots;
    out.push_back(j);
  }
  if (json) {
    std::cout << out.dump(2) << "\n";
    return kOk;
  }
  for (const GameInfo& g : Registry::instance().games()) {
    std::cout << g.name << " - " << g.title << "\n";
    std::cout << "  transport: " << g.transport << " ("
              << (g.dynamics == Dynamics::real_time ? "real-time" : "turn-based") << ")\n";
    if (!g.tools.empty()) {
      std::cout << "  tools (arena " << g.name << " TOOL ...):";
      for (const GameTool& t : g.tools) std::cout << "\n    " << t.name << ": " << t.help;
      std::cout << "\n";
    }
    std::cout << "  parameters:";
    if (g.params.empty()) std::cout << " none";
    for (const ParamSpec& p : g.params) std::cout << " " << p.name << "=" << p.default_value;
    if (g.host) {
      std::cout << "\n  arena host also takes:";
      if (g.host_params.empty()) std::cout << " none";
      for (const ParamSpec& p : g.host_params) std::cout << " " << p.name << "=" << p.default_value;
    }
    std::cout << "\n  roles:";
    for (size_t i = 0; i < g.roles.size(); ++i)
      std::cout << " " << g.roles[i] << (static_cast<int>(i) >= g.min_seats ? "(optional)" : "");
    for (const auto& [group, members] : g.role_groups) {
      std::cout << " " << group << "=[";
      for (size_t i = 0; i < members.size(); ++i) std::cout << (i ? "," : "") << members[i];
      std::cout << "]";
    }
    std::cout << "\n  default time: " << g.default_time_ms << " ms per turn\n";
    std::cout << "  bots:";
    for (const BotInfo& b : g.bots) {
      std::cout << "\n    " << b.name << ": " << b.help;
      if (!b.roles.empty()) {
        std::cout << " (for";
        for (const std::string& r : b.roles) std::cout << " " << r;
        std::cout << ")";
      }
    }
    std::cout << "\n";
  }
  return kOk;
}

}  // namespace arena::cli
