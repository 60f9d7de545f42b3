// Fury of Dracula benchmarks (`arena bench dracula`): what AIs and the referee do on every play —
// building a View from a long past-plays string and asking it questions, Dracula's legal moves,
// the redacted string the referee makes for each hunter turn — plus whole random games and whole
// refereed games of baselines in process.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/dracula/engine.h"
#include "games/dracula/game.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/random_game.h"
#include "games/dracula/referee.h"
#include "games/dracula/view.h"
#include "match/match.h"

namespace {

using namespace arena;
using namespace arena::dracula;

// A long game (300+ rounds when the search finds one): hunters hunt each immature vampire along
// shortest paths and otherwise rest, Dracula wanders on land away from them, so that few vampires
// mature, nobody is hurt and the clock runs long. Built once, outside timing.
Record make_long_game() {
  Record best;
  for (uint64_t seed = 1; seed <= 200 && best.plays() < 1500; ++seed) {
    Rng rng(seed);
    Record r;
    while (!r.state().is_over()) {
      const GameState& s = r.state();
      MoveList moves;
      legal_moves(s, moves);
      Move m = moves[static_cast<int>(rng.below(static_cast<uint64_t>(moves.size())))];
      if (s.player() == kDraculaSeat) {
        // Land only (the sea costs blood), away from hunters (confrontations cost more).
        MoveList safe;
        for (Move x : moves) {
          const PlaceId at = x.is_location() ? x.id : s.dracula_loc();
          bool seen = false;
          for (int h = 0; h < 4; ++h) seen = seen || map().hunter_dist[0][s.hunter_loc[h]][at] <= 1;
          if (is_land(at) && !seen) safe.push(x);
        }
        if (!safe.empty())
          m = safe[static_cast<int>(rng.below(static_cast<uint64_t>(safe.size())))];
      } else if (s.player() < kDraculaSeat && s.round() > 0) {
        const PlaceId from = s.hunter_loc[s.player()], vamp = s.vampire_loc();
        if (is_real(vamp) && vamp != from) {
          std::array<PlaceId, kNumPlaces> path;
          if (hunter_shortest_path(from, vamp, rail_allowance(s.round(), s.player()), path) > 0)
            m = Move(path[0]);
        } else {
          m = Move(from);  // rest
        }
      }
      r.play(m, "m");
    }
    if (r.plays() > best.plays()) best = r;
  }
  return best;
}

const Record& long_game() {
  static const Record r = make_long_game();
  return r;
}

void BM_ViewFromLongString(benchmark::State& state) {
  const Record& r = long_game();
  const std::string full = r.full();
  for (auto _ : state) {
    View v(full, r.messages());
    benchmark::DoNotOptimize(v.score());
  }
  state.counters["rounds"] = r.plays() / 5;
  state.SetItemsProcessed(state.iterations() * r.plays());  // plays parsed per second
}
BENCHMARK(BM_ViewFromLongString)
    ->Name("dracula/view_from_long_string")
    ->Unit(benchmark::kMicrosecond);

// What a course-style AI does once per turn: build its view, then ask the usual questions.
void BM_ViewTurnQueries(benchmark::State& state) {
  const Record& r = long_game();
  const std::string full = r.full();
  const int round = r.plays() / 5;
  for (auto _ : state) {
    View v(full, r.messages());
    int sum = 0;
    for (int p = 0; p < 5; ++p) {
      sum += v.where_can_they_go(p).size() + v.health(p) + v.location(p);
      sum += View::reachable(p, round, is_real(v.location(p)) ? v.location(p) : 0).size();
    }
    for (int h = 0; h < 4; ++h) sum += v.shortest_path(h, kCastleDracula).size();
    sum += v.trap_locations().size() + v.last_known_dracula_location(nullptr);
    sum += static_cast<int>(v.move_history(kDraculaSeat).size());
    benchmark::DoNotOptimize(sum);
  }
  state.counters["rounds"] = round;
}
BENCHMARK(BM_ViewTurnQueries)->Name("dracula/view_turn_queries")->Unit(benchmark::kMicrosecond);

// The referee's per-hunter-turn cost: the redacted string of a long game.
void BM_RedactedLongGame(benchmark::State& state) {
  const Record& r = long_game();
  for (auto _ : state) benchmark::DoNotOptimize(r.redacted());
  state.SetItemsProcessed(state.iterations() * r.plays());
}
BENCHMARK(BM_RedactedLongGame)->Name("dracula/redacted_long_game")->Unit(benchmark::kMicrosecond);

// Dracula's legal moves over the positions of many random games (his turns only).
void BM_DraculaLegalMoves(benchmark::State& state) {
  std::vector<GameState> positions;
  for (uint64_t seed = 1; positions.size() < 4096 && seed < 1000; ++seed) {
    Rng rng = named_stream(seed, "bench");
    GameState s;
    while (!s.is_over()) {
      if (s.player() == kDraculaSeat) positions.push_back(s);
      apply(s, random_move(s, rng));
    }
  }
  size_t i = 0;
  MoveList moves;
  for (auto _ : state) {
    legal_moves(positions[i], moves);
    benchmark::DoNotOptimize(moves.n);
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DraculaLegalMoves)->Name("dracula/dracula_legal_moves");

void BM_RandomGame(benchmark::State& state) {
  uint64_t seed = 1, plays = 0;
  for (auto _ : state) {
    Record r = random_game(seed++);
    plays += static_cast<uint64_t>(r.plays());
    benchmark::DoNotOptimize(r.state().score);
  }
  state.SetItemsProcessed(state.iterations());  // games per second
  state.counters["plays/s"] =
      benchmark::Counter(static_cast<double>(plays), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGame)->Name("dracula/random_game")->Unit(benchmark::kMicrosecond);

// A whole refereed game of baselines in process: requests encoded and parsed as on the wire,
// judging, recording, the replay and the result.
void BM_RefereeBaselineGame(benchmark::State& state) {
  const GameInfo game = game_info();
  uint64_t seed = 1, plays = 0;
  for (auto _ : state) {
    MatchSetup setup;
    setup.seed = seed++;
    setup.time_ms = 1500;
    for (const char* role : {"G", "S", "H", "M", "D"}) {
      SeatSpec& spec = setup.seats[role];
      spec.role = role;
      spec.builtin = std::string(role) == "D" ? "b-drac-greedy" : "b-hunt-chase";
      spec.text = "bot:" + spec.builtin;
    }
    MatchOutcome o = run_match(game, setup);
    plays += static_cast<uint64_t>(o.result["plays"].get<int>());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["plays/s"] =
      benchmark::Counter(static_cast<double>(plays), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RefereeBaselineGame)
    ->Name("dracula/referee_baseline_game")
    ->Unit(benchmark::kMillisecond);

}  // namespace
