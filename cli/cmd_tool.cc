#include <iostream>

#include "cli/commands.h"

namespace arena::cli {

int run_game_tool(const GameInfo& game, const std::string& tool,
                  const std::vector<std::string>& args) {
  for (const GameTool& t : game.tools)
    if (t.name == tool) return t.run(args);
  std::string names;
  for (const GameTool& t : game.tools) names += (names.empty() ? "" : ", ") + t.name;
  std::cerr << "arena: " << game.name << " has no tool '" << tool << "' (tools: " << names << ")\n";
  return kUsage;
}

}  // namespace arena::cli
