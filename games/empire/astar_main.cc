// eb-astar: the A* tool of spec §7.5.
#include "games/empire/astar_tool.h"

int main(int argc, char** argv) {
  return arena::empire::run_astar_tool(std::vector<std::string>(argv + 1, argv + argc));
}
