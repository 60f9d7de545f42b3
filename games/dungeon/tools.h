// Dungeon Race spec §3.5: the game's own tools, `arena dungeon gen|sat|solve|brute`, as plain
// functions (the arena registers them with the game). Exit status: 0 done, 1 failure (a file that
// cannot be read, parsed or written), 2 bad usage.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/registry.h"

namespace arena::dungeon {

int run_dungeon_tool(const std::string& tool, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err);
int run_dungeon_tool(const std::string& tool, const std::vector<std::string>& args);

// The four tools with their help lines, ready for GameInfo::tools.
std::vector<GameTool> dungeon_tools();

}  // namespace arena::dungeon
