// `arena worker`: plays the matches queued in a shared PostgreSQL store, for every tournament
// there, until no match is queued or leased. Each tournament is played through run_tournament
// (tournament/runner.h) with the match settings stored in its configuration, so a worker needs
// nothing but the database URL. Several workers on several machines share the queue: each lease
// is one row taken with SKIP LOCKED; a worker that dies leaves its leases to expire (or, on its
// own machine, to be noticed at once through its pid), and a surviving worker plays them again.
#pragma once

#include <chrono>
#include <functional>

#include "match/runner.h"
#include "tournament/runner.h"
#include "tournament/store.h"

namespace arena::tournament {

// The settings every match of a tournament shares (parameters, time, sandbox, limits), from the
// configuration `arena tournament run` stored.
MatchArgs match_args_from_config(const Json& config);

struct WorkerOptions {
  int jobs = 1;
  std::chrono::milliseconds lease = std::chrono::minutes(30);
  // While only other workers' leases remain, how often to look again (a lease held by a dead
  // worker of another machine comes back when it expires).
  std::chrono::milliseconds poll = std::chrono::seconds(1);
  std::function<bool()> stop;
  std::function<void(const Tournament&, const MatchRow&)> on_result;
};

struct WorkerSummary {
  int played = 0, failed = 0, requeued = 0;
  bool stopped = false;
};

// Runs until the store holds no queued or leased match, or stop() says so. A tournament of a game
// this arena does not know is an error (StoreError); a seat that can never be opened is a
// UsageError, rethrown.
WorkerSummary run_worker(Store& store, const WorkerOptions& options);

}  // namespace arena::tournament
