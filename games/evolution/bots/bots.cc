#include "games/evolution/bots/bots.h"

#include "games/evolution/bots/strategic.h"
#include "games/evolution/silly.h"

namespace arena::evolution {

const std::vector<BuiltinBot>& builtin_bots() {
  static const std::vector<BuiltinBot> bots = {
      {"silly", "the reference Silly player of spec §9 (deterministic)"},
      {"strategic", "a stronger player (deterministic for a given --seed)"},
  };
  return bots;
}

std::unique_ptr<Player> make_player(const std::string& name, uint64_t seed, Rules rules) {
  if (name == "silly") return std::make_unique<SillyPlayer>(rules);
  if (name == "strategic") return make_strategic_player(seed);
  return nullptr;
}

}  // namespace arena::evolution
