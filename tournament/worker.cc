#include "tournament/worker.h"

#include <thread>

#include "tournament/pg_store.h"

namespace arena::tournament {

MatchArgs match_args_from_config(const Json& config) {
  MatchArgs a;
  if (config.contains("params")) a.param_words = config["params"].get<std::vector<std::string>>();
  if (config.contains("time_ms") && config["time_ms"].is_number())
    a.time_ms = config["time_ms"].get<int>();
  if (config.contains("sandbox")) a.sandbox = config["sandbox"].get<std::string>();
  if (config.contains("limits")) a.limits = config["limits"].get<std::vector<std::string>>();
  return a;
}

WorkerSummary run_worker(Store& store, const WorkerOptions& options) {
  WorkerSummary summary;
  auto should_stop = [&] { return options.stop && options.stop(); };
  for (;;) {
    if (should_stop()) {
      summary.stopped = true;
      return summary;
    }
    const std::vector<Tournament> work = tournaments_with_work(store);
    if (work.empty()) return summary;
    int played = 0;
    for (const Tournament& t : work) {
      const GameInfo* game = Registry::instance().find(t.game);
      if (!game)
        throw StoreError("tournament '" + t.name + "' is of game '" + t.game +
                         "', which this arena does not know");
      RunOptions ro;
      ro.jobs = options.jobs;
      ro.lease = options.lease;
      ro.stop = options.stop;
      if (options.on_result) ro.on_result = [&](const MatchRow& row) { options.on_result(t, row); };
      const RunSummary s = run_tournament(store, t, *game, match_args_from_config(t.config), ro);
      summary.played += s.played;
      summary.failed += s.failed;
      summary.requeued += s.requeued;
      played += s.played + s.requeued;
      if (s.stopped) {
        summary.stopped = true;
        return summary;
      }
    }
    // Only other workers' leases are left: they end with a result, or expire and come back.
    if (played == 0) std::this_thread::sleep_for(options.poll);
  }
}

}  // namespace arena::tournament
