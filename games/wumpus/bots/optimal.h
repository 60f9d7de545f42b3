// The best any bot can do, computed: exhaustive expectimax over every option at every decision,
// with the exact percept probabilities of the beliefs (belief.h) and memoised knowledge states.
// An analysis tool (wumpus_simulate --optimal): it bounds how far any policy can beat the spec's
// §10.4 agent. One wumpus only (walks over visited cells then have known percepts). It ignores
// the turn limit, so its value is an upper bound on what any bot can score under the limit, and
// exactly that when the limit never binds (tested on small caves by playing its policy).
//
// Decisions happen where information arrives. Between two, a best policy walks a shortest route
// over visited cells, so the options at a decision are complete: enter any unvisited cell next to
// a visited one, from any visited neighbour and heading; shoot from any visited cell in any
// heading; or go home and exit. Glitter means grab and go home over cells known safe.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/wumpus/bots/knowledge.h"
#include "games/wumpus/bots/policy.h"

namespace arena::wumpus {

class OptimalSolver {
 public:
  // Whether the solver is exact for these parameters: at most one wumpus.
  static bool supports(const Params& params) { return params.wumpuses <= 1; }

  // The expected final score still to come under the best policy, from a decision point: `kb`
  // has observed the percepts of its position and does not carry the gold.
  double value(const Knowledge& kb);
  // The actions of a best option from that decision point, up to the next one.
  std::vector<Action> best_plan(const Knowledge& kb);

  size_t states() const { return memo_.size(); }

 private:
  struct Entry {
    double value = 0.0;
    int8_t cell = -1;  // stand on this cell facing dir, then shoot or step; -1: go home and exit
    int8_t dir = 0;
    bool shot = false;
  };
  std::string key(const Knowledge& kb) const;
  const Entry& solve(const Knowledge& kb);
  std::unordered_map<std::string, Entry> memo_;
};

// A hero that plays the solver's best options: the optimum as a bot, for tests on small caves.
class OptimalBot : public HeroPolicy {
 public:
  void start(const StartInfo& info) override;
  Action act(const Percept& percept) override;

 private:
  OptimalSolver solver_;
  Knowledge kb_;
  std::vector<Action> plan_;  // reversed: back() is the next action
};

}  // namespace arena::wumpus
