#include "games/wumpus/bots/reference.h"

#include <algorithm>
#include <cmath>

#include "games/wumpus/bots/planner.h"
#include "games/wumpus/bots/sampler.h"

namespace arena::wumpus {
namespace {

// Probabilities below this are exact zeros that picked up rounding.
constexpr double kZero = 1e-12;

}  // namespace

void ReferenceBot::start(const StartInfo& info) {
  kb_.start(info.params);
  plan_.clear();
  actions_.clear();
  percepts_.clear();
}

Action ReferenceBot::act(const Percept& percept) {
  kb_.observe(percept);
  percepts_.push_back(percept);
  Action a = next_action();
  kb_.record_action(a);
  actions_.push_back(a);
  return a;
}

Action ReferenceBot::next_action() {
  if (kb_.glitter_here()) {
    plan_.clear();  // the gold changes everything: grab it, then re-plan the way home
    return Action::grab;
  }
  if (plan_.empty()) plan();
  Action a = plan_.back();
  plan_.pop_back();
  return a;
}

void ReferenceBot::set_plan(std::vector<Action> actions) {
  plan_.assign(actions.rbegin(), actions.rend());
}

bool ReferenceBot::fits(int plan_length, int end_cell, Dir end_dir, const CellSet& way) const {
  const int home = home_distance(kb_, end_cell, end_dir, way);
  return home >= 0 && kb_.actions() + plan_length + home + 1 <= kb_.turn_limit();
}

void ReferenceBot::go_home() {
  PoseSearch search;
  search.run(kb_, kb_.pos(), kb_.dir(), kb_.visited());
  int best = -1;
  Dir best_dir = Dir::N;
  for (Dir d : {Dir::N, Dir::E, Dir::S, Dir::W}) {
    int v = search.dist(0, d);
    if (v >= 0 && (best < 0 || v < best)) best = v, best_dir = d;
  }
  std::vector<Action> actions;
  if (best >= 0) actions = search.path_to(0, best_dir);
  actions.push_back(Action::exit);
  set_plan(std::move(actions));
}

double ReferenceBot::threshold() const {
  if (options_.risk_threshold >= 0.0) return options_.risk_threshold;
  // Spec §10.4: 0.35 is best on classic caves, 0.225 over random mode, where bigger or pittier
  // caves compound the risks (a 0.35 rule on the small random caves lost 0.6 points there).
  const Params& p = kb_.params();
  return kb_.cells() <= 16 && p.pit_percent <= 20 ? 0.35 : 0.225;
}

void ReferenceBot::plan() {
  if (kb_.has_gold()) return go_home();
  const int n = kb_.cells();
  const CellSet& visited = kb_.visited();
  compute_pit_belief(kb_, &pits_);
  compute_wumpus_belief(kb_, {}, &wumpuses_);

  CellSet safe;
  for (int c = 0; c < n; ++c) {
    if (pits_.pit[c] <= kZero && wumpuses_.alive[c] <= kZero) safe.set(c);
  }
  const CellSet passable = visited | safe;
  PoseSearch here;
  here.run(kb_, kb_.pos(), kb_.dir(), passable);

  // 1. Safe exploration: the nearest unvisited cell with no risk.
  Dir dir;
  const int target = here.nearest(safe & ~visited, &dir);
  if (target >= 0) {
    if (!fits(here.dist(target, dir), target, dir, passable)) return go_home();
    return set_plan(here.path_to(target, dir));
  }

  // Frontier cells: unvisited neighbours of visited cells, with the cheapest way in.
  struct Option {
    int cell = -1, from = -1;
    Dir dir = Dir::N;
    int cost = 0;
  };
  std::vector<Option> frontier;
  for (int x = 0; x < n; ++x) {
    if (visited[x]) continue;
    Option best;
    for (int q = 0; q < n; ++q) {
      if (!visited[q] || !kb_.neighbours(q)[x]) continue;
      Dir d = direction_to(kb_, q, x);
      int cost = here.dist(q, d);
      if (cost < 0) continue;
      if (best.cell < 0 || cost + 1 < best.cost) best = {x, q, d, cost + 1};
    }
    if (best.cell >= 0) frontier.push_back(best);
  }

  // 2. Shooting: the cheapest shot into a frontier cell that may hold a wumpus.
  std::vector<std::vector<Action>> candidates;
  auto shot_plan = [&](const Option& o) {
    std::vector<Action> actions = here.path_to(o.from, o.dir);
    actions.push_back(Action::shot);
    return actions;
  };
  auto step_plan = [&](const Option& o) {
    std::vector<Action> actions = here.path_to(o.from, o.dir);
    actions.push_back(Action::go);
    return actions;
  };
  auto step_fits = [&](const Option& o) {
    CellSet way = visited;
    way.set(o.cell);
    return fits(o.cost, o.cell, o.dir, way);
  };
  const bool can_shoot = kb_.arrows() > 0 && kb_.epoch() < kb_.params().wumpuses;
  const Option* shot = nullptr;
  if (can_shoot) {
    for (const Option& o : frontier) {
      if (wumpuses_.alive[o.cell] <= kZero || pits_.pit[o.cell] > options_.shot_max_pit) continue;
      if (!shot || o.cost < shot->cost ||
          (o.cost == shot->cost && wumpuses_.alive[o.cell] > wumpuses_.alive[shot->cell])) {
        shot = &o;
      }
    }
  }
  // 3. Risk: the frontier cell with the smallest death risk, if below the threshold.
  const Option* step = nullptr;
  double step_risk = 2.0;
  for (const Option& o : frontier) {
    double r = death_risk(pits_, wumpuses_, o.cell);
    if (!step || r < step_risk - kZero || (r < step_risk + kZero && o.cost < step->cost)) {
      step = &o, step_risk = r;
    }
  }
  if (shot) {
    if (!fits(shot->cost, shot->from, shot->dir, visited)) return go_home();
    candidates.push_back(shot_plan(*shot));
  } else if (step && step_risk < threshold()) {
    if (!step_fits(*step)) return go_home();
    candidates.push_back(step_plan(*step));
  }
  // 4. Leave.
  go_home();
  std::vector<Action> home(plan_.rbegin(), plan_.rend());
  if (candidates.empty()) candidates.push_back(home);
  if (options_.rollouts <= 0 || kb_.cells() > options_.rollout_max_cells || kb_.gold_cell() >= 0)
    return set_plan(candidates[0]);

  // Alternatives for the rollouts: leaving, other shots, and risky steps by increasing risk.
  if (candidates[0] != home) candidates.push_back(home);
  std::vector<std::pair<double, const Option*>> steps;
  for (const Option& o : frontier) {
    double r = death_risk(pits_, wumpuses_, o.cell);
    if (r < 0.8 && step_fits(o)) steps.push_back({r + 1e-4 * o.cost, &o});
  }
  std::sort(steps.begin(), steps.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [r, o] : steps) {
    auto c = step_plan(*o);
    if (static_cast<int>(candidates.size()) < options_.max_candidates &&
        std::find(candidates.begin(), candidates.end(), c) == candidates.end()) {
      candidates.push_back(std::move(c));
    }
  }
  if (can_shoot) {
    for (const Option& o : frontier) {
      if (wumpuses_.alive[o.cell] <= kZero || !fits(o.cost, o.from, o.dir, visited)) continue;
      auto c = shot_plan(o);
      if (static_cast<int>(candidates.size()) < options_.max_candidates + 2 &&
          std::find(candidates.begin(), candidates.end(), c) == candidates.end()) {
        candidates.push_back(std::move(c));
      }
    }
  }
  if (candidates.size() == 1) return set_plan(candidates[0]);
  set_plan(candidates[choose_by_rollouts(candidates)]);
}

size_t ReferenceBot::choose_by_rollouts(const std::vector<std::vector<Action>>& candidates) {
  // Deterministic: the stream depends only on where the game stands.
  Rng rng(splitmix64(0x5eed ^ (static_cast<uint64_t>(kb_.actions()) << 32) ^
                     (static_cast<uint64_t>(kb_.pos()) << 8) ^ kb_.epoch()));
  WorldSampler sampler(kb_, actions_, percepts_);
  std::vector<State> worlds = sampler.sample(rng, options_.rollouts, options_.sample_attempts);
  if (worlds.size() < 16) return 0;
  ReferenceOptions base = options_;
  base.rollouts = 0;
  // Paired outcomes on common worlds: an alternative replaces the fixed policy's choice only
  // when its advantage is clear of the sampling noise, since rollout values are noisy (+-1000
  // outcomes) and the fixed choice is right most of the time.
  std::vector<std::vector<double>> score(candidates.size(), std::vector<double>(worlds.size()));
  for (size_t w = 0; w < worlds.size(); ++w) {
    for (size_t c = 0; c < candidates.size(); ++c) {
      ReferenceBot bot = *this;
      bot.options_ = base;
      bot.set_plan(candidates[c]);
      State s = worlds[w];
      Action a = bot.next_action();
      bot.kb_.record_action(a);
      bot.actions_.push_back(a);
      s.apply(a);
      while (!s.is_over()) s.apply(bot.act(s.percept()));
      score[c][w] = s.score();
    }
  }
  const double m = static_cast<double>(worlds.size());
  size_t best = 0;
  double best_gain = 0.0;
  for (size_t c = 1; c < candidates.size(); ++c) {
    double sum = 0.0, sq = 0.0;
    for (size_t w = 0; w < worlds.size(); ++w) {
      double d = score[c][w] - score[0][w];
      sum += d, sq += d * d;
    }
    const double mean = sum / m;
    const double se = std::sqrt(std::max(0.0, sq / m - mean * mean) / m);
    if (mean - options_.confidence * se > best_gain)
      best = c, best_gain = mean - options_.confidence * se;
  }
  return best;
}

}  // namespace arena::wumpus
