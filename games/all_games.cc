#include "games/all_games.h"

#include "core/registry.h"
#include "games/dracula/game.h"
#include "games/dungeon/game.h"
#include "games/empire/game.h"
#include "games/evolution/game.h"
#include "games/wumpus/game.h"

namespace arena {

void register_all_games() {
  static bool done = false;
  if (done) return;
  done = true;
  // In the order of DESIGN.md's table of games.
  Registry::instance().add(dracula::game_info());
  Registry::instance().add(wumpus::game_info());
  Registry::instance().add(empire::game_info());
  Registry::instance().add(evolution::game_info());
  Registry::instance().add(dungeon::game_info());
}

}  // namespace arena
