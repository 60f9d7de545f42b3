// The `arena` subcommands. Each returns the process exit status: 0 ok, 1 failure, 2 bad usage.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match/runner.h"

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
int cmd_bench(const std::string& game, const std::vector<std::string>& extra);
// `arena <game> <tool> ARGS...`.
int run_game_tool(const GameInfo& game, const std::string& tool,
                  const std::vector<std::string>& args);

// Finds a game or prints "arena: unknown game 'X' (games: ...)" and returns nullptr.
const GameInfo* find_game_or_complain(const std::string& name);

}  // namespace arena::cli
