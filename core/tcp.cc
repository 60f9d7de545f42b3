#include "core/tcp.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace arena {
namespace {

std::string endpoint(const std::string& host, int port) {
  return host + ":" + std::to_string(port);
}

// Resolves host:port for a stream socket. On failure returns null and sets `error`.
addrinfo* resolve(const std::string& host, int port, bool passive, std::string* error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
  addrinfo* list = nullptr;
  std::string service = std::to_string(port);
  int rc = getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &list);
  if (rc != 0) {
    *error = "cannot resolve '" + host + "': " + gai_strerror(rc);
    return nullptr;
  }
  return list;
}

void set_nodelay(int fd) {
  // Turn-based protocols exchange small messages: never hold them back (Nagle).
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

// One or several TCP connections on the hub, and the bot process behind them if we started it.
class SocketSeat : public Seat {
 public:
  SocketSeat(Hub& hub, std::vector<ConnId> conns, std::unique_ptr<ChildProcess> bot)
      : hub_(hub), bot_(std::move(bot)), conns_(std::move(conns)), conn_(conns_.at(0)) {
    if (!bot_) return;
    // A bot we started with its stderr on a pipe: drained and kept, bounded. Its stdout is not
    // part of the protocol, but a bot that prints must never block on it: drained and dropped.
    if (bot_->stderr_fd() >= 0)
      stderr_drain_ = hub_.drain(fcntl(bot_->stderr_fd(), F_DUPFD_CLOEXEC, 3), &stderr_);
    if (bot_->stdout_fd() >= 0)
      stdout_drain_ = hub_.drain(fcntl(bot_->stdout_fd(), F_DUPFD_CLOEXEC, 3), &stdout_dropped_);
    bot_->close_stderr();
    bot_->close_stdout();
  }
  ~SocketSeat() override {
    finish(0);
    for (ConnId c : conns_) hub_.close(c);
  }

  void send(std::string_view message) override { hub_.send(conn_, message); }

  Received receive(Deadline deadline) override {
    Received r = hub_.receive(conn_, deadline);
    if (r.verdict == Verdict::closed && bot_ && bot_->poll_exit()) {
      r.detail = "connection closed; the bot ended with " + bot_->status()->describe();
    } else if (r.verdict == Verdict::closed) {
      r.detail = "connection closed (" + r.detail + ")";
    }
    return r;
  }

  bool bytes_waiting() override { return hub_.bytes_waiting(conn_); }

  void finish(int grace_ms) override {
    if (finished_) return;
    finished_ = true;
    for (ConnId c : conns_) hub_.close_write(c);  // the bot sees EOF and may leave by itself
    if (!bot_) return;
    wait_exit_running(hub_, *bot_, Deadline::after_ms(grace_ms));
    bot_->kill_tree();
    hub_.finish_drain(stderr_drain_);
    hub_.finish_drain(stdout_drain_);
  }

  std::string exit_description() const override {
    return bot_ && bot_->status() ? bot_->status()->describe() : "";
  }
  std::string stderr_text() const override { return stderr_.text(); }
  bool stderr_truncated() const override { return stderr_.truncated(); }
  StderrExcerpt take_stderr() override {
    if (!finished_) hub_.collect(stderr_drain_, 1024 * 1024);
    StderrExcerpt e;
    e.text = stderr_.take(&e.truncated);
    return e;
  }
  std::string start_error() const override {
    if (bot_ && !bot_->start_error().empty()) return bot_->start_error();
    return start_error_;
  }
  std::vector<ConnId> connections() const override { return conns_; }
  void set_start_error(std::string why) { start_error_ = std::move(why); }

 private:
  Hub& hub_;
  std::unique_ptr<ChildProcess> bot_;
  std::vector<ConnId> conns_;
  std::string start_error_;
  BoundedCapture stderr_;
  BoundedCapture stdout_dropped_{0};
  ConnId conn_;
  DrainId stderr_drain_ = -1, stdout_drain_ = -1;
  bool finished_ = false;
};

}  // namespace

TcpListener::TcpListener(const std::string& host, int port) {
  const std::string where = endpoint(host, port);
  if (port < 0 || port > 65535) {
    throw std::runtime_error("cannot listen on " + where + ": port out of range");
  }
  std::string error;
  addrinfo* list = resolve(host, port, /*passive=*/true, &error);
  if (!list) throw std::runtime_error("cannot listen on " + where + ": " + error);
  for (addrinfo* a = list; a; a = a->ai_next) {
    int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
    if (fd < 0) {
      error = std::string("socket: ") + std::strerror(errno);
      continue;
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0) {
      error = std::string("bind: ") + std::strerror(errno);
      close(fd);
      continue;
    }
    if (listen(fd, 64) != 0) {
      error = std::string("listen: ") + std::strerror(errno);
      close(fd);
      continue;
    }
    fd_ = fd;
    break;
  }
  freeaddrinfo(list);
  if (fd_ < 0) throw std::runtime_error("cannot listen on " + where + ": " + error);
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    if (addr.ss_family == AF_INET) {
      port_ = ntohs(reinterpret_cast<sockaddr_in*>(&addr)->sin_port);
    } else if (addr.ss_family == AF_INET6) {
      port_ = ntohs(reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port);
    }
  }
}

TcpListener::~TcpListener() {
  if (fd_ >= 0) close(fd_);
}

int TcpListener::accept(Deadline deadline) {
  for (;;) {
    int fd = accept4(fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
      set_nodelay(fd);
      return fd;
    }
    // The peer may give up between poll and accept (ECONNABORTED): keep waiting.
    if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ECONNABORTED) {
      throw std::runtime_error(std::string("accept on port ") + std::to_string(port_) +
                               " failed: " + std::strerror(errno));
    }
    if (deadline.expired()) return -1;
    pollfd p{fd_, POLLIN, 0};
    int r = poll(&p, 1, deadline.poll_timeout_ms());
    if (r == 0 && deadline.expired()) return -1;
  }
}

int tcp_connect(const std::string& host, int port, std::string* error) {
  const std::string where = endpoint(host, port);
  std::string why;
  addrinfo* list = resolve(host, port, /*passive=*/false, &why);
  if (!list) {
    if (error) *error = "cannot connect to " + where + ": " + why;
    return -1;
  }
  int result = -1;
  for (addrinfo* a = list; a && result < 0; a = a->ai_next) {
    int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      why = std::string("socket: ") + std::strerror(errno);
      continue;
    }
    int rc = connect(fd, a->ai_addr, a->ai_addrlen);
    if (rc != 0 && errno == EINTR) {
      // An interrupted connect goes on in the background: wait for it, then ask how it ended.
      pollfd p{fd, POLLOUT, 0};
      while (poll(&p, 1, -1) < 0 && errno == EINTR) {
      }
      int err = 0;
      socklen_t len = sizeof err;
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
      rc = err == 0 ? 0 : -1;
      errno = err;
    }
    if (rc != 0) {
      why = std::strerror(errno);
      close(fd);
      continue;
    }
    set_nodelay(fd);
    result = fd;
  }
  freeaddrinfo(list);
  if (result < 0 && error) *error = "cannot connect to " + where + ": " + why;
  return result;
}

std::unique_ptr<Seat> make_socket_seat(Hub& hub, int fd, FramerFactory framer,
                                       std::unique_ptr<ChildProcess> bot) {
  return std::make_unique<SocketSeat>(hub, std::vector<ConnId>{hub.adopt(fd, fd, framer())},
                                      std::move(bot));
}

std::unique_ptr<Seat> make_sockets_seat(Hub& hub, const std::vector<int>& fds,
                                        const FramerFactory& framer,
                                        std::unique_ptr<ChildProcess> bot,
                                        std::string start_error) {
  std::vector<ConnId> conns;
  for (int fd : fds) conns.push_back(hub.adopt(fd, fd, framer()));
  auto seat = std::make_unique<SocketSeat>(hub, std::move(conns), std::move(bot));
  seat->set_start_error(std::move(start_error));
  return seat;
}

std::unique_ptr<Seat> make_conn_seat(Hub& hub, ConnId conn) {
  return std::make_unique<SocketSeat>(hub, std::vector<ConnId>{conn}, nullptr);
}

int run_bot_tcp(MessageBot& bot, Framer& input, const std::string& host, int port) {
  std::string error;
  int fd = tcp_connect(host, port, &error);
  if (fd < 0) {
    std::string line = "bot: " + error + "\n";
    ssize_t ignored = write(2, line.data(), line.size());
    (void)ignored;
    return 1;
  }
  int code = run_bot_fds(bot, input, fd, fd);
  close(fd);
  return code;
}

}  // namespace arena
