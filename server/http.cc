// The network side of `arena serve`: Beast HTTP sessions, WebSocket upgrades, the listener.
// Everything here runs on the server's one io_context thread; matches run on threads of their own
// (server/play.cc) and reach this thread only through asio::post.
#include "server/server_impl.h"

namespace arena::server {

namespace {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Server::Impl* server)
      : stream_(std::move(socket)), server_(std::move(server)) {}

  void start() { read(); }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(64 * 1024);  // no route takes a body
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) return close();
    auto req = parser_->release();
    if (websocket::is_upgrade(req)) {
      stream_.expires_never();
      return server_->upgrade(beast::get_lowest_layer(stream_).release_socket(), std::move(req));
    }
    auto res = std::make_shared<http::response<http::string_body>>();
    res->version(req.version());
    res->keep_alive(req.keep_alive());
    res->set(http::field::server, "arena");
    res->set(http::field::cache_control, "no-store");
    if (req.method() != http::verb::get && req.method() != http::verb::head) {
      res->result(http::status::method_not_allowed);
      res->set(http::field::allow, "GET, HEAD");
      res->set(http::field::content_type, "text/plain; charset=utf-8");
      res->body() = "only GET and HEAD\n";
    } else {
      Response r = handle_get(server_->options, std::string(req.target()));
      res->result(static_cast<http::status>(r.status));
      res->set(http::field::content_type, r.content_type);
      res->set("X-Content-Type-Options", "nosniff");
      res->body() = std::move(r.body);
    }
    res->prepare_payload();
    if (req.method() == http::verb::head) res->body().clear();
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res](beast::error_code ec, size_t) {
                        if (ec || !res->keep_alive()) return self->close();
                        self->read();
                      });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Server::Impl* server_;
};

}  // namespace

void Server::Impl::accept() {
  acceptor.async_accept([self = this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) std::make_shared<HttpSession>(std::move(socket), self)->start();
    self->accept();
  });
}

void Server::Impl::upgrade(tcp::socket socket, http::request<http::string_body> req) {
  const std::string target(req.target());
  const std::string path = target.substr(0, target.find('?'));
  const std::string query =
      target.find('?') == std::string::npos ? std::string() : target.substr(target.find('?') + 1);
  auto ws = std::make_shared<websocket::stream<beast::tcp_stream>>(std::move(socket));
  ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws->read_message_max(1 << 20);
  auto self = this;
  auto request = std::make_shared<http::request<http::string_body>>(std::move(req));
  if (path.rfind("/ws/play/", 0) == 0) {
    ws->async_accept(*request,
                     [self, ws, request, game = path.substr(9), query](beast::error_code ec) {
                       if (!ec) self->start_play(ws, game, query);
                     });
    return;
  }
  if (path.rfind("/ws/live/", 0) == 0) {
    ws->async_accept(*request, [self, ws, request, id = path.substr(9)](beast::error_code ec) {
      if (!ec) self->start_watch(ws, id);
    });
    return;
  }
  // Not a WebSocket route: a plain 404, on the socket Beast handed back.
  auto res = std::make_shared<http::response<http::string_body>>(http::status::not_found,
                                                                 request->version());
  res->set(http::field::content_type, "text/plain; charset=utf-8");
  res->body() = "no WebSocket at " + path + "\n";
  res->prepare_payload();
  res->keep_alive(false);
  http::async_write(ws->next_layer(), *res, [ws, res](beast::error_code, size_t) {
    beast::error_code ignored;
    ws->next_layer().socket().shutdown(tcp::socket::shutdown_send, ignored);
  });
}

Server::Server(ServeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() {
  stop();
  impl_->end_matches();
}

int Server::listen() {
  auto& o = impl_->options;
  beast::error_code ec;
  auto address = asio::ip::make_address(o.bind, ec);
  if (ec) throw std::runtime_error("--bind " + o.bind + ": not an IP address");
  if (o.port < 0 || o.port > 65535) throw std::runtime_error("--port: must be from 0 to 65535");
  tcp::endpoint endpoint(address, static_cast<unsigned short>(o.port));
  auto& a = impl_->acceptor;
  a.open(endpoint.protocol(), ec);
  if (!ec) a.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw std::runtime_error("cannot listen on " + o.bind + ":" + std::to_string(o.port) + ": " +
                             ec.message());
  return a.local_endpoint().port();
}

void Server::run() {
  impl_->accept();
  // Ctrl-C or SIGTERM: stop serving; ~Server then ends the running matches.
  asio::signal_set signals(impl_->ioc, SIGINT, SIGTERM);
  signals.async_wait([this](beast::error_code ec, int) {
    if (!ec) stop();
  });
  impl_->ioc.run();
}

void Server::stop() {
  asio::post(impl_->ioc, [impl = impl_.get()] {
    beast::error_code ignored;
    impl->acceptor.close(ignored);
    impl->ioc.stop();
  });
}

}  // namespace arena::server
