// Wumpus benchmarks (`arena bench wumpus`): the rules under random play, the reference bot's time
// per move, and the referee's cost per move over real pipes next to a bare pipe round trip measured
// in the same run, so that the referee's own overhead is the difference of two figures taken on
// the same machine under the same load.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/clock.h"
#include "core/framers.h"
#include "core/rng.h"
#include "core/seat.h"
#include "games/wumpus/bots/belief.h"
#include "games/wumpus/bots/knowledge.h"
#include "games/wumpus/bots/reference.h"
#include "games/wumpus/protocol.h"
#include "games/wumpus/referee.h"
#include "games/wumpus/rules.h"
#include "games/wumpus/world.h"

namespace {

using namespace arena;
using namespace arena::wumpus;

// Worlds are generated before timing: the benchmarks measure play, not generation. A pool of
// seeds rather than one cave, so that branch predictors and caches see the variety of real games.
constexpr uint64_t kPoolSize = 256;

std::vector<Cave> make_pool(Mode mode, const AdvancedInput& in) {
  std::vector<Cave> pool;
  pool.reserve(kPoolSize);
  for (uint64_t seed = 1; seed <= kPoolSize; ++seed) pool.push_back(generate(mode, in, seed));
  return pool;
}

AdvancedInput big_input() {
  AdvancedInput in;
  in.width = 10;
  in.height = 10;
  in.pit_percent = 20;
  in.wumpuses = 3;
  in.arrows = 3;
  return in;
}

const std::vector<Cave>& classic_pool() {
  static const std::vector<Cave> pool = make_pool(Mode::classic, {});
  return pool;
}
const std::vector<Cave>& random_pool() {
  static const std::vector<Cave> pool = make_pool(Mode::random, {});
  return pool;
}
const std::vector<Cave>& big_pool() {
  static const std::vector<Cave> pool = make_pool(Mode::advanced, big_input());
  return pool;
}

// A rate counter and its inverse: time per move reads directly (e.g. "per_move=1.2u" is 1.2 µs).
void report_moves(benchmark::State& state, int64_t games, int64_t moves) {
  state.SetItemsProcessed(moves);
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["moves/game"] =
      benchmark::Counter(games ? static_cast<double>(moves) / static_cast<double>(games) : 0.0);
  state.counters["per_move"] = benchmark::Counter(
      static_cast<double>(moves), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// 1. Random playouts: what a search bot gets from the rules per second.
void random_playout(benchmark::State& state, const std::vector<Cave>& pool) {
  Rng rng(12345);
  int64_t games = 0, moves = 0;
  for (auto _ : state) {
    State s(pool[static_cast<size_t>(games) % pool.size()]);
    while (!s.is_over()) {
      s.apply(kAllActions[rng.below(kAllActions.size())]);
      ++moves;
    }
    benchmark::DoNotOptimize(s.score());
    ++games;
  }
  report_moves(state, games, moves);
  state.SetItemsProcessed(games);  // items are games here; moves/s is the per_move inverse
  state.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

void BM_random_playout_classic(benchmark::State& state) {
  random_playout(state, classic_pool());
}
void BM_random_playout_random(benchmark::State& state) {
  random_playout(state, random_pool());
}
BENCHMARK(BM_random_playout_classic)->Name("wumpus/random_playout/classic");
BENCHMARK(BM_random_playout_random)->Name("wumpus/random_playout/random");

// 2. The reference bot, whole games on seeds 1..N through the rules; items are moves.
void reference_move(benchmark::State& state, const std::vector<Cave>& pool) {
  int64_t games = 0, moves = 0;
  for (auto _ : state) {
    const Cave& cave = pool[static_cast<size_t>(games) % pool.size()];
    ReferenceBot bot;
    State s(cave);
    bot.start(StartInfo{cave.params(), cave.params().turn_limit()});
    while (!s.is_over()) {
      s.apply(bot.act(s.percept()));
      ++moves;
    }
    benchmark::DoNotOptimize(s.score());
    ++games;
  }
  report_moves(state, games, moves);
}

void BM_reference_move_classic(benchmark::State& state) {
  reference_move(state, classic_pool());
}
void BM_reference_move_big(benchmark::State& state) {
  reference_move(state, big_pool());
}
BENCHMARK(BM_reference_move_classic)->Name("wumpus/reference_move/classic");
BENCHMARK(BM_reference_move_big)->Name("wumpus/reference_move/10x10_3w");

// 3 and 4: a persistent child over pipes. The trivial bot sits beside this executable.
std::string trivial_bot_path() {
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  auto bot = self.parent_path() / "arena_bench_trivial_bot";
  if (ec || !std::filesystem::exists(bot)) return {};
  return bot.string();
}

// The seat exactly as games/wumpus/game.cc opens a program's seat: answers framed as lines of at
// most kMaxAnswerBytes.
std::unique_ptr<Seat> open_trivial_seat(Hub& hub, const std::string& path) {
  ProcessOptions options;
  options.argv = {path};
  return make_process_seat(hub, options, [] {
    LineFramerOptions o;
    o.max_line = kMaxAnswerBytes;
    return make_line_framer(o);
  });
}

// 3. The real referee against the trivial bot: a classic game of 96 rotateL, ended by the turn
// limit. Starting the process is left out (paused): it is the OS's cost, not the referee's, and
// would swamp the per-move figure; ending it (close, wait, reap) is part of run_game and stays in.
void BM_referee_per_move_pipes(benchmark::State& state) {
  const std::string path = trivial_bot_path();
  if (path.empty())
    return state.SkipWithError("arena_bench_trivial_bot not found beside arena_bench");
  GameSetup setup;
  setup.cave = classic_pool()[0];
  setup.seed = 1;
  setup.player = {{"kind", "bot"}, {"name", path}, {"version", ""}};
  int64_t games = 0, moves = 0;
  for (auto _ : state) {
    state.PauseTiming();
    Hub hub;
    auto seat = open_trivial_seat(hub, path);
    state.ResumeTiming();
    RefereeRecord outcome = run_game(setup, *seat);
    const int actions = outcome.result.at("actions").get<int>();
    if (outcome.result.at("reason") != "turn_limit") {
      return state.SkipWithError(
          ("game ended by " + outcome.result.at("reason").get<std::string>() + ", not turn_limit")
              .c_str());
    }
    moves += actions;
    ++games;
  }
  report_moves(state, games, moves);
}
BENCHMARK(BM_referee_per_move_pipes)->Name("wumpus/referee_per_move_pipes")->UseRealTime();

// 4. The floor under (3): one percept line out, one answer line back, to the same persistent
// process through the same seat and framer, nothing else. Real time, since the cost is mostly
// waiting on the other process, which CPU time of this one does not see.
void BM_bare_pipe_round_trip(benchmark::State& state) {
  const std::string path = trivial_bot_path();
  if (path.empty())
    return state.SkipWithError("arena_bench_trivial_bot not found beside arena_bench");
  Hub hub;
  auto seat = open_trivial_seat(hub, path);
  seat->send(start_line(classic_pool()[0].params()));
  const std::string percept = percept_line(Percept{.breeze = true, .stench = true});
  int64_t trips = 0;
  for (auto _ : state) {
    seat->send(percept);
    Received r = seat->receive(Deadline::after_ms(10000));
    if (!r.ok()) return state.SkipWithError(("bot answer: " + r.detail).c_str());
    benchmark::DoNotOptimize(r.message.data());
    ++trips;
  }
  seat->send(end_line(0));
  seat->finish(1000);
  state.SetItemsProcessed(trips);
  state.counters["per_trip"] = benchmark::Counter(
      static_cast<double>(trips), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_bare_pipe_round_trip)->Name("wumpus/bare_pipe_round_trip")->UseRealTime();

// What (3) pays once per game and leaves out or keeps: starting the trivial bot (left out of (3))
// and ending it after "end" (close, wait, reap; kept in (3)). Items are processes.
void BM_process_seat_start_finish(benchmark::State& state) {
  const std::string path = trivial_bot_path();
  if (path.empty())
    return state.SkipWithError("arena_bench_trivial_bot not found beside arena_bench");
  double start_s = 0, finish_s = 0;
  for (auto _ : state) {
    Hub hub;
    const auto t0 = Clock::now();
    auto seat = open_trivial_seat(hub, path);
    const auto t1 = Clock::now();
    seat->send(end_line(0));
    seat->finish(1000);
    const auto t2 = Clock::now();
    if (!seat->start_error().empty()) return state.SkipWithError(seat->start_error().c_str());
    start_s += std::chrono::duration<double>(t1 - t0).count();
    finish_s += std::chrono::duration<double>(t2 - t1).count();
  }
  state.SetItemsProcessed(state.iterations());
  // Which half costs what: seconds per process, shown with SI units like the time columns.
  state.counters["start"] = benchmark::Counter(start_s, benchmark::Counter::kAvgIterations);
  state.counters["finish"] = benchmark::Counter(finish_s, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_process_seat_start_finish)->Name("wumpus/process_seat_start_finish")->UseRealTime();

// 5. Pieces of the above: map code parsing, and the reference bot's two belief computations on
// knowledge bases taken mid-game (the state the bot is in when it plans).
void BM_map_code_parse(benchmark::State& state) {
  std::vector<std::string> codes;
  for (const Cave& cave : big_pool()) codes.push_back(to_map_code(cave));
  size_t i = 0;
  for (auto _ : state) {
    auto parsed = parse_map_code(codes[i++ % codes.size()]);
    benchmark::DoNotOptimize(parsed);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_map_code_parse)->Name("wumpus/map_code_parse/10x10_3w");

// Knowledge after `moves` actions of the reference bot on each cave of the pool (fewer if the game
// ended first): the bot's own decisions, replayed into a knowledge base we can copy.
std::vector<Knowledge> mid_game_knowledge(const std::vector<Cave>& pool, int moves) {
  std::vector<Knowledge> out;
  for (const Cave& cave : pool) {
    ReferenceBot bot;
    Knowledge kb;
    State s(cave);
    const StartInfo info{cave.params(), cave.params().turn_limit()};
    bot.start(info);
    kb.start(info.params);
    for (int m = 0; m < moves && !s.is_over(); ++m) {
      const Percept p = s.percept();
      kb.observe(p);
      const Action a = bot.act(p);
      kb.record_action(a);
      s.apply(a);
    }
    if (!s.is_over()) out.push_back(kb);  // the next thing the bot would do is observe and plan
  }
  if (out.empty()) throw std::runtime_error("no game lasted long enough");
  return out;
}

void BM_pit_belief(benchmark::State& state, const std::vector<Cave>& pool) {
  const std::vector<Knowledge> kbs = mid_game_knowledge(pool, static_cast<int>(state.range(0)));
  PitBelief belief;
  size_t i = 0;
  for (auto _ : state) {
    compute_pit_belief(kbs[i++ % kbs.size()], &belief);
    benchmark::DoNotOptimize(belief);
  }
  state.SetItemsProcessed(state.iterations());
}
void BM_wumpus_belief(benchmark::State& state, const std::vector<Cave>& pool) {
  const std::vector<Knowledge> kbs = mid_game_knowledge(pool, static_cast<int>(state.range(0)));
  WumpusBelief belief;
  size_t i = 0;
  for (auto _ : state) {
    compute_wumpus_belief(kbs[i++ % kbs.size()], {}, &belief);
    benchmark::DoNotOptimize(belief);
  }
  state.SetItemsProcessed(state.iterations());
}
void BM_pit_belief_classic(benchmark::State& s) {
  BM_pit_belief(s, classic_pool());
}
void BM_pit_belief_big(benchmark::State& s) {
  BM_pit_belief(s, big_pool());
}
void BM_wumpus_belief_classic(benchmark::State& s) {
  BM_wumpus_belief(s, classic_pool());
}
void BM_wumpus_belief_big(benchmark::State& s) {
  BM_wumpus_belief(s, big_pool());
}
// The argument is the move after which the belief is computed.
BENCHMARK(BM_pit_belief_classic)->Name("wumpus/belief/pits/classic")->Arg(10);
BENCHMARK(BM_pit_belief_big)->Name("wumpus/belief/pits/10x10_3w")->Arg(40);
BENCHMARK(BM_wumpus_belief_classic)->Name("wumpus/belief/wumpuses/classic")->Arg(10);
BENCHMARK(BM_wumpus_belief_big)->Name("wumpus/belief/wumpuses/10x10_3w")->Arg(40);

}  // namespace
