#include "match/eval.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "core/clock.h"
#include "match/match.h"
#include "match/runner.h"

namespace arena {

EvalRun run_eval(const GameInfo& game, const MatchSetup& setup, const EvalOptions& options) {
  const int games = options.games;
  std::vector<std::optional<MatchOutcome>> outcomes(static_cast<size_t>(games));
  std::vector<std::optional<FailedGame>> failures(static_cast<size_t>(games));
  std::exception_ptr usage_error;
  std::atomic<int> next{0};
  std::atomic<bool> stopped{false};
  std::mutex mutex;  // progress, the finishing order, the first usage error
  std::vector<const MatchOutcome*> finished;
  int done = 0, failed = 0;
  const auto start = Clock::now();

  auto report = [&] {
    if (!options.progress) return;
    EvalProgress p;
    p.done = done;
    p.failed = failed;
    p.total = games;
    p.elapsed_s = ms_since(start) / 1000.0;
    p.finished = &finished;
    options.progress(p);
  };
  auto worker = [&] {
    for (;;) {
      if (stopped || (options.stop && options.stop())) {
        stopped = true;
        return;
      }
      const int i = next++;
      if (i >= games) return;
      MatchSetup s = setup;
      s.seed = setup.seed + static_cast<uint64_t>(i);
      s.seed_given = true;
      const size_t k = static_cast<size_t>(i);
      try {
        MatchOutcome o = run_match(game, s);
        // A game in flight when the run was stopped lost its bots: it does not count.
        if (options.stop && options.stop()) {
          stopped = true;
          return;
        }
        if (!options.replay_dir.empty())
          write_file(options.replay_dir + "/" + game.name + "-" + std::to_string(s.seed) + ".jsonl",
                     o.replay.to_jsonl());
        if (!options.keep_replays) o.replay = Replay{};
        std::lock_guard lock(mutex);
        outcomes[k] = std::move(o);
        finished.push_back(&*outcomes[k]);
        ++done;
        report();
      } catch (const UsageError&) {
        std::lock_guard lock(mutex);
        if (!usage_error) usage_error = std::current_exception();
        stopped = true;
        return;
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex);
        failures[k] = FailedGame{s.seed, e.what()};
        ++done;
        ++failed;
        report();
      }
    }
  };
  const int jobs = std::max(1, std::min(options.jobs, games));
  std::vector<std::thread> threads;
  for (int t = 1; t < jobs; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (usage_error) std::rethrow_exception(usage_error);

  EvalRun run;
  run.stopped = stopped;
  for (int i = 0; i < games; ++i) {
    const size_t k = static_cast<size_t>(i);
    if (outcomes[k]) {
      run.outcomes.push_back(std::move(*outcomes[k]));
      run.seeds.push_back(setup.seed + k);
    }
    if (failures[k]) run.failed.push_back(std::move(*failures[k]));
  }
  return run;
}

std::string progress_line(const GameInfo& game, const MatchSetup& setup, const EvalProgress& p) {
  const double rate = p.elapsed_s > 0 ? p.done / p.elapsed_s : 0;
  const double left = rate > 0 ? (p.total - p.done) / rate : 0;
  std::string line = fmt::format("{}/{} games", p.done, p.total);
  if (p.failed) line += fmt::format(" ({} failed)", p.failed);
  line += fmt::format(", {:.1f}/s, {:.0f} s left", rate, left);
  const auto& finished = *p.finished;
  const double n = static_cast<double>(finished.size());
  for (const std::string& role : game.roles) {
    if (!setup.seats.count(role) || finished.empty()) continue;
    double sum = 0, sq = 0;
    for (const MatchOutcome* o : finished) {
      const double s = o->scores.count(role) ? o->scores.at(role) : 0.0;
      sum += s;
      sq += s * s;
    }
    const double mean = sum / n;
    const double var = n > 1 ? std::max(0.0, (sq - n * mean * mean) / (n - 1)) : 0;
    line += fmt::format(", {} {:.1f} ± {:.1f}", role, mean, 1.96 * std::sqrt(var / n));
  }
  return line;
}

}  // namespace arena
