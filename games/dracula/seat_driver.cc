#include "games/dracula/seat_driver.h"

#include <cstdint>

#include <nlohmann/json.hpp>

#include "core/framers.h"
#include "core/utf8.h"
#include "games/dracula/bots/protocol_bot.h"

namespace arena::dracula {

namespace {

// Lines from AIs: at most 64 KiB (§6.1); a longer one is skipped and the stream goes on (§6.5
// row 5). An unterminated last line is offered at EOF; per-turn seats hold it back unless the
// process exited by itself (§6.2 step 4).
FramerFactory reply_framer() {
  return [] {
    LineFramerOptions o;
    o.max_line = 64 * 1024;
    o.recover_after_overlong = true;
    o.final_partial_line_counts = true;
    return make_line_framer(o);
  };
}

// What an in-process AI reads: requests of any length.
FramerFactory request_framer() {
  return [] {
    LineFramerOptions o;
    o.max_line = 64 * 1024 * 1024;
    return make_line_framer(o);
  };
}

class Driver : public SeatDriver {
 public:
  Driver(Hub& hub, const SeatSpec& spec, SeatMode mode, ProcessOptions process, int time_limit_ms,
         std::function<std::unique_ptr<MessageBot>()> bot)
      : hub_(hub),
        builtin_(spec.is_builtin()),
        persistent_(mode == SeatMode::kPersistent),
        process_(std::move(process)),
        limit_ms_(time_limit_ms),
        bot_(std::move(bot)) {
    // A per-turn program seat starts its process at each send(); nothing runs before the first.
    if (!builtin_ && !persistent_)
      seat_ = make_per_turn_process_seat(hub_, process_, reply_framer(), kStderrCapBytes);
  }
  ~Driver() override { finish(0); }

  void start() override {
    if (!persistent_) return;
    seat_ = builtin_ ? make_in_process_seat(hub_, bot_(), request_framer(), reply_framer())
                     : make_process_seat(hub_, process_, reply_framer(), kStderrCapBytes);
    started_at_ = Clock::now();
    if (!seat_->start_error().empty()) dead_ = true;
  }

  TurnReply ask(int turn, std::string_view past_plays,
                const std::vector<std::string>& messages) override {
    TurnReply reply;
    if (dead_) {
      reply.end = "crashed";
      reply.dead = true;
      return reply;
    }
    // Process mode in process: a fresh AI per turn, as a fresh process (its late answers die too).
    if (builtin_ && !persistent_)
      seat_ = make_in_process_seat(hub_, bot_(), request_framer(), reply_framer());
    const std::optional<int> open_turn = persistent_ ? std::optional<int>(turn) : std::nullopt;
    const auto start = Clock::now();
    // §6.3: a persistent program's start-up is not counted against any turn. The protocol has no
    // "ready" line, so its first turn also gets what is left of one limit L since it was started:
    // the first seat asked (G) has had almost no time, later seats have had theirs already.
    auto startup = std::chrono::milliseconds(0);
    if (persistent_ && !builtin_ && !asked_) {
      auto left = started_at_ + std::chrono::milliseconds(limit_ms_) - start;
      if (left > Clock::duration::zero())
        startup = std::chrono::duration_cast<std::chrono::milliseconds>(left);
    }
    asked_ = true;
    const Deadline deadline(start + std::chrono::milliseconds(limit_ms_) + startup);
    seat_->send(request_line(past_plays, messages, open_turn));
    double counted_ms = 0;
    for (;;) {
      Received r = seat_->receive(deadline);
      if (r.ok()) {
        ReplyLine line = classify_line(r.message, open_turn);
        if (line.kind == LineKind::kMove) {
          const bool done = line.done;
          reply.counted = std::move(line);
          counted_ms = ms_since(start);
          if (done) {
            reply.end = "done";
            break;
          }
        } else if (line.kind == LineKind::kDone) {
          reply.end = "done";
          break;
        } else if (line.kind == LineKind::kStale) {
          ++reply.stale;
        } else {
          ++reply.garbled;
        }
        continue;
      }
      if (r.verdict == Verdict::too_long) {
        ++reply.garbled;
        continue;
      }
      reply.detail = r.detail;
      if (r.verdict == Verdict::timeout) {
        reply.end = deadline.expired() ? "timeout" : "idle";
      } else if (r.verdict == Verdict::closed && !persistent_) {
        reply.end = builtin_ ? "idle" : "exited";
      } else {
        // crashed, malformed (a framer that cannot go on), or a persistent program's EOF (§6.3).
        reply.end = r.verdict == Verdict::closed ? "closed" : "crashed";
        if (r.verdict == Verdict::malformed) ++reply.garbled;
        if (persistent_) {
          // §6.3 "Death": no restart; what is left of it is killed now, not at the end.
          dead_ = reply.dead = true;
          seat_->finish(0);
        }
      }
      break;
    }
    reply.ms = reply.counted ? counted_ms : ms_since(start);
    // §6.1: stderr is kept per turn. The seat drained it all along (bounded to 64 KiB since the
    // previous take); a process-mode turn's process is over by now, so all of its stderr is here.
    StderrExcerpt err = seat_->take_stderr();
    reply.stderr_text = valid_utf8(err.text);
    reply.stderr_truncated = err.truncated;
    return reply;
  }

  void retire() override {
    if (persistent_ && seat_) seat_->finish(0);
    dead_ = true;
  }

  void finish(int grace_ms) override {
    if (seat_) seat_->finish(persistent_ ? grace_ms : 0);
  }

  SeatLog log() const override {
    SeatLog l;
    if (seat_) {
      // Each turn took its own stderr: what is left came after the last turn.
      l.stderr_text = valid_utf8(seat_->stderr_text());
      l.truncated = seat_->stderr_truncated();
      l.exit = seat_->exit_description();
      l.start_error = seat_->start_error();
    }
    return l;
  }

 private:
  Hub& hub_;
  bool builtin_, persistent_;
  bool asked_ = false;            // the seat has had its first turn
  Clock::time_point started_at_;  // when the persistent process was started
  ProcessOptions process_;
  int limit_ms_;
  std::function<std::unique_ptr<MessageBot>()> bot_;
  std::unique_ptr<Seat> seat_;
  bool dead_ = false;
};

}  // namespace

ReplyLine classify_line(std::string_view line, std::optional<int> turn) {
  ReplyLine out;
  auto j = nlohmann::json::parse(trim_json_line(line), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return out;
  if (turn) {
    auto t = j.find("turn");
    if (t == j.end() || !t->is_number_integer() || t->get<int64_t>() != *turn) {
      out.kind = LineKind::kStale;
      return out;
    }
  }
  auto move = j.find("move");
  if (move != j.end() && move->is_string() && !move->get<std::string>().empty()) {
    out.kind = LineKind::kMove;
    out.move = move->get<std::string>();
    auto message = j.find("message");
    if (message != j.end() && message->is_string()) out.message = message->get<std::string>();
  }
  auto done = j.find("done");
  out.done = turn && done != j.end() && done->is_boolean() && done->get<bool>();
  if (out.done && out.kind != LineKind::kMove) out.kind = LineKind::kDone;
  return out;
}

std::unique_ptr<SeatDriver> make_seat_driver(Hub& hub, const SeatSpec& spec, SeatMode mode,
                                             const ProcessOptions& process, int time_limit_ms,
                                             std::function<std::unique_ptr<MessageBot>()> bot) {
  return std::make_unique<Driver>(hub, spec, mode, process, time_limit_ms, std::move(bot));
}

}  // namespace arena::dracula
