#include "core/seat.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <exception>
#include <mutex>

namespace arena {
namespace {

Received make_received(Verdict v, std::string detail, Clock::time_point start) {
  Received r;
  r.verdict = v;
  r.detail = std::move(detail);
  r.ms = ms_since(start);
  return r;
}

Deadline earlier(Deadline a, Deadline b) {
  return a.at() < b.at() ? a : b;
}

// What take_stderr() reads from a stderr pipe before handing over: at most the pipe's usual
// capacity many times over, so that what was written before a turn's last line goes with it.
constexpr size_t kTakeReadBudget = 1024 * 1024;

// A copy of one of the child's pipe ends for the hub, which closes what it owns.
int take_fd(int fd) {
  return fd < 0 ? -1 : fcntl(fd, F_DUPFD_CLOEXEC, 3);
}

std::unique_ptr<ChildProcess> spawn_or_error(const ProcessOptions& options, std::string* error) {
  try {
    auto child = ChildProcess::spawn(options);
    *error = child->start_error();
    return child;
  } catch (const std::exception& e) {
    *error = e.what();
    return nullptr;
  }
}

// A child's pipes on the hub: stdout and stdin as one connection, stderr drained into `capture`.
struct ChildOnHub {
  ConnId conn = -1;
  DrainId drain = -1;
};
ChildOnHub put_on_hub(Hub& hub, ChildProcess& child, std::unique_ptr<Framer> framer,
                      BoundedCapture* capture) {
  ChildOnHub h;
  h.conn = hub.adopt(take_fd(child.stdout_fd()), take_fd(child.stdin_fd()), std::move(framer));
  h.drain = hub.drain(take_fd(child.stderr_fd()), capture);
  child.close_stdout();
  child.close_stdin();
  child.close_stderr();
  return h;
}

StderrExcerpt take_capture(BoundedCapture& capture) {
  StderrExcerpt e;
  e.text = capture.take(&e.truncated);
  return e;
}

// A child for the whole game.
class ProcessSeat : public Seat {
 public:
  ProcessSeat(Hub& hub, const ProcessOptions& options, FramerFactory framer, size_t stderr_limit)
      : hub_(hub), capture_(stderr_limit) {
    child_ = spawn_or_error(options, &start_error_);
    if (!start_error_.empty()) return;
    on_hub_ = put_on_hub(hub_, *child_, framer(), &capture_);
  }
  ~ProcessSeat() override { finish(0); }

  void send(std::string_view message) override {
    if (on_hub_.conn >= 0 && !finished_) hub_.send(on_hub_.conn, message);
  }

  Received receive(Deadline deadline) override {
    const auto start = Clock::now();
    if (on_hub_.conn < 0) return make_received(Verdict::crashed, start_error_, start);
    Received r = hub_.receive(on_hub_.conn, deadline);
    if (r.verdict != Verdict::closed || finished_) return r;
    // EOF: usually the process is exiting. Wait briefly for its status to say how it ended.
    auto status = wait_exit_running(hub_, *child_, Deadline::after_ms(200));
    if (status) return make_received(Verdict::crashed, status->describe(), start);
    r.detail = "closed its output but is still running";
    r.ms = ms_since(start);
    return r;
  }

  bool bytes_waiting() override { return on_hub_.conn >= 0 && hub_.bytes_waiting(on_hub_.conn); }

  void finish(int grace_ms) override {
    if (finished_) return;
    finished_ = true;
    if (!child_) return;
    if (on_hub_.conn >= 0) {
      hub_.close_write(on_hub_.conn);
      if (!child_->status()) wait_exit_running(hub_, *child_, Deadline::after_ms(grace_ms));
    }
    child_->kill_tree();
    hub_.finish_drain(on_hub_.drain);  // every writer is dead: up to EOF
    hub_.close(on_hub_.conn);
  }

  std::string stderr_text() const override { return capture_.text(); }
  bool stderr_truncated() const override { return capture_.truncated(); }
  StderrExcerpt take_stderr() override {
    if (!finished_) hub_.collect(on_hub_.drain, kTakeReadBudget);
    return take_capture(capture_);
  }
  std::string exit_description() const override {
    return child_ && child_->status() ? child_->status()->describe() : "";
  }
  std::string start_error() const override { return start_error_; }

 private:
  Hub& hub_;
  BoundedCapture capture_;
  std::unique_ptr<ChildProcess> child_;
  ChildOnHub on_hub_;
  std::string start_error_;
  bool finished_ = false;
};

// Holds back the framer's finish() at EOF: a per-turn process's unterminated last line counts only
// once we know the process exited by itself (Dracula §6.2, step 4).
class DeferredFinishFramer : public Framer {
 public:
  explicit DeferredFinishFramer(std::unique_ptr<Framer> inner) : inner_(std::move(inner)) {}
  void feed(std::string_view bytes) override { inner_->feed(bytes); }
  Frame next() override { return inner_->next(); }
  Frame finish() override { return Frame::need_more(); }
  bool has_buffered() const override { return inner_->has_buffered(); }
  bool is_failed() const override { return inner_->is_failed(); }
  std::string encode(std::string_view message) const override { return inner_->encode(message); }
  Framer& inner() { return *inner_; }

 private:
  std::unique_ptr<Framer> inner_;
};

// A fresh child for every turn.
class PerTurnProcessSeat : public Seat {
 public:
  PerTurnProcessSeat(Hub& hub, const ProcessOptions& options, FramerFactory framer,
                     size_t stderr_limit)
      : hub_(hub), options_(options), framer_factory_(std::move(framer)), capture_(stderr_limit) {}
  ~PerTurnProcessSeat() override {
    end_turn();
    hub_.close(on_hub_.conn);
  }

  void send(std::string_view message) override {
    if (finished_) return;
    end_turn();
    hub_.close(on_hub_.conn);
    on_hub_ = {};
    turn_over_.reset();
    child_ = spawn_or_error(options_, &start_error_);
    if (!start_error_.empty()) {
      turn_over_ = Received{Verdict::crashed, {}, start_error_, 0};
      return;
    }
    auto framer = std::make_unique<DeferredFinishFramer>(framer_factory_());
    framer_ = framer.get();
    on_hub_ = put_on_hub(hub_, *child_, std::move(framer), &capture_);
    // Whatever is still unwritten when the turn ends is abandoned with the process.
    hub_.send(on_hub_.conn, message);
    hub_.close_write_when_flushed(on_hub_.conn);
  }

  Received receive(Deadline deadline) override {
    const auto start = Clock::now();
    if (turn_over_) {
      Received r = *turn_over_;
      r.ms = ms_since(start);
      return r;
    }
    if (on_hub_.conn < 0) return make_received(Verdict::closed, "no turn has been started", start);
    for (;;) {
      // Until the process is known to have exited, wake up now and then to look: a background
      // child holding stdout would otherwise keep the turn going after the process ended.
      bool exited = child_->status().has_value();
      Deadline slice = exited ? deadline : earlier(deadline, Deadline::after_ms(10));
      Received r = hub_.receive(on_hub_.conn, slice);
      r.ms = ms_since(start);
      if (r.verdict == Verdict::closed) return end_of_output(deadline, start);
      if (r.verdict != Verdict::timeout) return r;
      if (deadline.expired()) {
        end_turn();
        r.detail = "no complete message before the deadline; the process was killed";
        turn_over_ = r;
        return r;
      }
      // The process exited: kill what it left behind so the pipe reaches EOF, then read the rest.
      if (!exited && child_->poll_exit()) child_->kill_tree();
    }
  }

  bool bytes_waiting() override { return on_hub_.conn >= 0 && hub_.bytes_waiting(on_hub_.conn); }

  void finish(int grace_ms) override {
    if (finished_) return;
    finished_ = true;
    if (child_ && !child_->status()) {
      hub_.close_write(on_hub_.conn);
      wait_exit_running(hub_, *child_, Deadline::after_ms(grace_ms));
    }
    end_turn();
  }

  std::string stderr_text() const override { return capture_.text(); }
  bool stderr_truncated() const override { return capture_.truncated(); }
  StderrExcerpt take_stderr() override {
    hub_.collect(on_hub_.drain, kTakeReadBudget);
    return take_capture(capture_);
  }
  std::string exit_description() const override {
    return child_ && child_->status() ? child_->status()->describe() : "";
  }
  std::string start_error() const override { return start_error_; }

 private:
  // stdout reached EOF: the process has until the deadline to exit by itself.
  Received end_of_output(Deadline deadline, Clock::time_point start) {
    auto status = wait_exit_running(hub_, *child_, deadline);
    if (!status) {
      end_turn();
      Received r = make_received(Verdict::timeout,
                                 "closed its output but did not exit before the deadline", start);
      turn_over_ = r;
      return r;
    }
    Frame last = framer_->inner().finish();
    bool clean = status->exited && status->code == 0;
    turn_over_ = Received{clean ? Verdict::closed : Verdict::crashed, {}, status->describe(), 0};
    end_turn();
    if (last.is_message()) {
      Received r = make_received(Verdict::ok, {}, start);
      r.message = std::move(last.message);
      return r;
    }
    if (last.is_error()) return make_received(last.error, std::move(last.detail), start);
    Received r = *turn_over_;
    r.ms = ms_since(start);
    return r;
  }

  // Kills the turn's process tree (if any) and collects the rest of its stderr. The connection
  // stays until the next turn, so what was read but not yet returned can still be asked for.
  void end_turn() {
    if (!child_) return;
    child_->kill_tree();
    hub_.finish_drain(on_hub_.drain);
    on_hub_.drain = -1;
  }

  Hub& hub_;
  ProcessOptions options_;
  FramerFactory framer_factory_;
  BoundedCapture capture_;
  std::unique_ptr<ChildProcess> child_;
  ChildOnHub on_hub_;
  DeferredFinishFramer* framer_ = nullptr;  // owned by the hub's connection
  std::optional<Received> turn_over_;       // once set, what receive() says until the next send()
  std::string start_error_;
  bool finished_ = false;
};

// A MessageBot in this process, on its own thread, behind the same framing as a program.
class InProcessSeat : public Seat {
 public:
  InProcessSeat(Hub& hub, std::unique_ptr<MessageBot> bot, FramerFactory framer_to_bot,
                FramerFactory framer)
      : hub_(hub), conn_(hub.add_bot(std::move(bot), framer_to_bot(), framer(), &log_)) {}
  ~InProcessSeat() override { hub_.close(conn_); }

  void send(std::string_view message) override {
    if (!finished_) hub_.send(conn_, message);
  }
  Received receive(Deadline deadline) override { return hub_.receive(conn_, deadline); }
  bool bytes_waiting() override { return hub_.bytes_waiting(conn_); }
  void finish(int) override {
    if (finished_) return;
    finished_ = true;
    hub_.close_write(conn_);
  }
  std::vector<ConnId> connections() const override { return {conn_}; }
  std::string stderr_text() const override { return log_.text(); }
  bool stderr_truncated() const override { return log_.truncated(); }
  StderrExcerpt take_stderr() override {
    hub_.poll();  // the bot's log reaches the capture through the loop
    return take_capture(log_);
  }

 private:
  Hub& hub_;
  BoundedCapture log_;  // before conn_: the bot writes into it
  ConnId conn_;
  bool finished_ = false;
};

// A fresh in-process bot for every turn, as a per-turn program is a fresh process (Dracula §6.2):
// each send() retires the previous bot (its late answers die with it) and starts a new one.
class PerTurnInProcessSeat : public Seat {
 public:
  PerTurnInProcessSeat(Hub& hub, std::function<std::unique_ptr<MessageBot>()> make_bot,
                       FramerFactory framer_to_bot, FramerFactory framer)
      : hub_(hub),
        make_bot_(std::move(make_bot)),
        framer_to_bot_(std::move(framer_to_bot)),
        framer_(std::move(framer)) {}

  void send(std::string_view message) override {
    if (finished_) return;
    turn_ = std::make_unique<InProcessSeat>(hub_, make_bot_(), framer_to_bot_, framer_);
    turn_->send(message);
  }
  Received receive(Deadline deadline) override {
    if (turn_) return turn_->receive(deadline);
    Received r;
    r.verdict = Verdict::closed;
    r.detail = "not asked yet";
    return r;
  }
  bool bytes_waiting() override { return turn_ && turn_->bytes_waiting(); }
  void finish(int grace_ms) override {
    finished_ = true;
    if (turn_) turn_->finish(grace_ms);
  }
  std::string stderr_text() const override { return turn_ ? turn_->stderr_text() : ""; }
  bool stderr_truncated() const override { return turn_ && turn_->stderr_truncated(); }
  StderrExcerpt take_stderr() override { return turn_ ? turn_->take_stderr() : StderrExcerpt{}; }

 private:
  Hub& hub_;
  std::function<std::unique_ptr<MessageBot>()> make_bot_;
  FramerFactory framer_to_bot_, framer_;
  std::unique_ptr<Seat> turn_;
  bool finished_ = false;
};

bool write_all(int fd, std::string_view bytes) {
  static const bool kIgnored = [] { return signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
  (void)kIgnored;
  struct stat st {};
  bool sock = fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode);
  while (!bytes.empty()) {
    ssize_t n = sock ? ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL)
                     : ::write(fd, bytes.data(), bytes.size());
    if (n > 0) {
      bytes.remove_prefix(static_cast<size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd, POLLOUT, 0};
      poll(&p, 1, -1);
    } else {
      return false;
    }
  }
  return true;
}

void log_line(std::string_view text) {
  if (!text.empty()) write_all(2, text);
}

}  // namespace

std::optional<ExitStatus> wait_exit_running(Hub& hub, ChildProcess& child, Deadline deadline) {
  if (child.poll_exit()) return child.status();
  // A pidfd becomes readable at the exit itself and wakes the hub then; the short slices are
  // there for kernels without pidfds (the child's pipes close a moment before it can be waited
  // for, so their EOF alone is not enough).
  hub.wake_when_readable(static_cast<int>(syscall(SYS_pidfd_open, child.pid(), 0)));
  while (!child.poll_exit()) {
    if (deadline.expired()) return std::nullopt;
    // Any event may be the exit (the child's stderr reaching EOF is one): look after each.
    hub.run_until(earlier(deadline, Deadline::after_ms(5)),
                  [&] { return child.poll_exit().has_value(); });
  }
  return child.status();
}

std::unique_ptr<Seat> make_process_seat(Hub& hub, const ProcessOptions& options,
                                        FramerFactory framer, size_t stderr_limit) {
  return std::make_unique<ProcessSeat>(hub, options, std::move(framer), stderr_limit);
}

std::unique_ptr<Seat> make_per_turn_process_seat(Hub& hub, const ProcessOptions& options,
                                                 FramerFactory framer, size_t stderr_limit) {
  return std::make_unique<PerTurnProcessSeat>(hub, options, std::move(framer), stderr_limit);
}

std::unique_ptr<Seat> make_in_process_seat(Hub& hub, std::unique_ptr<MessageBot> bot,
                                           FramerFactory framer_to_bot, FramerFactory framer) {
  return std::make_unique<InProcessSeat>(hub, std::move(bot), std::move(framer_to_bot),
                                         std::move(framer));
}

namespace {

// Several MessageBots in this process, each on its own thread and its own connection.
class InProcessTeamSeat : public Seat {
 public:
  InProcessTeamSeat(Hub& hub, std::vector<std::unique_ptr<MessageBot>> bots,
                    const FramerFactory& framer_to_bot, const FramerFactory& framer)
      : hub_(hub) {
    for (auto& bot : bots)
      conns_.push_back(hub.add_bot(std::move(bot), framer_to_bot(), framer(), &log_));
  }
  ~InProcessTeamSeat() override {
    for (ConnId c : conns_) hub_.close(c);
  }

  void send(std::string_view message) override {
    if (!finished_ && !conns_.empty()) hub_.send(conns_[0], message);
  }
  Received receive(Deadline deadline) override {
    if (conns_.empty()) return Received{Verdict::closed, {}, "the seat has no connection", 0};
    return hub_.receive(conns_[0], deadline);
  }
  bool bytes_waiting() override { return !conns_.empty() && hub_.bytes_waiting(conns_[0]); }
  void finish(int) override {
    if (finished_) return;
    finished_ = true;
    for (ConnId c : conns_) hub_.close_write(c);
  }
  std::vector<ConnId> connections() const override { return conns_; }
  std::string stderr_text() const override { return log_.text(); }
  bool stderr_truncated() const override { return log_.truncated(); }
  StderrExcerpt take_stderr() override {
    hub_.poll();
    return take_capture(log_);
  }

 private:
  Hub& hub_;
  BoundedCapture log_;  // before the connections: the bots write into it
  std::vector<ConnId> conns_;
  bool finished_ = false;
};

}  // namespace

std::unique_ptr<Seat> make_in_process_team_seat(Hub& hub,
                                                std::vector<std::unique_ptr<MessageBot>> bots,
                                                FramerFactory framer_to_bot, FramerFactory framer) {
  return std::make_unique<InProcessTeamSeat>(hub, std::move(bots), framer_to_bot, framer);
}

std::unique_ptr<Seat> make_per_turn_in_process_seat(
    Hub& hub, std::function<std::unique_ptr<MessageBot>()> make_bot, FramerFactory framer_to_bot,
    FramerFactory framer) {
  return std::make_unique<PerTurnInProcessSeat>(hub, std::move(make_bot), std::move(framer_to_bot),
                                                std::move(framer));
}

int run_bot_fds(MessageBot& bot, Framer& input, int in_fd, int out_fd) {
  // Returns false when the bot is done (finished, or its output is gone).
  int code = 0;
  auto handle = [&](const std::string& message) {
    std::string out;
    bot.on_message(message, out);
    log_line(bot.take_log());
    if (!write_all(out_fd, out)) {
      log_line(std::string("bot: cannot write its answer: ") + std::strerror(errno) + "\n");
      code = 1;
      return false;
    }
    return !bot.finished();
  };
  {
    std::string greeting;
    bot.on_open(greeting);
    log_line(bot.take_log());
    if (!greeting.empty() && !write_all(out_fd, greeting)) {
      log_line(std::string("bot: cannot write: ") + std::strerror(errno) + "\n");
      return 1;
    }
  }
  char buf[64 * 1024];
  for (;;) {
    ssize_t n = read(in_fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{in_fd, POLLIN, 0};
      poll(&p, 1, -1);
      continue;
    }
    if (n < 0) {
      log_line(std::string("bot: cannot read its input: ") + std::strerror(errno) + "\n");
      return 1;
    }
    if (n == 0) {
      Frame last = input.finish();
      if (last.is_message()) handle(last.message);
      return code;
    }
    input.feed(std::string_view(buf, static_cast<size_t>(n)));
    for (;;) {
      Frame f = input.next();
      if (f.is_error()) {
        log_line("bot: bad input: " + f.detail + "\n");
        return 2;
      }
      if (!f.is_message()) break;
      if (!handle(f.message)) return code;
    }
  }
}

int run_bot_stdio(MessageBot& bot, Framer& input) {
  return run_bot_fds(bot, input, 0, 1);
}

}  // namespace arena
