// `arena worker --db postgresql://... [--lease-s S] [--jobs J]`: plays the shared queue of every
// tournament in the database until it is empty (tournament/worker.h).
#include <unistd.h>

#include <iostream>

#include "cli/commands.h"
#include "core/interrupt.h"
#include "tournament/pg_store.h"
#include "tournament/worker.h"

namespace arena::cli {

int cmd_worker(const WorkerArgs& a) {
  using namespace arena::tournament;
  if (a.db.rfind("postgresql://", 0) != 0 && a.db.rfind("postgres://", 0) != 0) {
    std::cerr << "arena: worker: --db " << a.db
              << ": workers share a PostgreSQL queue (postgresql://...); an SQLite tournament is "
                 "played by `arena tournament run`\n";
    return kUsage;
  }
  WorkerOptions wo;
  wo.jobs = a.jobs;
  wo.lease = std::chrono::milliseconds(static_cast<int64_t>(a.lease_s * 1000));
  wo.stop = [] { return interrupted(); };
  const bool progress = a.progress || isatty(2);
  // One line per match recorded by this worker: tournament, index, seed, winner.
  if (progress)
    wo.on_result = [](const Tournament& t, const MatchRow& row) {
      std::string winner = "failed";
      if (row.result && row.result->error.empty())
        winner = row.result->result["winner"].is_string()
                     ? row.result->result["winner"].get<std::string>()
                     : std::string("none");
      std::cerr << "arena: worker: " << t.name << " #" << row.spec.index << " seed "
                << row.spec.seed << ": " << winner << "\n";
    };
  WorkerSummary s;
  try {
    auto store = open_store(a.db);
    s = run_worker(*store, wo);
  } catch (const UsageError& e) {
    std::cerr << "arena: worker: " << e.what() << "\n";
    return kUsage;
  } catch (const StoreError& e) {
    std::cerr << "arena: worker: " << e.what() << "\n";
    return kFailure;
  }
  std::cerr << "arena: worker: " << s.played << " matches played";
  if (s.failed) std::cerr << " (" << s.failed << " failed)";
  if (s.requeued) std::cerr << ", " << s.requeued << " stale leases put back in the queue";
  std::cerr << (s.stopped ? "; interrupted\n" : "; the queue is empty\n");
  return s.stopped ? kInterrupted : kOk;
}

}  // namespace arena::cli
