#include "games/dracula/bots/protocol_bot.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/framers.h"
#include "core/seat.h"

namespace arena::dracula {

std::string_view trim_json_line(std::string_view s) {
  const char* ws = " \t\r\n\f\v";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

namespace {

std::optional<uint64_t> env_u64(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  unsigned long long x = std::strtoull(v, &end, 10);
  if (errno || *end) return std::nullopt;
  return static_cast<uint64_t>(x);
}

class ProtocolBot : public MessageBot {
 public:
  ProtocolBot(std::string name, std::unique_ptr<Ai> ai, uint64_t seed, int time_limit_ms,
              bool persistent)
      : name_(std::move(name)),
        ai_(std::move(ai)),
        seed_(seed),
        time_limit_ms_(time_limit_ms),
        persistent_(persistent) {}

  void on_message(std::string_view message, std::string& out) override {
    auto parsed = parse_request(message);
    if (!parsed || (persistent_ && !parsed->turn)) {
      log_ += "dracula bot " + name_ + ": ignoring a line that is not a request\n";
      return;
    }
    parsed->request.seed = seed_;
    parsed->request.time_limit_ms = time_limit_ms_;
    // Process mode: every request is a fresh process, so a fresh AI (its state cannot carry over).
    if (!persistent_ || !ai_) ai_ = make_ai(name_);
    Decision d;
    try {
      d = ai_->decide(parsed->request);
    } catch (const std::exception& e) {
      log_ += "dracula bot " + name_ + ": " + e.what() + "\n";
      return;
    }
    out += move_line(d, persistent_ ? parsed->turn : std::nullopt);
    out += '\n';
    if (persistent_) out += "{\"turn\":" + std::to_string(*parsed->turn) + ",\"done\":true}\n";
  }

  std::string take_log() override { return std::exchange(log_, {}); }

 private:
  std::string name_;
  std::unique_ptr<Ai> ai_;
  uint64_t seed_;
  int time_limit_ms_;
  bool persistent_;
  std::string log_;
};

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

std::optional<ParsedRequest> parse_request(std::string_view line) {
  auto j = nlohmann::json::parse(trim_json_line(line), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  auto pp = j.find("past_plays");
  if (pp == j.end() || !pp->is_string()) return std::nullopt;
  ParsedRequest out;
  out.request.past_plays = pp->get<std::string>();
  auto msgs = j.find("messages");
  if (msgs != j.end() && msgs->is_array())
    for (const auto& m : *msgs)
      out.request.messages.push_back(m.is_string() ? m.get<std::string>() : "");
  auto turn = j.find("turn");
  if (turn != j.end() && turn->is_number_integer()) out.turn = turn->get<int64_t>();
  return out;
}

std::string request_line(std::string_view past_plays, const std::vector<std::string>& messages,
                         std::optional<int> turn) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (turn) j["turn"] = *turn;
  j["past_plays"] = past_plays;
  j["messages"] = messages;
  // Messages are sanitised ASCII, but a replace handler keeps dump() total whatever they hold.
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string move_line(const Decision& d, std::optional<int64_t> turn) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (turn) j["turn"] = *turn;
  j["move"] = d.move;
  j["message"] = d.message;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::unique_ptr<MessageBot> make_protocol_bot(const std::string& name, uint64_t seed,
                                              int time_limit_ms, bool persistent) {
  auto ai = make_ai(name);
  if (!ai) return nullptr;
  return std::make_unique<ProtocolBot>(name, std::move(ai), seed, time_limit_ms, persistent);
}

int run_protocol_bot(const std::string& name, const BotArgs& args) {
  bool persistent = false;
  for (const std::string& x : args.extra) {
    if (x == "--persistent") {
      persistent = true;
    } else {
      std::cerr << "arena bot dracula: unknown argument '" << x << "' (only --persistent)\n";
      return 2;
    }
  }
  const uint64_t seed = env_u64("FOD_SEED").value_or(args.seed);
  const int limit = static_cast<int>(env_u64("FOD_TURN_LIMIT_MS").value_or(1500));
  auto bot = make_protocol_bot(name, seed, limit, persistent);
  if (!bot) return 2;
  if (persistent) {
    LineFramerOptions o;
    o.max_line = 64 * 1024 * 1024;  // requests grow to a few hundred KiB (§6.1)
    o.recover_after_overlong = true;
    auto input = make_line_framer(o);
    return run_bot_stdio(*bot, *input);
  }
  // Process mode (§6.2): one request line. Stop at its newline rather than at EOF, so that a
  // driver that keeps stdin open still gets its answer.
  std::string text, chunk(65536, '\0');
  while (text.find('\n') == std::string::npos) {
    ssize_t n = ::read(0, chunk.data(), chunk.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(chunk.data(), static_cast<size_t>(n));
  }
  text.resize(std::min(text.size(), text.find('\n')));
  std::string out;
  bot->on_message(text, out);
  std::cerr << bot->take_log();
  if (out.empty()) return 1;
  return write_all(1, out) ? 0 : 1;
}

}  // namespace arena::dracula
