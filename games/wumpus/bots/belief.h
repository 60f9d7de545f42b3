// Exact beliefs over the hidden cave (spec §10.2, §10.3), computed from the knowledge base alone.
// Pits (with the gold, which only lives on pit-free cells) and wumpuses are independent in the
// posterior, so each has its own computation.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "games/wumpus/bots/knowledge.h"

namespace arena::wumpus {

struct PitBelief {
  std::array<double, kMaxCells> pit{};   // P(pit at x)
  std::array<double, kMaxCells> gold{};  // P(gold at x); 0 on visited cells unless seen there
  bool exact = true;                     // false only if a component was too tangled to sum
  // P(every pit and gold observation so far) under the prior of spec §3.3. Ratios of these for
  // a history and its extensions are exact percept probabilities (lookahead.cc). 0 for an
  // impossible history, < 0 when it could not be computed.
  double likelihood = -1.0;
};

// Spec §10.2 with the gold refinement: the gold lies uniformly on the pit-free non-entrance
// cells and was not seen on the visited ones, which weighs each total pit count t by
// (F - v) / F (or 1 / F once the gold was seen), F = n*m - 1 - t.
void compute_pit_belief(const Knowledge& kb, PitBelief* out);

struct WumpusBelief {
  std::array<double, kMaxCells> alive{};  // P(living wumpus at x)
  std::vector<double> any;                // per query set: P(some living wumpus in it)
  bool exact = true;                      // false if the enumeration hit its cap
  int64_t nodes = 0;                      // enumeration work, for tests and tuning
  // The number of k-sets consistent with the history: proportional to the likelihood of the
  // wumpus-side observations (the prior is uniform), for percept probabilities.
  double weight = 0.0;
};

// Spec §10.3: uniform posterior over the k-sets consistent with the history, summed by kill
// assignments and covering subsets of the touch cells. `queries` are sets (such as arrow paths)
// whose probability of holding at least one living wumpus is wanted too. Past `cap` search
// nodes the result is a conservative estimate (never 0 where a wumpus is possible).
void compute_wumpus_belief(const Knowledge& kb, const std::vector<CellSet>& queries,
                           WumpusBelief* out, int64_t cap = 1000000);

// Spec §10.3: r(x) = 1 - (1 - P_pit(x)) (1 - P_wumpus(x)).
inline double death_risk(const PitBelief& pits, const WumpusBelief& wumpuses, int cell) {
  return 1.0 - (1.0 - pits.pit[cell]) * (1.0 - wumpuses.alive[cell]);
}

// Cells certainly free of pits and living wumpuses (probabilities below rounding noise).
inline CellSet known_safe(const Knowledge& kb, const PitBelief& pits,
                          const WumpusBelief& wumpuses) {
  constexpr double kZero = 1e-12;
  CellSet safe;
  for (int c = 0; c < kb.cells(); ++c) {
    if (pits.pit[c] <= kZero && wumpuses.alive[c] <= kZero) safe.set(c);
  }
  return safe;
}

}  // namespace arena::wumpus
