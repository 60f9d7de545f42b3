#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <thread>

#include "cli/commands.h"
#include "core/interrupt.h"
#include "match/eval.h"
#include "match/match.h"
#include "server/server.h"

namespace arena::cli {

namespace {

// Builds the setup or prints the usage error; nullopt means "exit 2".
std::optional<MatchSetup> setup_or_complain(const GameInfo& game, const MatchArgs& args) {
  auto setup = build_setup(game, args);
  if (auto* err = std::get_if<std::string>(&setup)) {
    std::cerr << "arena: " << *err << "\n";
    return std::nullopt;
  }
  return std::get<MatchSetup>(std::move(setup));
}

}  // namespace

int cmd_play(const PlayOptions& o) {
  const GameInfo* game = find_game_or_complain(o.game);
  if (!game) return kUsage;
  auto setup = setup_or_complain(*game, o.match);
  if (!setup) return kUsage;
  // --serve: the server on a thread of its own, fed by the match's thread (docs/web.md).
  std::unique_ptr<server::Server> server;
  std::thread serving;
  std::string live_id, url;
  if (o.serve) {
    server::ServeOptions so;
    so.port = o.serve_port;
    server = std::make_unique<server::Server>(so);
    int port = 0;
    try {
      port = server->listen();
    } catch (const std::exception& e) {
      std::cerr << "arena: --serve: " << e.what() << "\n";
      return kFailure;
    }
    live_id = server->open_live(game->name);
    url = "http://127.0.0.1:" + std::to_string(port) + "/live/" + live_id;
    (o.json ? std::cerr : std::cout) << "arena: watch on " << url << std::endl;
    setup->on_line = [&server, &live_id](const Json& line) { server->live_line(live_id, line); };
    serving = std::thread([&server] { server->run(); });
  }
  // Ends the server early, when the run fails: its thread must be joined before it is destroyed.
  auto stop_serving = [&] {
    if (!server) return;
    server->stop();
    serving.join();
  };
  MatchOutcome outcome;
  try {
    outcome = run_match(*game, *setup);
  } catch (const UsageError& e) {
    std::cerr << "arena: " << e.what() << "\n";
    stop_serving();
    return kUsage;
  }
  const std::string jsonl = outcome.replay.to_jsonl();
  // The replay file is whole before the viewers hear that the match is over, so that anyone who
  // sees the result on the page can read the file (it was written after, and a reader could
  // catch its last line half written). Interrupted: the bots were killed mid-game, so the result
  // says nothing; no file is written and nothing is printed.
  std::string replay_error;
  if (!interrupted() && !o.replay_path.empty()) {
    try {
      write_file(o.replay_path, jsonl);
    } catch (const std::exception& e) {
      replay_error = e.what();
    }
  }
  if (server) server->live_end(live_id, jsonl);
  if (interrupted()) return kInterrupted;
  for (const std::string& w : outcome.warnings) std::cerr << "arena: " << w << "\n";
  if (!replay_error.empty()) {
    // The match was played, but the run fails, since the replay asked for is not there.
    std::cerr << "arena: " << replay_error << "\n";
    stop_serving();
    return kFailure;
  }
  if (o.json) {
    std::cout << play_json(*game, *setup, outcome).dump() << "\n";
  } else {
    std::cout << outcome.summary;
    if (!outcome.summary.empty() && outcome.summary.back() != '\n') std::cout << "\n";
    if (!o.replay_path.empty() && o.replay_path != "-")
      std::cout << "replay: " << o.replay_path << "\n";
    // A drawn seed is the only way to play the match again: say it (JSON always carries it).
    if (!setup->seed_given) std::cout << "seed: " << setup->seed << " (drawn)\n";
  }
  if (server) {
    // The page keeps showing the whole match; Ctrl-C ends arena (core/interrupt.h).
    (o.json ? std::cerr : std::cout)
        << "arena: the match is over; " << url << " is served until Ctrl-C" << std::endl;
    serving.join();
  }
  return kOk;
}

int cmd_eval(const PlayOptions& o) {
  const GameInfo* game = find_game_or_complain(o.game);
  if (!game) return kUsage;
  auto setup = setup_or_complain(*game, o.match);
  if (!setup) return kUsage;
  if (!o.replay_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.replay_dir, ec);
    if (!std::filesystem::is_directory(o.replay_dir)) {
      std::cerr << "arena: --replay-dir " << o.replay_dir << ": cannot create the directory"
                << (ec ? ": " + ec.message() : "") << "\n";
      return kFailure;
    }
  }
  EvalOptions eo;
  eo.games = o.games;
  eo.jobs = o.jobs;
  eo.replay_dir = o.replay_dir;
  eo.stop = [] { return interrupted(); };
  const bool progress = o.progress || isatty(2);
  if (progress) {
    auto last = std::make_shared<Clock::time_point>();
    eo.progress = [game, &setup, last](const EvalProgress& p) {
      // At most five updates a second, and always the last one.
      if (p.done < p.total && Clock::now() - *last < std::chrono::milliseconds(200)) return;
      *last = Clock::now();
      std::cerr << "\rarena: eval: " << progress_line(*game, *setup, p) << "\x1b[K" << std::flush;
    };
  }
  EvalRun run;
  try {
    run = run_eval(*game, *setup, eo);
  } catch (const UsageError& e) {
    std::cerr << "arena: " << e.what() << "\n";
    return kUsage;
  }
  if (progress) std::cerr << "\n";
  std::set<std::string> warned;  // each warning once, not once per game
  for (const MatchOutcome& outcome : run.outcomes)
    for (const std::string& w : outcome.warnings)
      if (warned.insert(w).second) std::cerr << "arena: " << w << "\n";
  for (const FailedGame& f : run.failed)
    std::cerr << "arena: eval: the game of seed " << f.seed << " failed: " << f.reason << "\n";
  if (run.stopped)
    std::cerr << "arena: eval: interrupted; " << run.outcomes.size() << " of " << o.games
              << " games finished and are reported\n";
  Json j = eval_json(*game, *setup, run.outcomes);
  Json failed = Json::array();
  for (const FailedGame& f : run.failed)
    failed.push_back({{"seed", std::to_string(f.seed)}, {"reason", f.reason}});
  j["failed"] = std::move(failed);
  if (run.stopped) j["interrupted"] = true;
  const int status = run.stopped ? kInterrupted : run.failed.empty() ? kOk : kFailure;
  if (o.json) {
    std::cout << j.dump() << "\n";
    return status;
  }
  std::cout << game->name << ": " << run.outcomes.size() << " games from seed " << setup->seed;
  if (!run.failed.empty()) std::cout << " (" << run.failed.size() << " failed)";
  std::cout << "\n";
  for (auto& [role, r] : j["roles"].items()) {
    std::cout << "  " << role << ": mean " << r["mean"].get<double>() << ", 95% CI ["
              << r["ci95"][0].get<double>() << ", " << r["ci95"][1].get<double>() << "], win rate "
              << r["win_rate"].get<double>() << "\n";
  }
  for (auto& [key, value] : j.items()) {
    if (key != "game" && key != "games" && key != "seed" && key != "roles" && key != "failed" &&
        key != "interrupted")
      std::cout << "  " << key << ": " << value.dump() << "\n";
  }
  return status;
}

}  // namespace arena::cli
