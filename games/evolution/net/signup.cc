#include "games/evolution/net/signup.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <optional>

#include "games/evolution/json.h"
#include "games/evolution/net/remote_player.h"

namespace arena::evolution {

namespace {

// Accepted but not yet signed up.
struct Pending {
  int fd;  // owned by the seat; kept only to poll it
  std::unique_ptr<Seat> seat;
  Deadline deadline;
  int number;  // connection number, for logs
};

// Classifies the first message: true with *name for a JSON string.
bool signup_name(const std::string& message, std::string* name) {
  try {
    Json j = parse_json_text(message);
    if (!j.is_string()) return false;
    *name = j.get<std::string>();
    return true;
  } catch (const JsonShapeError&) {
    return false;
  }
}

std::string brief(const std::string& text) {
  return text.size() <= 80 ? text : text.substr(0, 80) + "...";
}

}  // namespace

bool read_signup(Seat& seat, Deadline deadline, std::string* name, std::string* why) {
  Received r = seat.receive(deadline);
  if (r.verdict == Verdict::timeout) {
    *why = "sent no sign-up within the time limit";
    return false;
  }
  if (!r.ok()) {
    *why = "no sign-up (" + std::string(to_string(r.verdict)) + ": " + r.detail + ")";
    return false;
  }
  if (!signup_name(r.message, name)) {
    *why = "the first message is not a JSON string: " + brief(r.message);
    return false;
  }
  seat.send("\"ok\"");
  return true;
}

std::vector<SignedUp> accept_signups(TcpListener& listener, const SignupOptions& options,
                                     const LogFn& log) {
  std::vector<SignedUp> done;
  std::vector<Pending> pending;
  std::optional<Deadline> window;
  int connections = 0;
  auto drop = [&](size_t i, const std::string& why) {
    log("connection " + std::to_string(pending[i].number) + " closed without an answer: " + why);
    pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i));  // ~Seat closes it
  };
  for (;;) {
    if (static_cast<int>(done.size()) >= options.max_players) break;
    if (window && window->expired()) break;
    std::vector<pollfd> fds{{listener.fd(), POLLIN, 0}};
    Deadline next = window ? *window : Deadline::never();
    for (const Pending& p : pending) {
      fds.push_back({p.fd, POLLIN, 0});
      if (p.deadline.at() < next.at()) next = p.deadline;
    }
    int ready = poll(fds.data(), fds.size(), next.poll_timeout_ms());
    if (ready < 0) continue;  // EINTR
    // Sign-up messages first, in the order their connections came.
    for (size_t i = 0, k = 1; i < pending.size(); ++k) {
      const bool readable = k < fds.size() && fds[k].revents != 0;
      if (!readable) {
        if (pending[i].deadline.expired()) {
          drop(i, "sent no sign-up within " + std::to_string(options.time_limit.count()) + " ms");
          continue;
        }
        ++i;
        continue;
      }
      Received r = pending[i].seat->receive(Deadline::after_ms(0));
      if (r.verdict == Verdict::timeout) {  // part of a value so far
        if (pending[i].deadline.expired()) {
          drop(i,
               "no complete sign-up within " + std::to_string(options.time_limit.count()) + " ms");
          continue;
        }
        ++i;
        continue;
      }
      std::string name;
      if (!r.ok()) {
        drop(i, std::string(to_string(r.verdict)) + ": " + r.detail);
        continue;
      }
      if (!signup_name(r.message, &name)) {
        drop(i, "the first message is not a JSON string: " + brief(r.message));
        continue;
      }
      if (static_cast<int>(done.size()) >= options.max_players) {
        drop(i, "the list of players is full");
        continue;
      }
      pending[i].seat->send("\"ok\"");
      done.push_back({std::move(pending[i].seat), name});
      pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i));
      log("player " + std::to_string(done.size()) + " signed up as " + Json(name).dump());
      if (!window && static_cast<int>(done.size()) >= options.wait_for) {
        window = Deadline::after_ms(options.window.count());
      }
    }
    if (fds[0].revents != 0) {
      for (;;) {
        int fd = listener.accept(Deadline::after_ms(0));
        if (fd < 0) break;
        ++connections;
        pending.push_back({fd, make_socket_seat(fd, reply_framer()),
                           Deadline::after_ms(options.time_limit.count()), connections});
      }
    }
  }
  for (size_t i = pending.size(); i-- > 0;) drop(i, "the sign-up list closed");
  return done;
}

LateRejecter::LateRejecter(TcpListener& listener, LogFn log)
    : listener_(listener), log_(std::move(log)) {
  if (pipe2(stop_pipe_, O_CLOEXEC) != 0) return;
  thread_ = std::thread([this] {
    for (;;) {
      pollfd fds[2] = {{listener_.fd(), POLLIN, 0}, {stop_pipe_[0], POLLIN, 0}};
      if (poll(fds, 2, -1) < 0) continue;
      if (fds[1].revents != 0) return;
      int fd = -1;
      try {
        fd = listener_.accept(Deadline::after_ms(0));
      } catch (const std::exception& e) {
        log_(std::string("late connections are no longer accepted: ") + e.what());
        return;
      }
      if (fd >= 0) {
        ::close(fd);
        log_("a connection arrived after the sign-up closed; closed without an answer");
      }
    }
  });
}

LateRejecter::~LateRejecter() {
  if (thread_.joinable()) {
    char c = 0;
    ssize_t ignored = write(stop_pipe_[1], &c, 1);
    (void)ignored;
    thread_.join();
  }
  for (int fd : stop_pipe_)
    if (fd >= 0) ::close(fd);
}

}  // namespace arena::evolution
