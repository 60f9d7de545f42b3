#include "core/seat.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
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

// Reads what `fd` holds now (non-blocking) into `sink`, stopping after about `budget` bytes (a
// writer still going could otherwise keep it reading). False once it reached EOF or failed.
bool read_available(int fd, BoundedCapture& sink, size_t budget = SIZE_MAX) {
  char buf[64 * 1024];
  for (size_t got = 0; got < budget;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      sink.append(std::string_view(buf, static_cast<size_t>(n)));
      got += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
  return true;
}

// What take_stderr() reads from a stderr pipe before handing over: at most the pipe's usual
// capacity many times over, so that what was written before a turn's last line goes with it.
constexpr size_t kTakeReadBudget = 1024 * 1024;

// Hands over a capture and restarts it; with a child, first collects what its stderr pipe holds.
StderrExcerpt take_capture(BoundedCapture& capture, ChildProcess* child = nullptr) {
  if (child && child->stderr_fd() >= 0)
    read_available(child->stderr_fd(), capture, kTakeReadBudget);
  StderrExcerpt e;
  e.text = capture.take(&e.truncated);
  return e;
}

// Replaces the other seats' stderr pipes a seat drains (`current`, polled by `channel` when there
// is one) with `next`; none once the seat is finished. `own_fd`, the seat's own pipe, is never
// taken as another's.
void replace_extra_drains(Channel* channel, std::vector<StderrDrain>& current,
                          std::vector<StderrDrain> next, bool finished, int own_fd = -1) {
  if (channel) {
    for (const StderrDrain& d : current) channel->remove_drain(d.fd);
  }
  current.clear();
  if (finished) return;
  for (const StderrDrain& d : next) {
    if (d.fd < 0 || d.fd == own_fd) continue;
    if (channel) channel->add_drain(d.fd, d.sink);
    current.push_back(d);
  }
}

// Waits until the child exits or the deadline passes, reading its stderr meanwhile: a child
// blocked on a full stderr pipe could otherwise never exit.
std::optional<ExitStatus> wait_exit_draining(ChildProcess& child, BoundedCapture& sink,
                                             Deadline deadline) {
  bool stderr_open = child.stderr_fd() >= 0;
  while (!child.poll_exit()) {
    if (!stderr_open) return child.wait_exit(deadline);
    if (deadline.expired()) return std::nullopt;
    // Short slices: the exit itself does not wake this poll when someone else holds stderr open.
    pollfd p{child.stderr_fd(), POLLIN, 0};
    int left = deadline.poll_timeout_ms();
    int r = poll(&p, 1, left < 0 ? 10 : std::min(left, 10));
    if (r > 0) stderr_open = read_available(child.stderr_fd(), sink);
  }
  return child.status();
}

// Takes over one of the child's pipe ends for a Channel, which closes what it owns.
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

// A child for the whole game.
class ProcessSeat : public Seat {
 public:
  ProcessSeat(const ProcessOptions& options, FramerFactory framer, size_t stderr_limit)
      : capture_(stderr_limit) {
    child_ = spawn_or_error(options, &start_error_);
    if (!start_error_.empty()) return;
    channel_ = std::make_unique<Channel>(take_fd(child_->stdout_fd()), take_fd(child_->stdin_fd()),
                                         framer());
    child_->close_stdout();
    child_->close_stdin();
    channel_->add_drain(child_->stderr_fd(), &capture_);
  }
  ~ProcessSeat() override { finish(0); }

  void send(std::string_view message) override {
    if (channel_) channel_->send(message);
  }

  Received receive(Deadline deadline) override {
    const auto start = Clock::now();
    if (!channel_) return make_received(Verdict::crashed, start_error_, start);
    Received r = channel_->receive(deadline);
    if (r.verdict != Verdict::closed || finished_) return r;
    // EOF: usually the process is exiting. Wait briefly for its status to say how it ended.
    auto status = wait_exit_draining(*child_, capture_, Deadline::after_ms(200));
    if (status) return make_received(Verdict::crashed, status->describe(), start);
    r.detail = "closed its output but is still running";
    r.ms = ms_since(start);
    return r;
  }

  bool bytes_waiting() override { return channel_ && channel_->bytes_waiting(); }

  void finish(int grace_ms) override {
    if (finished_) return;
    set_extra_drains({});
    finished_ = true;
    if (!child_) return;
    if (channel_) channel_->close_write();
    if (!child_->status()) wait_exit_draining(*child_, capture_, Deadline::after_ms(grace_ms));
    child_->kill_tree();
    if (child_->stderr_fd() >= 0) {
      read_available(child_->stderr_fd(), capture_);  // every writer is dead: up to EOF
      if (channel_) channel_->remove_drain(child_->stderr_fd());
      child_->close_stderr();
    }
  }

  std::string stderr_text() const override { return capture_.text(); }
  bool stderr_truncated() const override { return capture_.truncated(); }
  StderrExcerpt take_stderr() override { return take_capture(capture_, child_.get()); }
  StderrDrain stderr_drain() override {
    if (finished_ || !child_ || child_->stderr_fd() < 0) return {};
    return {child_->stderr_fd(), &capture_};
  }
  void set_extra_drains(std::vector<StderrDrain> others) override {
    replace_extra_drains(channel_.get(), extra_, std::move(others), finished_ || !channel_,
                         child_ ? child_->stderr_fd() : -1);
  }
  std::string exit_description() const override {
    return child_ && child_->status() ? child_->status()->describe() : "";
  }
  std::string start_error() const override { return start_error_; }

 private:
  BoundedCapture capture_;
  std::unique_ptr<ChildProcess> child_;
  std::unique_ptr<Channel> channel_;  // declared after child_: closed before the child is killed
  std::vector<StderrDrain> extra_;    // other seats' stderr drained by our waits
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
  std::string encode(std::string_view message) const override { return inner_->encode(message); }
  Framer& inner() { return *inner_; }

 private:
  std::unique_ptr<Framer> inner_;
};

// A fresh child for every turn.
class PerTurnProcessSeat : public Seat {
 public:
  PerTurnProcessSeat(const ProcessOptions& options, FramerFactory framer, size_t stderr_limit)
      : options_(options), framer_factory_(std::move(framer)), capture_(stderr_limit) {}
  ~PerTurnProcessSeat() override { end_turn(); }

  void send(std::string_view message) override {
    if (finished_) return;
    end_turn();
    turn_over_.reset();
    child_ = spawn_or_error(options_, &start_error_);
    if (!start_error_.empty()) {
      turn_over_ = Received{Verdict::crashed, {}, start_error_, 0};
      return;
    }
    auto framer = std::make_unique<DeferredFinishFramer>(framer_factory_());
    framer_ = framer.get();
    channel_ = std::make_unique<Channel>(take_fd(child_->stdout_fd()), take_fd(child_->stdin_fd()),
                                         std::move(framer));
    child_->close_stdout();
    child_->close_stdin();
    channel_->add_drain(child_->stderr_fd(), &capture_);
    for (const StderrDrain& d : extra_) channel_->add_drain(d.fd, d.sink);
    // Whatever is still unwritten when the turn ends is abandoned with the process.
    channel_->send(message);
    channel_->close_write_when_flushed();
  }

  Received receive(Deadline deadline) override {
    const auto start = Clock::now();
    if (turn_over_) {
      Received r = *turn_over_;
      r.ms = ms_since(start);
      return r;
    }
    if (!channel_) return make_received(Verdict::closed, "no turn has been started", start);
    for (;;) {
      // Until the process is known to have exited, wake up now and then to look: a background
      // child holding stdout would otherwise keep the turn going after the process ended.
      bool exited = child_->status().has_value();
      Deadline slice = exited ? deadline : earlier(deadline, Deadline::after_ms(10));
      Received r = channel_->receive(slice);
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

  bool bytes_waiting() override { return channel_ && channel_->bytes_waiting(); }

  void finish(int grace_ms) override {
    if (finished_) return;
    set_extra_drains({});
    finished_ = true;
    if (child_ && !child_->status()) {
      channel_->close_write();
      wait_exit_draining(*child_, capture_, Deadline::after_ms(grace_ms));
    }
    end_turn();
  }

  std::string stderr_text() const override { return capture_.text(); }
  bool stderr_truncated() const override { return capture_.truncated(); }
  StderrExcerpt take_stderr() override { return take_capture(capture_, child_.get()); }
  // No stderr_drain(): the process lives only during its own turn.
  void set_extra_drains(std::vector<StderrDrain> others) override {
    replace_extra_drains(channel_.get(), extra_, std::move(others), finished_);
  }
  std::string exit_description() const override {
    return child_ && child_->status() ? child_->status()->describe() : "";
  }
  std::string start_error() const override { return start_error_; }

 private:
  // stdout reached EOF: the process has until the deadline to exit by itself.
  Received end_of_output(Deadline deadline, Clock::time_point start) {
    auto status = wait_exit_draining(*child_, capture_, deadline);
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

  // Kills the turn's process tree (if any) and collects the rest of its stderr. The channel stays,
  // so what was read but not yet returned can still be asked for.
  void end_turn() {
    if (!child_) return;
    child_->kill_tree();
    if (child_->stderr_fd() >= 0) {
      read_available(child_->stderr_fd(), capture_);
      if (channel_) channel_->remove_drain(child_->stderr_fd());
      child_->close_stderr();
    }
  }

  ProcessOptions options_;
  FramerFactory framer_factory_;
  BoundedCapture capture_;
  std::unique_ptr<ChildProcess> child_;
  std::unique_ptr<Channel> channel_;
  DeferredFinishFramer* framer_ = nullptr;  // owned by channel_
  std::optional<Received> turn_over_;       // once set, what receive() says until the next send()
  std::vector<StderrDrain> extra_;          // other seats' stderr drained by our turns' waits
  std::string start_error_;
  bool finished_ = false;
};

// A MessageBot in this process, behind the same framing as a program.
class InProcessSeat : public Seat {
 public:
  InProcessSeat(std::unique_ptr<MessageBot> bot, FramerFactory framer_to_bot, FramerFactory framer)
      : bot_(std::move(bot)), to_bot_(framer_to_bot()), reply_(framer()) {}

  void send(std::string_view message) override {
    if (!finished_ && !crashed_) to_bot_->feed(reply_->encode(message));
  }

  Received receive(Deadline deadline) override {
    const auto start = Clock::now();
    for (;;) {
      Frame f = reply_->next();
      if (f.is_message()) {
        Received r = make_received(Verdict::ok, {}, start);
        r.message = std::move(f.message);
        return r;
      }
      if (f.is_error()) return make_received(f.error, std::move(f.detail), start);
      if (crashed_) return make_received(Verdict::crashed, crash_detail_, start);
      if (finished_ || bot_->finished()) {
        return make_received(Verdict::closed, "the bot has finished", start);
      }
      Frame in = to_bot_->next();
      if (in.is_error()) {
        crashed_ = true;
        crash_detail_ = "the bot cannot read its input: " + in.detail;
        continue;
      }
      if (!in.is_message()) {
        // A program would wait for input until the deadline; nothing can change meanwhile.
        return make_received(Verdict::timeout, "the bot has no answer (it waits for input)", start);
      }
      std::string out;
      try {
        bot_->on_message(in.message, out);
      } catch (const std::exception& e) {
        crashed_ = true;
        crash_detail_ = std::string("the bot threw: ") + e.what();
      }
      log_.append(bot_->take_log());
      reply_->feed(out);
      // Like a process's late answer: it stays buffered, but this wait has failed.
      if (deadline.expired()) {
        return make_received(Verdict::timeout, "the bot answered after the deadline", start);
      }
    }
  }

  bool bytes_waiting() override { return reply_->has_buffered(); }
  void finish(int) override { finished_ = true; }
  std::string stderr_text() const override { return log_.text(); }
  bool stderr_truncated() const override { return log_.truncated(); }
  StderrExcerpt take_stderr() override { return take_capture(log_); }

 private:
  std::unique_ptr<MessageBot> bot_;
  std::unique_ptr<Framer> to_bot_, reply_;
  BoundedCapture log_;
  bool finished_ = false, crashed_ = false;
  std::string crash_detail_;
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

std::unique_ptr<Seat> make_process_seat(const ProcessOptions& options, FramerFactory framer,
                                        size_t stderr_limit) {
  return std::make_unique<ProcessSeat>(options, std::move(framer), stderr_limit);
}

std::unique_ptr<Seat> make_per_turn_process_seat(const ProcessOptions& options,
                                                 FramerFactory framer, size_t stderr_limit) {
  return std::make_unique<PerTurnProcessSeat>(options, std::move(framer), stderr_limit);
}

std::unique_ptr<Seat> make_in_process_seat(std::unique_ptr<MessageBot> bot,
                                           FramerFactory framer_to_bot, FramerFactory framer) {
  return std::make_unique<InProcessSeat>(std::move(bot), std::move(framer_to_bot),
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
