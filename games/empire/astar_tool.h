// The A* tool of spec §7.5 ("dribble log"): `eb-astar [MAP] [x1 y1 x2 y2 ...]
// [adjacency=literal8|hex6] [draw=1]`, later also `arena empire astar ...`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace arena::empire {

// Exit status: 0 when every search ran (whatever its result), 2 for a map load error, 64 for a
// usage error. Map errors, warnings and usage errors go to `err`.
int run_astar_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// The same on standard output and standard error.
int run_astar_tool(const std::vector<std::string>& args);

}  // namespace arena::empire
