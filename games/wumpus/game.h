// Wumpus in the registry: parameters, bots, match entry point, replay check and export.
#pragma once

#include "core/registry.h"

namespace arena::wumpus {
GameInfo game_info();
}
