// `arena`: the one command (DESIGN.md, "The command line").
#include <CLI/CLI.hpp>

#include <iostream>

#include "cli/commands.h"
#include "core/interrupt.h"
#include "core/replay.h"
#include "games/all_games.h"

namespace {

using namespace arena;
using namespace arena::cli;

void add_match_options(CLI::App* cmd, PlayOptions& o) {
  cmd->add_option("game", o.game, "The game (see `arena games`)")->required();
  cmd->add_option("params", o.match.param_words, "Game parameters as name=value");
  cmd->add_option("--seat", o.match.seat_args, "ROLE=SPEC: a command line, or bot:NAME")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("ROLE=SPEC");
  cmd->add_option("--mode", o.match.mode_args,
                  "ROLE=MODE: a seat's transport mode, if the game has several")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("ROLE=MODE");
  cmd->add_option("--seed", o.match.seed, "Match seed, 0..2^64-1 (default: drawn and recorded)");
  cmd->add_option("--time-ms", o.match.time_ms, "Per-turn time limit in milliseconds");
  cmd->add_option("--sandbox", o.match.sandbox,
                  "bwrap (default): bot programs run confined; none: unconfined");
  cmd->add_option("--limit", o.match.limits,
                  "NAME=N, a limit of each confined bot over the game's defaults "
                  "(docs/sandbox.md): memory_mb, processes, cpu_s, open_files, file_mb")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("NAME=N");
  cmd->add_flag("--json", o.json, "Print one JSON object");
}

// CLI11's own errors in the form of every other message of the command: "arena: <what>: <reason>"
// (CLI11 puts the option's name first in its validation errors).
std::string failure_message(const CLI::App*, const CLI::Error& e) {
  return std::string("arena: ") + e.what() + "\n";
}

// An integer option's range, with the message the game-specific checks use.
CLI::Validator int_range(int lo, int hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        const std::string message =
            "must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
        if (text.empty() || text.size() > 11 ||
            !(text[0] == '-' || (text[0] >= '0' && text[0] <= '9')))
          return message;
        size_t used = 0;
        long long v = 0;
        try {
          v = std::stoll(text, &used);
        } catch (const std::exception&) {
          return message;
        }
        if (used != text.size() || v < lo || v > hi) return message;
        return std::string();
      },
      "INT in [" + std::to_string(lo) + " - " + std::to_string(hi) + "]");
}

}  // namespace

int main(int argc, char** argv) {
  register_all_games();
  CLI::App app{"Arena: AI programming games, bots in any language, reproducible matches."};
  app.failure_message(failure_message);  // before the subcommands: they inherit it
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Help for every subcommand");
  app.set_version_flag("--version", std::string("arena ") + kArenaVersion,
                       "Print `arena VERSION` and exit");

  bool games_json = false;
  auto* games = app.add_subcommand("games", "List games, their parameters, roles and bots");
  games->add_flag("--json", games_json, "Print JSON");

  PlayOptions play_opts;
  auto* play = app.add_subcommand("play", "Play one match");
  add_match_options(play, play_opts);
  play->add_option("--replay", play_opts.replay_path, "Write the replay (JSON Lines) to FILE");
  play->add_flag("--serve", play_opts.serve,
                 "Stream the match to a browser as it happens (prints the URL), then keep serving "
                 "it until Ctrl-C");
  play->add_option("--serve-port", play_opts.serve_port, "The port of --serve (0: a free port)")
      ->check(int_range(0, 65535));

  PlayOptions eval_opts;
  auto* eval = app.add_subcommand("eval", "Play N seeded matches (seed S+i) and report statistics");
  add_match_options(eval, eval_opts);
  eval->add_option("--games", eval_opts.games, "Number of games")->check(int_range(1, 10000000));
  eval->add_option("--jobs", eval_opts.jobs, "Games played in parallel")->check(int_range(1, 256));
  eval->add_option("--replay-dir", eval_opts.replay_dir,
                   "Keep each game's replay as DIR/<game>-<seed>.jsonl, written as it ends");
  eval->add_flag("--progress", eval_opts.progress,
                 "Show progress on stderr (the default when stderr is a terminal)");

  SprtOptions sprt_opts;
  auto* sprt = app.add_subcommand(
      "sprt", "Sequential probability ratio test of two bots on paired games (sides swapped)");
  sprt->add_option("game", sprt_opts.game, "The game (two sides: see `arena games`)")->required();
  sprt->add_option("params", sprt_opts.match.param_words, "Game parameters as name=value");
  sprt->add_option("--bot", sprt_opts.bots,
                   "NAME=SPEC, or NAME:SIDE=SPEC for one side (e.g. A:hunters=bot:hunter); two "
                   "entrants, the first is tested against the second")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("NAME[:SIDE]=SPEC")
      ->required();
  sprt->add_option("--elo0", sprt_opts.elo0, "Elo of H0 (the first entrant's over the second)")
      ->required();
  sprt->add_option("--elo1", sprt_opts.elo1, "Elo of H1")->required();
  sprt->add_option("--alpha", sprt_opts.alpha, "Type I error: accepting H1 when H0 holds (0.05)");
  sprt->add_option("--beta", sprt_opts.beta, "Type II error: accepting H0 when H1 holds (0.05)");
  sprt->add_option("--model", sprt_opts.model, "normalized (default) or logistic Elo");
  sprt->add_option("--seed", sprt_opts.match.seed,
                   "Seed of the first pair; pair i plays seed+i (default: drawn and printed)");
  sprt->add_option("--jobs", sprt_opts.jobs, "Games played in parallel")->check(int_range(1, 256));
  sprt->add_option("--max-games", sprt_opts.max_games,
                   "Stop after this many games (even; default: until the test decides)")
      ->check(int_range(2, 100000000));
  sprt->add_option("--time-ms", sprt_opts.match.time_ms, "Per-turn time limit in milliseconds");
  sprt->add_option("--sandbox", sprt_opts.match.sandbox,
                   "bwrap (default): bot programs run confined; none: unconfined");
  sprt->add_option("--limit", sprt_opts.match.limits, "NAME=N, a limit of each confined bot")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->type_name("NAME=N");
  sprt->add_flag("--json", sprt_opts.json, "Print the result as one JSON object");

  WorkerArgs worker_args;
  auto* worker = app.add_subcommand(
      "worker", "Play the queued matches of a shared PostgreSQL database until none is left");
  worker->add_option("--db", worker_args.db, "postgresql://... (a libpq connection URI)")
      ->required();
  worker
      ->add_option("--lease-s", worker_args.lease_s,
                   "Seconds a leased match stays this worker's between renewals (every third "
                   "of it while the match is played); if the worker dies, another takes the "
                   "match after that (default 1800)")
      ->check(CLI::Range(1.0, 7.0 * 24 * 3600));
  worker->add_option("--jobs", worker_args.jobs, "Matches played in parallel")
      ->check(int_range(1, 256));
  worker->add_flag("--progress", worker_args.progress,
                   "A line per match on stderr even when it is not a terminal");

  std::string bot_game, bot_name;
  BotArgs bot_args;
  auto* bot =
      app.add_subcommand("bot", "Run a built-in bot as a program speaking the game's protocol");
  bot->add_option("game", bot_game, "The game")->required();
  bot->add_option("name", bot_name, "The bot")->required();
  bot->add_option("--seed", bot_args.seed, "The bot's seed");
  bot->add_option("--host", bot_args.host, "Server host (TCP games)");
  bot->add_option("--port", bot_args.port, "Server port (TCP games)");
  // Game-specific arguments (e.g. dracula's --persistent) reach the game's run_bot in
  // BotArgs.extra.
  bot->allow_extras();

  std::string host_game;
  HostArgs host_args;
  auto* host =
      app.add_subcommand("host", "Run a game's server, waiting for external clients (TCP games)");
  host->add_option("game", host_game, "The game")->required();
  host->add_option("--port", host_args.port, "TCP port to listen on (0: any free port)");
  host->add_option("--seed", host_args.seed, "Match seed");
  host->add_option("--time-ms", host_args.time_ms, "Per-call time limit in milliseconds");
  host->add_option("--replay", host_args.replay_path, "Write the replay (JSON Lines) to FILE");
  std::vector<std::string> host_params;
  host->add_option("params", host_params,
                   "Game parameters as name=value, and the game's own server settings "
                   "(see `arena games`; Evolution: signup_window_s=W)");

  std::string replay_path, replay_export_path;
  bool replay_json = false;
  auto* replay =
      app.add_subcommand("replay", "Check and summarise a replay, or export the spec's form");
  replay->add_option("file", replay_path, "The replay file (- for stdin)")->required();
  auto* replay_export =
      replay
          ->add_option("--export", replay_export_path,
                       "Export the spec's own single-document form: printed, or written to OUT "
                       "with the game's side files (e.g. a stderr log) next to it")
          ->expected(0, 1)
          ->type_name("[OUT]");
  replay->add_flag("--json", replay_json, "Print the summary as JSON");

  // `arena <game> <tool> ARGS...`: each game's own tools, passed their arguments untouched.
  std::vector<std::pair<const GameInfo*, CLI::App*>> tool_commands;
  std::string tool_name;
  std::vector<std::string> tool_args;
  for (const GameInfo& g : Registry::instance().games()) {
    if (g.tools.empty()) continue;
    std::string names;
    for (const GameTool& t : g.tools) names += (names.empty() ? "" : ", ") + t.name;
    auto* cmd = app.add_subcommand(g.name, "The tools of " + g.name + ": " + names);
    cmd->add_option("tool", tool_name, "The tool")->required();
    cmd->prefix_command();  // everything after the tool's name is the tool's
    tool_commands.emplace_back(&g, cmd);
  }

  ServeArgs serve_args;
  auto* serve = app.add_subcommand(
      "serve", "Serve the browser app: replay viewer, human play, tournaments (docs/web.md)");
  serve->add_option("--port", serve_args.port, "TCP port (0: a free port, printed)")
      ->check(int_range(0, 65535));
  serve->add_option("--bind", serve_args.bind, "Address to listen on (default 127.0.0.1)");
  serve->add_option("--replays", serve_args.replays_dir,
                    "Directory of replay files to list and view (default: .)");
  serve->add_option("--db", serve_args.db,
                    "Tournament database of the /tournaments pages: sqlite:PATH or PATH, or "
                    "postgresql://... (default: arena.db if it is in the current directory)");

  std::string bench_game;
  std::vector<std::string> bench_extra;
  auto* bench = app.add_subcommand("bench", "Run a game's benchmarks (Google Benchmark)");
  bench->add_option("game", bench_game, "The game")->required();
  bench->add_option("args", bench_extra, "Extra Google Benchmark flags");
  bench->allow_extras();

  TournamentCommand tournament = add_tournament_command(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kUsage;
  }

  // Commands that run bots: Ctrl-C or SIGTERM kills every bot process tree before arena exits;
  // eval then reports the games that finished.
  if (*play || *host) install_interrupt_handler();
  if (*eval || *sprt || *worker || (*tournament.command && tournament.plays()))
    install_interrupt_handler(/*command_ends_itself=*/true);
  try {
    if (*games) return cmd_games(games_json);
    if (*serve) return cmd_serve(serve_args);
    if (*play) return exit_status(cmd_play(play_opts));
    if (*eval) return exit_status(cmd_eval(eval_opts));
    if (*sprt) return exit_status(cmd_sprt(sprt_opts));
    if (*worker) return exit_status(cmd_worker(worker_args));
    if (*tournament.command) return exit_status(tournament.run());
    if (*bot) {
      bot_args.extra = bot->remaining();
      return cmd_bot(bot_game, bot_name, bot_args);
    }
    if (*host) return exit_status(cmd_host(host_game, host_params, host_args));
    if (*replay)
      return cmd_replay(replay_path, replay_export->count() > 0, replay_export_path, replay_json);
    for (auto& [g, cmd] : tool_commands) {
      if (!*cmd) continue;
      tool_args = cmd->remaining();
      return run_game_tool(*g, tool_name, tool_args);
    }
    if (*bench) {
      for (const auto& x : bench->remaining()) bench_extra.push_back(x);
      return cmd_bench(bench_game, bench_extra);
    }
  } catch (const std::exception& e) {
    std::cerr << "arena: " << e.what() << "\n";
    return exit_status(kFailure);
  }
  return kUsage;
}
