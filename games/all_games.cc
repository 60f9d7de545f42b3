#include "games/all_games.h"

#include "core/registry.h"
#include "games/wumpus/game.h"

namespace arena {

void register_all_games() {
  static bool done = false;
  if (done) return;
  done = true;
  Registry::instance().add(wumpus::game_info());
}

}  // namespace arena
