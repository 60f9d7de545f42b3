#include "games/dungeon/bots.h"

#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <chrono>

#include <deque>
#include <filesystem>
#include <mutex>
#include <queue>
#include <thread>

#include "core/framers.h"
#include "core/rng.h"
#include "core/tcp.h"
#include "games/dungeon/cadical.h"
#include "games/dungeon/codec.h"
#include "games/dungeon/next_hop.h"
#include "games/dungeon/solver.h"

namespace arena::dungeon {

// How the heir weighs nodes (§13.8). Lenient (the first reference team, and the clearers'
// view of the route): a believed NPC costs 8, an enemy henchman 1000, a node next to one 6.
// Strict (the heir of the current reference team): a believed NPC is a wall unless a clearer
// gets there first (then +3), an enemy henchman is a wall, a node next to one costs 6, or 2
// with the shield beside the heir; both halved when the enemy leads the race.
struct HeirCosts {
  bool strict = false;
  bool shield_near = false;
  bool enemy_leads = false;
  int clearers[3] = {-1, -1, -1};
};

// What a team knows (§13.2), shared by its six agents under one mutex.
struct TeamState {
  std::mutex mu;
  int team = 0;
  bool ready = false;
  int n = 0;
  std::vector<std::vector<int>> adj;
  int start[2] = {0, 0}, shrine[2] = {0, 0};
  std::vector<uint8_t> npc;  // believed NPCs: the initial ones minus those known dead
  int enemy_heir = -1;
  int hench_node[kAgentsPerTeam] = {-1, -1, -1, -1, -1, -1};  // enemy henchmen last seen
  int node[kAgentsPerTeam] = {0, 0, 0, 0, 0, 0};              // our agents
  // §13.4: per team, the next-hop table over its allowed graph, built once per game.
  NextHopTable hops[2];
  // Scratch for searches (under the mutex).
  std::vector<int> dist, prev;

  bool forbidden_for(int t, int v) const { return v == start[1 - t] || v == shrine[1 - t]; }
  bool adjacent(int u, int v) const { return std::binary_search(adj[u].begin(), adj[u].end(), v); }

  void init(const DungeonResponse& r) {
    if (ready) return;
    n = static_cast<int>(r.nodes.size());
    adj.assign(n, {});
    for (auto [u, v] : r.edges) {
      if (u < 0 || v < 0 || u >= n || v >= n) continue;
      adj[u].push_back(v);
      adj[v].push_back(u);
    }
    for (auto& a : adj) std::sort(a.begin(), a.end());
    start[0] = r.start0, start[1] = r.start1, shrine[0] = r.shrine0, shrine[1] = r.shrine1;
    npc.assign(n, 0);
    for (int v : r.npc_nodes)
      if (v >= 0 && v < n) npc[v] = 1;
    enemy_heir = start[1 - team];
    for (int& v : node) v = start[team];
    dist.assign(n, 0), prev.assign(n, 0);
    for (int t = 0; t < 2; ++t) {
      std::vector<uint8_t> bad(n, 0);
      for (int v : {start[1 - t], shrine[1 - t]})
        if (v >= 0 && v < n) bad[v] = 1;
      hops[t].build(adj, bad);
    }
    ready = true;
  }

  // Crossings from `from` to `to` on team `t`'s allowed graph, or -1.
  int distance(int t, int from, int to) const {
    if (from < 0 || to < 0) return -1;
    const uint16_t d = hops[t].dist(from, to);
    return d == NextHopTable::kUnreachable ? -1 : d;
  }
  // R of §13.7: the remaining crossings of team t's heir to its shrine.
  int remaining(int t) const {
    const int heir = t == team ? node[kHeir] : enemy_heir;
    const int d = distance(t, heir, shrine[t]);
    return d < 0 ? 1 << 20 : d;
  }
  bool shield_with_heir(int shield) const {
    return shield >= 0 && (node[shield] == node[kHeir] || adjacent(node[shield], node[kHeir]));
  }
  // Whether one of `clearers` (agent numbers, -1 for none) reaches v before the heir does.
  bool cleared_first(int v, const int* clearers, int count) const {
    const int heir_d = distance(team, node[kHeir], v);
    for (int i = 0; i < count; ++i) {
      if (clearers[i] < 0) continue;
      const int d = distance(team, node[clearers[i]], v);
      if (d >= 0 && (heir_d < 0 || d < heir_d)) return true;
    }
    return false;
  }

  bool near_enemy_henchman(int v) const {
    for (int h = 1; h < kAgentsPerTeam; ++h) {
      int e = hench_node[h];
      if (e >= 0 && (e == v || adjacent(e, v))) return true;
    }
    return false;
  }
  bool enemy_henchman_on(int v) const {
    for (int h = 1; h < kAgentsPerTeam; ++h)
      if (hench_node[h] == v) return true;
    return false;
  }

  // §13.8: the heir's route to its shrine over node costs (Dijkstra), from `from`; the nodes
  // after `from`, in order, into `route` (empty: no acceptable route). The heir never steps on
  // a believed NPC: it waits for a clearer (see Agent::act).
  void heir_route(int from, std::vector<int>& route, const HeirCosts& c = {}) {
    route.clear();
    const int target = shrine[team];
    std::fill(dist.begin(), dist.end(), INT32_MAX);
    std::priority_queue<std::pair<int, int>, std::vector<std::pair<int, int>>, std::greater<>> pq;
    dist[from] = 0;
    pq.push({0, from});
    while (!pq.empty()) {
      auto [d, u] = pq.top();
      pq.pop();
      if (d != dist[u]) continue;
      if (u == target) break;
      for (int w : adj[u]) {
        if (forbidden_for(team, w)) continue;
        int cost = 1;
        if (!c.strict) {
          if (npc[w]) cost += 8;
          if (enemy_henchman_on(w)) cost += 1000;
          if (near_enemy_henchman(w)) cost += 6;
        } else {
          if (enemy_henchman_on(w)) continue;
          if (npc[w]) {
            if (!cleared_first(w, c.clearers, 3)) continue;
            cost += 3;
          }
          if (near_enemy_henchman(w)) {
            int extra = c.shield_near ? 2 : 6;
            if (c.enemy_leads) extra /= 2;
            cost += extra;
          }
        }
        if (d + cost < dist[w]) {
          dist[w] = d + cost;
          prev[w] = u;
          pq.push({dist[w], w});
        }
      }
    }
    if (dist[target] == INT32_MAX) return;
    for (int v = target; v != from; v = prev[v]) route.push_back(v);
    std::reverse(route.begin(), route.end());
  }

  // The first step from `from` towards `to` on our allowed graph, or -1 (§13.4's table).
  int step_towards(int from, int to) const { return hops[team].next_hop(from, to); }
  // The same on team `t`'s graph (-1 from an unknown node).
  int step_hop(int t, int from, int to) const { return from < 0 ? -1 : hops[t].next_hop(from, to); }

  // A neighbour of `from` safe for the heir (no believed NPC, no enemy henchman on or next to
  // it), or any allowed neighbour; the heir "waits" by stepping there and back, since an agent
  // only acts on the frames it receives.
  int safe_neighbour(int from, bool for_heir, Rng& rng) {
    int choice = -1, seen = 0;
    for (int w : adj[from]) {
      if (forbidden_for(team, w)) continue;
      if (for_heir && (npc[w] || near_enemy_henchman(w))) continue;
      if (rng.below(static_cast<uint64_t>(++seen)) == 0) choice = w;
    }
    return choice;
  }
};

namespace {

enum class Kind { reference, reference_v1, cadical, idle, stress };

// §13.7: what a henchman does now.
enum class Role { clearer, shield, hunter };

class Agent : public MessageBot {
 public:
  Agent(Kind kind, std::shared_ptr<TeamState> team, int team_no, int number, uint64_t seed)
      : kind_(kind), t_(std::move(team)), team_(team_no), me_(number), rng_(seed), solver_(seed) {}
  ~Agent() override {
    if (!cnf_file_.empty()) std::filesystem::remove(cnf_file_);
  }

  void on_open(std::string& out) override { append_frame(out, StartRequest{team_, me_}); }

  void on_message(std::string_view body, std::string& out) override {
    auto decoded = decode_response(body);
    if (auto* err = std::get_if<DecodeError>(&decoded))
      throw std::runtime_error("agent " + std::to_string(me_) + ": " + err->message());
    Response& r = std::get<Response>(decoded);
    if (auto* go = std::get_if<GameOverResponse>(&r)) {
      (void)go;
      finished_ = true;
      return;
    }
    if (kind_ == Kind::idle) return;
    if (auto* sat = std::get_if<SatResponse>(&r)) {
      outstanding_move_ = false;
      answer(*sat, out);
      return;
    }
    std::unique_lock<std::mutex> lock(t_->mu);
    if (auto* d = std::get_if<DungeonResponse>(&r)) {
      t_->init(*d);
    } else if (auto* m = std::get_if<MoveResponse>(&r)) {
      if (outstanding_solution_ && (m->location == dest_ || !m->success)) {
        // §13.6's t_cross: the running average from MoveRequest to MoveResponse, deaths included.
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - move_sent_)
                .count();
        t_cross_ms_ = (t_cross_ms_ * crossings_ + ms) / (crossings_ + 1);
        ++crossings_;
      }
      t_->node[me_] = m->location;
      for (int k : m->killed)
        if (k == kNpc && m->success) t_->npc[m->location] = 0;
      if (!m->success || (outstanding_solution_ && m->location == dest_))
        outstanding_solution_ = false;
    } else if (auto* e = std::get_if<EnemyLocationResponse>(&r)) {
      sight(*e);
    } else if (auto* err = std::get_if<ErrorMessageResponse>(&r)) {
      auto code = error_code_of(err->message);
      if (code == ErrorCode::not_moving || code == ErrorCode::solution_pending ||
          code == ErrorCode::bad_assignment) {
        outstanding_solution_ = false;
      } else {
        outstanding_move_ = false;
      }
      log_ += "agent " + std::to_string(me_) + ": " + err->message + "\n";
    }
    if (t_->ready && !outstanding_move_ && !outstanding_solution_) act(out);
  }

  bool finished() const override { return finished_; }
  std::string take_log() override { return std::exchange(log_, {}); }

 private:
  void sight(const EnemyLocationResponse& e) {
    // §13.9 (invariant 11): a seen = true never adds a pair already in view, a seen = false never
    // removes one that is not.
    const std::pair<int, int> pair{e.who, e.location};
    auto it = std::find(view_.begin(), view_.end(), pair);
    if (e.seen == (it != view_.end()))
      log_ += "agent " + std::to_string(me_) + ": view check failed for (" + std::to_string(e.who) +
              ", " + std::to_string(e.location) + ")\n";
    if (e.seen && it == view_.end()) view_.push_back(pair);
    if (!e.seen && it != view_.end()) view_.erase(it);
    TeamState& t = *t_;
    if (e.location < 0 || e.location >= t.n) return;
    if (e.who == kHeir) {
      if (e.seen) t.enemy_heir = e.location;
    } else if (e.who == kNpc) {
      // §13.2: a withdrawn NPC next to (or on) the receiver's node can only have died.
      const int here = t.node[me_];
      if (e.seen) {
        t.npc[e.location] = 1;
      } else if (here == e.location || t.adjacent(here, e.location)) {
        t.npc[e.location] = 0;
      }
    } else if (e.who > 0 && e.who < kAgentsPerTeam) {
      if (e.seen) {
        t.hench_node[e.who] = e.location;
      } else if (t.hench_node[e.who] == e.location) {
        t.hench_node[e.who] = -1;
      }
    }
  }

  void move(int dest, std::string& out) {
    if (dest < 0) return;
    dest_ = dest;
    outstanding_move_ = true;
    move_sent_ = std::chrono::steady_clock::now();
    append_frame(out, MoveRequest{dest});
  }

  void act(std::string& out) {
    TeamState& t = *t_;
    const int here = t.node[me_];
    if (kind_ == Kind::stress) {
      move(t.safe_neighbour(here, false, rng_), out);
      return;
    }
    if (me_ == kHeir) {
      t.heir_route(here, route_, heir_costs());
      if (!route_.empty() && !t.npc[route_[0]] && !t.enemy_henchman_on(route_[0]))
        return move(route_[0], out);
      return move(t.safe_neighbour(here, true, rng_), out);
    }
    switch (role_of(me_)) {
      case Role::clearer:
        return clear(out);
      case Role::shield:
        return shield(out);
      case Role::hunter:
        return hunt(out);
    }
  }

  // §13.7. The first reference team: agents 1 and 2 clear, 3-5 hunt, throughout. The current
  // one: agent 1 clears, agent 2 shields, 3-5 hunt; balance by R_own and R_enemy, the remaining
  // crossings of each heir: when the enemy leads (R_enemy <= R_own + 2) the shield hunts; when
  // we lead comfortably (R_own + 5 <= R_enemy) agent 5 comes back as a second clearer.
  Role role_of(int agent) const {
    if (kind_ == Kind::reference_v1) return agent <= 2 ? Role::clearer : Role::hunter;
    const TeamState& t = *t_;
    const int own = t.remaining(t.team), enemy = t.remaining(1 - t.team);
    if (agent == 1) return Role::clearer;
    if (agent == 2) return enemy <= own + 2 ? Role::hunter : Role::shield;
    if (agent == 5 && own + 5 <= enemy) return Role::clearer;
    return Role::hunter;
  }

  HeirCosts heir_costs() const {
    HeirCosts c;
    if (kind_ == Kind::reference_v1) return c;
    const TeamState& t = *t_;
    c.strict = true;
    int shield = -1, k = 0;
    for (int a = 1; a < kAgentsPerTeam; ++a) {
      const Role r = role_of(a);
      if (r == Role::shield) shield = a;
      if (r == Role::clearer && k < 3) c.clearers[k++] = a;
    }
    c.shield_near = t.shield_with_heir(shield);
    c.enemy_leads = t.remaining(1 - t.team) <= t.remaining(t.team);
    return c;
  }

  // The shield (§13.7): on the heir's node, or on its next node when already there (an agent
  // acts only on the frames it receives, so it keeps stepping with the heir rather than wait).
  void shield(std::string& out) {
    TeamState& t = *t_;
    const int here = t.node[me_], heir = t.node[kHeir];
    int step = -1;
    if (here != heir) {
      step = t.step_towards(here, heir);
    } else {
      t.heir_route(heir, route_, heir_costs());
      if (!route_.empty() && !t.enemy_henchman_on(route_[0])) step = route_[0];
    }
    if (step < 0) step = t.safe_neighbour(here, false, rng_);
    move(step, out);
  }

  // Clearers (agents 1 and 2): the shrine's NPC first, then the NPCs on the heir's route, agent 1
  // taking the first and agent 2 the second; with none, they walk just ahead of the heir.
  void clear(std::string& out) {
    TeamState& t = *t_;
    const int here = t.node[me_];
    t.heir_route(t.node[kHeir], route_);
    std::vector<int>& targets = targets_;
    targets.clear();
    if (t.npc[t.shrine[t.team]]) targets.push_back(t.shrine[t.team]);
    for (int v : route_)
      if (t.npc[v] && v != t.shrine[t.team]) targets.push_back(v);
    int target = -1;
    // The first clearer takes the first target, the second (agent 2, or 5 when it clears) the
    // next one.
    const size_t index = me_ == 1 ? 0 : 1;
    if (!targets.empty()) {
      target = targets[std::min(targets.size() - 1, index)];
    } else if (!route_.empty()) {
      target = route_[std::min<size_t>(route_.size() - 1, 3 + index)];
    }
    int step = target >= 0 ? t.step_towards(here, target) : -1;
    if (step < 0) step = t.safe_neighbour(here, false, rng_);
    move(step, out);
  }

  // Hunters (agents 3..5), §13.7: strike an adjacent enemy heir; otherwise intercept it on its
  // predicted route, each hunter at its own node of the route.
  void hunt(std::string& out) {
    TeamState& t = *t_;
    const int here = t.node[me_];
    const int eh = t.enemy_heir;
    const int enemy = 1 - t.team;
    if (eh >= 0 && t.adjacent(here, eh) && !t.forbidden_for(t.team, eh) && !t.enemy_henchman_on(eh))
      return move(eh, out);
    // The enemy heir's route, from the enemy's table (§13.4), walked from its node.
    route_.clear();
    for (int v = t.step_hop(enemy, eh, t.shrine[enemy]); v >= 0;
         v = t.step_hop(enemy, v, t.shrine[enemy]))
      route_.push_back(v);
    // Our distances from this hunter, from our table. The hunters share the route out by their
    // rank among those that hunt now.
    int target = -1, skip = 0;
    for (int a = 1; a < me_; ++a) skip += role_of(a) == Role::hunter;
    for (size_t i = 0; i < route_.size(); ++i) {
      int q = route_[i];
      const int dq = t.distance(t.team, here, q);
      if (t.forbidden_for(t.team, q) || dq < 0) continue;
      if (dq <= static_cast<int>(i) + 1) {  // we get there no later than the heir
        target = q;
        if (skip-- <= 0) break;
      }
    }
    if (target < 0 && !route_.empty()) {
      for (auto it = route_.rbegin(); it != route_.rend(); ++it)
        if (!t.forbidden_for(t.team, *it) && t.distance(t.team, here, *it) >= 0) {
          target = *it;
          break;
        }
    }
    if (target < 0 || target == here) return;  // in place: woken by the enemy heir's next move
    move(t.step_towards(here, target), out);
  }

  // §13.5-§13.6: the best assignment found within the agent's budget, checked before sending.
  void answer(const SatResponse& sat, std::string& out) {
    outstanding_solution_ = true;
    inst_.n = sat.num_switches;
    inst_.lits.assign(sat.lits.begin(), sat.lits.end());
    solution_.assignment.assign(static_cast<size_t>(std::max(0, inst_.n)), 0);
    if (kind_ == Kind::cadical && inst_.n >= 3 && solve_with_cadical()) {
      // A complete solver's model: 0 active traps, checked below like any assignment.
      if (count_active(inst_, solution_.assignment) != 0)
        throw std::logic_error("cadical's model leaves traps active");
    } else if (kind_ != Kind::idle && kind_ != Kind::stress && inst_.n >= 3) {
      if (kind_ == Kind::reference) {
        solve_until_worth_submitting();
      } else {
        // The first reference team: a fixed budget, the caps of §13.6.
        const auto budget = std::chrono::milliseconds(me_ == kHeir ? 50 : 10);
        solver_.solve(inst_, SolverOptions{}, 0, budget);
      }
      const int k = count_active(inst_, solver_.best());
      if (k != solver_.best_active())
        throw std::logic_error("the solver's count disagrees with the checker");
      solution_.assignment = solver_.best();
    }
    append_frame(out, solution_);
  }

  // §13.6: search while the expected loss of submitting the best assignment so far is larger
  // than the time already spent. A death costs C = (d + 1) · t_cross · w: the crossings back from
  // the start, at this agent's average crossing time, weighed 4 for the heir and for a hunter
  // one step from striking. With k > 0 traps still active, submit once the elapsed time reaches
  // (1 − (7/8)^k) · C, clamped to [0.5, 10] ms for a henchman and [2, 50] ms for the heir. An heir
  // with a visible enemy henchman next to its node submits once the elapsed time reaches t_cross.
  void solve_until_worth_submitting() {
    const auto t0 = std::chrono::steady_clock::now();
    double cost_ms = 0;
    bool threatened = false;
    {
      std::lock_guard<std::mutex> lock(t_->mu);
      const TeamState& t = *t_;
      const int source = t.node[me_];
      const int d = std::max(0, t.distance(t.team, t.start[t.team], source));
      const bool striking = me_ != kHeir && t.enemy_heir >= 0 && dest_ >= 0 &&
                            (dest_ == t.enemy_heir || t.adjacent(dest_, t.enemy_heir));
      cost_ms = (d + 1) * t_cross_ms_ * (me_ == kHeir || striking ? 4.0 : 1.0);
      if (me_ == kHeir)
        for (int u : t.adj[source]) threatened = threatened || t.enemy_henchman_on(u);
    }
    solver_.start(inst_, SolverOptions{});
    while (!solver_.run(256)) {
      const double e =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (threatened && e >= t_cross_ms_) break;
      if (e >= submit_after_ms(solver_.best_active(), cost_ms, me_ == kHeir)) break;
    }
  }

  // The cadical team: `cadical -q` on the instance; true with a model in solution_. On UNSAT
  // (uniform mode) the WalkSAT search of the reference team finds the best partial setting.
  bool solve_with_cadical() {
    if (cadical_.empty()) {
      cadical_ = find_cadical();
      if (cadical_.empty()) throw std::runtime_error("the cadical team needs the cadical program");
      cnf_file_ = (std::filesystem::temp_directory_path() /
                   ("arena-dungeon-cadical-" + std::to_string(getpid()) + "-" +
                    std::to_string(reinterpret_cast<uintptr_t>(this)) + ".cnf"))
                      .string();
    }
    CadicalResult r = run_cadical(cadical_, inst_, cnf_file_);
    if (!r.error.empty()) throw std::runtime_error(r.error);
    if (r.status != 10) return false;
    solution_.assignment = std::move(r.setting);
    return true;
  }

  Kind kind_;
  std::shared_ptr<TeamState> t_;
  int team_, me_;
  Rng rng_;
  Solver solver_;
  Instance inst_;
  SatSolutionRequest solution_;
  std::vector<int> route_, targets_;
  std::vector<std::pair<int, int>> view_;  // (who, node) pairs in view, as the server told them
  int dest_ = -1;
  std::chrono::steady_clock::time_point move_sent_;
  double t_cross_ms_ = 0.5;  // §13.6: 0.5 ms until the first crossing is timed
  int crossings_ = 0;
  bool outstanding_move_ = false, outstanding_solution_ = false;
  bool finished_ = false;
  std::string log_;
  std::string cadical_, cnf_file_;
};

std::optional<Kind> kind_of(const std::string& name) {
  if (name == "reference") return Kind::reference;
  if (name == "reference-v1") return Kind::reference_v1;
  if (name == "cadical") return Kind::cadical;
  if (name == "idle") return Kind::idle;
  if (name == "stress") return Kind::stress;
  return std::nullopt;
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& bot_catalog() {
  static const std::vector<std::pair<std::string, std::string>> catalog = {
      {"reference",
       "spec §13: WalkSAT per agent, next-hop tables, a clearer, a shield and three hunters "
       "rebalanced by the race, an heir that waits for cleared NPCs"},
      {"reference-v1",
       "the first reference team: two clearers and three hunters throughout, the heir detours "
       "around NPCs"},
      {"cadical",
       "the reference team solving every trap instance with the cadical program (a complete "
       "SAT solver, one process per crossing) instead of WalkSAT"},
      {"idle", "registers its six agents and never moves"},
      {"stress", "moves at random, every puzzle answered at once with all switches off"},
  };
  return catalog;
}

std::unique_ptr<TeamFactory> TeamFactory::make(const std::string& name, int team, uint64_t seed) {
  if (!kind_of(name)) return nullptr;
  auto f = std::make_unique<TeamFactory>();
  f->name_ = name;
  f->team_ = team;
  f->seed_ = seed;
  f->state_ = std::make_shared<TeamState>();
  f->state_->team = team;
  return f;
}

std::unique_ptr<MessageBot> TeamFactory::next_agent() {
  const int number = made_++ % kAgentsPerTeam;
  return std::make_unique<Agent>(*kind_of(name_), state_, team_, number,
                                 splitmix64(seed_ + static_cast<uint64_t>(number)));
}

int run_team_program(const std::string& name, int team, uint64_t seed, const std::string& host,
                     int port) {
  auto factory = TeamFactory::make(name, team, seed);
  if (!factory) return 2;
  std::vector<std::unique_ptr<MessageBot>> agents;
  for (int i = 0; i < kAgentsPerTeam; ++i) agents.push_back(factory->next_agent());
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (auto& agent : agents) {
    threads.emplace_back([&, bot = agent.get()] {
      auto framer = make_binary_framer();
      int code = run_bot_tcp(*bot, *framer, host, port);
      if (code != 0 || !bot->finished()) failures++;
    });
  }
  for (auto& th : threads) th.join();
  return failures == 0 ? 0 : 1;
}

}  // namespace arena::dungeon
