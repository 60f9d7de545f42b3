// `arena serve`: the browser app (docs/web.md). One HTTP + WebSocket server on an io_context of
// its own, on the thread that calls run(); every match it starts (a human's game) runs on a thread
// of its own with the match's own Hub, and the human's seat is a socket pair between the two: the
// hub sees a connection like any bot's (deadlines, `closed`, framing), the server sees bytes.
// Beast and Asio stay inside server/*.cc.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/replay.h"

namespace arena::server {

class TournamentDb;  // server/tournament_db.h

struct ServeOptions {
  std::string bind = "127.0.0.1";
  int port = 8080;          // 0: a free port
  std::string replays_dir;  // the directory listed at `/` and served at /api/replay/
  // The database of the tournament pages (/tournaments, /tournament/<name>); null: none.
  std::shared_ptr<TournamentDb> tournaments;
};

class Server {
 public:
  explicit Server(ServeOptions options);
  ~Server();  // stops, ends every running match (their human seats see `closed`), joins them
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and listens; throws std::runtime_error with a precise message. Returns the port.
  int listen();
  // Serves until stop(), SIGINT or SIGTERM. Call after listen(), on one thread.
  void run();
  // From any thread (or a signal-watching one): run() returns soon.
  void stop();

  // Live spectating (docs/web.md): a match watched at /live/<id>. Every call is thread-safe: the
  // match's thread feeds it. Lines are kept, so a page that comes late sees the match from the
  // start; end() hands the whole replay and closes the watchers' streams.
  std::string open_live(const std::string& game);
  void live_line(const std::string& id, const Json& line);
  void live_end(const std::string& id, const std::string& replay_jsonl);

  struct Impl;  // server/server_impl.h, for server/*.cc

 private:
  std::unique_ptr<Impl> impl_;
};

// What a request for `target` (path and query, as sent) gets, without the network: the status,
// Content-Type and body. The HTTP layer and the tests share it. WebSocket routes are not here.
struct Response {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};
Response handle_get(const ServeOptions& options, std::string_view target);

}  // namespace arena::server
