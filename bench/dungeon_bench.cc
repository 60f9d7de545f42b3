// Dungeon Race spec §14.2 (`arena bench dungeon`): the server with twelve `stress` agents over
// real local sockets (two team programs' worth: six connections each, one thread per connection)
// until its time limit. Reported, over every request after the game began: V1, the per-event
// latency from the frame handed out by the hub to its outgoing frames queued and its log records
// written (median, p99, max, in µs); V2, the smallest share of the processed requests any one
// agent got (no starvation: at least 5%).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <thread>

#include "core/framers.h"
#include "core/hub.h"
#include "games/dungeon/bots.h"
#include "games/dungeon/server.h"

namespace arena::dungeon {
namespace {

void BM_dungeon_server_stress(benchmark::State& state) {
  const int seconds = static_cast<int>(state.range(0));
  std::vector<int64_t> latencies;
  std::array<int64_t, kNumAgents> per_agent{};
  for (auto _ : state) {
    const Dungeon d = generate_dungeon(1);
    Params p;
    p.time_limit_s = seconds;
    Hub hub;
    ServerOptions o;
    o.listener = hub.listen("127.0.0.1", 0, [] { return make_binary_framer(kMaxFrame); });
    o.latencies_ns = &latencies;
    o.requests_per_agent = &per_agent;
    const int port = hub.port(*o.listener);
    Server server(hub, d, p, o);
    std::thread teams[2];
    for (int t = 0; t < 2; ++t)
      teams[t] =
          std::thread([t, port] { run_team_program("stress", t, 7 + t, "127.0.0.1", port); });
    ServerResult r = server.run();
    for (auto& th : teams) th.join();
    benchmark::DoNotOptimize(r.winner);
  }
  std::sort(latencies.begin(), latencies.end());
  auto at = [&](double q) {
    if (latencies.empty()) return 0.0;
    return latencies[std::min(latencies.size() - 1, static_cast<size_t>(q * latencies.size()))] /
           1000.0;
  };
  const int64_t total = static_cast<int64_t>(latencies.size());
  int64_t fewest = total;
  for (int64_t n : per_agent) fewest = std::min(fewest, n);
  state.counters["requests"] = static_cast<double>(total);
  state.counters["median_us"] = at(0.5);
  state.counters["p99_us"] = at(0.99);
  state.counters["max_us"] = latencies.empty() ? 0.0 : latencies.back() / 1000.0;
  state.counters["min_agent_share"] = total > 0 ? static_cast<double>(fewest) / total : 0.0;
}

// §14.2 runs it for 60 s: `arena bench dungeon --benchmark_filter=dungeon/server_stress/60`.
BENCHMARK(BM_dungeon_server_stress)
    ->Name("dungeon/server_stress")
    ->Arg(5)
    ->Arg(60)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace arena::dungeon
