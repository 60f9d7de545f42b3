// One-step policy improvement for the reference bot (spec §10.5, "a short lookahead"): each
// option is valued exactly as the expected final score of taking it and then playing the fixed
// policy of spec §10.4. The expectation runs over the percepts the bot would receive, whose
// probabilities are ratios of likelihoods from the exact beliefs: with H the history and o a
// possible next observation, P(o | H) = L(H + o) / L(H). Death is whatever probability is left.
// No sampling, so no noise: the improved choice is never worse in expectation than the fixed
// one, and it is deterministic.
#include <algorithm>
#include <array>
#include <cmath>

#include "games/wumpus/bots/planner.h"
#include "games/wumpus/bots/reference.h"

namespace arena::wumpus {
namespace {

constexpr double kDeath = -1000.0;
constexpr double kWin = 1000.0;
constexpr double kShotCost = 15.0;
constexpr int64_t kWumpusCap = 200000;  // enumeration nodes per wumpus belief in the lookahead

}  // namespace

bool ReferenceBot::refresh_belief(Budget* budget) {
  if (!belief_valid_ && (budget->left -= kb_.cells()) < 0) budget->exhausted = true;
  refresh_plan_belief();
  return pits_.exact && wumpuses_.exact && pits_.likelihood > 0.0 && wumpuses_.weight > 0.0;
}

double ReferenceBot::expected_rest(Budget* budget) {
  double total = 0.0;  // the score of the deterministic actions taken so far in this call
  for (;;) {
    if (budget->exhausted) return 0.0;
    if (kb_.has_gold() || kb_.glitter_here()) {
      // The rest is fixed: grab if needed, the shortest way home over known safe cells, exit.
      if (!belief_valid_ && !refresh_belief(budget)) {
        budget->exhausted = true;
        return 0.0;
      }
      const int home = home_distance(kb_, kb_.pos(), kb_.dir(), way_home_with_gold());
      return total + kWin - (kb_.has_gold() ? 0 : 1) - home - 1;
    }
    if (kb_.actions() >= kb_.turn_limit()) return total - 5000.0;  // the guard prevents this
    const Action a = next_action();
    if (a == Action::exit && kb_.pos() == 0) return total - 1.0;
    const int from = kb_.pos();
    const Dir dir = kb_.dir();
    const bool fires = a == Action::shot && kb_.arrows() > 0;
    const int target = a == Action::go ? kb_.cell_in(from, dir) : from;
    const int epoch = kb_.epoch();
    total -= 1.0 + (fires ? kShotCost : 0.0);
    if (a == Action::go && target < 0) {  // a bump; the planner never walks into a wall
      Percept p;
      p.breeze = kb_.breeze()[from];
      p.stench = kb_.stench(epoch)[from];
      p.bump = true;
      kb_.record_action(a);
      kb_.observe(p);
      continue;
    }

    // Which percept bits are unknown: on a new cell, all of breeze, stench and glitter (and
    // death); on a visited cell, the stench if not yet observed in this epoch; after a shot, the
    // scream and then the stench.
    const bool new_cell = target >= 0 && !kb_.visited()[target];
    const bool stench_known =
        target >= 0 && !fires && (kb_.stench(epoch)[target] || kb_.no_stench(epoch)[target]);
    if (!new_cell && !fires && stench_known) {
      Percept p;
      p.breeze = kb_.breeze()[target];
      p.stench = kb_.stench(epoch)[target];
      kb_.record_action(a);
      kb_.observe(p);  // adds nothing to the beliefs: they stay valid
      continue;
    }

    if (!refresh_belief(budget)) {
      budget->exhausted = true;
      return 0.0;
    }
    const double pit_base = pits_.likelihood, wumpus_base = wumpuses_.weight;
    Knowledge after = kb_;
    after.record_action(a);
    // Pit side (breeze, glitter) only on a new cell; wumpus side (stench, scream) always.
    const int pit_outcomes = new_cell ? 4 : 1;
    const int wumpus_outcomes = fires ? 4 : 2;
    std::array<PitBelief, 4> pit_beliefs;
    std::array<double, 4> pit_prob{};
    std::array<WumpusBelief, 4> wumpus_beliefs;
    std::array<double, 4> wumpus_prob{};
    auto percept = [&](int pi, int wi) {
      Percept p;
      p.breeze = new_cell ? (pi & 1) != 0 : kb_.breeze()[target];
      p.glitter = new_cell && (pi & 2) != 0;
      p.stench = (wi & 1) != 0;
      p.scream = fires && (wi & 2) != 0;
      return p;
    };
    for (int pi = 0; pi < pit_outcomes; ++pi) {
      if (!new_cell) {
        pit_beliefs[0] = pits_, pit_prob[0] = 1.0;
        break;
      }
      Knowledge k = after;
      k.observe(percept(pi, 0));
      if ((budget->left -= kb_.cells()) < 0) budget->exhausted = true;
      compute_pit_belief(k, &pit_beliefs[pi]);
      if (pit_beliefs[pi].likelihood < 0.0) budget->exhausted = true;
      pit_prob[pi] = pit_beliefs[pi].likelihood / pit_base;
    }
    for (int wi = 0; wi < wumpus_outcomes; ++wi) {
      Knowledge k = after;
      k.observe(percept(0, wi));
      if ((budget->left -= kb_.cells()) < 0) budget->exhausted = true;
      compute_wumpus_belief(k, {}, &wumpus_beliefs[wi], kWumpusCap);
      if (wumpus_beliefs[wi].nodes > kWumpusCap) budget->exhausted = true;  // capped
      wumpus_prob[wi] = wumpus_beliefs[wi].weight / wumpus_base;
    }
    if (budget->exhausted) return 0.0;
    double alive = 0.0, value = 0.0;
    for (int pi = 0; pi < pit_outcomes; ++pi) {
      if (pit_prob[pi] <= 0.0) continue;
      for (int wi = 0; wi < wumpus_outcomes; ++wi) {
        const double q = pit_prob[pi] * wumpus_prob[wi];
        if (q <= 0.0) continue;
        ReferenceBot child = *this;
        child.kb_ = after;
        child.kb_.observe(percept(pi, wi));
        child.pits_ = pit_beliefs[pi];
        child.wumpuses_ = wumpus_beliefs[wi];
        child.belief_valid_ = true;
        alive += q;
        value += q * child.expected_rest(budget);
      }
    }
    return total + value + (1.0 - std::min(1.0, alive)) * kDeath;
  }
}

double ReferenceBot::fixed_policy_value(const StartInfo& info, const Percept& first) {
  start(info);
  kb_.observe(first);
  options_.lookahead = false;
  Budget budget{int64_t{1} << 40, false};
  const double v = expected_rest(&budget);
  return budget.exhausted ? std::nan("") : v;
}

double ReferenceBot::policy_value(const StartInfo& info, const Percept& first) {
  start(info);
  kb_.observe(first);
  Budget budget{int64_t{1} << 40, false};
  const double v = expected_rest(&budget);
  return budget.exhausted ? std::nan("") : v;
}

size_t ReferenceBot::choose_by_lookahead(const std::vector<std::vector<Action>>& candidates,
                                         const std::vector<double>& bounds) {
  Budget budget{options_.lookahead_budget, false};
  size_t best = 0;
  double best_value = 0.0;
  for (size_t c = 0; c < candidates.size(); ++c) {
    if (c > 0 && bounds[c] <= best_value) continue;
    ReferenceBot bot = *this;
    bot.options_.lookahead = options_.lookahead_depth > 1;  // else the fixed policy continues
    bot.options_.lookahead_depth = options_.lookahead_depth - 1;
    bot.set_plan(candidates[c]);
    const double v = bot.expected_rest(&budget);
    if (budget.exhausted) return best;  // keep what was fully valued; the fixed choice first
    if (c == 0 || v > best_value + 1e-9) best = c, best_value = v;
  }
  return best;
}

}  // namespace arena::wumpus
