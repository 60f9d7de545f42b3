#include "games/wumpus/bots/random_bot.h"

namespace arena::wumpus {

RandomBot::RandomBot(uint64_t seed) : seed_(seed), rng_(seed) {}

// Each game restarts the stream, so a game depends only on the seed, not on earlier games.
void RandomBot::start(const StartInfo&) {
  rng_ = Rng(seed_);
}

Action RandomBot::act(const Percept&) {
  return kAllActions[rng_.below(kAllActions.size())];
}

}  // namespace arena::wumpus
