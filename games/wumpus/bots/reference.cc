#include "games/wumpus/bots/reference.h"

#include <algorithm>
#include <cmath>

#include "games/wumpus/bots/planner.h"

namespace arena::wumpus {
namespace {

// Probabilities below this are exact zeros that picked up rounding.
constexpr double kZero = 1e-12;

}  // namespace

void ReferenceBot::start(const StartInfo& info) {
  kb_.start(info.params);
  plan_.clear();
  belief_valid_ = false;
}

Action ReferenceBot::act(const Percept& percept) {
  kb_.observe(percept);
  belief_valid_ = false;
  Action a = next_action();
  kb_.record_action(a);
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

void ReferenceBot::go_home(const CellSet* way) {
  set_plan(way_out(kb_, way ? *way : kb_.visited()));
}

double ReferenceBot::threshold() const {
  if (options_.risk_threshold >= 0.0) return options_.risk_threshold;
  // Spec §10.4: 0.35 on classic caves. Bigger or pittier caves mean more risky steps per game,
  // and the risks compound, so the best T falls. The table is the best T of the fixed policy
  // per size and pit class, measured on random-mode seeds 100001..130000 (outside the test
  // seeds): it scored 5 points over the spec's single T = 0.225 there.
  const Params& p = kb_.params();
  const int cells = kb_.cells(), pit = p.pit_percent;
  if (cells <= 25) return pit <= 20 ? 0.35 : 0.225;
  if (cells <= 50) return pit <= 12 ? 0.3 : pit <= 20 ? 0.25 : 0.2;
  return pit <= 12 ? 0.25 : 0.15;
}

void ReferenceBot::refresh_plan_belief() {
  if (belief_valid_) return;
  compute_pit_belief(kb_, &pits_);
  compute_wumpus_belief(kb_, {}, &wumpuses_);
  belief_valid_ = true;
}

CellSet ReferenceBot::way_home_with_gold() {
  if (!options_.gold_way_safe) return kb_.visited();
  refresh_plan_belief();
  return kb_.visited() | known_safe(kb_, pits_, wumpuses_);
}

void ReferenceBot::plan() {
  if (kb_.has_gold()) {
    // With the gold, only the length of the way counts: any cell known safe will do.
    const CellSet way = way_home_with_gold();
    return go_home(&way);
  }
  refresh_plan_belief();
  const int n = kb_.cells();
  const CellSet& visited = kb_.visited();

  const CellSet safe = known_safe(kb_, pits_, wumpuses_);
  const CellSet passable = visited | safe;
  PoseSearch here;
  here.run(kb_, kb_.pos(), kb_.dir(), passable);

  // 1. Safe exploration: the nearest unvisited cell with no risk.
  Dir dir;
  const int target = here.nearest(safe & ~visited, &dir);
  if (target >= 0) {
    if (!fits(here.dist(target, dir), target, dir, passable)) return go_home();
    if (!options_.lookahead || options_.safe_alternatives <= 0 || n > options_.safe_max_cells)
      return set_plan(here.path_to(target, dir));
    // The order of safe exploration decides how soon the gold is found and how far it is to
    // carry: value the next few nearest safe cells too.
    std::vector<std::pair<int, int>> others;  // (distance, cell)
    for (int c = 0; c < n; ++c) {
      if (c != target && safe[c] && !visited[c] && here.dist_to_cell(c) >= 0)
        others.push_back({here.dist_to_cell(c), c});
    }
    std::sort(others.begin(), others.end());
    std::vector<std::vector<Action>> options = {here.path_to(target, dir)};
    for (const auto& [d, c] : others) {
      if (static_cast<int>(options.size()) > options_.safe_alternatives) break;
      Dir best_dir = Dir::N;
      for (Dir e : {Dir::N, Dir::E, Dir::S, Dir::W}) {
        if (here.dist(c, e) == d) best_dir = e;
      }
      if (fits(d, c, best_dir, passable)) options.push_back(here.path_to(c, best_dir));
    }
    if (options.size() == 1) return set_plan(options[0]);
    return set_plan(
        options[choose_by_lookahead(options, std::vector<double>(options.size(), 1e18))]);
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
  if (!options_.lookahead) return set_plan(candidates[0]);

  // Alternatives for the lookahead: leaving, other shots, and risky steps by increasing risk.
  if (candidates[0] != home) candidates.push_back(home);
  std::vector<double> bounds(candidates.size(), 1e18);  // upper bounds on their values
  std::vector<std::pair<double, const Option*>> steps;
  for (const Option& o : frontier) {
    double r = death_risk(pits_, wumpuses_, o.cell);
    if (r < 0.8 && step_fits(o)) steps.push_back({r + 1e-4 * o.cost, &o});
  }
  std::sort(steps.begin(), steps.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [r, o] : steps) {
    auto c = step_plan(*o);
    if (std::find(candidates.begin(), candidates.end(), c) == candidates.end()) {
      candidates.push_back(std::move(c));
      bounds.push_back(1000.0 * (1.0 - 2.0 * r) - o->cost);
    }
  }
  if (can_shoot) {
    for (const Option& o : frontier) {
      if (wumpuses_.alive[o.cell] <= kZero || !fits(o.cost, o.from, o.dir, visited)) continue;
      auto c = shot_plan(o);
      if (std::find(candidates.begin(), candidates.end(), c) == candidates.end()) {
        candidates.push_back(std::move(c));
        bounds.push_back(1000.0 - o.cost - 16);
      }
    }
  }
  if (candidates.size() == 1) return set_plan(candidates[0]);
  set_plan(candidates[choose_by_lookahead(candidates, bounds)]);
}

}  // namespace arena::wumpus
