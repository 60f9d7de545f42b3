// A whole game between built-in strategies in one process, through the same Table and wire bytes
// as the server (the bots answer as soon as they are asked, no sockets). For the AI checks of spec
// §11.7 and the strategies' measurements.
#pragma once

#include <string>
#include <vector>

#include "games/empire/client.h"
#include "games/empire/map.h"
#include "games/empire/rules.h"

namespace arena::empire {

struct SelfPlayResult {
  EndReason reason = EndReason::none;
  int rounds = 0;         // the round the game ended in
  uint8_t winners = 0;    // bit per seat
  std::vector<int> cash;  // per seat, at the end
  // Record lines (§9.3) that show a bot failing: an ERROR or TIMEOUT, TOO-MANY-COMMANDS, or any
  // rejected action (an INVALID-* or other error symbol in a reply).
  std::vector<std::string> problems;
  std::vector<std::string> record;  // every record line, when asked for
};

// Plays one game on `map` with `settings`, one seat per strategy name, seat order. `limits` (one
// per seat, or empty for the defaults) go to make_strategy.
SelfPlayResult self_play(const Map& map, const Settings& settings,
                         const std::vector<std::string>& strategies,
                         const std::vector<StrategyLimits>& limits = {}, bool keep_record = false);

}  // namespace arena::empire
