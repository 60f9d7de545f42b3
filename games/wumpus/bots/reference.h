// The reference hero (spec §10): exact beliefs over pits, gold and wumpuses, and a planner over
// (cell, heading) that explores safely, shoots, takes risks only when they pay, and always keeps
// the way home within the turn limit. Deterministic: no clocks, no randomness.
#pragma once

#include <cstddef>
#include <vector>

#include "games/wumpus/bots/belief.h"
#include "games/wumpus/bots/knowledge.h"
#include "games/wumpus/bots/policy.h"

namespace arena::wumpus {

// Tunable knobs, for simulation studies; the defaults are the reference bot.
struct ReferenceOptions {
  double risk_threshold = -1.0;  // fixed T of spec §10.4; < 0 picks it from the parameters
  double shot_max_pit = 0.2;     // shoot only at cells with P_pit at most this
  int rollouts = 512;            // sampled worlds per decision between risky options; 0 = off
  int sample_attempts = 20000;   // rejection draws allowed per decision, of each kind
  int max_candidates = 6;        // options compared by rollouts
  double confidence = 2.0;       // standard errors an alternative must win by
  // Rollouts only on small caves: on large ones they did not pay in simulation (random mode
  // 350.7 with, 351.3 without, seeds 1..1000) and cost up to ~1 s per decision.
  int rollout_max_cells = 16;
};

class ReferenceBot : public HeroPolicy {
 public:
  ReferenceBot() = default;
  explicit ReferenceBot(const ReferenceOptions& options) : options_(options) {}
  void start(const StartInfo& info) override;
  Action act(const Percept& percept) override;

 private:
  void plan();
  Action next_action();
  // Picks among whole-plan candidates by playing the fixed-threshold policy after each on
  // worlds sampled from the posterior (spec §10.5, "rollout over worlds sampled from the exact
  // belief"); candidates[0] is the fixed policy's own choice and wins ties.
  size_t choose_by_rollouts(const std::vector<std::vector<Action>>& candidates);
  void go_home();
  void set_plan(std::vector<Action> actions);
  double threshold() const;
  // The turn-limit guard of spec §10.4: the plan, then the way home through `way`, then exit.
  bool fits(int plan_length, int end_cell, Dir end_dir, const CellSet& way) const;

  ReferenceOptions options_;
  Knowledge kb_;
  std::vector<Action> actions_;  // the history, for the world sampler
  std::vector<Percept> percepts_;
  std::vector<Action> plan_;  // reversed: back() is the next action
  PitBelief pits_;
  WumpusBelief wumpuses_;
};

}  // namespace arena::wumpus
