// Empire Builder in the arena registry (spec §9.4).
#pragma once

#include "core/registry.h"

namespace arena::empire {
GameInfo game_info();
}
