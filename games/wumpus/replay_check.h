// Re-checking and exporting a Wumpus replay: the cave of the header is played again through the
// rules with the recorded actions, and every recorded state and the result must agree.
#pragma once

#include <string>
#include <vector>

#include "core/replay.h"

namespace arena::wumpus {

std::vector<std::string> check_replay(const Replay& replay);

// Spec §8: the single JSON document.
Json export_replay(const Replay& replay);

}  // namespace arena::wumpus
