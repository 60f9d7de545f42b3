// A scripted Empire Builder client over a real socket for the end-to-end tests, and the server
// run on a thread of the test (real sockets, the real hub).
#pragma once

#include <poll.h>
#include <unistd.h>

#include <future>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/tcp.h"
#include "games/empire/server.h"

namespace arena::testing {

class WireClient {
 public:
  explicit WireClient(int port) {
    std::string error;
    fd_ = tcp_connect("127.0.0.1", port, &error);
    EXPECT_GE(fd_, 0) << error;
  }
  ~WireClient() { close(); }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  void send_raw(const std::string& bytes) {
    size_t off = 0;
    while (off < bytes.size() && fd_ >= 0) {
      pollfd p{fd_, POLLOUT, 0};
      ::poll(&p, 1, 5000);
      ssize_t n = ::write(fd_, bytes.data() + off, bytes.size() - off);
      if (n <= 0) {
        if (errno == EAGAIN) continue;
        return;
      }
      off += static_cast<size_t>(n);
    }
  }
  void send(const std::string& line) { send_raw(line + "\n"); }
  // The next line; "<eof>" at the end, "<timeout>" after `ms`.
  std::string line(int ms = 10000) {
    for (;;) {
      size_t nl = buf_.find('\n');
      if (nl != std::string::npos) {
        std::string l = buf_.substr(0, nl);
        buf_.erase(0, nl + 1);
        if (getenv("EB_TRACE")) fprintf(stderr, "%d< %s\n", fd_, l.substr(0, 100).c_str());
        return l;
      }
      if (fd_ < 0) return "<eof>";
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, ms) <= 0) return "<timeout>";
      char chunk[65536];
      ssize_t n = ::read(fd_, chunk, sizeof chunk);
      if (n < 0 && errno == EAGAIN) continue;
      if (n <= 0) return "<eof>";
      buf_.append(chunk, static_cast<size_t>(n));
    }
  }
  // Reads lines until one equals `want` (returned true) or the stream ends; the lines before it
  // are kept in `skipped`.
  bool skip_to(const std::string& want, std::vector<std::string>* skipped = nullptr) {
    for (;;) {
      std::string l = line();
      if (l == want) return true;
      if (l == "<eof>" || l == "<timeout>") return false;
      if (skipped) skipped->push_back(l);
    }
  }
  void expect(const std::vector<std::string>& lines, const std::string& where) {
    for (const std::string& want : lines) ASSERT_EQ(line(), want) << where;
  }
  int fd() const { return fd_; }

 private:
  int fd_ = -1;
  std::string buf_;
};

// eb-server on a thread of the test, with its stdout kept.
class ServerThread {
 public:
  explicit ServerThread(const std::vector<std::string>& settings) {
    empire::ServerConfig c;
    for (const std::string& s : settings) {
      auto e = empire::apply_setting(c, s);
      EXPECT_FALSE(e) << *e;
    }
    std::promise<int> listening;
    auto port = listening.get_future();
    c.on_listening = [&listening](int p) { listening.set_value(p); };
    thread_ = std::thread([this, c] { status_ = empire::run_server(c, out_, err_); });
    port_ = port.get();
  }
  ~ServerThread() { join(); }
  void join() {
    if (thread_.joinable()) thread_.join();
  }
  int port() const { return port_; }
  std::string out() {
    join();
    return out_.str();
  }
  int status() {
    join();
    return status_;
  }

 private:
  std::thread thread_;
  std::ostringstream out_, err_;
  int port_ = 0;
  int status_ = -1;
};

}  // namespace arena::testing
