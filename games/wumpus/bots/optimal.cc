#include "games/wumpus/bots/optimal.h"

#include <algorithm>
#include <array>
#include <vector>

#include "games/wumpus/bots/belief.h"
#include "games/wumpus/bots/planner.h"

namespace arena::wumpus {
namespace {

constexpr double kWin = 1000.0;
constexpr double kDeath = -1000.0;
constexpr double kShotCost = 15.0;

// Walks `path` over visited cells: their percepts are known (one wumpus: after its kill no cell
// stinks), so the knowledge gains nothing but the pose and the action count.
void walk(Knowledge* kb, const std::vector<Action>& path) {
  for (Action a : path) {
    kb->record_action(a);
    Percept p;
    p.breeze = kb->breeze()[kb->pos()];
    p.stench = kb->epoch() == 0 && kb->stench(0)[kb->pos()];
    kb->observe(p);
  }
}

// Cells a hero with the gold may walk home through: visited or known safe.
CellSet way_home_with_gold(const Knowledge& kb) {
  PitBelief pits;
  WumpusBelief wumpuses;
  compute_pit_belief(kb, &pits);
  compute_wumpus_belief(kb, {}, &wumpuses);
  return kb.visited() | known_safe(kb, pits, wumpuses);
}

struct Option {
  double bound = 0.0;  // an upper bound on its value, to skip hopeless options
  int cell = -1;       // where to stand
  Dir dir = Dir::N;    // and face
  int cost = 0;        // actions to get there
  bool shot = false;   // then shoot; else step forward into an unvisited cell
};

}  // namespace

std::string OptimalSolver::key(const Knowledge& kb) const {
  std::string k;
  auto put_set = [&](const CellSet& s) {
    for (int c = 0; c < kb.cells(); c += 8) {
      uint8_t byte = 0;
      for (int b = 0; b < 8 && c + b < kb.cells(); ++b) byte |= s[c + b] << b;
      k.push_back(static_cast<char>(byte));
    }
  };
  k.push_back(static_cast<char>(kb.pos()));
  k.push_back(static_cast<char>(kb.dir()));
  k.push_back(static_cast<char>(kb.arrows()));
  k.push_back(static_cast<char>(kb.epoch()));
  put_set(kb.visited());
  put_set(kb.breeze());
  put_set(kb.stench(0));
  // A shot's path follows from where it was fired and its length; the scream from the epoch.
  for (const ShotRecord& s : kb.shots()) {
    k.push_back(static_cast<char>(s.path.front()));
    k.push_back(static_cast<char>(s.path.size()));
    k.push_back(static_cast<char>(s.scream));
  }
  return k;
}

double OptimalSolver::value(const Knowledge& kb) {
  if (kb.glitter_here()) {
    return kWin - 1 - home_distance(kb, kb.pos(), kb.dir(), way_home_with_gold(kb)) - 1;
  }
  return solve(kb).value;
}

std::vector<Action> OptimalSolver::best_plan(const Knowledge& kb) {
  const Entry e = solve(kb);
  if (e.cell < 0) return way_out(kb, kb.visited());
  PoseSearch here;
  here.run(kb, kb.pos(), kb.dir(), kb.visited());
  std::vector<Action> plan = here.path_to(e.cell, static_cast<Dir>(e.dir));
  plan.push_back(e.shot ? Action::shot : Action::go);
  return plan;
}

const OptimalSolver::Entry& OptimalSolver::solve(const Knowledge& kb) {
  const std::string k = key(kb);
  if (auto it = memo_.find(k); it != memo_.end()) return it->second;

  PitBelief pits;
  WumpusBelief wumpuses;
  compute_pit_belief(kb, &pits);
  compute_wumpus_belief(kb, {}, &wumpuses);
  const CellSet& visited = kb.visited();
  PoseSearch here;
  here.run(kb, kb.pos(), kb.dir(), visited);

  // Leaving is always possible: the way home is over visited cells.
  Entry best_entry;
  double& best = best_entry.value;
  best = -(here.dist_to_cell(0) + 1.0);
  std::vector<Option> options;
  const bool can_shoot = kb.arrows() > 0 && kb.epoch() < kb.params().wumpuses;
  for (int q = 0; q < kb.cells(); ++q) {
    if (!visited[q]) continue;
    for (Dir d : {Dir::N, Dir::E, Dir::S, Dir::W}) {
      const int cost = here.dist(q, d);
      if (cost < 0) continue;
      const int x = kb.cell_in(q, d);
      if (x >= 0 && !visited[x]) {
        const double r = death_risk(pits, wumpuses, x);
        if (r < 1.0 - 1e-12) options.push_back({kWin * (1 - 2 * r) - cost - 1, q, d, cost, false});
      }
      if (!can_shoot) continue;
      bool target = false;
      for (int y : kb.ray(q, d)) target = target || wumpuses.alive[y] > 1e-12;
      if (target) options.push_back({kWin - cost - 1 - kShotCost, q, d, cost, true});
    }
  }
  std::sort(options.begin(), options.end(),
            [](const Option& a, const Option& b) { return a.bound > b.bound; });

  for (const Option& o : options) {
    if (o.bound <= best) break;
    Knowledge after = kb;
    walk(&after, here.path_to(o.cell, o.dir));
    after.record_action(o.shot ? Action::shot : Action::go);
    const double spent = o.cost + 1 + (o.shot ? kShotCost : 0.0);
    const int target = o.shot ? o.cell : kb.cell_in(o.cell, o.dir);
    // Pit side (breeze, glitter) only on a new cell; wumpus side (stench, scream) always.
    const int pit_outcomes = o.shot ? 1 : 4;
    const int wumpus_outcomes = o.shot ? 4 : 2;
    auto percept = [&](int pi, int wi) {
      Percept p;
      p.breeze = o.shot ? kb.breeze()[target] : (pi & 1) != 0;
      p.glitter = !o.shot && (pi & 2) != 0;
      p.stench = (wi & 1) != 0;
      p.scream = o.shot && (wi & 2) != 0;
      return p;
    };
    std::array<double, 4> pit_prob{1.0}, wumpus_prob{};
    if (!o.shot) {
      for (int pi = 0; pi < pit_outcomes; ++pi) {
        Knowledge k = after;
        k.observe(percept(pi, 0));
        PitBelief b;
        compute_pit_belief(k, &b);
        pit_prob[pi] = b.likelihood / pits.likelihood;
      }
    }
    for (int wi = 0; wi < wumpus_outcomes; ++wi) {
      Knowledge k = after;
      k.observe(percept(0, wi));
      WumpusBelief b;
      compute_wumpus_belief(k, {}, &b);
      wumpus_prob[wi] = b.weight / wumpuses.weight;
    }
    double alive = 0.0, v = 0.0;
    for (int pi = 0; pi < pit_outcomes; ++pi) {
      for (int wi = 0; wi < wumpus_outcomes; ++wi) {
        const double q = pit_prob[pi] * wumpus_prob[wi];
        if (q <= 1e-15) continue;
        Knowledge k = after;
        k.observe(percept(pi, wi));
        alive += q;
        v += q * value(k);
      }
    }
    v += (1.0 - std::min(1.0, alive)) * kDeath - spent;
    if (v > best) {
      best_entry = {v, static_cast<int8_t>(o.cell), static_cast<int8_t>(o.dir), o.shot};
    }
  }
  return memo_.emplace(k, best_entry).first->second;
}

void OptimalBot::start(const StartInfo& info) {
  kb_.start(info.params);
  plan_.clear();
}

Action OptimalBot::act(const Percept& percept) {
  kb_.observe(percept);
  Action a;
  if (kb_.glitter_here()) {
    // Grab, then the shortest way home over known safe cells, as the solver values it.
    const std::vector<Action> home = way_out(kb_, way_home_with_gold(kb_));
    plan_.assign(home.rbegin(), home.rend());
    a = Action::grab;
  } else {
    if (plan_.empty()) {
      std::vector<Action> p = solver_.best_plan(kb_);
      plan_.assign(p.rbegin(), p.rend());
    }
    a = plan_.back();
    plan_.pop_back();
  }
  kb_.record_action(a);
  return a;
}

}  // namespace arena::wumpus
