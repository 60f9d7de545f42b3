#include "tournament/swiss_run.h"

#include <chrono>
#include <thread>

#include "tournament/swiss_rows.h"

namespace arena::tournament {

namespace {

void add(RunSummary& total, const RunSummary& s) {
  total.played += s.played;
  total.failed += s.failed;
  total.requeued += s.requeued;
  total.match_ms += s.match_ms;
  total.lease_ms += s.lease_ms;
  total.serialise_ms += s.serialise_ms;
  total.record_ms += s.record_ms;
}

}  // namespace

RunSummary run_swiss(Store& store, const Tournament& t, const GameInfo& game,
                     const ScheduleConfig& config, const MatchArgs& base,
                     const SwissRunOptions& options) {
  using Steady = std::chrono::steady_clock;
  const auto start = Steady::now();
  RunSummary total;
  std::vector<std::string> labels;
  for (const Entrant& e : config.entrants) labels.push_back(e.label);
  const int n = static_cast<int>(labels.size());
  const int rounds = swiss_rounds(config);
  auto should_stop = [&] { return options.run.stop && options.run.stop(); };
  auto finish = [&](bool stopped) {
    total.stopped = stopped;
    total.wall_s = std::chrono::duration<double>(Steady::now() - start).count();
    return total;
  };
  for (int r = 0; r < rounds; ++r) {
    const std::vector<StoredSwissRound> stored =
        stored_swiss_rounds(game, labels, store.list_matches(t.id, false));
    std::vector<PlayedRound> played = complete_rounds(stored);
    // Every round before r is complete here: rounds are played one after the other.
    if (static_cast<int>(played.size()) < r)
      throw StoreError("swiss round " + std::to_string(played.size() + 1) + " of '" + t.name +
                       "' is not complete, yet round " + std::to_string(r + 1) +
                       " was to be paired");
    played.resize(r);  // a round stored beyond r (a later, complete one) must not pair round r
    const SwissRound pairs = swiss_pair_round(n, played);
    if (static_cast<int>(stored.size()) > r && !(stored[r].pairing == pairs))
      throw StoreError("swiss round " + std::to_string(r + 1) + " of '" + t.name +
                       "' is stored with the pairings " +
                       swiss_round_text(labels, stored[r].pairing) +
                       ", but the results before it give " + swiss_round_text(labels, pairs));
    if (options.on_round) options.on_round(r, pairs);
    store.insert_matches(t.id, swiss_round_matches(game, config, r, pairs));
    for (;;) {
      if (should_stop()) return finish(true);
      const RunSummary s = run_tournament(store, t, game, base, options.run);
      add(total, s);
      if (s.stopped) return finish(true);
      const auto now = stored_swiss_rounds(game, labels, store.list_matches(t.id, false));
      if (static_cast<int>(now.size()) > r && now[r].complete) break;
      // Another process (a second run, an `arena worker`) still plays a match of this round:
      // the next round can only be paired once it is recorded (or its lease lapses and it comes
      // back to the queue, which run_tournament then plays).
      std::this_thread::sleep_for(options.poll);
    }
  }
  return finish(false);
}

}  // namespace arena::tournament
