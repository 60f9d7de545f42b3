// The reference hero (spec §10): exact beliefs over pits, gold and wumpuses, and a planner over
// (cell, heading) that explores safely, shoots, takes risks only when they pay, and always keeps
// the way home within the turn limit. Deterministic: no clocks, no randomness.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/wumpus/bots/belief.h"
#include "games/wumpus/bots/knowledge.h"
#include "games/wumpus/bots/policy.h"

namespace arena::wumpus {

// Tunable knobs, for simulation studies; the defaults are the reference bot.
struct ReferenceOptions {
  double risk_threshold = -1.0;  // fixed T of spec §10.4; < 0 picks it from the parameters
  double shot_max_pit = 0.2;     // shoot only at cells with P_pit at most this
  // With the gold, walk home through cells known safe, not only visited ones (spec §10.4 says
  // visited; this is shorter at no risk: +0.2 of exact expected score on classic).
  bool gold_way_safe = true;
  // One-step policy improvement (lookahead.cc): when no safe cell is left, every option (leave,
  // each risky step, each shot) is valued exactly, as the expected final score of taking it and
  // then playing the fixed policy, over the percept outcomes computed from the exact belief.
  bool lookahead = true;
  int lookahead_depth = 1;  // > 1: the continuation of each option runs its own lookahead
  // Work allowed per decision, in belief computations times cells (a belief costs about its
  // cave's size): 20000 beliefs on 10x10, which keeps every turn under 1 s. Unfinished
  // valuations fall back to the fixed choice, so a larger budget only helps: random mode 1..2000
  // gained 9.8 points over the fixed policy with this budget, 3.5 with a sixth of it.
  int64_t lookahead_budget = 2000000;
  // Other safe cells valued against the nearest one, on caves of at most safe_max_cells cells.
  // Off: on classic 1..10000 it changed the mean by -0.7 (noise) at ~40x the time (1.2 s
  // slowest turn on 4x4).
  int safe_alternatives = 0;
  int safe_max_cells = 25;
};

class ReferenceBot : public HeroPolicy {
 public:
  ReferenceBot() = default;
  explicit ReferenceBot(const ReferenceOptions& options) : options_(options) {}
  void start(const StartInfo& info) override;
  Action act(const Percept& percept) override;

  // The exact expected final score of the fixed policy of spec §10.4 from the start of a game
  // whose first percept is `first`, as the lookahead computes it: for tests against brute force.
  double fixed_policy_value(const StartInfo& info, const Percept& first);
  // The same for this bot's own policy, lookahead included (each decision in the tree runs its
  // own lookahead): the exact expected score over every cave of the parameters, no sampling.
  double policy_value(const StartInfo& info, const Percept& first);

 private:
  void plan();
  Action next_action();
  // Lookahead (lookahead.cc). Returns the index of the candidate plan with the best exact
  // value; candidates[0] is the fixed policy's own choice and wins ties.
  // `bounds` are upper bounds on the values, to skip hopeless candidates.
  size_t choose_by_lookahead(const std::vector<std::vector<Action>>& candidates,
                             const std::vector<double>& bounds);
  struct Budget {
    int64_t left = 0;
    bool exhausted = false;
  };
  // The expected score still to come if this bot (playing the fixed policy from its current
  // plan) continues from here; the percepts of its position are already observed.
  double expected_rest(Budget* budget);
  // Believes the current knowledge: the beliefs and their likelihoods; false if inexact.
  bool refresh_belief(Budget* budget);
  // The shortest way home and exit, through `way` (default: the visited cells).
  void go_home(const CellSet* way = nullptr);
  // The cells a hero carrying the gold may walk home through: visited or known safe.
  CellSet way_home_with_gold();
  // Computes pits_ and wumpuses_ for the current knowledge unless they are valid.
  void refresh_plan_belief();
  void set_plan(std::vector<Action> actions);
  double threshold() const;
  // The turn-limit guard of spec §10.4: the plan, then the way home through `way`, then exit.
  bool fits(int plan_length, int end_cell, Dir end_dir, const CellSet& way) const;

  ReferenceOptions options_;
  Knowledge kb_;
  std::vector<Action> plan_;  // reversed: back() is the next action
  PitBelief pits_;
  WumpusBelief wumpuses_;
  bool belief_valid_ = false;  // pits_ and wumpuses_ describe the current knowledge
};

}  // namespace arena::wumpus
