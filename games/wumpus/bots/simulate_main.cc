// wumpus_simulate: plays the reference bot on the seeded worlds of spec §11 through the rules
// engine and prints the figures the spec's targets are stated in.
//
//   wumpus_simulate [--mode classic|random|advanced] [--from A] [--to B] [--threads N]
//                   [--width W --height H --pit P --wumpuses K --arrows S]  (advanced, -1 = draw)
//                   [--threshold T] [--fixed] [--shot-pit X] [--scores FILE]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "games/wumpus/bots/reference.h"
#include "games/wumpus/world.h"

namespace {

using namespace arena::wumpus;

struct GameResult {
  int score = 0;
  EndReason reason = EndReason::none;
  double max_ms = 0.0;
  std::vector<float> move_ms;
};

GameResult play(const Cave& cave, const ReferenceOptions& options, bool keep_times) {
  ReferenceBot bot(options);
  State state(cave);
  bot.start(StartInfo{cave.params(), cave.params().turn_limit()});
  GameResult r;
  while (!state.is_over()) {
    auto t0 = std::chrono::steady_clock::now();
    Action a = bot.act(state.percept());
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    r.max_ms = std::max(r.max_ms, ms);
    if (keep_times) r.move_ms.push_back(static_cast<float>(ms));
    state.apply(a);
  }
  r.score = state.score();
  r.reason = state.reason();
  return r;
}

int usage() {
  std::fprintf(stderr,
               "usage: wumpus_simulate [--mode classic|random|advanced] [--from A] [--to B]\n"
               "  [--threads N] [--width W] [--height H] [--pit P] [--wumpuses K] [--arrows S]\n"
               "  [--threshold T] [--fixed] [--rollouts N] [--candidates C] [--confidence Z] "
               "[--shot-pit X]\n"
               "  [--scores FILE]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Mode mode = Mode::classic;
  AdvancedInput adv;
  uint64_t from = 1, to = 1000;
  int threads = 1;
  ReferenceOptions options;
  const char* scores_file = nullptr;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    const char* v = nullptr;
    if (a == "--fixed") {
      options.rollouts = 0;
      continue;
    }
    if (!(v = value())) return usage();
    if (a == "--mode") {
      auto m = parse_mode(v);
      if (!m || *m == Mode::custom) return usage();
      mode = *m;
    } else if (a == "--from") {
      from = std::strtoull(v, nullptr, 10);
    } else if (a == "--to") {
      to = std::strtoull(v, nullptr, 10);
    } else if (a == "--threads") {
      threads = std::max(1, std::atoi(v));
    } else if (a == "--width") {
      adv.width = std::atoi(v);
    } else if (a == "--height") {
      adv.height = std::atoi(v);
    } else if (a == "--pit") {
      adv.pit_percent = std::atoi(v);
    } else if (a == "--wumpuses") {
      adv.wumpuses = std::atoi(v);
    } else if (a == "--arrows") {
      adv.arrows = std::atoi(v);
    } else if (a == "--threshold") {
      options.risk_threshold = std::atof(v);
    } else if (a == "--rollouts") {
      options.rollouts = std::atoi(v);
    } else if (a == "--confidence") {
      options.confidence = std::atof(v);
    } else if (a == "--candidates") {
      options.max_candidates = std::atoi(v);
    } else if (a == "--shot-pit") {
      options.shot_max_pit = std::atof(v);
    } else if (a == "--scores") {
      scores_file = v;
    } else {
      return usage();
    }
  }
  if (mode == Mode::advanced) {
    if (auto err = validate_advanced(adv)) {
      std::fprintf(stderr, "wumpus_simulate: %s\n", err->c_str());
      return 2;
    }
  }
  if (to < from) return usage();
  const size_t count = to - from + 1;
  std::vector<GameResult> results(count);
  std::atomic<size_t> next{0};
  const bool keep_times = count <= 20000;
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < count;) {
      results[i] = play(generate(mode, adv, from + i), options, keep_times);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();

  double sum = 0.0, sq = 0.0, max_ms = 0.0;
  int wins = 0, deaths = 0, invalid = 0, turn_limit = 0;
  std::vector<float> times;
  for (const auto& r : results) {
    sum += r.score;
    sq += static_cast<double>(r.score) * r.score;
    wins += r.reason == EndReason::exit_with_gold;
    deaths += r.reason == EndReason::death_pit || r.reason == EndReason::death_wumpus;
    turn_limit += r.reason == EndReason::turn_limit;
    invalid += r.score <= -5000;
    max_ms = std::max(max_ms, r.max_ms);
    times.insert(times.end(), r.move_ms.begin(), r.move_ms.end());
  }
  const double mean = sum / count;
  const double var = count > 1 ? (sq - count * mean * mean) / (count - 1) : 0.0;
  double median = 0.0;
  if (!times.empty()) {
    std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
    median = times[times.size() / 2];
  }
  std::printf("mode %s seeds %llu..%llu games %zu\n", std::string(to_string(mode)).c_str(),
              static_cast<unsigned long long>(from), static_cast<unsigned long long>(to), count);
  std::printf("mean %.2f +- %.2f (s.e.)\n", mean, std::sqrt(var / count));
  std::printf("win %.2f %%  death %.2f %%\n", 100.0 * wins / count, 100.0 * deaths / count);
  std::printf("invalid %d  turn_limit %d\n", invalid, turn_limit);
  std::printf("per-move ms: median %.4f max %.3f\n", median, max_ms);
  if (scores_file) {
    if (FILE* f = std::fopen(scores_file, "w")) {
      for (size_t i = 0; i < count; ++i)
        std::fprintf(f, "%llu %d\n", static_cast<unsigned long long>(from + i), results[i].score);
      std::fclose(f);
    }
  }
  return 0;
}
