// Plays a tournament's queued matches, `jobs` at a time: each thread leases the next match from
// the store, plays it through run_match (match/match.h) and records its result and replay as it
// ends, so that a run stopped in any way (Ctrl-C, a crash, kill -9) loses at most the matches in
// flight, which go back to the queue and are played again by the next run.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "core/registry.h"
#include "match/runner.h"
#include "tournament/store.h"

namespace arena::tournament {

struct RunOptions {
  int jobs = 1;
  // How long a lease holds before another worker may take the match back. A worker of this
  // machine whose process is gone is noticed at once (lease owners carry host and pid).
  std::chrono::milliseconds lease = std::chrono::minutes(30);
  std::function<bool()> stop;  // asked before each match and after it: true ends the run
  // Called under a lock after each recorded match, with its row (result, no replay).
  std::function<void(const MatchRow&)> on_result;
};

struct RunSummary {
  int played = 0;    // matches recorded by this run
  int failed = 0;    // of which could not be played (recorded with their error)
  int requeued = 0;  // stale leases given back to the queue at the start
  bool stopped = false;
  double wall_s = 0;        // the whole run
  double match_ms = 0;      // summed over threads: inside run_match (the matches themselves)
  double lease_ms = 0;      // summed: leasing from the store
  double serialise_ms = 0;  // summed: the result and the replay as stored (match_result)
  double record_ms = 0;     // summed: writing them to the store
};

// `base`: the parameters, time control and sandbox of every match (its seats and seed come from
// each row). A UsageError (a seat that can never be opened, such as an unknown built-in bot)
// ends the run, gives its lease back and is rethrown.
RunSummary run_tournament(Store& store, const Tournament& t, const GameInfo& game,
                          const MatchArgs& base, const RunOptions& options);

// host/pid/start-time of this process: the lease owner of its matches.
std::string this_worker_id();

// A lease is stale when it expired, or when its owner is a process of this host that is gone.
bool lease_is_stale(const std::string& owner, int64_t lease_expires_ms, int64_t now);

// What a finished match leaves in the store: result line, verdict counts per role, replay.
MatchResult match_result(const MatchOutcome& outcome);

}  // namespace arena::tournament
