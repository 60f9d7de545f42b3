// The event hub (DESIGN.md, "Seats, channels, time"): one loop that owns every connection of a
// match (child pipes, TCP connections, in-process bots on their own threads), its listeners, its
// timers and every child's stderr.
//
// Properties every referee can rely on:
// - complete frames are delivered one at a time, in the order they arrived on their connection;
// - when several connections have frames ready, next() hands out one frame per connection per
//   pass, round-robin, so that no connection starves the others;
// - send() never blocks: bytes are queued and written when the peer can take them (with
//   batch_writes, from the next time the referee gives the hub control); a connection whose
//   unsent output passes its bound is closed with verdict too_long;
// - every stderr pipe handed to drain() is read whenever the loop runs, whoever is being waited
// for;
// - deadlines and timers run on the monotonic clock.
//
// A turn-based referee stays a plain sequence on top of it (send, then receive(conn, deadline)); a
// real-time referee calls next(deadline) and handles events as they come. The hub is used from one
// thread (its owner's); only in-process bots run on threads of their own, and they talk to the loop
// through it. Asio stays inside hub.cc: this header is cheap to include.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.h"
#include "core/framer.h"
#include "core/message_bot.h"
#include "core/verdict.h"

namespace arena {

class BoundedCapture;

// One answer from one connection, as a turn-based referee waits for it.
struct Received {
  Verdict verdict = Verdict::ok;  // ok, timeout, closed, malformed, too_long (crashed: by seats)
  std::string message;            // verdict ok: the message, without framing
  std::string detail;             // otherwise: a precise reason
  double ms = 0;                  // time spent in this receive()
  bool ok() const { return verdict == Verdict::ok; }
};

using ConnId = int;
using TimerId = int;
using ListenerId = int;
using DrainId = int;

struct ConnOptions {
  // Unsent output past which the connection is closed with verdict too_long (a peer that does not
  // read must not make the referee's memory grow without bound).
  size_t max_output = 16u << 20;
};

// What next() hands out.
struct HubEvent {
  enum class Kind {
    message,   // a complete frame from `conn`
    error,     // the framer refused `conn`'s bytes: `verdict` (malformed, too_long) and `detail`
    closed,    // `conn` reached its end: `verdict` closed or too_long (output bound), `detail`
    accepted,  // `listener` accepted a new connection, now `conn` (framed by the listener's framer)
    timer,     // `timer` is due
  };
  Kind kind = Kind::message;
  ConnId conn = -1;
  ListenerId listener = -1;
  TimerId timer = -1;
  std::string message;
  Verdict verdict = Verdict::ok;
  std::string detail;
};

class Hub {
 public:
  Hub();
  ~Hub();  // closes every connection, joins every in-process bot's thread
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // A connection over file descriptors the hub takes over and closes: a child's stdout and stdin
  // (read_fd != write_fd), or a socket (read_fd == write_fd). Either may be -1.
  ConnId adopt(int read_fd, int write_fd, std::unique_ptr<Framer> framer, ConnOptions options = {});

  // A built-in bot on a thread of its own, speaking the game's wire bytes like a program: what is
  // sent to the connection is encoded by `framer`, framed for the bot by `to_bot`; the bot's
  // answer bytes are framed by `framer` like a pipe's. Its log goes to `log` (may be null), as a
  // program's stderr would. An exception thrown by the bot ends the connection (closed, with why).
  ConnId add_bot(std::unique_ptr<MessageBot> bot, std::unique_ptr<Framer> to_bot,
                 std::unique_ptr<Framer> framer, BoundedCapture* log, ConnOptions options = {});

  // Sends one message, framed by the connection's framer. Never blocks.
  void send(ConnId conn, std::string_view message);
  // Batched writes, for a referee that goes back to next() after each event: what it sends is
  // written from its next call into the hub (next, receive, run_until, poll, close...), in one
  // gathered write per connection, so that handling an event never waits on a system call.
  // Off (the default): send() writes what the peer can take at once, so a test or a referee may
  // send and then block on something other than the hub.
  void batch_writes(bool on);
  void send_raw(ConnId conn, std::string_view bytes);
  // Closes the write side once everything queued is written (a per-turn process reads its request
  // to EOF while its answer is still read); the read side stays.
  void close_write_when_flushed(ConnId conn);
  // Closes the write side now, after one non-blocking attempt to write what is queued; the rest is
  // dropped (the peer sees EOF).
  void close_write(ConnId conn);
  // Closes the connection at once, after the same one attempt; its frames not yet taken are
  // dropped.
  void close(ConnId conn);
  // A held connection is skipped by next() (its frames wait for receive(), or for release): a
  // server that has handed a connection to a seat keeps serving the others with next().
  void hold(ConnId conn, bool held = true);

  // The next frame of one connection, waiting until the deadline while everything else (other
  // connections' reads and writes, drains) goes on. At least one look at what is ready happens
  // even past the deadline. Frames of other connections wait for their own receive() or next().
  Received receive(ConnId conn, Deadline deadline);
  // The next event of any connection, listener or timer, one frame per connection per pass
  // (round-robin); nullopt at the deadline.
  std::optional<HubEvent> next(Deadline deadline);
  // Runs the loop until `done()` or the deadline. True if done() held.
  bool run_until(Deadline deadline, const std::function<bool()>& done);
  // Runs what is ready now, without waiting.
  void poll();

  // Without blocking: has the connection sent bytes beyond the frames already taken?
  bool bytes_waiting(ConnId conn);
  // The connection has reached its end and every frame was taken.
  bool finished(ConnId conn) const;
  bool write_failed(ConnId conn) const;
  // Bytes queued and not yet written.
  size_t queued_output(ConnId conn) const;

  // Reads `fd` (taken over, closed by the hub) into `sink` whenever the loop runs, until EOF.
  DrainId drain(int fd, BoundedCapture* sink);
  // Reads what `drain` holds now (at most about `budget` bytes) without waiting.
  void collect(DrainId drain, size_t budget = SIZE_MAX);
  // Reads up to EOF (every writer must be gone), then forgets the drain. -1 is ignored.
  void finish_drain(DrainId drain);

  // A TCP listener on host:port (port 0: a free port); throws std::runtime_error with a precise
  // message when it cannot. Accepted connections are framed by `framer()` and reported by next().
  ListenerId listen(const std::string& host, int port,
                    std::function<std::unique_ptr<Framer>()> framer, ConnOptions options = {});
  int port(ListenerId listener) const;
  void close_listener(ListenerId listener);
  // From now on, connections `listener` accepts are closed at once, without a word, and
  // `on_refused` (may be null) is told; no accepted event is reported for them.
  void refuse_connections(ListenerId listener, std::function<void()> on_refused);

  // Wakes the loop once `fd` (taken over, closed after) becomes readable: e.g. a pidfd, readable
  // when its process has exited, so that a wait for a child's exit ends at the exit itself.
  void wake_when_readable(int fd);

  TimerId add_timer(Deadline at);
  void cancel_timer(TimerId timer);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arena
