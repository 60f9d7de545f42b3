// The reference Dracula AI (spec §7.4).
//
// A two-move look-ahead over his own legal moves (trail rules exact, so a forced TELEPORT is seen
// coming) scored against the hunters' exact round-aware reach (rail allowance (round + hunter) mod
// 4): a move is judged by the margin between the nearest hunter's distance and the number of
// hunter turns before he must stand there, plus the blood economics (−2 BP per sea turn, +10 in
// Castle Dracula, death at sea with BP <= 2), the vampire's survival in vampire rounds, and a
// mild cost for HIDE / DOUBLE_BACK so that they stay available as escape hatches.
#pragma once

#include <memory>

#include "games/dracula/bots/ai.h"

namespace arena::dracula {

std::unique_ptr<Ai> make_reference_dracula();

}  // namespace arena::dracula
