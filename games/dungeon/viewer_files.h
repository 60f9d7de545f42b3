// Dungeon Race spec §10: the `graph` and `npc` files viewers read, and writing them into a
// directory. Locale-independent: coordinates as printf("%.17g") prints them, decimal point '.'.
#pragma once

#include <optional>
#include <string>

#include "games/dungeon/dungeon.h"

namespace arena::dungeon {

std::string graph_file_text(const Dungeon& d);
std::string npc_file_text(const Dungeon& d);

// Writes DIR/graph and DIR/npc (creating DIR if needed). On failure, the reason.
std::optional<std::string> write_viewer_files(const Dungeon& d, const std::string& dir);

}  // namespace arena::dungeon
