// wumpus_simulate: plays the reference bot on the seeded worlds of spec §11 through the rules
// engine and prints the figures the spec's targets are stated in.
//
//   wumpus_simulate [--mode classic|random|advanced] [--from A] [--to B] [--threads N]
//                   [--width W --height H --pit P --wumpuses K --arrows S]  (advanced, -1 = draw)
//                   [--threshold T] [--fixed] [--budget N] [--depth D]
//                   [--safe-alternatives A] [--safe-max-cells C] [--shot-pit X]
//                   [--scores FILE] [--paired-against FILE] [--exact | --optimal]
//
// --fixed turns the lookahead off and walks home over visited cells only; with --threshold 0.35
// (classic) or 0.225 (random) that is the faithful §10.4 policy the spec measured.
// --scores writes "seed score w h pit k arrows" lines; --paired-against reads such a file (e.g.
// of a --fixed run) and prints the mean per-seed difference with its standard error: the worlds
// are identical, so it is far tighter than the difference of the two means.
// --exact plays no world: it prints the bot's exact expected score over all caves of fixed
// parameters (classic, or advanced with every parameter given), from the percept probabilities of
// the exact beliefs. --optimal prints the same for the best possible policy (optimal.h).
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

#include "games/wumpus/bots/optimal.h"
#include "games/wumpus/bots/reference.h"
#include "games/wumpus/world.h"

namespace {

using namespace arena::wumpus;

struct GameResult {
  int score = 0;
  EndReason reason = EndReason::none;
  double max_ms = 0.0;
  std::vector<float> move_ms;
  Params params;
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
  r.params = cave.params();
  r.reason = state.reason();
  return r;
}

int usage() {
  std::fprintf(stderr,
               "usage: wumpus_simulate [--mode classic|random|advanced] [--from A] [--to B]\n"
               "  [--threads N] [--width W] [--height H] [--pit P] [--wumpuses K] [--arrows S]\n"
               "  [--threshold T] [--fixed] [--budget N] [--depth D]\n"
               "  [--safe-alternatives A] [--safe-max-cells C] [--shot-pit X]\n"
               "  [--scores FILE] [--paired-against FILE] [--exact | --optimal]\n");
  return 2;
}

double choose(int n, int k) {
  if (k < 0 || k > n) return 0.0;
  double c = 1.0;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

// The exact expected score of the bot over every cave of fixed parameters: the value of each
// first percept (breeze, stench at the entrance) weighted by its prior probability. Noise-free,
// so policies can be compared without sampling error.
int print_exact(Mode mode, const AdvancedInput& adv, const ReferenceOptions& options,
                bool optimal) {
  if (mode == Mode::random ||
      (mode == Mode::advanced && (adv.width < 0 || adv.height < 0 || adv.pit_percent < 0 ||
                                  adv.wumpuses < 0 || adv.arrows < 0))) {
    std::fprintf(stderr, "wumpus_simulate: --exact needs fixed parameters\n");
    return 2;
  }
  const Params params = generate(mode, adv, 1).params();
  if (optimal && !OptimalSolver::supports(params)) {
    std::fprintf(stderr, "wumpus_simulate: --optimal needs at most one wumpus\n");
    return 2;
  }
  OptimalSolver solver;
  const int cells = params.width * params.height;
  const int degree = (params.width > 1) + (params.height > 1);
  const double p = params.pit_percent / 100.0;
  const double breeze = 1.0 - std::pow(1.0 - p, degree);
  const double stench =
      1.0 - choose(cells - 1 - degree, params.wumpuses) / choose(cells - 1, params.wumpuses);
  double total = 0.0;
  for (int b = 0; b < 2; ++b) {
    for (int s = 0; s < 2; ++s) {
      Percept first;
      first.breeze = b, first.stench = s;
      const double prob = (b ? breeze : 1.0 - breeze) * (s ? stench : 1.0 - stench);
      auto t0 = std::chrono::steady_clock::now();
      double v = 0.0;
      if (optimal) {
        Knowledge kb;
        kb.start(params);
        kb.observe(first);
        v = solver.value(kb);
      } else {
        ReferenceBot bot(options);
        v = bot.policy_value(StartInfo{params, params.turn_limit()}, first);
      }
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::printf("first percept breeze=%d stench=%d  p=%.6f  value %.4f  (%.1f s)\n", b, s, prob,
                  v, secs);
      total += prob * v;
    }
  }
  std::printf("exact expected score %.4f\n", total);
  if (optimal) std::printf("decision states %zu\n", solver.states());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Mode mode = Mode::classic;
  AdvancedInput adv;
  uint64_t from = 1, to = 1000;
  int threads = 1;
  ReferenceOptions options;
  const char* scores_file = nullptr;
  const char* paired_file = nullptr;
  bool exact = false, optimal = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    const char* v = nullptr;
    if (a == "--fixed") {
      options.lookahead = false;
      options.gold_way_safe = false;
      continue;
    }
    if (a == "--optimal") {
      exact = optimal = true;
      continue;
    }
    if (a == "--exact") {
      exact = true;
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
    } else if (a == "--safe-alternatives") {
      options.safe_alternatives = std::atoi(v);
    } else if (a == "--safe-max-cells") {
      options.safe_max_cells = std::atoi(v);
    } else if (a == "--depth") {
      options.lookahead_depth = std::atoi(v);
    } else if (a == "--budget") {
      options.lookahead_budget = std::atoll(v);
    } else if (a == "--paired-against") {
      paired_file = v;
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
  if (exact) return print_exact(mode, adv, options, optimal);
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
        std::fprintf(f, "%llu %d %d %d %d %d %d\n", static_cast<unsigned long long>(from + i),
                     results[i].score, results[i].params.width, results[i].params.height,
                     results[i].params.pit_percent, results[i].params.wumpuses,
                     results[i].params.arrows);
      std::fclose(f);
    }
  }
  if (paired_file) {
    FILE* f = std::fopen(paired_file, "r");
    if (!f) {
      std::fprintf(stderr, "wumpus_simulate: cannot read %s\n", paired_file);
      return 1;
    }
    unsigned long long seed = 0;
    int other = 0;
    double dsum = 0.0, dsq = 0.0;
    size_t pairs = 0, better = 0, worse = 0;
    while (std::fscanf(f, "%llu %d%*[^\n]", &seed, &other) == 2) {
      if (seed < from || seed > to) continue;
      const double d = results[seed - from].score - other;
      dsum += d, dsq += d * d, ++pairs;
      better += d > 0, worse += d < 0;
    }
    std::fclose(f);
    if (pairs > 1) {
      const double dm = dsum / pairs;
      const double dvar = (dsq - pairs * dm * dm) / (pairs - 1);
      std::printf("paired vs %s: %+.2f +- %.2f (s.e.) over %zu seeds; better %zu, worse %zu\n",
                  paired_file, dm, std::sqrt(dvar / pairs), pairs, better, worse);
    }
  }
  return 0;
}
