// Every built-in Fury of Dracula AI by name (bots/ai.h).
#include <functional>

#include "games/dracula/bots/ai.h"
#include "games/dracula/bots/baselines.h"
#include "games/dracula/bots/dracula_ai.h"
#include "games/dracula/bots/hunter_ai.h"
#include "games/dracula/bots/hunter_search.h"

namespace arena::dracula {

namespace {

struct Entry {
  const char* name;
  const char* help;
  std::unique_ptr<Ai> (*make)();
};

const Entry kEntries[] = {
    {"hunter",
     "reference hunter: Mina guards Castle Dracula; the others play hunter-v2's judgement "
     "re-ranked by play-outs on Dracula trails sampled from their inference (spec §7.2-§7.3)",
     make_reference_hunter},
    {"dracula", "reference Dracula: search over a model of the hunters' replies (spec §7.4)",
     make_reference_dracula},
    {"dracula-models-hunter",
     "reference Dracula with `hunter` as his model of the hunters (not hunter-v2): a measure of "
     "what predicting them gives him; the safety stop cuts some searches, so some of its moves "
     "depend on the machine's speed",
     make_dracula_modelling_hunter},
    {"hunter-v3",
     "earlier reference hunter: as `hunter` without the castle guard, all four searching",
     make_hunter_v3},
    {"hunter-v2",
     "earlier reference hunter: possibility tracking and joint pursuit, seeded openings, no "
     "search (the reference Dracula's model of the hunters)",
     make_hunter_v2},
    {"hunter-v1",
     "earliest reference hunter: as `hunter-v2` with one fixed opening, no seeded draws",
     make_hunter_v1},
    {"hunter-jitter",
     "hunter-v2 with its costs jittered by its own seeded stream: strong hunters that the "
     "reference Dracula's model predicts nearly but not exactly",
     make_hunter_jitter},
    {"dracula-v1", "earlier reference Dracula: two-move look-ahead on round-aware distances",
     make_dracula_v1},
    {"b-drac-random", "baseline Dracula: uniformly random legal move (the referee's default)",
     make_drac_random},
    {"b-drac-greedy", "baseline Dracula: maximises the nearest hunter's round-aware distance",
     make_drac_greedy},
    {"b-drac-loop", "baseline Dracula: circles the Iberian 7-cycle, else greedy", make_drac_loop},
    {"b-hunt-stay", "baseline hunter: always stays (round 0: JM; the referee's default)",
     make_hunt_stay},
    {"b-hunt-random", "baseline hunter: uniformly random legal move", make_hunt_random},
    {"b-hunt-chase", "baseline hunter: shortest path to Dracula's last known location, else random",
     make_hunt_chase},
};

}  // namespace

std::unique_ptr<Ai> make_ai(const std::string& name) {
  for (const Entry& e : kEntries)
    if (name == e.name) return e.make();
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> ai_catalog() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Entry& e : kEntries) out.emplace_back(e.name, e.help);
  return out;
}

}  // namespace arena::dracula
