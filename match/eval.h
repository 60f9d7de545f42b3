// `arena eval`: many seeded matches, played `jobs` at a time. A game that fails is counted as
// failed with its reason and the others go on; each finished game's replay can be kept as it
// ends, so that nothing already played is lost; an interruption (Ctrl-C) stops the run and keeps
// what finished.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/registry.h"

namespace arena {

struct EvalOptions {
  int games = 1;
  int jobs = 1;
  std::string replay_dir;  // "" = keep none; else DIR/<game>-<seed>.jsonl per finished game
  bool keep_replays = false;
  // Asked before each game starts: true stops the run (games in flight are discarded).
  std::function<bool()> stop;
  // Called (under a lock, in finishing order) after each game, finished or failed.
  std::function<void(const struct EvalProgress&)> progress;
};

struct FailedGame {
  uint64_t seed = 0;
  std::string reason;
};

struct EvalProgress {
  int done = 0, failed = 0, total = 0;
  double elapsed_s = 0;
  const std::vector<const MatchOutcome*>* finished = nullptr;  // in finishing order
};

struct EvalRun {
  std::vector<MatchOutcome> outcomes;  // the finished games, in game order
  std::vector<uint64_t> seeds;         // the seed of each outcome
  std::vector<FailedGame> failed;      // in game order
  bool stopped = false;                // stop() ended the run before every game was played
};

// Plays games i = 0..games-1 on seeds seed+i. A UsageError (the setup itself is wrong) ends the
// run at once and is rethrown; any other error fails that game only.
EvalRun run_eval(const GameInfo& game, const MatchSetup& setup, const EvalOptions& options);

// The progress line of `eval` on stderr: games done / total, games per second, time left, and per
// role the running mean with its 95% interval.
std::string progress_line(const GameInfo& game, const MatchSetup& setup, const EvalProgress& p);

}  // namespace arena
