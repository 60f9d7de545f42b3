// One match, whatever the game (DESIGN.md "match/ runs every match the same way"): match/ opens
// the seats from the game's seat plans, hands them to the game's referee on one hub, then finishes
// every seat, records what each left on stderr and how it ended, writes the replay header and the
// result line, and cleans up every process. A game supplies its seat plans, its referee and its
// own result fields; nothing else.
#pragma once

#include "core/registry.h"

namespace arena {

// Plays one match of `game`. Throws UsageError when a seat cannot be opened as given (an unknown
// built-in bot): the match never starts.
MatchOutcome run_match(const GameInfo& game, const MatchSetup& setup);

// A score in the result line: an integer when it is one (`950`, not `950.0`).
Json score_json(double score);

// The result line every game's replay closes with: {type, scores, winner, result}.
Json result_line(const std::map<std::string, double>& scores,
                 const std::optional<std::string>& winner, const Json& result);

}  // namespace arena
