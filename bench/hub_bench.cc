// The event hub under load (`arena bench hub`): twelve busy TCP connections, as a Dungeon Race
// match has, each a client that sends a frame, waits for the hub's answer and sends the next. The
// hub's loop answers every frame as next() hands it out. Reported: events per second and the
// per-event latency a client sees (write to answer read; median and p99).
// And the machine's own floor for any latency maximum (`hub/clock_gaps`): one thread that does
// nothing but read the clock, and how long it ever went without running.
#include <benchmark/benchmark.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "core/framers.h"
#include "core/hub.h"
#include "core/tcp.h"

namespace arena {
namespace {

constexpr int kConnections = 12;

bool write_all(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = ::send(fd, s.data() + done, s.size() - done, MSG_NOSIGNAL);
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// Reads up to and including one '\n'. False at EOF.
bool read_line(int fd, std::string& buffer) {
  char chunk[256];
  for (;;) {
    size_t nl = buffer.find('\n');
    if (nl != std::string::npos) {
      buffer.erase(0, nl + 1);
      return true;
    }
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0) return false;
    buffer.append(chunk, static_cast<size_t>(n));
  }
}

void BM_hub_twelve_busy_connections(benchmark::State& state) {
  const int per_client = static_cast<int>(state.range(0));
  std::vector<double> latencies_us;
  int64_t events = 0;
  for (auto _ : state) {
    Hub hub;
    ListenerId listener = hub.listen("127.0.0.1", 0, [] { return make_line_framer(); });
    const int port = hub.port(listener);
    std::vector<std::vector<double>> per_thread(kConnections);
    std::vector<std::thread> clients;
    for (int i = 0; i < kConnections; ++i) {
      clients.emplace_back([&, i] {
        std::string error;
        int fd = tcp_connect("127.0.0.1", port, &error);
        if (fd < 0) return;
        std::string buffer;
        const std::string frame = "move " + std::to_string(i) + "\n";
        per_thread[i].reserve(static_cast<size_t>(per_client));
        for (int k = 0; k < per_client; ++k) {
          const auto t0 = Clock::now();
          if (!write_all(fd, frame) || !read_line(fd, buffer)) break;
          per_thread[i].push_back(
              std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
        }
        ::close(fd);
      });
    }
    int open = 0, closed = 0;
    while (closed < kConnections || open < kConnections) {
      auto e = hub.next(Deadline::after_ms(30000));
      if (!e) break;
      if (e->kind == HubEvent::Kind::accepted) {
        ++open;
      } else if (e->kind == HubEvent::Kind::message) {
        hub.send(e->conn, "ok");
        ++events;
      } else if (e->kind == HubEvent::Kind::closed) {
        ++closed;
        hub.close(e->conn);
      }
    }
    for (auto& t : clients) t.join();
    for (auto& v : per_thread) latencies_us.insert(latencies_us.end(), v.begin(), v.end());
  }
  if (latencies_us.empty()) return state.SkipWithError("no event went through");
  std::sort(latencies_us.begin(), latencies_us.end());
  auto at = [&](double q) {
    return latencies_us[std::min(
        latencies_us.size() - 1,
        static_cast<size_t>(q * static_cast<double>(latencies_us.size())))];
  };
  state.counters["median_us"] = at(0.5);
  state.counters["p99_us"] = at(0.99);
  state.counters["events_per_s"] =
      benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
  state.SetItemsProcessed(events);
}
BENCHMARK(BM_hub_twelve_busy_connections)
    ->Name("hub/twelve_busy_tcp_connections")
    ->Arg(2000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

int64_t clock_ns(clockid_t clock) {
  timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec * 1'000'000'000LL + t.tv_nsec;
}

// A thread that only reads the monotonic clock, for N seconds: every gap between two readings is
// time it was not running. Gaps over 1 ms with almost no CPU time of the thread in them, and no
// involuntary context switch of the guest's scheduler, are time the machine took from its CPU (a
// virtual machine's host running something else: steal time). No event handler can have a
// smaller maximum latency than this floor, whatever it does (Dungeon Race V1, docs/dungeon.md).
void BM_clock_gaps(benchmark::State& state) {
  const int64_t span = state.range(0) * 1'000'000'000LL;
  int64_t over_1ms = 0, over_100us = 0, max_gap = 0, cpu_in_max = 0;
  for (auto _ : state) {
    const int64_t start = clock_ns(CLOCK_MONOTONIC);
    int64_t prev = start, prev_cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID);
    for (;;) {
      const int64_t now = clock_ns(CLOCK_MONOTONIC), cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID);
      const int64_t gap = now - prev;
      over_100us += gap > 100'000;
      over_1ms += gap > 1'000'000;
      if (gap > max_gap) max_gap = gap, cpu_in_max = cpu - prev_cpu;
      prev = now, prev_cpu = cpu;
      if (now - start > span) break;
    }
  }
  state.counters["gaps_over_100us"] = static_cast<double>(over_100us);
  state.counters["gaps_over_1ms"] = static_cast<double>(over_1ms);
  state.counters["max_gap_us"] = max_gap / 1000.0;
  state.counters["cpu_in_max_gap_us"] = cpu_in_max / 1000.0;
}
BENCHMARK(BM_clock_gaps)
    ->Name("hub/clock_gaps")
    ->Arg(10)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace arena
