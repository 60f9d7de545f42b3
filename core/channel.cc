#include "core/channel.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace arena {
namespace {

constexpr size_t kReadChunk = 64 * 1024;

void set_nonblocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

bool is_socket(int fd) {
  struct stat st {};
  return fd >= 0 && fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode);
}

}  // namespace

Channel::Channel(int read_fd, int write_fd, std::unique_ptr<Framer> framer)
    : read_fd_(read_fd), write_fd_(write_fd), framer_(std::move(framer)) {
  // Writing to a pipe whose reader died must give EPIPE, never kill us.
  static std::once_flag once;
  std::call_once(once, [] { signal(SIGPIPE, SIG_IGN); });
  if (read_fd_ >= 0) set_nonblocking(read_fd_);
  if (write_fd_ >= 0) set_nonblocking(write_fd_);
  write_is_socket_ = is_socket(write_fd_);
}

Channel::~Channel() {
  close_write();
  close_read();
}

void Channel::add_drain(int fd, BoundedCapture* sink) {
  if (fd < 0) return;
  set_nonblocking(fd);
  remove_drain(fd);
  drains_.emplace_back(fd, sink);
}

void Channel::remove_drain(int fd) {
  std::erase_if(drains_, [fd](const auto& d) { return d.first == fd; });
}

void Channel::send(std::string_view message) {
  send_raw(framer_->encode(message));
}

void Channel::send_raw(std::string_view bytes) {
  if (write_fd_ < 0) {
    write_failed_ = true;  // the write side is closed: the bytes cannot go anywhere
    return;
  }
  if (write_failed_) return;
  out_.append(bytes);
  write_some();
}

void Channel::write_some() {
  while (out_pos_ < out_.size() && write_fd_ >= 0) {
    const char* data = out_.data() + out_pos_;
    size_t len = out_.size() - out_pos_;
    ssize_t n = write_is_socket_ ? ::send(write_fd_, data, len, MSG_NOSIGNAL)
                                 : ::write(write_fd_, data, len);
    if (n > 0) {
      out_pos_ += static_cast<size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return;
    } else {
      // EPIPE, ECONNRESET...: the peer is gone; what is queued can never be delivered.
      write_failed_ = true;
      break;
    }
  }
  out_.clear();
  out_pos_ = 0;
  if (close_when_flushed_) close_write();
}

bool Channel::flush(Deadline deadline) {
  write_some();
  while (out_pos_ < out_.size() && !write_failed_) {
    if (deadline.expired()) return false;
    wait_once(deadline.poll_timeout_ms());
  }
  return !write_failed_;
}

int Channel::wait_once(int timeout_ms) {
  std::vector<pollfd> fds;
  int read_index = -1, write_index = -1;
  if (read_fd_ >= 0 && !eof_) {
    read_index = static_cast<int>(fds.size());
    fds.push_back({read_fd_, POLLIN, 0});
  }
  if (write_fd_ >= 0 && out_pos_ < out_.size()) {
    write_index = static_cast<int>(fds.size());
    fds.push_back({write_fd_, POLLOUT, 0});
  }
  size_t first_drain = fds.size();
  for (const auto& d : drains_) fds.push_back({d.first, POLLIN, 0});

  int r = poll(fds.data(), fds.size(), timeout_ms);
  if (r < 0) return errno == EINTR ? -1 : 0;  // EINTR: the caller recomputes its timeout
  if (r == 0) return 0;

  std::vector<int> ready;
  for (size_t i = first_drain; i < fds.size(); ++i) {
    if (fds[i].revents) ready.push_back(fds[i].fd);
  }
  if (!ready.empty()) drain_ready(ready);
  if (write_index >= 0 && fds[write_index].revents) write_some();
  if (read_index >= 0 && fds[read_index].revents) {
    if (fds[read_index].revents & POLLNVAL) {
      eof_ = true;
      read_error_ = "the read descriptor is not open";
    } else {
      read_some();
    }
  }
  return r;
}

bool Channel::read_some() {
  char buf[kReadChunk];
  for (;;) {
    ssize_t n = ::read(read_fd_, buf, sizeof buf);
    if (n > 0) {
      framer_->feed(std::string_view(buf, static_cast<size_t>(n)));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    eof_ = true;
    if (n < 0) read_error_ = std::string("read failed: ") + std::strerror(errno);
    return false;
  }
}

void Channel::drain_ready(const std::vector<int>& ready) {
  char buf[kReadChunk];
  for (int fd : ready) {
    auto it = std::find_if(drains_.begin(), drains_.end(), [fd](auto& d) { return d.first == fd; });
    if (it == drains_.end()) continue;
    // A few chunks per wake-up: enough to keep a chatty writer moving without starving the rest.
    for (int round = 0; round < 8; ++round) {
      ssize_t n = ::read(fd, buf, sizeof buf);
      if (n > 0) {
        if (it->second) it->second->append(std::string_view(buf, static_cast<size_t>(n)));
        if (static_cast<size_t>(n) < sizeof buf) break;
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      drains_.erase(it);  // EOF or error: nothing more will come, stop polling it
      break;
    }
  }
}

Received Channel::receive(Deadline deadline) {
  const auto start = Clock::now();
  auto done = [&](Verdict v, std::string message, std::string detail) {
    Received r;
    r.verdict = v;
    r.message = std::move(message);
    r.detail = std::move(detail);
    r.ms = ms_since(start);
    return r;
  };
  bool polled = false;
  for (;;) {
    Frame f = framer_->next();
    if (f.is_message()) return done(Verdict::ok, std::move(f.message), {});
    if (f.is_error()) return done(f.error, {}, std::move(f.detail));
    if (eof_ || read_fd_ < 0) {
      if (!finished_) {
        finished_ = true;
        f = framer_->finish();
        if (f.is_message()) return done(Verdict::ok, std::move(f.message), {});
        // Half a message then EOF is a peer that went away, not garbage: `closed`, with why.
        if (f.is_error() && f.error == Verdict::malformed)
          return done(Verdict::closed, {}, "closed in the middle of a message: " + f.detail);
        if (f.is_error()) return done(f.error, {}, std::move(f.detail));
      }
      return done(Verdict::closed, {}, read_error_.empty() ? "end of stream" : read_error_);
    }
    // At least one poll even past the deadline, so bytes already there are seen; after that the
    // deadline wins even against a peer that keeps sending without completing a message.
    if (polled && deadline.expired()) {
      return done(Verdict::timeout, {}, "no complete message before the deadline");
    }
    wait_once(deadline.poll_timeout_ms());
    polled = true;
  }
}

bool Channel::bytes_waiting() {
  if (framer_->has_buffered()) return true;
  if (read_fd_ < 0 || eof_) return false;
  int n = 0;
  return ioctl(read_fd_, FIONREAD, &n) == 0 && n > 0;
}

void Channel::close_write_when_flushed() {
  close_when_flushed_ = true;
  if (out_pos_ >= out_.size()) close_write();
}

void Channel::close_write() {
  if (write_fd_ < 0) return;
  int fd = write_fd_;
  write_fd_ = -1;
  out_.clear();
  out_pos_ = 0;
  if (fd == read_fd_) {
    shutdown(fd, SHUT_WR);  // the peer sees EOF; we keep reading the same socket
  } else {
    ::close(fd);
  }
}

void Channel::close_read() {
  if (read_fd_ < 0) return;
  int fd = read_fd_;
  read_fd_ = -1;
  if (fd != write_fd_) ::close(fd);
}

}  // namespace arena
