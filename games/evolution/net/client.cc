#include "games/evolution/net/client.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "core/framers.h"
#include "core/tcp.h"
#include "games/evolution/json.h"

namespace arena::evolution {

std::string ClientSession::signup(const std::string& name) {
  return Json(name).dump() + "\n";
}

bool ClientSession::on_message(std::string_view message, std::string& out) {
  Json j;
  try {
    j = parse_json_text(message);
  } catch (const JsonShapeError& e) {
    error_ = std::string("unparseable message: ") + e.what();
    return false;
  }
  if (!signed_up_) {
    // §8.4: the only answer to a sign-up is the string "ok".
    if (j.is_string() && j.get<std::string>() == "ok") {
      signed_up_ = true;
      return true;
    }
    error_ = "expected \"ok\" after the sign-up, got " + std::string(message.substr(0, 200));
    return false;
  }
  if (!j.is_array()) {
    error_ = "a message must be an array, got " + std::string(message.substr(0, 200));
    return false;
  }
  try {
    switch (j.size()) {
      case 4: {
        StartMessage m = start_from_json(j);
        player_.start(m.watering_hole, m.bag, m.boards, m.cards);
        return true;
      }
      case 2: {
        ChooseMessage m = choose_from_json(j);
        out += remote_action4_to_json(player_.choose(m.before, m.after)).dump();
        out += '\n';
        return true;
      }
      case 5: {
        StateMessage m = state_from_json(j);
        FeedingChoice c = player_.feed_next(m.bag, m.boards, m.cards, m.watering_hole, m.others);
        out += feeding_choice_to_json(c).dump();
        out += '\n';
        return true;
      }
      default:
        error_ = "cannot classify an array of " + std::to_string(j.size()) +
                 " elements (Start has 4, Choose 2, State 5)";
        return false;
    }
  } catch (const JsonShapeError& e) {
    error_ = std::string("ill-shaped message: ") + e.what();
    return false;
  }
}

namespace {

void log_line(const std::string& program, const std::string& text) {
  std::cerr << program << ": " << text << "\n" << std::flush;
}

// Writes everything; false when the peer is gone (no SIGPIPE: MSG_NOSIGNAL).
bool send_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd, POLLOUT, 0};
      poll(&p, 1, -1);
      continue;
    }
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

int run_client_fd(Player& player, int fd, const std::string& name, const std::string& program) {
  PlayerBot bot(player, name);
  std::string out;
  bot.on_open(out);
  if (!send_all(fd, out)) {
    log_line(program, "cannot send the sign-up: " + std::string(std::strerror(errno)));
    return 1;
  }
  // Server messages are not bounded by the spec; 16 MiB is far beyond any real game state.
  auto framer = make_json_framer(16 * 1024 * 1024);
  char buf[64 * 1024];
  for (;;) {
    Frame f = framer->next();
    if (f.is_message()) {
      out.clear();
      bot.on_message(f.message, out);
      if (bot.finished()) {
        log_line(program, "protocol error: " + bot.error());
        return 1;
      }
      // A reply the server no longer reads (we were ejected, or the game ended) is not our
      // error: the end of the stream comes next and decides.
      if (!out.empty()) send_all(fd, out);
      continue;
    }
    if (f.is_error()) {
      log_line(program, "protocol error: " + f.detail);
      return 1;
    }
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd, POLLIN, 0};
      poll(&p, 1, -1);
      continue;
    }
    if (n < 0 && errno != ECONNRESET) {
      log_line(program, "cannot read from the server: " + std::string(std::strerror(errno)));
      return 1;
    }
    if (n <= 0) {
      // §8.7: end of stream while waiting for a message is the normal end of the game.
      Frame last = framer->finish();
      if (last.is_message()) {
        out.clear();
        bot.on_message(last.message, out);
        if (bot.finished()) {
          log_line(program, "protocol error: " + bot.error());
          return 1;
        }
      } else if (last.is_error()) {
        log_line(program, "protocol error: " + last.detail);
        return 1;
      }
      if (!bot.signed_up()) {
        log_line(program, "the server closed the connection before accepting the sign-up");
        return 1;
      }
      return 0;
    }
    framer->feed(std::string_view(buf, static_cast<size_t>(n)));
  }
}

int run_client(Player& player, const std::string& host, int port, const std::string& name,
               const std::string& program) {
  std::string error;
  int fd = tcp_connect(host, port, &error);
  if (fd < 0) {
    log_line(program, error);
    return 1;
  }
  int code = run_client_fd(player, fd, name, program);
  ::close(fd);
  return code;
}

PlayerBot::PlayerBot(std::unique_ptr<Player> player, std::string name)
    : owned_(std::move(player)), name_(std::move(name)), session_(*owned_) {}

PlayerBot::PlayerBot(Player& player, std::string name) : name_(std::move(name)), session_(player) {}

void PlayerBot::on_open(std::string& out) {
  if (opened_) return;
  opened_ = true;
  out += ClientSession::signup(name_);
}

void PlayerBot::on_message(std::string_view message, std::string& out) {
  if (failed_) return;
  if (!session_.on_message(message, out)) {
    failed_ = true;
    log_ += "protocol error: " + session_.error() + "\n";
  }
}

FramerFactory bot_input_framer() {
  return [] { return make_json_framer(16 * 1024 * 1024); };
}

std::unique_ptr<MessageBot> make_player_bot(std::unique_ptr<Player> player, std::string name) {
  return std::make_unique<PlayerBot>(std::move(player), std::move(name));
}

}  // namespace arena::evolution
