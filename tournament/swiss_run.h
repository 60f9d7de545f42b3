// Plays a swiss tournament round by round: a round's pairings depend on the results of the rounds
// before it, so the run pairs round r from the stored results, inserts its matches, plays them
// (run_tournament, J at a time) and only then pairs round r + 1. Resumable as any run: the rounds
// already stored are paired again from their stored results (the same pairings, since the
// pairing is deterministic), their rows are left alone, and only what is not done is played.
#pragma once

#include <chrono>
#include <functional>

#include "tournament/runner.h"
#include "tournament/schedule.h"

namespace arena::tournament {

struct SwissRunOptions {
  RunOptions run;
  // While another process still plays a match of the current round, how often to look again.
  std::chrono::milliseconds poll = std::chrono::seconds(1);
  // Told each round's pairings (0-based round) before it is played.
  std::function<void(int round, const SwissRound& pairs)> on_round;
};

// `config` is the configuration make_schedule accepted (format swiss). The summary adds up the
// rounds' runs. A round stored with other pairings than its results give (a database edited by
// hand) is a StoreError; a UsageError from run_tournament is rethrown.
RunSummary run_swiss(Store& store, const Tournament& t, const GameInfo& game,
                     const ScheduleConfig& config, const MatchArgs& base,
                     const SwissRunOptions& options);

}  // namespace arena::tournament
