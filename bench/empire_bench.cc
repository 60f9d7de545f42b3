// Empire Builder benchmarks (`arena bench empire`): the A* build-cost search of spec §7 on the
// endpoints of §7.6 next to Boost.Graph's astar_search on the same graph, costs and heuristic (both
// timed in the same iteration, so the ratio is taken under the same load); random playouts of
// the rules engine; and the server's cost per query round trip over a loopback TCP socket.
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#include <chrono>
#include <cstdint>
#include <future>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "games/empire/astar.h"
#include "games/empire/map.h"
#include "games/empire/rules.h"
#include "games/empire/server.h"

namespace {

using namespace arena;
using namespace arena::empire;
using Clock = std::chrono::steady_clock;

const Map& builtin(int which) {
  static const std::array<Map, 2> maps = [] {
    auto load = [](const char* name) {
      MapLoad r = load_map_text(*builtin_map_text(name), name);
      if (!r.map) throw std::runtime_error(r.error);
      return *r.map;
    };
    return std::array<Map, 2>{load("simple-game"), load("seed-example")};
  }();
  return maps[which];
}

// §7.6's three pairs.
constexpr std::array<std::array<Point, 2>, 3> kPairs = {
    {{{{0, 0}, {58, 20}}}, {{{1, 0}, {39, 6}}}, {{{5, 19}, {55, 7}}}}};

// ---------------------------------------------------------------------------------------------
// 1. A*: ours against boost::astar_search.

// The build graph of §7.4 as Boost sees it: a directed edge u -> v for every allowed neighbour v
// of u that is on the board, not invalid and not in u's own city, weighted by v's build cost.
using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, int>>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

Graph build_graph(const Map& m, Adjacency adj) {
  const Dims& d = m.dims();
  Graph g(static_cast<size_t>(d.size()));
  for (int u = 0; u < d.size(); ++u) {
    if (m.type_at(u) == NodeType::invalid) continue;
    Point p = d.point(u);
    int city = m.city_index_at(u);
    for (int k = 0; k < neighbour_count(adj); ++k) {
      Point n{p.x + kOffsets[k].dx, p.y + kOffsets[k].dy};
      if (!d.on_board(n)) continue;
      int v = d.index(n);
      if (m.type_at(v) == NodeType::invalid) continue;
      if (city >= 0 && m.city_index_at(v) == city) continue;
      boost::add_edge(static_cast<Vertex>(u), static_cast<Vertex>(v), build_cost(m.type_at(v)), g);
    }
  }
  return g;
}

// §7.2's heuristic: the step distance to the goal.
class StepHeuristic : public boost::astar_heuristic<Graph, int> {
 public:
  StepHeuristic(const Dims& d, Point goal, Adjacency adj) : d_(d), goal_(goal), adj_(adj) {}
  int operator()(Vertex v) const {
    return step_distance(d_.point(static_cast<int>(v)), goal_, adj_);
  }

 private:
  Dims d_;
  Point goal_;
  Adjacency adj_;
};

// Boost's documented way to stop at the goal: throw from the visitor when it is examined
// (popped), which is where our search stops too.
struct FoundGoal {};
class GoalVisitor : public boost::default_astar_visitor {
 public:
  explicit GoalVisitor(Vertex goal) : goal_(goal) {}
  void examine_vertex(Vertex u, const Graph&) const {
    if (u == goal_) throw FoundGoal{};
  }

 private:
  Vertex goal_;
};

// One Boost search with preallocated property maps; returns the goal's cost, -1 if unreached.
struct BoostSearch {
  const Graph& g;
  const Dims& d;
  Adjacency adj;
  std::vector<Vertex> pred;
  std::vector<int> dist, rank;
  std::vector<boost::default_color_type> color;
  BoostSearch(const Graph& graph, const Dims& dims, Adjacency a)
      : g(graph),
        d(dims),
        adj(a),
        pred(boost::num_vertices(graph)),
        dist(boost::num_vertices(graph)),
        rank(boost::num_vertices(graph)),
        color(boost::num_vertices(graph)) {}
  int run(Point start, Point goal) {
    const Vertex s = static_cast<Vertex>(d.index(start)), t = static_cast<Vertex>(d.index(goal));
    try {
      boost::astar_search(g, s, StepHeuristic(d, goal, adj),
                          boost::predecessor_map(pred.data())
                              .distance_map(dist.data())
                              .rank_map(rank.data())
                              .color_map(boost::make_iterator_property_map(
                                  color.begin(), boost::get(boost::vertex_index, g)))
                              .visitor(GoalVisitor(t)));
    } catch (const FoundGoal&) {
      return dist[t];
    }
    return -1;
  }
};

// Args: map (0 simple-game, 1 seed-example), adjacency (0 literal8, 1 hex6), pair (0..2). Each
// iteration times a batch of our searches, then a batch of Boost's, with the same endpoints.
void BM_empire_astar(benchmark::State& state) {
  const Map& m = builtin(static_cast<int>(state.range(0)));
  const Adjacency adj = state.range(1) == 0 ? Adjacency::literal8 : Adjacency::hex6;
  const auto& pair = kPairs[static_cast<size_t>(state.range(2))];
  state.SetLabel(std::string(state.range(0) == 0 ? "simple-game " : "seed-example ") +
                 std::string(to_string(adj)) + " " + to_string(pair[0]) + "->" +
                 to_string(pair[1]));
  AstarSearch ours(m, adj);
  const Graph g = build_graph(m, adj);  // once, outside the timed loop
  BoostSearch theirs(g, m.dims(), adj);
  AstarResult r = ours.run(pair[0], pair[1]);
  const int boost_cost = theirs.run(pair[0], pair[1]);
  if (r.kind != AstarResult::Kind::path || r.cost != boost_cost) {
    state.SkipWithError(("path costs differ: ours " + std::to_string(r.cost) + ", boost " +
                         std::to_string(boost_cost))
                            .c_str());
    return;
  }
  constexpr int kBatch = 32;
  int64_t searches = 0;
  double ours_ns = 0, boost_ns = 0;
  for (auto _ : state) {
    auto t0 = Clock::now();
    for (int i = 0; i < kBatch; ++i) benchmark::DoNotOptimize(ours.run(pair[0], pair[1]).cost);
    auto t1 = Clock::now();
    for (int i = 0; i < kBatch; ++i) benchmark::DoNotOptimize(theirs.run(pair[0], pair[1]));
    auto t2 = Clock::now();
    ours_ns += std::chrono::duration<double, std::nano>(t1 - t0).count();
    boost_ns += std::chrono::duration<double, std::nano>(t2 - t1).count();
    searches += kBatch;
  }
  state.counters["cost"] = r.cost;
  state.counters["ours_us"] = ours_ns / static_cast<double>(searches) / 1000.0;
  state.counters["boost_us"] = boost_ns / static_cast<double>(searches) / 1000.0;
  state.counters["boost/ours"] = ours_ns > 0 ? boost_ns / ours_ns : 0.0;
}
BENCHMARK(BM_empire_astar)
    ->Name("empire/astar")
    ->ArgsProduct({{0, 1}, {0, 1}, {0, 1, 2}})
    ->Unit(benchmark::kMicrosecond);

// ---------------------------------------------------------------------------------------------
// 2. Random playouts of the rules engine: what a searching bot gets per second.

constexpr int kPlayers = 2;
constexpr int kRounds = 40;

// One game to the turn limit (or the cash goal) with uniformly random choices: a random start
// city; each turn a few random track extensions from the end of the player's track (sometimes an
// upgrade); then a random walk along built track that loads a random good in cities and makes
// any delivery its cards allow. Returns the number of engine calls (queries answered) and counts
// the deliveries made, so the figure is seen to cover whole games, not refusals.
int64_t random_playout(const Map& m, uint64_t seed, Rng& rng, int64_t& deliveries,
                       std::vector<EdgeRequest>& edges, BuildReply& build,
                       std::vector<MoveCommand>& cmds, MoveReply& move) {
  Settings s;
  s.seed = seed;
  s.turn_limit = kRounds;
  Game g(m, s, kPlayers);
  const Dims& d = m.dims();
  std::array<int, kPlayers> end{};  // node index the player's track grows from
  int64_t calls = 0;
  for (int p = 0; p < kPlayers; ++p) {
    g.begin_turn();
    const City& c = m.cities()[rng.below(m.cities().size())];
    g.choose_start(c.nodes[rng.below(c.nodes.size())]);
    end[p] = g.player(p).position;
    g.end_turn();
    ++calls;
  }
  const int neighbours = neighbour_count(s.adjacency);
  while (!g.over()) {
    g.begin_turn();
    const int me = g.current();
    const PlayerState& st = g.player(me);
    for (int q = 0; q < 6 && !g.build_limit_reached(); ++q, ++calls) {
      if (rng.below(20) == 0) {
        g.upgrade();
        continue;
      }
      Point a = d.point(end[me]);
      const Offset& o = kOffsets[rng.below(static_cast<uint64_t>(neighbours))];
      Point b{a.x + o.dx, a.y + o.dy};
      edges.assign(1, {true, a, b});
      g.build(edges, build);
      if (build.error == BuildError::none && !build.costs.empty()) end[me] = d.index(b);
    }
    g.end_build();
    // Capped like the server's query cap: a refused move leaves moves_left unchanged.
    for (int q = 0; q < 16 && g.moves_left() > 0; ++q) {
      cmds.clear();
      Point at = d.point(st.position);
      int city = m.city_index_at(st.position);
      if (city >= 0) {
        // The first delivery the hand allows here.
        [&] {
          for (int slot = 0; slot < 3; ++slot) {
            const Card& card = g.card(st.hand[slot]);
            for (int k = 0; k < 3; ++k) {
              const Demand& dm = m.demands()[card.demands[k]];
              if (dm.city == city && st.cargo.contains(dm.good)) {
                cmds.push_back({MoveCommand::Kind::deliver, {}, -1, card.id, k});
                return;
              }
            }
          }
        }();
        const auto& goods = m.cities()[city].goods;
        if (!goods.empty() && st.cargo.size < capacity(st.train))
          cmds.push_back({MoveCommand::Kind::acquire, {}, goods[rng.below(goods.size())], 0, 0});
      }
      // A random built edge out of here (anyone's: fees are part of the rules under test).
      std::array<Point, 8> out;
      int n_out = 0;
      for (int k = 0; k < neighbours; ++k) {
        Point n{at.x + kOffsets[k].dx, at.y + kOffsets[k].dy};
        if (g.edge_owner(at, n) >= 0) out[n_out++] = n;
      }
      if (n_out == 0 && cmds.empty()) break;
      if (n_out > 0)
        cmds.push_back({MoveCommand::Kind::move_to, out[rng.below(static_cast<uint64_t>(n_out))]});
      g.move(cmds, move);
      ++calls;
      for (size_t i = 0; i < move.results.size() && i < cmds.size(); ++i) {
        if (cmds[i].kind == MoveCommand::Kind::deliver &&
            move.results[i].kind != MoveResult::Kind::invalid_delivery)
          ++deliveries;
      }
      if (n_out == 0) break;
    }
    g.end_turn();
  }
  return calls;
}

void BM_empire_random_playout(benchmark::State& state) {
  const Map& m = builtin(0);
  Rng rng(12345);
  std::vector<EdgeRequest> edges;
  BuildReply build;
  std::vector<MoveCommand> cmds;
  MoveReply move;
  int64_t games = 0, calls = 0, deliveries = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    calls += random_playout(m, seed++, rng, deliveries, edges, build, cmds, move);
    ++games;
  }
  state.SetItemsProcessed(calls);
  state.counters["playouts/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["calls/game"] = games ? static_cast<double>(calls) / games : 0.0;
  state.counters["deliveries/game"] = games ? static_cast<double>(deliveries) / games : 0.0;
  state.counters["per_call"] = benchmark::Counter(
      static_cast<double>(calls), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_empire_random_playout)->Name("empire/random_playout")->Unit(benchmark::kMicrosecond);

// ---------------------------------------------------------------------------------------------
// 3. The server over loopback: one eb-server game (run_server on the hub, in a thread) and a
// trivial client on a plain TCP socket. The client answers every query at once with an answer
// the server must parse, check against the rules and reply to (an edge off its lattice, a move
// to a node it is not next to), so each answer costs a full query round trip: parse, rules,
// change log, reply, next query. Timed per round trip from the answer's write to the next query.

class LineSocket {
 public:
  explicit LineSocket(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) throw std::runtime_error("socket failed");
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
      throw std::runtime_error("connect failed");
  }
  // An accepted connection.
  static LineSocket adopt(int fd) { return LineSocket(fd, 0); }
  LineSocket(LineSocket&& o) noexcept : fd_(o.fd_), buf_(std::move(o.buf_)), pos_(o.pos_) {
    o.fd_ = -1;
  }
  ~LineSocket() {
    if (fd_ >= 0) ::close(fd_);
  }
  LineSocket(const LineSocket&) = delete;
  LineSocket& operator=(const LineSocket&) = delete;

  void send(const std::string& line) {
    std::string out = line + "\n";
    for (size_t done = 0; done < out.size();) {
      ssize_t n = ::write(fd_, out.data() + done, out.size() - done);
      if (n <= 0) throw std::runtime_error("write failed");
      done += static_cast<size_t>(n);
    }
  }
  // False at end of stream.
  bool read_line(std::string& line) {
    for (;;) {
      size_t nl = buf_.find('\n', pos_);
      if (nl != std::string::npos) {
        line.assign(buf_, pos_, nl - pos_);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        pos_ = nl + 1;
        return true;
      }
      buf_.erase(0, pos_);
      pos_ = 0;
      char chunk[4096];
      ssize_t n = ::read(fd_, chunk, sizeof chunk);
      if (n <= 0) return false;
      buf_.append(chunk, static_cast<size_t>(n));
    }
  }

 private:
  LineSocket(int fd, int) : fd_(fd) {
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  int fd_ = -1;
  std::string buf_;
  size_t pos_ = 0;
};

void BM_empire_server_round_trip(benchmark::State& state) {
  std::vector<int64_t> latencies;
  int64_t answers = 0;
  for (auto _ : state) {
    ServerConfig config;
    config.min_players = 1;
    config.autostart = 1;
    config.table.settings.turn_limit = static_cast<int>(state.range(0));
    config.table.limits.max_queries = 50;
    std::promise<int> port;
    config.on_listening = [&port](int p) { port.set_value(p); };
    std::ostringstream out, err;
    int status = -1;
    std::thread server([&] { status = run_server(config, out, err); });
    {
      LineSocket s(port.get_future().get());
      s.send("(register \"bench\")");
      std::string line;
      Clock::time_point sent{};
      bool waiting = false;
      while (s.read_line(line)) {
        const bool query =
            line == "(CHOOSE-START)" || line == "(CHOOSE-BUILD)" || line == "(CHOOSE-MOVE)";
        if (waiting && (query || line.rfind("(GAME-OVER", 0) == 0)) {
          latencies.push_back(
              std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - sent).count());
          waiting = false;
        }
        if (!query) continue;
        // ST-LOUIS; then answers that are refused with a reply but change nothing.
        const char* answer = line == "(CHOOSE-START)"   ? "(34 12)"
                             : line == "(CHOOSE-BUILD)" ? "(((0 2) (1 2)))"
                                                        : "((move-to-point (0 2)))";
        sent = Clock::now();
        waiting = true;
        s.send(answer);
        ++answers;
      }
    }
    server.join();
    if (status != 0) {
      state.SkipWithError(
          ("server exited with " + std::to_string(status) + ": " + err.str()).c_str());
      return;
    }
  }
  std::sort(latencies.begin(), latencies.end());
  auto at = [&](double q) {
    if (latencies.empty()) return 0.0;
    return latencies[std::min(latencies.size() - 1, static_cast<size_t>(q * latencies.size()))] /
           1000.0;
  };
  state.counters["round_trips"] = static_cast<double>(latencies.size());
  state.counters["median_us"] = at(0.5);
  state.counters["p99_us"] = at(0.99);
  state.counters["max_us"] = latencies.empty() ? 0.0 : latencies.back() / 1000.0;
  state.counters["per_answer"] = benchmark::Counter(
      static_cast<double>(answers), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
// Arg: the turn limit (rounds): 10 rounds are 1 + 10 x (50 + 50) answers.
BENCHMARK(BM_empire_server_round_trip)
    ->Name("empire/server_round_trip")
    ->UseRealTime()
    ->Arg(10)
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond);

// The floor under the figure above: a bare line round trip over loopback between two threads
// (a blocking echo, no hub, no parsing), measured in the same run.
void BM_empire_bare_loopback_round_trip(benchmark::State& state) {
  int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::listen(listener, 1) != 0 ||
      ::getsockname(listener, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    state.SkipWithError("cannot listen on loopback");
    if (listener >= 0) ::close(listener);
    return;
  }
  std::thread echo([listener] {
    int fd = ::accept(listener, nullptr, nullptr);
    if (fd < 0) return;
    LineSocket peer = LineSocket::adopt(fd);
    std::string line;
    while (peer.read_line(line)) peer.send(line);
  });
  {
    LineSocket s(ntohs(a.sin_port));
    std::string line;
    for (auto _ : state) {
      s.send("((move-to-point (0 2)))");
      if (!s.read_line(line)) {
        state.SkipWithError("echo closed");
        break;
      }
    }
  }
  echo.join();
  ::close(listener);
}
BENCHMARK(BM_empire_bare_loopback_round_trip)
    ->Name("empire/bare_loopback_round_trip")
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
