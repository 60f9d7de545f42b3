// The `arena` subcommands. Each returns the process exit status: 0 ok, 1 failure, 2 bad usage.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "match/runner.h"

namespace CLI {
class App;
}

namespace arena::cli {

constexpr int kOk = 0, kFailure = 1, kUsage = 2;
// Ended by Ctrl-C (SIGINT) after reporting what finished: 128 + 2, as shells report it.
constexpr int kInterrupted = 130;

struct PlayOptions {
  std::string game;
  MatchArgs match;
  std::string replay_path;
  bool json = false;
  int games = 1;           // eval
  int jobs = 1;            // eval
  std::string replay_dir;  // eval: keep each game's replay as DIR/<game>-<seed>.jsonl
  bool progress = false;   // eval: progress on stderr even when it is not a terminal
  bool serve = false;      // play: watch the match in a browser at /live/1 (docs/web.md)
  int serve_port = 0;      // play --serve: the port (0: a free one, printed)
};

// `arena serve`: the browser app (docs/web.md).
struct ServeArgs {
  int port = 8080;
  std::string bind = "127.0.0.1";
  std::string replays_dir = ".";
  std::optional<std::string> db;  // the tournament pages' database (default: ./arena.db if there)
};

// `arena sprt GAME [k=v ...] --bot A=SPEC --bot B=SPEC --elo0 E0 --elo1 E1 ...`.
struct SprtOptions {
  std::string game;
  MatchArgs match;                // parameters, --seed, --time-ms, --sandbox, --limit; no seats
  std::vector<std::string> bots;  // NAME=SPEC or NAME:SIDE=SPEC
  double elo0 = 0, elo1 = 0;
  double alpha = 0.05, beta = 0.05;
  std::string model = "normalized";
  int jobs = 1;
  long max_games = 0;  // 0: until the test decides
  bool json = false;
};

// `arena worker --db postgresql://... [--lease-s S] [--jobs J]`.
struct WorkerArgs {
  std::string db;
  double lease_s = 1800;
  int jobs = 1;
  bool progress = false;
};

int cmd_games(bool json);
int cmd_serve(const ServeArgs& args);
int cmd_play(const PlayOptions& options);
int cmd_eval(const PlayOptions& options);
int cmd_bot(const std::string& game, const std::string& name, const BotArgs& args);
// `arena host GAME [k=v ...]`: the words are the game's parameters and its host parameters.
int cmd_host(const std::string& game, const std::vector<std::string>& param_words, HostArgs args);
// `export_path`: "" or "-" prints the export form; otherwise it is written to that file, with
// the game's export files (GameInfo::export_files) next to it.
int cmd_replay(const std::string& path, bool do_export, const std::string& export_path, bool json);
int cmd_sprt(const SprtOptions& options);
int cmd_worker(const WorkerArgs& args);
int cmd_bench(const std::string& game, const std::vector<std::string>& extra);
// `arena <game> <tool> ARGS...`.
int run_game_tool(const GameInfo& game, const std::string& tool,
                  const std::vector<std::string>& args);

// `arena tournament run|matches|report` (cli/cmd_tournament.cc): registered on `app`; `run` runs
// the subcommand that was parsed, `plays` says whether it plays matches (needs the interrupt
// handler).
struct TournamentCommand {
  CLI::App* command;
  std::function<int()> run;
  std::function<bool()> plays;
};
TournamentCommand add_tournament_command(CLI::App& app);

// Finds a game or prints "arena: unknown game 'X' (games: ...)" and returns nullptr.
const GameInfo* find_game_or_complain(const std::string& name);

}  // namespace arena::cli
