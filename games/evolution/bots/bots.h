// The built-in Evolution players by name, for `bot:NAME` seats (in process) and `arena bot
// evolution NAME` (the same player behind the TCP client), so both make the same decisions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/evolution/player.h"
#include "games/evolution/rule_set.h"

namespace arena::evolution {

struct BuiltinBot {
  const char* name;
  const char* help;
};
const std::vector<BuiltinBot>& builtin_bots();

// nullptr when `name` is unknown. Silly follows `rules`; the strategic player plans with the
// spec's rules whatever `rules` says.
std::unique_ptr<Player> make_player(const std::string& name, uint64_t seed,
                                    Rules rules = Rules::spec);

}  // namespace arena::evolution
