// The hint a human seat of Fury of Dracula gets with each request in the browser (the "hint" of
// the human-seat request message): the legal moves, computed with the rules engine so the page
// never has to know the rules. For Dracula each move comes with the place it leaves him in, so a
// click on a place can offer every move that ends there (LOCATION, HIDE, DOUBLE_BACK_n).
#pragma once

#include <string_view>

#include "core/replay.h"  // arena::Json

namespace arena::dracula {

// `role` is the seat asked (G, S, H, M or D), `request` the exact line a bot of that seat
// receives (§6.2 or §6.3: {"past_plays", "messages"[, "turn"]}). Returns
//   {"role": R, "round": r, "from": place or null,
//    "moves": [{"move": "MA", "location": "MA"}, ...]}
// with the moves in the engine's canonical order (§6.4); Dracula's only move when he has no
// other is {"move": "TP", "location": "CD"}. Throws std::invalid_argument with a precise
// message for an unknown role, a request that is not such a line, or a past-plays string that is
// not this seat's turn (a hunter's string is checked for shape, Dracula's replayed in full).
Json human_hint(std::string_view role, std::string_view request);

}  // namespace arena::dracula
