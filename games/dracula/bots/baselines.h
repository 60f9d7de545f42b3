// The benchmark opponents of spec §7.6, deterministic given the request's seed (FOD_SEED). They are
// stateless: every decision is a function of (past_plays, seed), so a baseline decides the same in
// process mode (a fresh instance per turn), in persistent mode and in process (`bot:NAME`).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/rng.h"
#include "games/dracula/bots/ai.h"

namespace arena::dracula {

std::unique_ptr<Ai> make_drac_random();  // b-drac-random: uniformly random legal move
std::unique_ptr<Ai> make_drac_greedy();  // b-drac-greedy: maximise the nearest hunter's distance
std::unique_ptr<Ai> make_drac_loop();    // b-drac-loop: the Iberian 7-cycle, else greedy
std::unique_ptr<Ai> make_hunt_stay();    // b-hunt-stay: always stays (round 0: JM)
std::unique_ptr<Ai> make_hunt_random();  // b-hunt-random: uniformly random legal move
std::unique_ptr<Ai> make_hunt_chase();   // b-hunt-chase: towards the last known Dracula location

// The generator a baseline uses for one play: its own stream of the seat's seed, mixed with the
// play index so that each turn draws afresh even in a fresh process.
Rng baseline_rng(uint64_t seed, std::string_view name, int play);

}  // namespace arena::dracula
