// A bot that picks one of the six actions uniformly at random: the floor of the scale, and a
// stress test for the referee (it bumps, shoots blindly and times out the turn limit).
#pragma once

#include <cstdint>

#include "core/rng.h"
#include "games/wumpus/bots/policy.h"

namespace arena::wumpus {

class RandomBot : public HeroPolicy {
 public:
  explicit RandomBot(uint64_t seed);
  void start(const StartInfo& info) override;
  Action act(const Percept& percept) override;

 private:
  uint64_t seed_;
  Rng rng_;
};

}  // namespace arena::wumpus
