// The built-in Evolution players by name, for `bot:NAME` seats (in process) and `arena bot
// evolution NAME` (the same player behind the TCP client), so both make the same decisions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/evolution/player.h"

namespace arena::evolution {

struct BuiltinBot {
  const char* name;
  const char* help;
};
const std::vector<BuiltinBot>& builtin_bots();

// nullptr when `name` is unknown.
std::unique_ptr<Player> make_player(const std::string& name, uint64_t seed);

}  // namespace arena::evolution
