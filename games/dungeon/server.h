// Dungeon Race spec §3-§8, §11, §12: the real-time server on the event hub. One event at a time in
// arrival order (Hub::next serves ready connections round-robin), registration of the 12 agents
// with nothing sent before the 12th, the timers of the time limit and of held solutions, bounded
// output queues, disconnects, and the §11 log. The same server runs `arena play` (on the seats'
// connections) and `arena dungeon serve` (on a listener of its own).
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/hub.h"
#include "games/dungeon/game_log.h"
#include "games/dungeon/rules.h"

namespace arena::dungeon {

struct ServerOptions {
  // A listener whose connections the server accepts (serve), or nullopt (arena play: the seats'
  // connections are added with add_connection).
  std::optional<ListenerId> listener;
  // How long all 12 agents have to register; 0 = no limit (serve waits for its clients). When it
  // passes, the game never begins (Arena's rule, docs/dungeon.md).
  int registration_ms = 0;
  int flush_ms = 2000;  // §7.1 step 4
  // After the flush: how long the server still reads and drops what clients send, until each
  // closes (Server::linger).
  int linger_ms = 2000;
  int64_t first_seq = 0;  // serve: the header is record 0
  // Benchmarks (§14.2 V1, V2), when set: the time from a frame handed out by the hub to its
  // outgoing frames queued and its records written, in ns, one entry per request after the game
  // began; and the number of such requests per agent.
  std::vector<int64_t>* latencies_ns = nullptr;
  std::array<int64_t, kNumAgents>* requests_per_agent = nullptr;
  // With latencies_ns: the server thread's CPU time for the same span, in ns, one entry per
  // latency entry. A long latency with little CPU time is time the thread did not run.
  std::vector<int64_t>* cpu_ns = nullptr;
  // §11.2 debug flags: a `sent` record for every frame sent (--log-frames); the instance in
  // every `move` record (--log-instances).
  bool log_frames = false;
  bool log_instances = false;
  // Whether ServerResult::records keeps every record (the referee of arena play needs them; serve
  // streams them to its file, and a long game's records would fill memory): without, it keeps
  // only the `result` record.
  bool keep_records = true;
  // Each record as it is written (serve streams game.jsonl); may be null.
  std::function<void(const Json& record)> on_record;
};

// Per team: the §7.4 seat verdict counts.
struct TeamCounts {
  int illegal = 0;    // semantic error responses
  int malformed = 0;  // connections closed for a framing error
  int closed = 0;     // disconnects (after the game began)
  int slow = 0;       // of them, output queues past 16 MiB
};

struct ServerResult {
  int winner = -1;
  std::string reason;  // shrine, time_limit, all_disconnected, registration
  // Every record after the header, the `result` record last (only that one without
  // ServerOptions::keep_records). A deque: appending never moves the
  // records already kept (a vector of a million records copied on growth took milliseconds of
  // one event, docs/dungeon.md V1).
  std::deque<Json> records;
  std::array<TeamCounts, 2> counts;
  std::array<int, 2> registered{};  // agents registered per team (6 each once begun)
  bool began = false;
};

class Server {
 public:
  // `dungeon` must outlive the server.
  Server(Hub& hub, const Dungeon& dungeon, const Params& params, ServerOptions options);
  // A connection already on the hub (a seat's); `team` is the team its StartRequest may claim
  // (-1: any). A StartRequest for the other team is a bad registration (§12 row 2).
  void add_connection(ConnId conn, int team, const std::string& peer);
  // Runs the game to its end.
  ServerResult run();
  const Engine& engine() const { return engine_; }

 private:
  struct Conn {
    int team = -1;   // the team it may register for, or -1
    int agent = -1;  // agent index once registered
    bool open = true;
  };
  void handle(const HubEvent& e);
  void on_message(ConnId conn, Conn& c, const std::string& body);
  void before_begin(ConnId conn, Conn& c, const std::string& body);
  void refuse(ConnId conn, Conn& c, const std::string& code);
  void begin();
  void request_error(int a, ConnId conn, const char* req, ErrorCode code, const std::string& detail,
                     bool close);
  void lost(ConnId conn, Conn& c, const char* reason, bool after_flush);
  void apply(const std::string& assign);  // sends and logs what fx_ holds
  void end_game(int winner);
  void arm_release();
  void close_conn(ConnId conn, Conn& c, bool after_flush);
  void linger();
  void record(Json r);
  int64_t now_ms() const;
  void send_to(int a, const std::string& bytes);
  // Queues one whole frame on `conn`; `a` is its agent (-1: none), for --log-frames.
  void send_frame(ConnId conn, int a, const std::string& frame);

  Hub& hub_;
  const Dungeon& d_;
  Params params_;
  ServerOptions options_;
  Engine engine_;
  Effects fx_;
  std::map<ConnId, Conn> conns_;
  std::array<ConnId, kNumAgents> conn_of_{};
  std::array<std::vector<uint8_t>, kNumAgents> held_;
  ServerResult result_;
  Clock::time_point opened_;
  Clock::time_point began_at_;
  std::optional<Deadline> limit_;
  TimerId limit_timer_ = -1, release_timer_ = -1;
  int64_t release_armed_ms_ = -1;
  int64_t seq_ = 0;
  bool over_ = false;
  std::string out_;  // reused frame buffer
  std::vector<Json> derived_;
};

}  // namespace arena::dungeon
