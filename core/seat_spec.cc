#include "core/seat_spec.h"

#include <stdexcept>

#include "core/registry.h"
#include "core/rng.h"
#include "core/tcp.h"

namespace arena {

std::variant<std::vector<std::string>, std::string> shell_split(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word)), word.clear(), in_word = false;
    } else if (c == '\'') {
      size_t end = text.find('\'', i + 1);
      if (end == std::string::npos) return "unterminated single quote in: " + text;
      word += text.substr(i + 1, end - i - 1);
      in_word = true;
      i = end;
    } else if (c == '"') {
      in_word = true;
      size_t j = i + 1;
      for (; j < text.size() && text[j] != '"'; ++j) {
        if (text[j] == '\\' && j + 1 < text.size() &&
            (text[j + 1] == '"' || text[j + 1] == '\\' || text[j + 1] == '$' ||
             text[j + 1] == '`')) {
          ++j;
        }
        word += text[j];
      }
      if (j >= text.size()) return "unterminated double quote in: " + text;
      i = j;
    } else if (c == '\\') {
      if (i + 1 >= text.size()) return "trailing backslash in: " + text;
      word += text[++i];
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

std::variant<SeatSpec, std::string> parse_seat_arg(const std::string& arg) {
  size_t eq = arg.find('=');
  if (eq == std::string::npos || eq == 0) return "--seat " + arg + ": expected ROLE=SPEC";
  SeatSpec spec;
  spec.role = arg.substr(0, eq);
  spec.text = arg.substr(eq + 1);
  if (spec.text.rfind("bot:", 0) == 0) {
    spec.builtin = spec.text.substr(4);
    if (spec.builtin.empty()) return "--seat " + arg + ": bot: needs a bot name";
    return spec;
  }
  auto words = shell_split(spec.text);
  if (auto* err = std::get_if<std::string>(&words)) return "--seat " + arg + ": " + *err;
  spec.argv = std::get<std::vector<std::string>>(words);
  if (spec.argv.empty()) return "--seat " + arg + ": empty command";
  return spec;
}

uint64_t bot_seed(uint64_t match_seed, const std::string& role) {
  return splitmix64(match_seed ^ fnv1a64("bot:" + role));
}

std::unique_ptr<Seat> open_stdio_seat(Hub& hub, const SeatSpec& spec, const BotMaker& make_bot,
                                      uint64_t match_seed, FramerFactory framer,
                                      FramerFactory framer_to_bot, const ProcessOptions& extra) {
  if (spec.is_builtin()) {
    std::unique_ptr<MessageBot> bot =
        make_bot ? make_bot(spec.builtin, bot_seed(match_seed, spec.role)) : nullptr;
    if (!bot)
      throw UsageError("--seat " + spec.role + "=" + spec.text + ": no built-in bot named '" +
                       spec.builtin + "'");
    return make_in_process_seat(hub, std::move(bot), std::move(framer_to_bot), std::move(framer));
  }
  ProcessOptions options = extra;
  options.argv = spec.argv;
  return make_process_seat(hub, options, std::move(framer));
}

namespace {

// A seat that never started: every receive() reports why.
class FailedSeat : public Seat {
 public:
  FailedSeat(std::string why, std::unique_ptr<ChildProcess> process)
      : why_(std::move(why)), process_(std::move(process)) {}
  void send(std::string_view) override {}
  Received receive(Deadline) override {
    Received r;
    r.verdict = Verdict::crashed;
    r.detail = why_;
    return r;
  }
  bool bytes_waiting() override { return false; }
  void finish(int) override {
    if (process_) process_->kill_tree();
  }
  std::string exit_description() const override {
    return process_ && process_->status() ? process_->status()->describe() : "";
  }
  std::string start_error() const override { return why_; }

 private:
  std::string why_;
  std::unique_ptr<ChildProcess> process_;
};

}  // namespace

std::unique_ptr<Seat> open_tcp_seat(Hub& hub, const SeatSpec& spec, const BotMaker& make_bot,
                                    uint64_t match_seed, FramerFactory framer,
                                    FramerFactory framer_to_bot, Deadline connect_deadline,
                                    const SandboxOptions& sandbox) {
  if (spec.is_builtin())
    return open_stdio_seat(hub, spec, make_bot, match_seed, std::move(framer),
                           std::move(framer_to_bot));
  // A listener of this seat's own, closed once its connection came: another seat's program (or a
  // second client of this one) can never take this seat.
  TcpListener listener("127.0.0.1", 0);
  ProcessOptions options;
  options.argv = spec.argv;
  options.sandbox = sandbox;
  // Confined, the bot reaches this listener, and nothing else, through its relay.
  if (sandbox.enabled) options.sandbox.relay_port = listener.port();
  options.argv.insert(options.argv.end(),
                      {"--host", "127.0.0.1", "--port", std::to_string(listener.port())});
  auto process = ChildProcess::spawn(options);
  if (!process->start_error().empty()) {
    std::string why = process->start_error();
    return std::make_unique<FailedSeat>(why, std::move(process));
  }
  process->close_stdin();  // TCP bots talk over the socket; their stdout is drained and dropped
  // Wait for the connection in short slices, so that a bot that dies at once is reported at once.
  for (;;) {
    Deadline slice = Deadline::after_ms(20);
    if (slice.at() > connect_deadline.at()) slice = connect_deadline;
    serve_sandbox_relay(process->relay_control_fd(), listener.port());
    int fd = listener.accept(slice);
    if (fd >= 0) {
      process->close_relay_control();  // one connection per seat: the door closes
      return make_socket_seat(hub, fd, std::move(framer), std::move(process));
    }
    if (auto status = process->poll_exit()) {
      return std::make_unique<FailedSeat>(
          "the bot ended before connecting (" + status->describe() + ")", std::move(process));
    }
    if (connect_deadline.expired()) {
      return std::make_unique<FailedSeat>("the bot did not connect in time", std::move(process));
    }
  }
}

std::unique_ptr<Seat> open_tcp_program_seat(Hub& hub, const SeatSpec& spec, int connections,
                                            const std::vector<std::string>& extra_args,
                                            FramerFactory framer, Deadline connect_deadline,
                                            const SandboxOptions& sandbox) {
  TcpListener listener("127.0.0.1", 0);
  ProcessOptions options;
  options.argv = spec.argv;
  options.sandbox = sandbox;
  if (sandbox.enabled) options.sandbox.relay_port = listener.port();
  options.argv.insert(options.argv.end(),
                      {"--host", "127.0.0.1", "--port", std::to_string(listener.port())});
  options.argv.insert(options.argv.end(), extra_args.begin(), extra_args.end());
  auto process = ChildProcess::spawn(options);
  if (!process->start_error().empty()) {
    std::string why = process->start_error();
    return std::make_unique<FailedSeat>(why, std::move(process));
  }
  process->close_stdin();
  std::vector<int> fds;
  std::string why;
  while (static_cast<int>(fds.size()) < connections) {
    Deadline slice = Deadline::after_ms(20);
    if (slice.at() > connect_deadline.at()) slice = connect_deadline;
    serve_sandbox_relay(process->relay_control_fd(), listener.port());
    int fd = listener.accept(slice);
    if (fd >= 0) {
      fds.push_back(fd);
      continue;
    }
    if (auto status = process->poll_exit()) {
      why = "the bot ended after opening " + std::to_string(fds.size()) + " of " +
            std::to_string(connections) + " connections (" + status->describe() + ")";
      break;
    }
    if (connect_deadline.expired()) {
      why = "the bot opened " + std::to_string(fds.size()) + " of " + std::to_string(connections) +
            " connections in time";
      break;
    }
  }
  process->close_relay_control();
  if (fds.empty()) return std::make_unique<FailedSeat>(why, std::move(process));
  // The listener closes here: no other program can take a connection of this seat.
  return make_sockets_seat(hub, fds, framer, std::move(process), why);
}

std::unique_ptr<Seat> open_seat(Hub& hub, const SeatSpec& spec, const SeatPlan& plan) {
  // A peer socket carries the game's own bytes both ways, whatever the game's transport: the
  // seat is a connection the hub frames like any program's.
  if (spec.peer_fd >= 0) return make_socket_seat(hub, spec.peer_fd, plan.from_bot);
  if (spec.is_builtin() && plan.transport == SeatTransport::tcp && plan.connections > 1) {
    std::vector<std::unique_ptr<MessageBot>> bots;
    for (int i = 0; i < plan.connections; ++i) bots.push_back(plan.make_bot());
    return make_in_process_team_seat(hub, std::move(bots), plan.to_bot, plan.from_bot);
  }
  if (spec.is_builtin()) {
    if (plan.transport == SeatTransport::process_per_turn)
      return make_per_turn_in_process_seat(hub, plan.make_bot, plan.to_bot, plan.from_bot);
    return make_in_process_seat(hub, plan.make_bot(), plan.to_bot, plan.from_bot);
  }
  ProcessOptions options;
  options.argv = spec.argv;
  options.env = plan.env;
  options.working_dir = plan.working_dir;
  options.sandbox = plan.sandbox;
  switch (plan.transport) {
    case SeatTransport::process:
      return make_process_seat(hub, options, plan.from_bot, plan.stderr_limit);
    case SeatTransport::process_per_turn:
      return make_per_turn_process_seat(hub, options, plan.from_bot, plan.stderr_limit);
    case SeatTransport::tcp:
      break;
  }
  if (plan.connections > 1 || !plan.extra_args.empty())
    return open_tcp_program_seat(hub, spec, plan.connections, plan.extra_args, plan.from_bot,
                                 Deadline::after_ms(plan.connect_ms), plan.sandbox);
  return open_tcp_seat(hub, spec, nullptr, 0, plan.from_bot, plan.to_bot,
                       Deadline::after_ms(plan.connect_ms), plan.sandbox);
}

}  // namespace arena
