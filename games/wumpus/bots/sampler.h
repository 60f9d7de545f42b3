// Caves drawn from the exact posterior, for rollouts: rejection sampling of the prior of spec
// §3.3 against the bot's own history, replayed through the rules engine. Pits with the gold and
// the wumpuses are independent given the history, so each is drawn and checked on its own.
#pragma once

#include <vector>

#include "core/rng.h"
#include "games/wumpus/bots/knowledge.h"

namespace arena::wumpus {

class WorldSampler {
 public:
  // `percepts` holds one more entry than `actions`: percept i came before action i.
  WorldSampler(const Knowledge& kb, const std::vector<Action>& actions,
               const std::vector<Percept>& percepts);

  // Up to `want` states, each a consistent cave replayed to the present, within `max_attempts`
  // draws of each kind. Fewer (possibly none) if the history is too unlikely to hit.
  std::vector<State> sample(Rng& rng, int want, int max_attempts) const;

 private:
  bool draw_pits(Rng& rng, Cave* cave) const;
  bool draw_wumpuses(Rng& rng, Cave* cave) const;
  // Replays the history; `fields` selects which percepts must match (pit or wumpus side).
  bool replay(const Cave& cave, bool pit_side, bool wumpus_side, State* out) const;

  const Knowledge& kb_;
  const std::vector<Action>& actions_;
  const std::vector<Percept>& percepts_;
  CellSet unknown_;              // cells that may hold a pit
  std::vector<int> candidates_;  // cells that may hold a wumpus alive in epoch 0
};

}  // namespace arena::wumpus
