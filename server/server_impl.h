// The server's insides, shared by server/*.cc only (Beast and Asio are included here).
#pragma once

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/server.h"

namespace arena::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using WsStream = websocket::stream<beast::tcp_stream>;

class PlaySession;
class WatchSession;

// The text frames going out to one WebSocket (server/ws_writer.cc): written one at a time, in
// order; finish() writes what is queued, then closes normally. A failed write drops the queue,
// ignores later sends and calls on_error once. Handlers hold the writer (and so the stream) alive.
class WsWriter : public std::enable_shared_from_this<WsWriter> {
 public:
  explicit WsWriter(std::shared_ptr<WsStream> ws, std::function<void()> on_error = {})
      : ws_(std::move(ws)), on_error_(std::move(on_error)) {}
  void send(std::string text);
  void finish(std::string text);  // the last message, then the close

 private:
  void write_next();

  std::shared_ptr<WsStream> ws_;
  std::function<void()> on_error_;
  std::deque<std::string> out_;
  bool writing_ = false, closing_ = false, closed_ = false;
};

// One live match: its lines so far and who watches it. Touched on the loop's thread only.
struct LiveMatch {
  std::string game;
  std::vector<std::string> lines;  // JSON texts, the header first once the referee sent it
  std::string replay;              // the whole replay, once the match is over
  bool over = false;
  std::vector<std::weak_ptr<WatchSession>> watchers;
};

struct Server::Impl {
  explicit Impl(ServeOptions o) : options(std::move(o)), acceptor(ioc) {}

  void accept();
  void upgrade(tcp::socket socket, http::request<http::string_body> req);
  // A human's game of `game` (the URL's segment) with the query's parameters (server/play.cc).
  void start_play(std::shared_ptr<WsStream> ws, const std::string& game, const std::string& query);
  // After run() returned: closes every human seat (its match sees `closed` and ends as the game's
  // rules say), then joins every match thread.
  void end_matches();
  // /ws/live/<id> (server/live.cc).
  void start_watch(std::shared_ptr<WsStream> ws, const std::string& id);
  // On the loop's thread: a new live match, its next line, its end.
  std::string open_live(const std::string& game);
  void live_line(const std::string& id, std::string line_json);
  void live_end(const std::string& id, std::string replay);

  ServeOptions options;
  asio::io_context ioc;
  tcp::acceptor acceptor;
  std::mutex mutex;  // guards the two below (match threads are started on the loop's thread)
  std::vector<std::thread> match_threads;
  std::vector<std::weak_ptr<PlaySession>> sessions;
  int next_live = 1;  // the loop's thread (open_live from outside takes `mutex`)
  std::map<std::string, std::shared_ptr<LiveMatch>> live;  // the loop's thread
};

}  // namespace arena::server
