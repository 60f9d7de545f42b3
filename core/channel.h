// A channel is a connection with a framer: messages in, bytes out, each wait bounded by a deadline.
// While a channel waits it keeps writing what is queued (a request may exceed the pipe buffer while
// the peer is already answering) and keeps draining its extra fds (a child's stderr), so a chatty
// peer can never block.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "core/framer.h"
#include "core/process.h"
#include "core/verdict.h"

namespace arena {

struct Received {
  Verdict verdict = Verdict::ok;  // ok, timeout, closed, malformed, too_long (crashed: by seats)
  std::string message;            // verdict ok: the message, without framing
  std::string detail;             // otherwise: a precise reason
  double ms = 0;                  // time spent in this receive()
  bool ok() const { return verdict == Verdict::ok; }
};

class Channel {
 public:
  // The channel owns both fds (which may be the same socket) and closes them.
  Channel(int read_fd, int write_fd, std::unique_ptr<Framer> framer);
  ~Channel();
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;

  // Reads `fd` whenever this channel waits or polls, into `sink`. The channel does not own it.
  void add_drain(int fd, BoundedCapture* sink);
  void remove_drain(int fd);

  // Queues the message, framed, and writes what it can without blocking.
  void send(std::string_view message);
  void send_raw(std::string_view bytes);
  // Writes everything queued, waiting until the deadline. False if the peer closed or time ran out.
  bool flush(Deadline deadline);
  bool write_failed() const { return write_failed_; }

  // The next message, waiting until the deadline. Errors of the framer are returned as they come
  // (a fatal one stays). EOF gives `closed` (after any last message the framer makes of it).
  Received receive(Deadline deadline);

  // Without blocking: are bytes already waiting beyond what has been returned (in the framer's
  // buffer, or readable on the fd)? Only data counts: a pending EOF is not bytes waiting.
  bool bytes_waiting();

  // Closes the write side once everything queued is written (at once if nothing is): a per-turn
  // process reads its request to EOF while the channel keeps reading its answer.
  void close_write_when_flushed();
  void close_write();
  void close_read();
  bool eof() const { return eof_; }
  Framer& framer() { return *framer_; }

 private:
  // One poll(2) over the read fd, the write fd (when output is queued) and the drains, then
  // services what is ready. Returns poll's count (0: timeout, -1: interrupted).
  int wait_once(int timeout_ms);
  bool read_some();  // one non-blocking read into the framer; false on EOF or error
  void drain_ready(const std::vector<int>& ready);
  void write_some();

  bool shared_fd() const { return read_fd_ >= 0 && read_fd_ == write_fd_; }

  int read_fd_, write_fd_;
  bool write_is_socket_ = false;
  std::unique_ptr<Framer> framer_;
  std::string out_;
  size_t out_pos_ = 0;  // bytes of out_ already written
  bool write_failed_ = false, eof_ = false;
  bool finished_ = false;  // framer_->finish() was called after EOF
  bool close_when_flushed_ = false;
  std::string read_error_;  // why reading stopped, when it was not a plain EOF
  std::vector<std::pair<int, BoundedCapture*>> drains_;
};

}  // namespace arena
