// Live spectating (docs/web.md): /ws/live/<id> streams a running match's lines to viewers, from
// the first line on, and the whole replay at the end.
#include "server/server_impl.h"

namespace arena::server {

class WatchSession : public std::enable_shared_from_this<WatchSession> {
 public:
  explicit WatchSession(std::shared_ptr<WsStream> ws)
      : ws_(ws), writer_(std::make_shared<WsWriter>(std::move(ws))) {}

  void start() { read(); }

  void line(const std::string& json) { writer_->send("{\"type\":\"line\",\"line\":" + json + "}"); }
  void finish(std::string text) { writer_->finish(std::move(text)); }

 private:
  // Nothing is expected from a viewer; reading notices when it goes away.
  void read() {
    ws_->async_read(in_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      self->in_.consume(self->in_.size());
      self->read();
    });
  }

  std::shared_ptr<WsStream> ws_;
  std::shared_ptr<WsWriter> writer_;
  beast::flat_buffer in_;
};

namespace {

std::string end_message(const LiveMatch& m) {
  return Json{{"type", "end"}, {"replay", m.replay}}.dump();
}

}  // namespace

void Server::Impl::start_watch(std::shared_ptr<WsStream> ws, const std::string& id) {
  auto watcher = std::make_shared<WatchSession>(std::move(ws));
  watcher->start();
  auto it = live.find(id);
  if (it == live.end())
    return watcher->finish(
        Json{{"type", "error"}, {"message", "no live match '" + id + "' on this server"}}.dump());
  LiveMatch& m = *it->second;
  for (const std::string& line : m.lines) watcher->line(line);
  if (m.over) return watcher->finish(end_message(m));
  m.watchers.push_back(watcher);
}

std::string Server::Impl::open_live(const std::string& game) {
  std::lock_guard lock(mutex);
  const std::string id = std::to_string(next_live++);
  asio::post(ioc, [this, id, game] {
    auto m = std::make_shared<LiveMatch>();
    m->game = game;
    live.emplace(id, std::move(m));
  });
  return id;
}

void Server::Impl::live_line(const std::string& id, std::string line_json) {
  asio::post(ioc, [this, id, line = std::move(line_json)] {
    auto it = live.find(id);
    if (it == live.end()) return;
    it->second->lines.push_back(line);
    for (auto& weak : it->second->watchers)
      if (auto w = weak.lock()) w->line(line);
  });
}

void Server::Impl::live_end(const std::string& id, std::string replay) {
  asio::post(ioc, [this, id, replay = std::move(replay)] {
    auto it = live.find(id);
    if (it == live.end()) return;
    LiveMatch& m = *it->second;
    m.over = true;
    m.replay = replay;
    for (auto& weak : m.watchers)
      if (auto w = weak.lock()) w->finish(end_message(m));
    m.watchers.clear();
  });
}

std::string Server::open_live(const std::string& game) {
  return impl_->open_live(game);
}
void Server::live_line(const std::string& id, const Json& line) {
  // As the replay file writes it: a bot's bad bytes become U+FFFD, never an exception in a match.
  impl_->live_line(id, line.dump(-1, ' ', false, Json::error_handler_t::replace));
}
void Server::live_end(const std::string& id, const std::string& replay_jsonl) {
  impl_->live_end(id, replay_jsonl);
}

}  // namespace arena::server
