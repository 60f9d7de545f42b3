// Evolution benchmarks (`arena bench evolution`): the xstep4 harness per input (JSON in, step 4,
// JSON out), whole games of in-process Silly players, and one Start/Choose round trip over a
// loopback TCP connection through the JSON framer on both sides.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/tcp.h"
#include "games/evolution/cards.h"
#include "games/evolution/dealer.h"
#include "games/evolution/harness/harness.h"
#include "games/evolution/json.h"
#include "games/evolution/net/client.h"
#include "games/evolution/net/remote_player.h"
#include "games/evolution/net/signup.h"
#include "games/evolution/silly.h"

namespace {

using namespace arena;
using namespace arena::evolution;

std::string testdata(const std::string& name) {
  std::ifstream in(std::string(ARENA_SOURCE_DIR) + "/games/evolution/testdata/" + name);
  if (!in) throw std::runtime_error("cannot read testdata " + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The worked examples of spec §10.4, one benchmark argument each.
void BM_Xstep4(benchmark::State& state) {
  const std::string input = testdata("xstep4_10.4." + std::to_string(state.range(0)) + ".in");
  for (auto _ : state) {
    HarnessResult r = xstep4(input);
    benchmark::DoNotOptimize(r.out.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(input.size()));
}
BENCHMARK(BM_Xstep4)->Name("evolution/xstep4")->DenseRange(1, 6);

// Whole games, players 3..8, a fresh seed each game: items = games.
void BM_SillyGame(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  uint32_t seed = 0;
  std::vector<SillyPlayer> sillies(static_cast<size_t>(n));
  std::vector<Player*> players;
  for (auto& s : sillies) players.push_back(&s);
  int64_t turns = 0;
  for (auto _ : state) {
    Dealer dealer(players, shuffled_deck(seed++));
    dealer.run();
    turns += dealer.engine().turn();
    benchmark::DoNotOptimize(dealer.ranking());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["turns/game"] =
      benchmark::Counter(static_cast<double>(turns) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_SillyGame)->Name("evolution/silly_game")->Arg(3)->Arg(5)->Arg(8);

// A Silly client in a thread behind a real socket; the server side is the RemotePlayer of xserver
// (Seat + JSON framer + deadline). One iteration = Start (no reply) + Choose + its reply.
void BM_TcpStartChooseRoundTrip(benchmark::State& state) {
  TcpListener listener("127.0.0.1", 0);
  std::thread client([port = listener.port()] {
    SillyPlayer silly;
    run_client(silly, "127.0.0.1", port, "bench", "bench-client");
  });
  int fd = listener.accept(Deadline::after_ms(10000));
  if (fd < 0) throw std::runtime_error("the client did not connect");
  Hub hub;
  auto seat = make_socket_seat(hub, fd, reply_framer());
  std::string name, why;
  if (!read_signup(*seat, Deadline::after_ms(10000), &name, &why)) throw std::runtime_error(why);
  RemotePlayer remote(*seat, std::chrono::milliseconds(10000));
  const Hand deck = shuffled_deck(0);
  const Hand hand(deck.begin(), deck.begin() + 6);
  const Boards boards(2, Species{});
  const Lob before(2, boards), after(3, boards);
  for (auto _ : state) {
    remote.start(3, 5, boards, hand);
    Action4 a = remote.choose(before, after);
    benchmark::DoNotOptimize(a.food_card);
  }
  state.SetItemsProcessed(state.iterations());
  seat->finish(0);  // the client reads the end of the stream and leaves
  client.join();
}
BENCHMARK(BM_TcpStartChooseRoundTrip)->Name("evolution/tcp_start_choose_round_trip")->UseRealTime();

}  // namespace
