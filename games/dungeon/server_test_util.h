// Test helpers for the server over real sockets: a server on its own thread listening on a free
// port, and blocking clients that speak the binary frames of §8.
#pragma once

#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/framers.h"
#include "core/tcp.h"
#include "games/dungeon/codec.h"
#include "games/dungeon/server.h"
#include "games/dungeon/solver.h"

namespace arena::dungeon::testing {

class Client {
 public:
  explicit Client(int port) {
    std::string error;
    fd_ = tcp_connect("127.0.0.1", port, &error);
    EXPECT_GE(fd_, 0) << error;
  }
  ~Client() { close_now(); }
  void close_now() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  void send_bytes(const std::string& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = ::send(fd_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
      if (n <= 0) return;  // the server closed: the test's reads say so
      done += static_cast<size_t>(n);
    }
  }
  template <typename M>
  void send(const M& m) {
    send_bytes(encode(m));
  }
  // The next whole frame's body, or nullopt at EOF (or after 20 s, a failure).
  std::optional<std::string> next_body() {
    for (;;) {
      if (buf_.size() >= 4) {
        size_t len = (static_cast<uint8_t>(buf_[0]) << 24) | (static_cast<uint8_t>(buf_[1]) << 16) |
                     (static_cast<uint8_t>(buf_[2]) << 8) | static_cast<uint8_t>(buf_[3]);
        if (buf_.size() >= 4 + len) {
          std::string body = buf_.substr(4, len);
          buf_.erase(0, 4 + len);
          return body;
        }
      }
      if (!fill()) return std::nullopt;
    }
  }
  std::optional<Response> next() {
    auto body = next_body();
    if (!body) return std::nullopt;
    auto r = decode_response(*body);
    EXPECT_TRUE(std::holds_alternative<Response>(r));
    if (!std::holds_alternative<Response>(r)) return std::nullopt;
    return std::get<Response>(r);
  }
  // The next frame that is not an EnemyLocationResponse, which must be a T.
  template <typename T>
  T expect() {
    for (;;) {
      auto r = next();
      if (!r) {
        ADD_FAILURE() << "the connection ended before the expected frame";
        return T{};
      }
      if (std::holds_alternative<EnemyLocationResponse>(*r)) continue;
      if (auto* t = std::get_if<T>(&*r)) return *t;
      ADD_FAILURE() << "another frame came, tag index " << r->index();
      return T{};
    }
  }
  std::string expect_error() {
    std::string m = expect<ErrorMessageResponse>().message;
    return m.substr(0, m.find(':'));
  }
  // Reads to EOF; the bytes that came before it.
  std::string read_to_eof() {
    while (fill()) {
    }
    return std::exchange(buf_, {});
  }

 private:
  bool fill() {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 20000) <= 0) {
      ADD_FAILURE() << "nothing came in 20 s";
      return false;
    }
    char chunk[65536];
    ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n <= 0) return false;
    buf_.append(chunk, static_cast<size_t>(n));
    return true;
  }
  int fd_ = -1;
  std::string buf_;
};

// A server on a free port, run on a thread of its own until its game ends.
struct ServerGame {
  explicit ServerGame(uint64_t seed, Params p = {}) : d(generate_dungeon(seed)), params(p) {
    ServerOptions o;
    o.listener = hub.listen("127.0.0.1", 0, [] { return make_binary_framer(kMaxFrame); });
    o.flush_ms = 2000;
    port = hub.port(*o.listener);
    server = std::make_unique<Server>(hub, d, params, o);
    thread = std::thread([this] { result = server->run(); });
  }
  ~ServerGame() {
    if (thread.joinable()) thread.join();
  }
  void join() { thread.join(); }

  // Connects and registers all 12 agents, and reads each one's DungeonResponse.
  std::vector<std::unique_ptr<Client>> register_all() {
    std::vector<std::unique_ptr<Client>> c;
    for (int a = 0; a < kNumAgents; ++a) {
      c.push_back(std::make_unique<Client>(port));
      c.back()->send(StartRequest{team_of(a), number_of(a)});
    }
    for (int a = 0; a < kNumAgents; ++a) {
      DungeonResponse r = c[a]->expect<DungeonResponse>();
      EXPECT_EQ(r.player, team_of(a));
      EXPECT_EQ(r.agent, number_of(a));
    }
    return c;
  }

  // Records of kind `ev` (after the game).
  std::vector<Json> records(const std::string& ev) const {
    std::vector<Json> out;
    for (const Json& r : result.records)
      if (r["ev"] == ev) out.push_back(r);
    return out;
  }

  Hub hub;
  Dungeon d;
  Params params;
  int port = 0;
  std::unique_ptr<Server> server;
  ServerResult result;
  std::thread thread;
};

// A 0-active assignment for a planted instance.
inline std::vector<uint8_t> solve_instance(const SatResponse& sat) {
  Instance inst;
  inst.n = sat.num_switches;
  inst.lits = sat.lits;
  Solver s(7);
  EXPECT_EQ(s.solve(inst, SolverOptions{}, 0), 0);
  return s.best();
}

// Moves the client's agent to `dest` with a 0-active solution; returns its MoveResponse.
inline MoveResponse cross(Client& c, int dest) {
  c.send(MoveRequest{dest});
  SatResponse sat = c.expect<SatResponse>();
  c.send(SatSolutionRequest{solve_instance(sat)});
  return c.expect<MoveResponse>();
}

}  // namespace arena::dungeon::testing
