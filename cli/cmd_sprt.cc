// `arena sprt`: a sequential probability ratio test between two entrants (tournament/sprt.h).
#include <unistd.h>

#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "core/clock.h"
#include "core/interrupt.h"
#include "tournament/sprt_runner.h"

namespace arena::cli {

int cmd_sprt(const SprtOptions& o) {
  using namespace arena::tournament;
  const GameInfo* game = find_game_or_complain(o.game);
  if (!game) return kUsage;
  auto complain = [](const std::string& message) {
    std::cerr << "arena: sprt: " << message << "\n";
    return kUsage;
  };
  auto sides_or_error = two_sides(*game);
  if (auto* err = std::get_if<std::string>(&sides_or_error)) return complain(*err);
  const Sides sides = std::get<Sides>(sides_or_error);
  std::vector<SprtEntrant> entrants;
  for (const std::string& arg : o.bots)
    if (auto err = add_bot_arg(*game, sides, arg, entrants)) return complain(*err);
  if (auto err = check_entrants(sides, entrants)) return complain(*err);
  sprt::Config config;
  config.elo0 = o.elo0;
  config.elo1 = o.elo1;
  config.alpha = o.alpha;
  config.beta = o.beta;
  auto model = sprt::parse_model(o.model);
  if (!model) return complain("--model must be normalized or logistic, got '" + o.model + "'");
  config.model = *model;
  if (auto err = sprt::check_config(config)) return complain(*err);
  if (o.max_games % 2 != 0)
    return complain("--max-games must be even: games are played in pairs, got " +
                    std::to_string(o.max_games));

  MatchArgs base = o.match;
  base.seed.reset();
  // The seed given, or one drawn (as `eval` draws it): build_setup checks it against the game.
  MatchArgs seed_args = base;
  seed_args.seed = o.match.seed;
  seed_args.seat_args = {sides.names[0] + "=" + entrants[0].spec_for(sides.names[0]),
                         sides.names[1] + "=" + entrants[1].spec_for(sides.names[1])};
  auto seeded = build_setup(*game, seed_args);
  if (auto* err = std::get_if<std::string>(&seeded)) {
    std::cerr << "arena: " << *err << "\n";
    return kUsage;
  }
  auto plan_or_error = build_plan(*game, base, sides, entrants[0], entrants[1]);
  if (auto* err = std::get_if<std::string>(&plan_or_error)) {
    std::cerr << "arena: " << *err << "\n";
    return kUsage;
  }
  SprtPlan plan = std::get<SprtPlan>(std::move(plan_or_error));
  plan.config = config;
  plan.seed = std::get<MatchSetup>(seeded).seed;
  plan.jobs = o.jobs;
  plan.max_pairs = o.max_games / 2;

  // Progress: on a terminal one line rewritten at most five times a second; otherwise (a log)
  // a line a second at most. The final state is always shown, once.
  const bool tty = isatty(2);
  auto last = std::make_shared<Clock::time_point>();
  auto shown = std::make_shared<long>(-1);  // pairs of the state last shown
  auto show = [&plan, tty, shown](const SprtState& s, bool final) {
    *shown = s.counts.pairs();
    if (tty)
      std::cerr << "\rarena: sprt: " << sprt_line(plan, s) << "\x1b[K" << (final ? "\n" : "")
                << std::flush;
    else
      std::cerr << "arena: sprt: " << sprt_line(plan, s) << "\n";
  };
  auto progress = [tty, last, show](const SprtState& s) {
    if (Clock::now() - *last < std::chrono::milliseconds(tty ? 200 : 1000)) return;
    *last = Clock::now();
    show(s, false);
  };
  std::cerr << "arena: sprt: " << game->name << ", " << entrants[0].name << " vs "
            << entrants[1].name << ", " << sprt::model_name(config.model) << " Elo [" << config.elo0
            << ", " << config.elo1 << "], alpha " << config.alpha << ", beta " << config.beta
            << ", pairs from seed " << plan.seed << "\n";
  SprtRun run;
  try {
    run = run_sprt(
        *game, plan, [] { return interrupted(); }, progress);
  } catch (const UsageError& e) {
    if (tty) std::cerr << "\n";
    std::cerr << "arena: " << e.what() << "\n";
    return kUsage;
  }
  // The final state, unless the last line shown was it (a log gets no duplicate).
  if (tty || *shown != run.state.counts.pairs()) show(run.state, true);
  for (const std::string& w : run.warnings) std::cerr << "arena: " << w << "\n";
  for (const FailedPair& f : run.failed)
    std::cerr << "arena: sprt: the pair of seed " << f.seed << " failed: " << f.reason << "\n";
  if (run.stopped)
    std::cerr << "arena: sprt: interrupted after " << run.state.counts.pairs() << " pairs\n";
  const int status = run.stopped ? kInterrupted : run.failed.empty() ? kOk : kFailure;
  if (o.json) {
    std::cout << sprt_json(*game, plan, entrants[0], entrants[1], run).dump() << "\n";
    return status;
  }
  // H1: the first entrant's Elo is elo1 rather than elo0; H0: elo0 rather than elo1.
  const std::string verdict =
      run.state.decision == sprt::Decision::none
          ? "no decision"
          : fmt::format("{} accepted (Elo {:g} rather than {:g})",
                        sprt::decision_name(run.state.decision),
                        run.state.decision == sprt::Decision::h1 ? config.elo1 : config.elo0,
                        run.state.decision == sprt::Decision::h1 ? config.elo0 : config.elo1);
  std::cout << game->name << ": " << entrants[0].name << " vs " << entrants[1].name << ", "
            << run.state.counts.pairs() << " pairs from seed " << plan.seed << ": " << verdict
            << "\n  " << sprt_line(plan, run.state) << "\n";
  return status;
}

}  // namespace arena::cli
