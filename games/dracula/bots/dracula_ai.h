// The reference Dracula AI (spec §7.4): a search over the hunters' replies.
//
// Dracula sees everything; what he does not know is what the hunters will do. So he models them:
// the hunter model is hunter-v2's judgement (bots/hunter_ai.h: possibility tracking on the
// redacted string he can produce from his own full one, then joint pursuit), run for all four
// seats, seeded or as hunter-v1 depending on the hunters' round-0 moves. It is not the reference
// hunter (bots/hunter_search.h), which searches on top of that judgement and guards his castle,
// and so beats him; with it as his model (`dracula-models-hunter`, docs/dracula.md) he still
// loses 96 of seeds 1-100, since the guard denies him the castle whatever he knows. Each of his
// most promising moves (ranked by dracula-v1's judgement, bots/dracula_eval.h) is played out for 12
// rounds: the modelled hunters reply, he continues with dracula-v1's choice (twice: its best and
// its second best first continuation, the better counts), and the position reached is scored by
// what decides the game: the score taken off the clock (hospitals, matured vampires), his blood and
// his best next move against the hunters' reach. Hides, double-backs, sea, Castle Dracula, traps
// and the vampire's placement are all moves of the same search, judged by their consequences. The
// hunters decide on what they see, so their modelled replies are memoised by their redacted string:
// every hidden land move looks alike to them ("C?"), and play-outs share most replies.
//
// He searches only while the model is right or nearly so: every hunter move of the last three
// rounds its own up to its tie-breaks, or of the last eight close to its choice (hunters who play
// like it, such as hunter-v3); a hunter who holds Castle Dracula is left out and modelled as
// staying there. Hunters whom it does not fit but who walk to where he was last seen (every move
// of the last three rounds the first step of the shortest path there) are searched against with
// that rule as their model. Otherwise (random or foreign hunters) a deep search on a wrong model
// walks into them, and he plays dracula-v1's judgement instead, drawn to the castle when his blood
// is low and the hunters have long lost him. That judgement loses to strong hunters he cannot
// predict: see docs/dracula.md.
//
// The budget is work (hunter-model decisions per move), never the clock: the clock only stops a
// search that overruns 30 % of the turn limit. Openings (round 0) and tie-breaks come from the game
// seed (stream "dracula-ai"), so different seeds play different games; equal inputs give equal
// moves.
#pragma once

#include <memory>

#include "games/dracula/bots/ai.h"

namespace arena::dracula {

std::unique_ptr<Ai> make_reference_dracula();
// `dracula-models-hunter`: the same search with the reference hunter (bots/hunter_search.h) as his
// model, move for move: what predicting it gives him (docs/dracula.md). Some of its searches reach
// the safety stop, so unlike the others some of its moves depend on the machine's speed.
std::unique_ptr<Ai> make_dracula_modelling_hunter();
// dracula-v1: the reference Dracula before the search (a two-move look-ahead against the hunters'
// reach, no model of their inference), kept as a baseline.
std::unique_ptr<Ai> make_dracula_v1();

}  // namespace arena::dracula
