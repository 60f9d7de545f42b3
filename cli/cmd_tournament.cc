// `arena tournament run|matches|report` (docs/tournament.md): schedules a tournament into the
// store, plays it J matches at a time (resumable), lists its matches and reports its standings.
#include <unistd.h>

#include <CLI/CLI.hpp>

#include <fmt/format.h>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>

#include "cli/commands.h"
#include "core/interrupt.h"
#include "core/rng.h"
#include "tournament/report.h"
#include "tournament/runner.h"
#include "tournament/schedule.h"
#include "tournament/swiss_rows.h"
#include "tournament/swiss_run.h"

namespace arena::cli {

namespace {

using namespace arena::tournament;

struct RunArgs {
  std::string name, game, format = "round-robin", db = "arena.db";
  std::vector<std::string> params, bots, limits;
  int games_per_pairing = 1, jobs = 1, seats = 0;
  std::optional<int> rounds;  // swiss only
  double lease_s = 1800;      // how long a leased match stays this run's without a renewal
  std::optional<std::string> seed;
  std::optional<int> time_ms;
  std::string sandbox = "bwrap";
  bool progress = false;
  bool queue_only = false;  // schedule only: `arena worker` processes play the queue
};

struct ViewArgs {
  std::string name, db = "arena.db";
  bool json = false, no_replay = false;
};

Json entrants_json(const std::vector<Entrant>& entrants) {
  Json a = Json::array();
  for (const Entrant& e : entrants) {
    Json specs = Json::object();
    for (const auto& [role, spec] : e.specs) specs[role.empty() ? "*" : role] = spec;
    a.push_back({{"label", e.label}, {"programs", specs}});
  }
  return a;
}

// Opens the store and finds the tournament, or says why not (status 1).
std::optional<std::pair<std::unique_ptr<Store>, Tournament>> open_existing(
    const std::string& db, const std::string& name) {
  auto store = open_store(db);
  auto t = store->find_tournament(name);
  if (!t) {
    std::cerr << "arena: tournament: no tournament '" << name << "' in " << db << "\n";
    return std::nullopt;
  }
  return std::make_pair(std::move(store), *t);
}

// The progress line: matches done / total, rate, time left, the leader by score share so far.
class Progress {
 public:
  Progress(const GameInfo& game, int done, int total) : game_(game), done_(done), total_(total) {}
  void add(const MatchRow& row) {
    ++done_;
    ++played_;
    auto places = match_places(game_, row);
    for (size_t i = 0; i < places.size(); ++i) {
      auto& [n, sum] = tally_[places[i].entrant];
      n += 1;
      sum += place_share(places, i);
    }
    // On a terminal one line redrawn at most five times a second; in a log, one line per match.
    if (tty_ && done_ < total_ &&
        std::chrono::steady_clock::now() - last_ < std::chrono::milliseconds(200))
      return;
    last_ = std::chrono::steady_clock::now();
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = s > 0 ? played_ / s : 0;
    std::string leader;
    double best = -1e300;
    for (const auto& [e, v] : tally_)
      if (v.second / v.first > best) best = v.second / v.first, leader = e;
    std::cerr << fmt::format("{}arena: tournament: {}/{} matches, {:.3g}/s, {:.0f} s left",
                             tty_ ? "\r" : "", done_, total_, rate,
                             rate > 0 ? (total_ - done_) / rate : 0.0);
    if (!leader.empty()) std::cerr << fmt::format(", leader {} ({:.3g})", leader, best);
    std::cerr << (tty_ ? "\x1b[K" : "\n") << std::flush;
  }

 private:
  const GameInfo& game_;
  const bool tty_ = isatty(2);
  int done_, total_, played_ = 0;
  std::map<std::string, std::pair<int, double>> tally_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_;
};

int run(const RunArgs& a) {
  const GameInfo* game = find_game_or_complain(a.game);
  if (!game) return kUsage;
  auto entrants = parse_entrants(a.bots);
  if (auto* err = std::get_if<std::string>(&entrants)) {
    std::cerr << "arena: tournament run: " << *err << "\n";
    return kUsage;
  }
  auto format = parse_format(a.format);
  if (!format) {
    std::cerr << "arena: tournament run: --format " << a.format
              << ": expected round-robin, gauntlet or swiss\n";
    return kUsage;
  }
  if (*format == Format::swiss && a.queue_only) {
    // Decided: workers play queued matches and know nothing of pairings; each swiss round needs
    // the results of the one before, so some process must pair it. That is `run` itself.
    std::cerr << "arena: tournament run: --queue-only cannot schedule a swiss tournament: each "
                 "round is paired from the results of the round before. Run it without "
                 "--queue-only (on PostgreSQL, `arena worker` processes join in playing each "
                 "round's matches)\n";
    return kUsage;
  }
  // The match settings every match shares, checked once now with the first entrant's programs.
  MatchArgs base;
  base.param_words = a.params;
  base.time_ms = a.time_ms;
  base.sandbox = a.sandbox;
  base.limits = a.limits;
  std::optional<uint64_t> seed;
  if (a.seed) {
    seed = parse_seed(*a.seed);
    if (!seed) {
      std::cerr << "arena: tournament run: --seed " << *a.seed << ": expected 0..2^64-1\n";
      return kUsage;
    }
  }
  auto store = open_store(a.db);
  auto existing = store->find_tournament(a.name);
  if (!seed && existing) seed = parse_seed(existing->config.value("seed", "0"));
  if (!seed)
    seed = entropy_seed() %
           (game->max_seed - std::min<uint64_t>(game->max_seed, a.games_per_pairing) + 1);
  ScheduleConfig sc;
  sc.format = *format;
  sc.entrants = std::get<std::vector<Entrant>>(entrants);
  sc.games_per_pairing = a.games_per_pairing;
  sc.seed = *seed;
  sc.seats = a.seats == 0 ? game->min_seats : a.seats;
  sc.rounds = a.rounds.value_or(0);
  auto schedule = make_schedule(*game, sc);
  if (auto* err = std::get_if<std::string>(&schedule)) {
    std::cerr << "arena: tournament run: " << *err << "\n";
    return kUsage;
  }
  auto& matches = std::get<std::vector<MatchSpec>>(schedule);
  {
    MatchArgs check = base;
    check.seed = std::to_string(matches[0].seed);
    for (const SeatEntry& s : matches[0].seats) check.seat_args.push_back(s.role + "=" + s.spec);
    auto setup = build_setup(*game, check);
    if (auto* err = std::get_if<std::string>(&setup)) {
      std::cerr << "arena: tournament run: " << *err << "\n";
      return kUsage;
    }
  }
  Json config = {{"game", game->name},
                 {"params", a.params},
                 {"format", to_string(*format)},
                 {"entrants", entrants_json(sc.entrants)},
                 {"games_per_pairing", a.games_per_pairing},
                 {"seed", std::to_string(*seed)},
                 {"seats", sc.seats},
                 {"time_ms", a.time_ms ? Json(*a.time_ms) : Json()},
                 {"sandbox", a.sandbox},
                 {"limits", a.limits}};
  // Only swiss has rounds: tournaments of other formats keep the configuration they were made with.
  if (*format == Format::swiss) config["rounds"] = swiss_rounds(sc);
  Tournament t;
  if (!existing) {
    // Another run of the same command may create it first: then it is that one's to share.
    try {
      t = store->create_tournament(a.name, game->name, config);
    } catch (const StoreError&) {
      existing = store->find_tournament(a.name);
      if (!existing) throw;
    }
  }
  if (existing) {
    std::string differ;
    for (auto& [key, value] : config.items())
      if (existing->config.value(key, Json()) != value)
        differ += (differ.empty() ? "" : ", ") + key;
    if (!differ.empty()) {
      std::cerr << "arena: tournament run: '" << a.name << "' already exists in " << a.db
                << " with another " << differ
                << " (run it with the same settings to resume it, or choose another name)\n";
      return kUsage;
    }
    t = *existing;
  }
  const bool swiss = *format == Format::swiss;
  // Swiss: run_swiss inserts each round when the one before is played.
  if (!swiss) store->insert_matches(t.id, matches);
  const MatchCounts before = store->count_matches(t.id);
  const int planned = swiss ? swiss_rounds(sc) * swiss_round_size(*game, sc) : before.total();
  if (a.queue_only) {
    std::cerr << "arena: tournament: '" << a.name << "' queued: " << before.queued << " of "
              << before.total() << " matches wait for `arena worker --db ...`\n";
    return kOk;
  }
  if (existing)
    std::cerr << "arena: tournament: resuming '" << a.name << "': " << before.done << " of "
              << planned << " matches already played\n";

  RunOptions ro;
  ro.jobs = a.jobs;
  ro.lease = std::chrono::milliseconds(static_cast<int64_t>(a.lease_s * 1000));
  ro.stop = [] { return interrupted(); };
  const bool progress = a.progress || isatty(2);
  Progress meter(*game, before.done, planned);
  if (progress) ro.on_result = [&](const MatchRow& row) { meter.add(row); };
  RunSummary summary;
  try {
    if (swiss) {
      SwissRunOptions so;
      so.run = ro;
      const int rounds = swiss_rounds(sc);
      std::vector<std::string> labels;
      for (const Entrant& e : sc.entrants) labels.push_back(e.label);
      so.on_round = [&](int round, const SwissRound& pairs) {
        std::cerr << (progress && isatty(2) ? "\r\x1b[K" : "") << "arena: tournament: swiss round "
                  << round + 1 << "/" << rounds << ": " << swiss_round_text(labels, pairs) << "\n";
      };
      summary = run_swiss(*store, t, *game, sc, base, so);
    } else {
      summary = run_tournament(*store, t, *game, base, ro);
    }
  } catch (const UsageError& e) {
    if (progress && isatty(2)) std::cerr << "\n";
    std::cerr << "arena: tournament run: " << e.what() << "\n";
    return kUsage;
  }
  if (progress && isatty(2)) std::cerr << "\n";
  if (summary.requeued > 0)
    std::cerr << "arena: tournament: " << summary.requeued
              << " matches left unfinished by a stopped run were played again\n";
  if (summary.played > 0) {
    // Where the time went, per match played by this run (threads' times summed).
    const double n = summary.played;
    std::cerr << fmt::format(
        "arena: tournament: {} matches in {:.2f} s ({:.1f}/s with {} jobs); per match: "
        "match {:.3f} ms, lease {:.3f} ms, replay and result {:.3f} ms, store write {:.3f} ms\n",
        summary.played, summary.wall_s, n / summary.wall_s, a.jobs, summary.match_ms / n,
        summary.lease_ms / n, summary.serialise_ms / n, summary.record_ms / n);
  }
  const MatchCounts after = store->count_matches(t.id);
  if (summary.stopped) {
    std::cerr << "arena: tournament: interrupted; " << after.done << " of " << after.total()
              << " matches are stored (run the same command to go on)\n";
    return kInterrupted;
  }
  if (after.failed > 0)
    std::cerr << "arena: tournament: " << after.failed
              << " matches could not be played (see `arena tournament matches " << a.name << "`)\n";
  std::cout << report_text(report_json(*game, t, store->list_matches(t.id, false)));
  return after.failed > 0 ? kFailure : kOk;
}

int matches(const ViewArgs& a) {
  auto found = open_existing(a.db, a.name);
  if (!found) return kFailure;
  auto& [store, t] = *found;
  auto rows = store->list_matches(t.id, a.json && !a.no_replay);
  if (a.json) {
    Json list = Json::array();
    for (const MatchRow& r : rows) list.push_back(match_json(r, !a.no_replay));
    std::cout << Json{{"tournament", t.name},
                      {"game", t.game},
                      {"config", t.config},
                      {"matches", list}}
                     .dump()
              << "\n";
    return kOk;
  }
  for (const MatchRow& r : rows) {
    std::string seats;
    for (const SeatEntry& s : r.spec.seats)
      seats += (seats.empty() ? "" : " ") + s.role + "=" + s.entrant;
    std::string outcome = to_string(r.state);
    if (r.result && !r.result->error.empty())
      outcome = "failed: " + r.result->error;
    else if (r.result)
      outcome =
          "winner " +
          (r.result->result["winner"].is_string() ? r.result->result["winner"].get<std::string>()
                                                  : std::string("none")) +
          ", scores " + r.result->result["scores"].dump();
    std::cout << fmt::format("{:>5} seed {} {}: {}\n", r.spec.index, r.spec.seed, seats, outcome);
  }
  return kOk;
}

int report(const ViewArgs& a) {
  auto found = open_existing(a.db, a.name);
  if (!found) return kFailure;
  auto& [store, t] = *found;
  const GameInfo* game = find_game_or_complain(t.game);
  if (!game) return kFailure;
  Json r = report_json(*game, t, store->list_matches(t.id, false));
  if (a.json) {
    std::cout << r.dump() << "\n";
  } else {
    std::cout << report_text(r);
  }
  return kOk;
}

}  // namespace

TournamentCommand add_tournament_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("tournament",
                                 "Tournaments: schedule and play, list matches, report ratings");
  cmd->require_subcommand(1);
  auto run_args = std::make_shared<RunArgs>();
  auto view_args = std::make_shared<ViewArgs>();
  auto* run_cmd = cmd->add_subcommand(
      "run", "Schedule a tournament and play it, J matches at a time; the same command resumes it");
  RunArgs& r = *run_args;
  run_cmd->add_option("name", r.name, "The tournament's name")->required();
  run_cmd->add_option("params", r.params, "Game parameters as name=value");
  run_cmd->add_option("--game", r.game, "The game")->required();
  run_cmd
      ->add_option("--bot", r.bots,
                   "LABEL=SPEC (every role) or LABEL:ROLE=SPEC (one role or group)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("LABEL[:ROLE]=SPEC");
  run_cmd->add_option("--format", r.format,
                      "round-robin (default), gauntlet (the first --bot against each other) or "
                      "swiss (--rounds rounds, each pairing entrants of close points who have not "
                      "met; two-sided and one-seat games)");
  run_cmd
      ->add_option("--rounds", r.rounds,
                   "Swiss: rounds to play (default ceil(log2(entrants)), at least 1)")
      ->check(CLI::Range(1, kMaxSwissRounds));
  run_cmd
      ->add_option("--games-per-pairing", r.games_per_pairing,
                   "Seeds per pairing, each played in every seat arrangement")
      ->check(CLI::Range(1, 100000));
  run_cmd->add_option("--seats", r.seats, "Seats of a multi-player game (default: its minimum)")
      ->check(CLI::Range(1, 64));
  run_cmd->add_option("--seed", r.seed, "First seed (default: drawn and recorded)");
  run_cmd->add_option("--jobs", r.jobs, "Matches played in parallel")->check(CLI::Range(1, 256));
  run_cmd->add_option("--db", r.db, "sqlite:PATH or PATH (default arena.db), or postgresql://...");
  run_cmd->add_option("--time-ms", r.time_ms, "Per-turn time limit in milliseconds");
  run_cmd->add_option("--sandbox", r.sandbox, "bwrap (default) or none");
  run_cmd
      ->add_option("--limit", r.limits,
                   "NAME=N, a limit of each confined bot (see `arena play --help`)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  run_cmd
      ->add_option("--lease-s", r.lease_s,
                   "Seconds a leased match stays this run's between renewals (every third of it, "
                   "while the match is played); a run that died has its matches taken back after "
                   "that (default 1800)")
      ->check(CLI::Range(1.0, 7.0 * 24 * 3600));
  run_cmd->add_flag("--progress", r.progress, "Progress on stderr even when it is not a terminal");
  run_cmd->add_flag("--queue-only", r.queue_only,
                    "Only schedule the matches; `arena worker` processes play them (not for swiss, "
                    "whose rounds are paired as they are played)");

  auto add_view = [&](const char* name, const char* help) {
    auto* c = cmd->add_subcommand(name, help);
    c->add_option("name", view_args->name, "The tournament's name")->required();
    c->add_option("--db", view_args->db, "sqlite:PATH or PATH (default arena.db)");
    c->add_flag("--json", view_args->json, "Print one JSON object");
    return c;
  };
  auto* matches_cmd = add_view("matches", "List every match: seed, seats, result, replay");
  matches_cmd->add_flag("--no-replay", view_args->no_replay, "Leave the replays out of --json");
  auto* report_cmd = add_view(
      "report", "Standings, ratings with error bars, results matrix, per-seat statistics, faults");

  return {cmd,
          [=]() -> int {
            try {
              if (*run_cmd) return run(*run_args);
              if (*matches_cmd) return matches(*view_args);
              if (*report_cmd) return report(*view_args);
            } catch (const StoreError& e) {
              std::cerr << "arena: tournament: " << e.what() << "\n";
              return kFailure;
            }
            return kUsage;
          },
          [=] { return static_cast<bool>(*run_cmd); }};
}

}  // namespace arena::cli
