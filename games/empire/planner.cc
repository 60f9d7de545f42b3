// The built-in strategies (spec §8.3): "reference" plans single and paired deliveries by profit
// per turn with the many-source A*, upgrades its train when no track is due and stops upgrading
// in the endgame; "greedy" is the baseline: one delivery at a time, the single demand with the
// best payout per estimated turn, no pairs, no upgrades. Both are deterministic: no randomness,
// a bounded amount of search per query (at most a few hundred A* runs); the clock is read only
// as a safety stop (StrategyLimits).
#include <algorithm>
#include <cmath>
#include <queue>

#include "games/empire/astar.h"
#include "games/empire/client.h"

namespace arena::empire {
namespace {

struct Stop {
  int city = -1;
  bool pickup = true;
  int good = -1;
  int card = -1;  // deliveries
  int demand = -1;
  int amount = 0;
};

struct Options {
  bool pairs = false;
  bool upgrades = false;
  double reuse = 0.0;  // §8.3: the value kept by track after the delivery
  bool subtract_cost = true;
};

struct Candidate {
  std::vector<Stop> stops;
  double score = -1e18;
  int build = 0;
  int payout = 0;
};

std::string point_text(Point p) {
  return "(" + std::to_string(p.x) + " " + std::to_string(p.y) + ")";
}

class Planner : public Strategy {
 public:
  Planner(Options o, StrategyLimits limits) : o_(o), limits_(std::move(limits)) {
    if (!limits_.clock) limits_.clock = [] { return std::chrono::steady_clock::now(); };
  }

  std::string choose_start(const Mirror& m) override {
    setup(m);
    Candidate best;
    for (const Candidate& c : singles(m, /*start=*/true))
      if (c.score > best.score) best = c;
    if (best.stops.empty()) return point_text(m.map().cities().front().nodes.front());
    plan_ = best.stops;
    return point_text(m.map().cities()[plan_.front().city].nodes.front());
  }

  std::string choose_build(const Mirror& m) override {
    setup(m);
    const Game& g = m.game();
    const int turn_key = g.round();
    if (turn_key != build_turn_) {
      build_turn_ = turn_key;
      build_answers_ = 0;
      retried_ = false;
    }
    if (build_answers_++ > 0 && !(need_retry_ && !retried_)) return "nil";
    if (need_retry_) {
      retried_ = true;
      need_retry_ = false;
      plan_.clear();
    }
    refresh(m);
    if (plan_.empty()) return "nil";
    const PlayerState& me = g.player(m.me());
    std::vector<std::pair<Point, Point>> edges;
    int cost = needed_track(m, g.spent_this_turn(), &edges);
    if (o_.upgrades && build_answers_ == 1 && g.spent_this_turn() == 0 && g.round() > 1 &&
        me.train != TrainType::superfreight && should_upgrade(m, cost))
      return "(upgrade-train)";
    if (edges.empty()) return "nil";
    std::string out = "(";
    for (auto& [a, b] : edges) out += "(" + point_text(a) + " " + point_text(b) + ")";
    return out + ")";
  }

  std::string choose_move(const Mirror& m) override {
    setup(m);
    const Game& g = m.game();
    if (g.round() != move_turn_) {
      move_turn_ = g.round();
      move_answers_ = 0;
      move_failed_ = false;
    }
    if (move_failed_ || ++move_answers_ > 4) return "nil";
    refresh(m);
    sent_.clear();
    std::string cmds = plan_moves(m);
    return cmds.empty() ? "nil" : "(" + cmds + ")";
  }

  void process_result(const Mirror& m, const Sexpr& reply) override {
    if (reply.kind != Sexpr::Kind::list || reply.items.empty()) return;
    if (reply.items[0].is_symbol("BUILD-TURN")) {
      for (const Sexpr& x : reply.items)
        if (x.is_symbol("OWNED") || x.is_symbol("INVALID-START")) need_retry_ = true;
      return;
    }
    if (!reply.items[0].is_symbol("MOVE-TURN")) return;
    for (size_t k = 1; k < reply.items.size(); ++k) {
      const Sexpr& r = reply.items[k];
      if (r.kind == Sexpr::Kind::symbol && r.text != "NIL") move_failed_ = true;
      if (k - 1 < sent_.size() && sent_[k - 1] >= 0 && (r.kind == Sexpr::Kind::list || r.is_nil()))
        done_.push_back(sent_[k - 1]);
    }
    // Stops confirmed by the server's results leave the plan (in order, from the front).
    std::sort(done_.begin(), done_.end());
    for (auto it = done_.rbegin(); it != done_.rend(); ++it)
      if (*it < static_cast<int>(plan_.size())) plan_.erase(plan_.begin() + *it);
    done_.clear();
    sent_.clear();
  }

  void timed_out() override { sent_.clear(); }

 private:
  // Every query starts the safety stop's clock.
  void setup(const Mirror& m) {
    deadline_ = limits_.clock() + limits_.think;
    stopped_ = false;
    if (limits_.stats) ++limits_.stats->queries;
    if (!search_) search_ = std::make_unique<AstarSearch>(m.map(), m.settings().adjacency);
  }

  bool holds(const Mirror& m, int card) const {
    const PlayerState& me = m.game().player(m.me());
    for (int k = 0; k < m.game().hand_size(m.me()); ++k)
      if (me.hand[k] == card) return true;
    return false;
  }

  // Drops stops that can no longer happen; plans afresh when nothing is left.
  void refresh(const Mirror& m) {
    bool valid = !plan_.empty();
    for (const Stop& s : plan_)
      if (!s.pickup && !holds(m, s.card)) valid = false;
    // A delivery whose good is neither carried nor picked up earlier in the plan is void.
    Cargo c = m.game().player(m.me()).cargo;
    for (const Stop& s : plan_) {
      if (s.pickup) {
        c.push_front(static_cast<int16_t>(s.good));
      } else if (!c.remove_first(s.good)) {
        valid = false;
      }
    }
    if (!valid) plan_.clear();
    if (plan_.empty()) plan_ = best_plan(m).stops;
  }

  std::vector<Point> sources(const Mirror& m) const {
    const Game& g = m.game();
    const Map& map = m.map();
    std::vector<Point> out;
    for (int i = 0; i < map.dims().size(); ++i)
      if (g.on_network(m.me(), map.dims().point(i))) out.push_back(map.dims().point(i));
    const int pos = g.player(m.me()).position;
    if (pos >= 0 && map.city_index_at(pos) >= 0)
      for (Point p : map.cities()[map.city_index_at(pos)].nodes) out.push_back(p);
    return out;
  }

  // Build cost and mileposts of visiting `stops` from the current state (start: the network is
  // the first stop's city and the train stands there).
  bool estimate(const Mirror& m, const std::vector<Stop>& stops, bool start, int& build,
                int& miles) {
    if (out_of_time()) return false;
    if (limits_.stats) ++limits_.stats->estimates;
    const Map& map = m.map();
    std::vector<Point> src;
    Point cur;
    if (start) {
      src = map.cities()[stops.front().city].nodes;
      cur = src.front();
    } else {
      src = sources(m);
      const int pos = m.game().player(m.me()).position;
      if (pos < 0) return false;
      cur = map.dims().point(pos);
    }
    build = 0;
    miles = 0;
    for (const Stop& s : stops) {
      const auto& goals = map.cities()[s.city].nodes;
      if (src.empty()) return false;
      AstarResult r = search_->run_many(src, goals, &m.game(), m.me());
      if (r.kind != AstarResult::Kind::path) return false;
      build += r.cost;
      for (Point p : r.path) src.push_back(p);
      Point next = goals.front();
      for (Point p : goals)
        if (step_distance(cur, p, m.settings().adjacency) <
            step_distance(cur, next, m.settings().adjacency))
          next = p;
      miles += step_distance(cur, next, m.settings().adjacency);
      cur = next;
    }
    miles = miles * 5 / 4;  // track bends: a quarter more than the straight step distance
    return true;
  }

  // The safety stop: true once the query's time is up (counted once per query).
  bool out_of_time() {
    if (stopped_) return true;
    if (limits_.clock() < deadline_) return false;
    stopped_ = true;
    if (limits_.stats) ++limits_.stats->safety_stops;
    return true;
  }

  double score(const Mirror& m, int payout, int build, int miles) const {
    const int limit = std::max(1, m.settings().build_limit);
    const int sp = speed(m.game().player(m.me()).train);
    const int turns = std::max(1, (build + limit - 1) / limit + (miles + sp - 1) / sp - 1);
    const double gain = o_.subtract_cost ? payout - (1.0 - o_.reuse) * build : payout;
    return gain / turns;
  }

  struct Single {
    int card, demand, city, good, amount;
  };

  std::vector<Single> demands_in_hand(const Mirror& m) const {
    std::vector<Single> out;
    const Game& g = m.game();
    for (int k = 0; k < g.hand_size(m.me()); ++k) {
      const int id = g.player(m.me()).hand[k];
      auto it = m.cards().find(id);
      if (it == m.cards().end()) continue;
      for (int d = 0; d < 3; ++d) {
        const Demand& dm = it->second.demands[d];
        if (dm.city >= 0 && dm.good >= 0) out.push_back({id, d, dm.city, dm.good, dm.amount});
      }
    }
    return out;
  }

  std::vector<Candidate> singles(const Mirror& m, bool start) {
    std::vector<Candidate> out;
    const Map& map = m.map();
    const int cash = m.game().player(m.me()).cash;
    const Cargo cargo = m.game().player(m.me()).cargo;
    for (const Single& s : demands_in_hand(m)) {
      Stop deliver{s.city, false, s.good, s.card, s.demand, s.amount};
      std::vector<std::vector<Stop>> options;
      if (!start && cargo.contains(s.good)) options.push_back({deliver});
      for (size_t c = 0; c < map.cities().size(); ++c) {
        if (static_cast<int>(c) == s.city || !map.produces(static_cast<int>(c), s.good)) continue;
        options.push_back({Stop{static_cast<int>(c), true, s.good, -1, -1, 0}, deliver});
      }
      for (auto& stops : options) {
        int build = 0, miles = 0;
        if (!estimate(m, stops, start, build, miles) || build > cash) continue;
        Candidate c;
        c.stops = stops;
        c.build = build;
        c.payout = s.amount;
        c.score = score(m, s.amount, build, miles);
        out.push_back(std::move(c));
      }
    }
    // Best first; ties by the order of the hand (deterministic).
    std::stable_sort(out.begin(), out.end(),
                     [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
    return out;
  }

  Candidate best_plan(const Mirror& m) {
    std::vector<Candidate> one = singles(m, false);
    Candidate best = one.empty() ? Candidate{} : one.front();
    if (!o_.pairs || one.size() < 2) return best;
    const int cap = capacity(m.game().player(m.me()).train);
    const int free = cap - m.game().player(m.me()).cargo.size;
    const int cash = m.game().player(m.me()).cash;
    // Pairs of the best few singles on different cards, over the six stop orders of §8.3.
    const size_t top = std::min<size_t>(one.size(), 6);
    for (size_t i = 0; i < top; ++i) {
      for (size_t j = i + 1; j < top; ++j) {
        const auto& a = one[i].stops;
        const auto& b = one[j].stops;
        if (a.back().card == b.back().card || a.size() != 2 || b.size() != 2) continue;
        const Stop s1 = a[0], d1 = a[1], s2 = b[0], d2 = b[1];
        std::vector<std::vector<Stop>> orders = {{s1, s2, d1, d2}, {s1, s2, d2, d1},
                                                 {s2, s1, d1, d2}, {s2, s1, d2, d1},
                                                 {s1, d1, s2, d2}, {s2, d2, s1, d1}};
        for (size_t k = 0; k < orders.size(); ++k) {
          if (k < 4 && free < 2) continue;
          if (k >= 4 && free < 1) continue;
          int build = 0, miles = 0;
          if (!estimate(m, orders[k], false, build, miles)) continue;
          const int payout = d1.amount + d2.amount;
          if (build > cash + (k >= 4 ? orders[k][1].amount : 0)) continue;
          const double sc = score(m, payout, build, miles);
          if (sc > best.score) best = Candidate{orders[k], sc, build, payout};
        }
      }
    }
    return best;
  }

  // The missing track of the plan, in route order from the network outwards, cut to what this
  // turn's budget allows. Returns the cost of the whole missing track.
  int needed_track(const Mirror& m, int spent, std::vector<std::pair<Point, Point>>* edges) {
    const Game& g = m.game();
    const Map& map = m.map();
    std::vector<Point> src = sources(m);
    const int budget = std::min(m.settings().build_limit - spent, g.player(m.me()).cash);
    int total = 0, used = 0;
    bool cut = false;
    for (const Stop& s : plan_) {
      if (src.empty()) break;
      AstarResult r = search_->run_many(src, map.cities()[s.city].nodes, &g, m.me());
      if (r.kind != AstarResult::Kind::path) break;
      total += r.cost;
      for (size_t k = 1; k < r.path.size(); ++k) {
        const int c = map.cost(r.path[k]);
        if (!cut && used + c <= budget) {
          edges->push_back({r.path[k - 1], r.path[k]});
          used += c;
        } else {
          cut = true;
        }
      }
      for (Point p : r.path) src.push_back(p);
    }
    return total;
  }

  bool should_upgrade(const Mirror& m, int track_cost) const {
    const Game& g = m.game();
    const PlayerState& me = g.player(m.me());
    const Settings& s = m.settings();
    int payout = 0;
    for (const Stop& st : plan_) payout += st.amount;
    if (me.cash + payout >= s.win_cash) return false;  // endgame: nothing but the delivery
    if (s.turn_limit > 0 && g.round() + 5 > s.turn_limit) return false;
    if (track_cost > 0) return false;  // the plan needs track this turn
    if (me.train == TrainType::freight) return me.cash >= s.upgrade_cost + 10;
    return me.cash >= std::max(60, s.upgrade_cost + 40);
  }

  // Shortest routes over built track (any owner) and within-city links, in mileposts, with a
  // penalty for other players' track (its fee).
  std::vector<int> route(const Mirror& m, int from, int to_city, std::vector<int>* dist_out) {
    const Game& g = m.game();
    const Map& map = m.map();
    const Dims& d = map.dims();
    const int n = d.size();
    std::vector<int> dist(n, INT32_MAX), parent(n, -1);
    using Item = std::pair<int, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
    dist[from] = 0;
    q.push({0, from});
    const int dirs = neighbour_count(m.settings().adjacency);
    int goal = -1;
    while (!q.empty()) {
      auto [dd, u] = q.top();
      q.pop();
      if (dd != dist[u]) continue;
      if (map.city_index_at(u) == to_city) {
        goal = u;
        break;
      }
      const Point pu = d.point(u);
      for (int k = 0; k < dirs; ++k) {
        const Point pv{pu.x + kOffsets[k].dx, pu.y + kOffsets[k].dy};
        if (!d.on_board(pv) || map.type(pv) == NodeType::invalid) continue;
        const int v = d.index(pv);
        const int owner = g.edge_owner(pu, pv);
        const bool city_link =
            map.city_index_at(u) >= 0 && map.city_index_at(u) == map.city_index_at(v);
        if (owner < 0 && !city_link) continue;
        const int w = (owner >= 0 && owner != m.me() && !city_link) ? 3 : 1;
        if (dd + w < dist[v]) {
          dist[v] = dd + w;
          parent[v] = u;
          q.push({dist[v], v});
        }
      }
    }
    if (dist_out) *dist_out = dist;
    std::vector<int> path;
    if (goal < 0) return path;
    for (int v = goal; v != from; v = parent[v]) path.push_back(v);
    std::reverse(path.begin(), path.end());
    return path;
  }

  bool useful(const Mirror& m, int good) const {
    for (const Single& s : demands_in_hand(m))
      if (s.good == good) return true;
    return false;
  }

  std::string plan_moves(const Mirror& m) {
    const Game& g = m.game();
    const Map& map = m.map();
    const Dims& d = map.dims();
    const PlayerState& me = g.player(m.me());
    int pos = me.position;
    if (pos < 0) return "";
    int left = speed(me.train) - g.moved_this_turn();
    int cash = me.cash;
    uint8_t paid = g.paid_this_turn();
    Cargo cargo = me.cargo;
    const int cap = capacity(me.train);
    std::string out;
    auto add = [&](const std::string& cmd, int stop) {
      out += (out.empty() ? "" : " ") + cmd;
      sent_.push_back(stop);
    };
    for (size_t i = 0; i < plan_.size(); ++i) {
      const Stop& s = plan_[i];
      if (map.city_index_at(pos) != s.city) {
        std::vector<int> dist;
        std::vector<int> path = route(m, pos, s.city, &dist);
        if (path.empty()) {
          // Not connected yet: go as close as built track allows, if that gets nearer.
          const Point target = map.cities()[s.city].nodes.front();
          int best = pos, best_d = step_distance(d.point(pos), target, m.settings().adjacency);
          for (int v = 0; v < d.size(); ++v) {
            if (dist[v] == INT32_MAX || dist[v] > left) continue;
            const int sd = step_distance(d.point(v), target, m.settings().adjacency);
            if (sd < best_d) best = v, best_d = sd;
          }
          if (best == pos) break;
          // Walk there: the route to `best`'s own city is not defined, so retrace parents.
          path = path_to(m, pos, best);
        }
        bool arrived = true;
        for (int v : path) {
          if (left == 0) {
            arrived = false;
            break;
          }
          const int owner = g.edge_owner(d.point(pos), d.point(v));
          if (owner >= 0 && owner != m.me() && !(paid >> owner & 1)) {
            if (cash < m.settings().fee) {
              arrived = false;
              break;
            }
            cash -= m.settings().fee;
            paid |= static_cast<uint8_t>(1u << owner);
          }
          add("(move-to-point " + point_text(d.point(v)) + ")", -1);
          pos = v;
          --left;
        }
        if (!arrived || map.city_index_at(pos) != s.city) break;
      }
      if (s.pickup) {
        if (cargo.size >= cap) {
          int drop = -1;
          for (int k = cargo.size - 1; k >= 0 && drop < 0; --k)
            if (!useful(m, cargo.goods[k])) drop = cargo.goods[k];
          if (drop < 0) break;
          add("(drop-good " + map.goods()[drop] + ")", -1);
          cargo.remove_first(drop);
        }
        add("(acquire-good " + map.goods()[s.good] + ")", static_cast<int>(i));
        cargo.push_front(static_cast<int16_t>(s.good));
      } else {
        add("(make-delivery " + std::to_string(s.card) + " " + std::to_string(s.demand) + ")",
            static_cast<int>(i));
        cargo.remove_first(s.good);
      }
    }
    return out;
  }

  std::vector<int> path_to(const Mirror& m, int from, int to) {
    // Breadth-first over built track and city links (the target is a plain node).
    const Game& g = m.game();
    const Map& map = m.map();
    const Dims& d = map.dims();
    std::vector<int> parent(d.size(), -2);
    std::queue<int> q;
    q.push(from);
    parent[from] = -1;
    const int dirs = neighbour_count(m.settings().adjacency);
    while (!q.empty() && parent[to] == -2) {
      const int u = q.front();
      q.pop();
      const Point pu = d.point(u);
      for (int k = 0; k < dirs; ++k) {
        const Point pv{pu.x + kOffsets[k].dx, pu.y + kOffsets[k].dy};
        if (!d.on_board(pv)) continue;
        const int v = d.index(pv);
        if (parent[v] != -2) continue;
        const bool city_link =
            map.city_index_at(u) >= 0 && map.city_index_at(u) == map.city_index_at(v);
        if (g.edge_owner(pu, pv) < 0 && !city_link) continue;
        parent[v] = u;
        q.push(v);
      }
    }
    std::vector<int> path;
    if (parent[to] == -2) return path;
    for (int v = to; v != from; v = parent[v]) path.push_back(v);
    std::reverse(path.begin(), path.end());
    return path;
  }

  Options o_;
  StrategyLimits limits_;
  std::chrono::steady_clock::time_point deadline_;
  bool stopped_ = false;
  std::unique_ptr<AstarSearch> search_;
  std::vector<Stop> plan_;
  std::vector<int> sent_;  // per command of the last move request: its stop, or -1
  std::vector<int> done_;
  int build_turn_ = -1, build_answers_ = 0;
  int move_turn_ = -1, move_answers_ = 0;
  bool need_retry_ = false, retried_ = false, move_failed_ = false;
};

}  // namespace

std::unique_ptr<Strategy> make_manual_strategy();

const std::vector<std::pair<std::string, std::string>>& builtin_strategies() {
  static const std::vector<std::pair<std::string, std::string>> kList = {
      {"reference", "spec 8.3: single and paired deliveries by profit per turn, upgrades, endgame"},
      {"greedy", "one delivery at a time, best payout per estimated turn, no pairs, no upgrades"}};
  return kList;
}

std::unique_ptr<Strategy> make_strategy(const std::string& name, StrategyLimits limits) {
  if (name == "reference" || name == "ai")
    return std::make_unique<Planner>(Options{true, true, 0.25, true}, std::move(limits));
  if (name == "greedy")
    return std::make_unique<Planner>(Options{false, false, 0.0, false}, std::move(limits));
  if (name == "manual") return make_manual_strategy();
  return nullptr;
}

}  // namespace arena::empire
