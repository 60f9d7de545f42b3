// Registers every game in the registry. Adding a game is one line in all_games.cc.
#pragma once

namespace arena {
void register_all_games();
}
