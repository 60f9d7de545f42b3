// The reference hunter AI (spec §7.2–§7.3).
//
// Each seat is its own instance; the four coordinate without messages by computing the same
// quantities from the shared string: the possibility map of Dracula's location (bots/inference.h),
// then a greedy joint coverage in seat order (a hunter's move minimises the expected round-aware
// distance from the nearest hunter to Dracula's next location, counting hunters who already moved
// this round at their new places and later ones one move closer), the immature vampire assigned to
// the hunter nearest its most likely city, research (all rest) when the trail is cold, and trap
// avoidance / resting when low on life.
#pragma once

#include <memory>

#include "games/dracula/bots/ai.h"

namespace arena::dracula {

std::unique_ptr<Ai> make_reference_hunter();

}  // namespace arena::dracula
