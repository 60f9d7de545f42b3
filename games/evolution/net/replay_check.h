// Evolution replays (docs/evolution.md): the check re-runs the game from the header's seed with
// the recorded answers through the rules engine, and compares every message, every turn's
// Configuration, every ejection and the final ranking. The export is one JSON document.
#pragma once

#include <string>
#include <vector>

#include "core/replay.h"

namespace arena::evolution {

std::vector<std::string> check_replay(const Replay& replay);
Json export_replay(const Replay& replay);

}  // namespace arena::evolution
