// The reference hunter (`hunter`, spec §7.3): the judgement of `hunter-v2` (bots/hunter_ai.h)
// re-ranked by an information-set search, play-outs on Dracula trails sampled from its inference.
//
// Why: hunter-v2 is cheap and deterministic, and the reference Dracula, who sees everything the
// hunters see (the whole string, every message, the game seed), runs it as his model and escapes
// it in 96 % of games. This hunter plays differently from that model, so he no longer predicts
// it. But the hunters have no private randomness (FOD_SEED is public arithmetic on the game seed),
// and a decision costs 0.4 ms, so a Dracula can run this hunter too (`dracula-models-hunter`):
// search alone, he escaped it in every game. What holds against him is cover that does not
// depend on surprise: Mina Harker guards Castle Dracula, his only source of blood, so that even
// knowing every hunter move he starves (hunter_search.cc; docs/dracula.md gives the figures).
//
// What a decision of the other three does: hunter-v2's cheapest few moves are the candidates.
// Trails are drawn, by weight, from the possibility set of the hunter's own inference (a Dracula
// trail consistent with everything the seat has seen). On each trail, each candidate is played out
// for a few rounds in which Dracula knows where the hunters are and flees under his real trail
// rules (no revisits, one hide, one double-back) while the hunters chase where the trail put him. A
// candidate earns what its play-outs catch him in, sooner counting more, and hunter-v2's cost less
// that worth picks the move. Draws come from the game seed, so a seed replays the same game.
#pragma once

#include <memory>

#include "games/dracula/bots/ai.h"  // IWYU pragma: export

namespace arena::dracula {

// make_reference_hunter() (bots/ai.h) makes it.
// `hunter-v3`: the same search with Mina searching like the others, no castle guard (the reference
// hunter of 2026-12-01, kept so that the guard's effect stays measurable).
std::unique_ptr<Ai> make_hunter_v3();

}  // namespace arena::dracula
