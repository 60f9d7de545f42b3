// The internal player API of spec §8.1: the only three calls the dealer makes to a player. Every
// participant (Silly, arena bots, TCP proxies) implements it. Arguments are read-only views of the
// dealer's copies, valid only during the call; a player that wants them later copies them.
#pragma once

#include <cstdint>

#include "games/evolution/state.h"

namespace arena::evolution {

class Player {
 public:
  virtual ~Player() = default;

  // Step 1, every turn, after the dealer added the fresh board (if any) and the new cards (which
  // come first in `cards`). No answer; an exception ejects the player.
  virtual void start(int64_t watering_hole, int64_t bag, const Boards& boards,
                     const Hand& cards) = 0;

  // Steps 2-3: `before`/`after` are the boards of the players preceding/following this one in the
  // current turn order. Card and board indices refer to the hand and boards of the last start.
  virtual Action4 choose(const Lob& before, const Lob& after) = 0;

  // Feeding, only with two or more options. `others` are the boards of the others of this player
  // (turn order, starting after it); an attack's p indexes it. watering_hole >= 1.
  virtual FeedingChoice feed_next(int64_t bag, const Boards& boards, const Hand& cards,
                                  int64_t watering_hole, const Lob& others) = 0;
};

}  // namespace arena::evolution
