#include "tournament/sprt_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

#include "core/clock.h"
#include "match/match.h"

namespace arena::tournament {

namespace {

std::string role_list(const GameInfo& game) {
  std::string s;
  for (const auto& r : game.roles) s += (s.empty() ? "" : ", ") + r;
  return s;
}

// A JSON number, or null for an infinite or undefined estimate.
Json number_or_null(double x) {
  return std::isfinite(x) ? Json(x) : Json(nullptr);
}

std::string signed_figure(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.1f}", x);
}

std::string error_figure(double x) {
  return std::isfinite(x) ? fmt::format("{:.1f}", x) : "nan";
}

}  // namespace

std::variant<Sides, std::string> two_sides(const GameInfo& game) {
  const std::vector<std::string> required(game.roles.begin(), game.roles.begin() + game.min_seats);
  if (game.role_groups.size() == 2) {
    // Two groups that split the required roles between them, named in role order.
    std::vector<std::pair<std::string, std::vector<std::string>>> groups(game.role_groups.begin(),
                                                                         game.role_groups.end());
    auto first_index = [&](const std::vector<std::string>& members) {
      return std::find(game.roles.begin(), game.roles.end(), members.front()) - game.roles.begin();
    };
    std::sort(groups.begin(), groups.end(), [&](const auto& x, const auto& y) {
      return first_index(x.second) < first_index(y.second);
    });
    std::multiset<std::string> covered;
    for (const auto& g : groups) covered.insert(g.second.begin(), g.second.end());
    if (!groups[0].second.empty() && !groups[1].second.empty() &&
        covered == std::multiset<std::string>(required.begin(), required.end())) {
      Sides s;
      for (size_t i = 0; i < 2; ++i) {
        s.names[i] = groups[i].first;
        s.roles[i] = groups[i].second;
      }
      return s;
    }
  }
  if (game.min_seats == 2) {
    Sides s;
    for (size_t i = 0; i < 2; ++i) {
      s.names[i] = game.roles[i];
      s.roles[i] = {game.roles[i]};
    }
    return s;
  }
  return game.name + " is not a game of two sides (roles: " + role_list(game) +
         "; sprt needs two required roles or two role groups)";
}

std::string SprtEntrant::spec_for(const std::string& side) const {
  auto it = specs.find(side);
  if (it != specs.end()) return it->second;
  it = specs.find("");
  return it != specs.end() ? it->second : "";
}

std::optional<std::string> add_bot_arg(const GameInfo& game, const Sides& sides,
                                       const std::string& arg, std::vector<SprtEntrant>& entrants) {
  const size_t eq = arg.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size())
    return "--bot " + arg + ": expected NAME=SPEC or NAME:SIDE=SPEC";
  std::string name = arg.substr(0, eq), side;
  const std::string spec = arg.substr(eq + 1);
  if (const size_t colon = name.find(':'); colon != std::string::npos) {
    side = name.substr(colon + 1);
    name = name.substr(0, colon);
    if (name.empty()) return "--bot " + arg + ": expected NAME=SPEC or NAME:SIDE=SPEC";
    if (side != sides.names[0] && side != sides.names[1])
      return "--bot " + arg + ": " + game.name + " has no side '" + side +
             "' (sides: " + sides.names[0] + ", " + sides.names[1] + ")";
  }
  auto it = std::find_if(entrants.begin(), entrants.end(),
                         [&](const SprtEntrant& e) { return e.name == name; });
  if (it == entrants.end()) {
    entrants.push_back(SprtEntrant{name, {}});
    it = entrants.end() - 1;
  }
  if (it->specs.count(side))
    return "--bot " + arg + ": " + name + (side.empty() ? "" : ":" + side) + " given twice";
  it->specs[side] = spec;
  return std::nullopt;
}

std::optional<std::string> check_entrants(const Sides& sides,
                                          const std::vector<SprtEntrant>& entrants) {
  if (entrants.size() != 2) {
    std::string names;
    for (const auto& e : entrants) names += (names.empty() ? "" : ", ") + e.name;
    return "sprt needs exactly two entrants (--bot A=SPEC --bot B=SPEC), got " +
           std::to_string(entrants.size()) + (names.empty() ? "" : " (" + names + ")");
  }
  for (const SprtEntrant& e : entrants)
    for (const std::string& side : sides.names)
      if (e.spec_for(side).empty())
        return "--bot " + e.name + ": no program for side " + side + " (give " + e.name +
               "=SPEC or " + e.name + ":" + side + "=SPEC)";
  return std::nullopt;
}

std::variant<SprtPlan, std::string> build_plan(const GameInfo& game, const MatchArgs& base,
                                               const Sides& sides, const SprtEntrant& a,
                                               const SprtEntrant& b) {
  SprtPlan plan;
  plan.sides = sides;
  for (int leg = 0; leg < 2; ++leg) {
    const SprtEntrant& first = leg == 0 ? a : b;
    const SprtEntrant& second = leg == 0 ? b : a;
    MatchArgs args = base;
    args.seat_args = {sides.names[0] + "=" + first.spec_for(sides.names[0]),
                      sides.names[1] + "=" + second.spec_for(sides.names[1])};
    args.seed = "0";  // each game gets its own
    auto setup = build_setup(game, args);
    if (auto* err = std::get_if<std::string>(&setup)) return *err;
    // Every seat's plan now, as run_match makes them first: an unknown built-in bot is a usage
    // error before any game starts, not a failure of the first pair.
    const MatchSetup& made = std::get<MatchSetup>(setup);
    try {
      for (const auto& [role, spec] : made.seats) game.seat_plan(made, spec);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    plan.legs[static_cast<size_t>(leg)] = std::get<MatchSetup>(std::move(setup));
  }
  return plan;
}

int game_result(const GameInfo& game, const Sides& sides, int a_side, const MatchOutcome& outcome) {
  auto side_won = [&](int side) {
    for (const std::string& role : sides.roles[static_cast<size_t>(side)])
      if (role_won(game, role, outcome)) return true;
    return false;
  };
  if (side_won(a_side)) return 1;
  if (side_won(1 - a_side)) return -1;
  return 0;
}

SprtRun run_sprt(const GameInfo& game, const SprtPlan& plan, const std::function<bool()>& stop,
                 const std::function<void(const SprtState&)>& progress) {
  SprtRun run;
  std::mutex mutex;  // everything below, and run
  struct Pending {
    int results[2] = {0, 0};
    int legs_done = 0;
    bool failed = false;
  };
  std::map<long, Pending> pending;  // pairs with a game in flight or finished, by index
  long pairs_ended = 0;             // counted or failed
  std::exception_ptr usage_error;
  std::atomic<long> next_game{0};
  std::atomic<bool> finished{false};
  std::set<std::string> warned;
  const auto start = Clock::now();
  const uint64_t span = game.max_seed == UINT64_MAX ? 0 : game.max_seed + 1;
  auto pair_seed = [&](long pair) {
    const uint64_t s = plan.seed + static_cast<uint64_t>(pair);
    return span ? s % span : s;
  };

  // Called under the lock when a game of `pair` ends.
  auto end_game = [&](long pair, int leg, std::optional<int> result, const std::string& reason) {
    Pending& p = pending[pair];
    if (result)
      p.results[leg] = *result;
    else if (!p.failed) {
      p.failed = true;
      run.failed.push_back({pair_seed(pair), reason});
      ++run.state.failed;
    }
    if (++p.legs_done < 2) return;
    if (!p.failed) {
      run.state.counts.add(p.results[0], p.results[1]);
      run.state.llr = sprt::llr(run.state.counts, plan.config);
      run.state.decision = sprt::decide(run.state.llr, plan.config);
    }
    pending.erase(pair);
    ++pairs_ended;
    run.state.elapsed_s = ms_since(start) / 1000.0;
    if (run.state.decision != sprt::Decision::none ||
        (plan.max_pairs > 0 && pairs_ended >= plan.max_pairs))
      finished = true;
    if (progress) progress(run.state);
  };

  auto worker = [&] {
    for (;;) {
      if (finished) return;
      if (stop && stop()) {
        std::lock_guard lock(mutex);
        if (!finished) run.stopped = true;
        finished = true;
        return;
      }
      const long g = next_game++;
      const long pair = g / 2;
      const int leg = static_cast<int>(g % 2);
      if (plan.max_pairs > 0 && pair >= plan.max_pairs) return;
      MatchSetup s = plan.legs[static_cast<size_t>(leg)];
      s.seed = pair_seed(pair);
      s.seed_given = true;
      try {
        MatchOutcome o = run_match(game, s);
        std::lock_guard lock(mutex);
        if (finished) return;  // decided meanwhile, or stopped: this game does not count
        for (const std::string& w : o.warnings)
          if (warned.insert(w).second) run.warnings.push_back(w);
        // Leg 0 has A on side 0, leg 1 on side 1.
        end_game(pair, leg, game_result(game, plan.sides, leg, o), "");
      } catch (const UsageError&) {
        std::lock_guard lock(mutex);
        if (!usage_error) usage_error = std::current_exception();
        finished = true;
        return;
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex);
        if (finished) return;
        end_game(pair, leg, std::nullopt, e.what());
      }
    }
  };
  const int jobs = std::max(1, plan.jobs);
  if (jobs == 1) {
    worker();
  } else {
    std::vector<std::thread> threads;
    for (int i = 0; i < jobs; ++i) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
  }
  if (usage_error) std::rethrow_exception(usage_error);
  run.state.elapsed_s = ms_since(start) / 1000.0;
  return run;
}

Json sprt_json(const GameInfo& game, const SprtPlan& plan, const SprtEntrant& a,
               const SprtEntrant& b, const SprtRun& run) {
  const sprt::Pentanomial& c = run.state.counts;
  const sprt::Estimate e = sprt::estimate(c);
  auto entrant = [&](const SprtEntrant& x) {
    Json specs = Json::object();
    for (const std::string& side : plan.sides.names) specs[side] = x.spec_for(side);
    return Json{{"name", x.name}, {"specs", std::move(specs)}};
  };
  Json j;
  j["game"] = game.name;
  j["seed"] = std::to_string(plan.seed);
  j["a"] = entrant(a);
  j["b"] = entrant(b);
  j["sides"] = {plan.sides.names[0], plan.sides.names[1]};
  j["model"] = sprt::model_name(plan.config.model);
  j["elo0"] = plan.config.elo0;
  j["elo1"] = plan.config.elo1;
  j["alpha"] = plan.config.alpha;
  j["beta"] = plan.config.beta;
  j["result"] = sprt::decision_name(run.state.decision);
  j["llr"] = run.state.llr;
  j["bounds"] = {sprt::lower_bound(plan.config), sprt::upper_bound(plan.config)};
  j["pairs"] = c.pairs();
  j["games"] = 2 * c.pairs();
  j["wins"] = c.wins();
  j["draws"] = c.draws();
  j["losses"] = c.losses();
  const auto b5 = c.buckets();
  j["pentanomial"] = Json(std::vector<long>(b5.begin(), b5.end()));
  j["pairs_by_kind"] = {{"LL", c.ll}, {"LD", c.ld}, {"WL", c.wl},
                        {"DD", c.dd}, {"WD", c.wd}, {"WW", c.ww}};
  j["score"] = e.score;
  j["elo"] = number_or_null(e.elo);
  j["elo_error"] = number_or_null(e.elo_error);
  j["nelo"] = number_or_null(e.nelo);
  j["nelo_error"] = number_or_null(e.nelo_error);
  j["elapsed_s"] = run.state.elapsed_s;
  Json failed = Json::array();
  for (const FailedPair& f : run.failed)
    failed.push_back({{"seed", std::to_string(f.seed)}, {"reason", f.reason}});
  j["failed"] = std::move(failed);
  if (run.stopped) j["interrupted"] = true;
  return j;
}

std::string sprt_line(const SprtPlan& plan, const SprtState& s) {
  const sprt::Pentanomial& c = s.counts;
  const sprt::Estimate e = sprt::estimate(c);
  const auto b = c.buckets();
  std::string line = fmt::format(
      "{} pairs, LLR {:.2f} ({:.2f}, {:.2f}) [{:g}, {:g}], W/D/L {}/{}/{}, ptnml [{}, {}, {}, {}, "
      "{}], Elo {} +/- {}, nElo {} +/- {}",
      c.pairs(), s.llr, sprt::lower_bound(plan.config), sprt::upper_bound(plan.config),
      plan.config.elo0, plan.config.elo1, c.wins(), c.draws(), c.losses(), b[0], b[1], b[2], b[3],
      b[4], signed_figure(e.elo), error_figure(e.elo_error), signed_figure(e.nelo),
      error_figure(e.nelo_error));
  if (s.failed) line += fmt::format(", {} failed", s.failed);
  return line;
}

}  // namespace arena::tournament
