// A hero policy: what a Wumpus bot decides, apart from the protocol. Bots implement this; the
// protocol adapter (adapter.h) makes any policy a MessageBot, in process or as a program.
#pragma once

#include "games/wumpus/protocol.h"
#include "games/wumpus/rules.h"

namespace arena::wumpus {

class HeroPolicy {
 public:
  virtual ~HeroPolicy() = default;
  // A new game: the parameters of the start line (spec §5.2).
  virtual void start(const StartInfo& info) = 0;
  // One turn: the percepts of the hero's cell; returns the action to take.
  virtual Action act(const Percept& percept) = 0;
};

}  // namespace arena::wumpus
