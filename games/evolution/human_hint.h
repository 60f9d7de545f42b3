// The hint a human seat of Evolution gets with each message in the browser (the "hint" of the
// human-seat request message, docs/web.md): what the message is, the feeding answers the rules
// allow, and the Silly player's answers (spec §9) as suggestions, so the page needs no rules.
#pragma once

#include <string_view>

#include "core/replay.h"  // arena::Json

namespace arena::evolution {

// `request` is exactly one JSON value a remote player receives (§8.4-§8.5). Returns
//   "ok"                       -> {"message": "signed-up"}
//   Start [wh, bag, LOS, LOC]  -> {"message": "start", "suggested": RemoteAction4 or null}
//                                 (Silly's §9.2 answer to the Choose that follows: the hand and
//                                 boards do not change between a player's Start and its Choose)
//   Choose [before, after]     -> {"message": "choose"}
//   State [bag, LOS, LOC, wh, others]
//                              -> {"message": "feed",
//                                  "options": [{"choice": FeedingChoice, "text": "..."}, ...],
//                                  "suggested": FeedingChoice}
// The options are every answer §5.2 allows, store-fat with the board's whole need, decline
// last; they follow the spec's rules (under rules=instructor a few attacks differ: type them).
// Throws std::invalid_argument, naming the problem, for anything else.
Json human_hint(std::string_view request);

}  // namespace arena::evolution
