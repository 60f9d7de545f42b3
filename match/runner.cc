#include "match/runner.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <map>
#include <stdexcept>
#include <thread>

#include "core/rng.h"

namespace arena {

std::optional<uint64_t> parse_seed(const std::string& text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  for (char c : text)
    if (c < '0' || c > '9') return std::nullopt;
  errno = 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0') return std::nullopt;
  return static_cast<uint64_t>(v);
}

namespace {

// Scores are doubles inside; integral ones print as integers (most games score in whole points).
Json number(double v) {
  if (v == static_cast<double>(static_cast<int64_t>(v)) && v > -9e15 && v < 9e15)
    return Json(static_cast<int64_t>(v));
  return Json(v);
}

// Expands a role or a group into the roles it stands for, or an error.
std::variant<std::vector<std::string>, std::string> expand_role(const GameInfo& game,
                                                                const std::string& role) {
  if (std::find(game.roles.begin(), game.roles.end(), role) != game.roles.end())
    return std::vector<std::string>{role};
  auto g = game.role_groups.find(role);
  if (g != game.role_groups.end()) return g->second;
  std::string known;
  for (const auto& r : game.roles) known += (known.empty() ? "" : ", ") + r;
  for (const auto& [name, members] : game.role_groups) known += ", " + name;
  return "--seat " + role + ": " + game.name + " has no role '" + role + "' (roles: " + known + ")";
}

}  // namespace

std::variant<MatchSetup, std::string> build_setup(const GameInfo& game, const MatchArgs& args) {
  MatchSetup setup;
  auto params = parse_params(game, args.param_words);
  if (auto* err = std::get_if<std::string>(&params)) return *err;
  setup.params = std::move(std::get<ParamValues>(params));

  if (args.seed) {
    auto seed = parse_seed(*args.seed);
    if (!seed) return "--seed: must be a decimal integer from 0 to 18446744073709551615";
    if (*seed > game.max_seed)
      return "--seed: " + game.name + " seeds are 0.." + std::to_string(game.max_seed) + ", got " +
             *args.seed;
    setup.seed = *seed;
    setup.seed_given = true;
  } else {
    setup.seed = entropy_seed();
    if (game.max_seed != UINT64_MAX) setup.seed %= game.max_seed + 1;
  }

  setup.time_ms = args.time_ms.value_or(game.default_time_ms);
  if (setup.time_ms < game.min_time_ms || setup.time_ms > game.max_time_ms)
    return "--time-ms: must be from " + std::to_string(game.min_time_ms) + " to " +
           std::to_string(game.max_time_ms) + " for " + game.name;

  for (const std::string& arg : args.seat_args) {
    auto parsed = parse_seat_arg(arg);
    if (auto* err = std::get_if<std::string>(&parsed)) return *err;
    SeatSpec spec = std::get<SeatSpec>(parsed);
    auto roles = expand_role(game, spec.role);
    if (auto* err = std::get_if<std::string>(&roles)) return *err;
    for (const std::string& role : std::get<std::vector<std::string>>(roles)) {
      if (setup.seats.count(role)) return "--seat " + role + ": seat given twice";
      SeatSpec s = spec;
      s.role = role;
      setup.seats[role] = std::move(s);
    }
  }
  for (const std::string& arg : args.mode_args) {
    size_t eq = arg.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size())
      return "--mode " + arg + ": expected ROLE=MODE";
    auto roles = expand_role(game, arg.substr(0, eq));
    if (auto* err = std::get_if<std::string>(&roles)) return "--mode: " + *err;
    for (const std::string& role : std::get<std::vector<std::string>>(roles)) {
      auto it = setup.seats.find(role);
      if (it == setup.seats.end()) return "--mode " + arg + ": seat " + role + " is not given";
      it->second.mode = arg.substr(eq + 1);
    }
  }
  // The filled seats must be the first k roles, k >= min_seats.
  size_t filled = 0;
  while (filled < game.roles.size() && setup.seats.count(game.roles[filled])) ++filled;
  if (filled < static_cast<size_t>(game.min_seats)) {
    return "--seat " + game.roles[filled] + "=SPEC is required (" + game.name + " needs " +
           std::to_string(game.min_seats) + " seat" + (game.min_seats > 1 ? "s" : "") + ")";
  }
  if (filled != setup.seats.size())
    return "--seat: seats must be filled in order; " + game.roles[filled] + " is missing";
  setup.sandbox.limits = game.sandbox_limits;
  if (auto err = parse_sandbox(args.sandbox, args.limits, setup.sandbox)) return *err;
  // Confinement is on by default; a machine that cannot provide it is said so, never ignored. Only
  // programs are confined: a match of built-in bots needs nothing.
  const bool programs = std::any_of(setup.seats.begin(), setup.seats.end(),
                                    [](const auto& s) { return !s.second.is_builtin(); });
  if (setup.sandbox.enabled && programs) {
    if (auto why = sandbox_unavailable())
      return "--sandbox: " + *why + "; `--sandbox none` runs the bots unconfined";
  }
  return setup;
}

std::optional<std::string> parse_sandbox(const std::string& mode,
                                         const std::vector<std::string>& limits,
                                         SandboxOptions& out) {
  if (mode != "bwrap" && mode != "none") return "--sandbox: must be bwrap or none";
  out.enabled = mode == "bwrap";
  // Limits are enforced by the sandbox only: without it they would silently not hold.
  if (!out.enabled && !limits.empty())
    return "--limit " + limits.front() + ": limits apply to confined bots; not with --sandbox none";
  for (const std::string& word : limits) {
    const size_t eq = word.find('=');
    const std::string name = word.substr(0, eq == std::string::npos ? 0 : eq);
    const std::string value = eq == std::string::npos ? "" : word.substr(eq + 1);
    auto v = parse_seed(value);  // a decimal integer
    if (eq == std::string::npos || !v || *v == 0 || *v > 1000000)
      return "--limit " + word + ": expected NAME=N with N from 1 to 1000000";
    const int n = static_cast<int>(*v);
    if (name == "memory_mb") {
      out.limits.memory_mb = *v;
    } else if (name == "processes") {
      out.limits.processes = n;
    } else if (name == "cpu_s") {
      out.limits.cpu_seconds = n;
    } else if (name == "open_files") {
      out.limits.open_files = n;
    } else if (name == "file_mb") {
      out.limits.file_mb = *v;
    } else {
      return "--limit " + word +
             ": no such limit (memory_mb, processes, cpu_s, open_files, file_mb)";
    }
  }
  return std::nullopt;
}

Json play_json(const GameInfo& game, const MatchSetup& setup, const MatchOutcome& outcome) {
  Json j = Json::object();
  j["game"] = game.name;
  j["seed"] = std::to_string(setup.seed);
  Json scores = Json::object();
  for (const std::string& role : game.roles) {
    auto it = outcome.scores.find(role);
    if (it != outcome.scores.end()) scores[role] = number(it->second);
  }
  j["scores"] = scores;
  j["winner"] = outcome.winner ? Json(*outcome.winner) : Json(nullptr);
  j["result"] = outcome.result;
  return j;
}

bool role_won(const GameInfo& game, const std::string& role, const MatchOutcome& outcome) {
  if (!outcome.winner) return false;
  if (*outcome.winner == role) return true;
  auto g = game.role_groups.find(*outcome.winner);
  return g != game.role_groups.end() &&
         std::find(g->second.begin(), g->second.end(), role) != g->second.end();
}

Json eval_json(const GameInfo& game, const MatchSetup& setup,
               const std::vector<MatchOutcome>& outcomes) {
  Json j = Json::object();
  j["game"] = game.name;
  j["games"] = outcomes.size();
  j["seed"] = std::to_string(setup.seed);
  Json roles = Json::object();
  const double n = static_cast<double>(outcomes.size());
  for (const std::string& role : game.roles) {
    if (!setup.seats.count(role)) continue;
    Json scores = Json::array();
    double sum = 0, wins = 0;
    for (const MatchOutcome& o : outcomes) {
      double s = o.scores.count(role) ? o.scores.at(role) : 0.0;
      scores.push_back(number(s));
      sum += s;
      wins += role_won(game, role, o) ? 1 : 0;
    }
    double mean = n > 0 ? sum / n : 0, var = 0;
    for (const auto& s : scores) var += (s.get<double>() - mean) * (s.get<double>() - mean);
    double sd = n > 1 ? std::sqrt(var / (n - 1)) : 0;
    double half = n > 0 ? 1.96 * sd / std::sqrt(n) : 0;
    Json r = Json::object();
    r["mean"] = mean;
    r["ci95"] = Json::array({mean - half, mean + half});
    r["win_rate"] = n > 0 ? wins / n : 0;
    r["scores"] = std::move(scores);
    roles[role] = std::move(r);
  }
  j["roles"] = std::move(roles);
  if (game.eval_extras) game.eval_extras(outcomes, j);
  return j;
}

}  // namespace arena
