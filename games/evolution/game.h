// Evolution in the registry: seats p1..p8 (3-8 players), the built-in bots, `arena play` / `eval`
// over the TCP protocol of spec §8, `arena host` (= xserver), replay check and export.
#pragma once

#include "core/registry.h"

namespace arena::evolution {
GameInfo game_info();
}
