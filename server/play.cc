// A human's seat over WebSocket (docs/web.md, "Human play"). The match runs on a thread of its
// own with its own Hub, exactly as `arena play` runs it; the human's seat is one end of a socket
// pair, which the match's hub reads like a bot's connection (its deadlines, its framing, `closed`
// when the browser goes away). This session, on the server's loop, holds the other end: what the
// match writes there goes to the page as `request` messages, cut into the game's own frames; what
// the page replies is written back byte for byte.
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstring>
#include <deque>

#include "core/framer.h"
#include "match/match.h"
#include "server/human_hooks.h"
#include "server/paths.h"
#include "server/play.h"
#include "server/server_impl.h"

namespace arena::server {

using local = asio::local::stream_protocol;

class PlaySession : public std::enable_shared_from_this<PlaySession> {
 public:
  PlaySession(Server::Impl& server, std::shared_ptr<WsStream> ws)
      : server_(server), ws_(std::move(ws)), peer_(server.ioc) {}

  // Sets the game up, opens the seat's socket pair and starts the match thread.
  void start(const std::string& game_name, const std::string& query) {
    // A page that can no longer be written to closes the seat, as one that goes away does.
    writer_ = std::make_shared<WsWriter>(ws_, [weak = weak_from_this()] {
      if (auto s = weak.lock()) s->close_seat();
    });
    read_ws();
    const GameInfo* game = Registry::instance().find(game_name);
    if (!game) return fail("unknown game '" + game_name + "'");
    auto made = human_game(*game, query);
    if (auto* err = std::get_if<std::string>(&made)) return fail(*err);
    HumanGame hg = std::get<HumanGame>(std::move(made));
    game_ = game->name;
    role_ = hg.role;
    deadline_ms_ = hg.setup.time_ms;
    SeatPlan plan = game->seat_plan(hg.setup, hg.setup.seats.at(role_));
    if (plan.to_bot) to_page_ = plan.to_bot();

    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
      return fail(std::string("cannot open the seat: ") + strerror(errno));
    beast::error_code ec;
    peer_.assign(local(), fds[0], ec);
    hg.setup.seats.at(role_).peer_fd = fds[1];
    std::weak_ptr<PlaySession> weak = shared_from_this();
    // Spectators see everything at /live/<id>; the player does not get the header (it holds the
    // cave) before the end, and gets the turn lines only where its game says they hide nothing
    // (HumanHooks::lines_to_page: not Dracula's, which hold every seat's move).
    const std::string live_id = server_.open_live(game_);
    const HumanHooks* hooks = human_hooks(game_);
    const bool to_page = hooks && hooks->lines_to_page;
    hg.setup.on_line = [weak, live_id, to_page, &server = server_](const Json& line) {
      std::string text = line.dump(-1, ' ', false, Json::error_handler_t::replace);
      server.live_line(live_id, text);
      if (!to_page || line.value("type", "") == "header") return;
      asio::post(server.ioc, [weak, text = std::move(text)] {
        if (auto s = weak.lock()) s->send("{\"type\":\"line\",\"line\":" + text + "}");
      });
    };
    send(Json{{"type", "start"},
              {"game", game_},
              {"role", role_},
              {"seed", std::to_string(hg.setup.seed)},
              {"deadline_ms", deadline_ms_},
              {"live", live_id}}
             .dump());
    read_peer();
    std::lock_guard lock(server_.mutex);
    server_.sessions.push_back(weak);
    server_.match_threads.emplace_back([weak, game, setup = std::move(hg.setup),
                                        dir = server_.options.replays_dir, live_id,
                                        &server = server_]() mutable {
      Json end = {{"type", "end"}};
      try {
        MatchOutcome outcome = run_match(*game, setup);
        end["result"] = outcome.replay.result;
        const std::string text = outcome.replay.to_jsonl();
        end["replay"] = text;
        // Kept in the replay directory, so the link at the end is one anyone can open; kept
        // before the spectators hear the end, so the file is whole by the time they see it.
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
        const std::string name = game->name + "-human-" + std::to_string(setup.seed) + "-" +
                                 std::to_string(ms) + ".jsonl";
        if (!dir.empty()) {
          try {
            write_file(dir + "/" + name, text);
            end["file"] = name;
          } catch (const std::exception& e) {
            end["replay_error"] = std::string("the replay was not kept: ") + e.what();
          }
        }
        server.live_end(live_id, text);
      } catch (const std::exception& e) {
        end = {{"type", "error"}, {"message", std::string("the match failed: ") + e.what()}};
      }
      asio::post(server.ioc, [weak, text = end.dump()] {
        if (auto s = weak.lock()) s->finish(text);
      });
    });
  }

  // Ends the seat from the server's side (shutdown): the match sees `closed`.
  void close_seat() {
    beast::error_code ignored;
    peer_.close(ignored);
  }

 private:
  void fail(const std::string& message) {
    finish(Json{{"type", "error"}, {"message", message}}.dump());
  }

  // The last message, then a normal close once everything queued is written.
  void finish(std::string text) {
    writer_->finish(std::move(text));
    close_seat();
  }

  void send(std::string text) { writer_->send(std::move(text)); }

  // The page: replies, written to the seat byte for byte. A page that goes away closes the seat.
  void read_ws() {
    ws_->async_read(in_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->close_seat();
      const std::string data = beast::buffers_to_string(self->in_.data());
      self->in_.consume(self->in_.size());
      self->on_page_message(data);
      self->read_ws();
    });
  }

  void on_page_message(const std::string& data) {
    Json msg = Json::parse(data, nullptr, false);
    if (msg.is_discarded() || !msg.is_object())
      return send(
          Json{{"type", "error"}, {"message", "not a JSON object: " + data.substr(0, 80)}}.dump());
    if (msg.value("type", "") != "reply" || !msg.contains("text") || !msg["text"].is_string())
      return send(Json{{"type", "error"}, {"message", "expected {\"type\":\"reply\",\"text\":...}"}}
                      .dump());
    if (!peer_.is_open()) return;
    to_seat_.push_back(msg["text"].get<std::string>());
    if (to_seat_.size() == 1) write_seat();
  }

  void write_seat() {
    asio::async_write(peer_, asio::buffer(to_seat_.front()),
                      [self = shared_from_this()](beast::error_code ec, size_t) {
                        self->to_seat_.pop_front();
                        if (ec) return self->to_seat_.clear();
                        if (!self->to_seat_.empty()) self->write_seat();
                      });
  }

  // The match's side: every frame the seat receives becomes one request for the page.
  void read_peer() {
    peer_.async_read_some(
        asio::buffer(buf_), [self = shared_from_this()](beast::error_code ec, size_t n) {
          if (ec) return;  // the match closed the seat; its end message follows from the thread
          self->on_seat_bytes(std::string_view(self->buf_.data(), n));
          self->read_peer();
        });
  }

  void on_seat_bytes(std::string_view bytes) {
    if (!to_page_) return request(std::string(bytes));
    to_page_->feed(bytes);
    for (Frame f = to_page_->next(); f.is_message(); f = to_page_->next())
      request(to_page_->encode(f.message));
  }

  void request(const std::string& text) {
    send(Json{{"type", "request"},
              {"role", role_},
              {"text", text},
              {"deadline_ms", deadline_ms_},
              {"hint", human_hint(game_, role_, text)}}
             .dump());
  }

  Server::Impl& server_;
  std::shared_ptr<WsStream> ws_;
  local::socket peer_;
  std::unique_ptr<Framer> to_page_;
  std::string game_, role_;
  int deadline_ms_ = 0;
  beast::flat_buffer in_;
  std::array<char, 4096> buf_{};
  std::shared_ptr<WsWriter> writer_;  // made in start(): its error handler needs our weak_ptr
  std::deque<std::string> to_seat_;
};

void Server::Impl::start_play(std::shared_ptr<WsStream> ws, const std::string& game,
                              const std::string& query) {
  std::make_shared<PlaySession>(*this, std::move(ws))->start(game, query);
}

void Server::Impl::end_matches() {
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mutex);
    for (auto& weak : sessions)
      if (auto s = weak.lock()) s->close_seat();
    threads.swap(match_threads);
  }
  for (auto& t : threads) t.join();
}

}  // namespace arena::server
