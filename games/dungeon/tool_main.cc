// `dungeon_tool gen|sat|solve|brute ARGS...`: the §3.5 tools as a standalone program, until the
// game is registered and they run as `arena dungeon TOOL ...` (the same functions).
#include <cstdio>
#include <string>
#include <vector>

#include "games/dungeon/tools.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    for (const auto& t : arena::dungeon::dungeon_tools()) {
      std::fprintf(stderr, "usage: dungeon_tool %s\n", t.help.c_str());
    }
    return 2;
  }
  return arena::dungeon::run_dungeon_tool(argv[1], std::vector<std::string>(argv + 2, argv + argc));
}
