// Fury of Dracula's registration (DESIGN.md: name, parameters, roles, bots, entry points).
#pragma once

#include "core/registry.h"

namespace arena::dracula {

GameInfo game_info();

// Replay content checks and the spec's own document (§6.6), in replay_check.cc.
std::vector<std::string> check_replay(const Replay& replay);
Json export_replay(const Replay& replay);

}  // namespace arena::dracula
