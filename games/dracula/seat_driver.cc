#include "games/dracula/seat_driver.h"

#include <cstdint>

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "core/framers.h"
#include "core/utf8.h"
#include "games/dracula/bots/protocol_bot.h"

namespace arena::dracula {

namespace {

const char* const kSeatRoles[] = {"G", "S", "H", "M", "D"};

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
  Driver(Seat& seat, bool builtin, SeatMode mode, int time_limit_ms)
      : seat_(seat),
        builtin_(builtin),
        persistent_(mode == SeatMode::kPersistent),
        started_at_(Clock::now()),
        limit_ms_(time_limit_ms),
        dead_(!seat.start_error().empty()) {}

  TurnReply ask(int turn, std::string_view past_plays,
                const std::vector<std::string>& messages) override {
    TurnReply reply;
    if (dead_) {
      reply.verdict = Verdict::crashed;
      reply.detail = seat_.start_error();
      reply.dead = true;
      return reply;
    }
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
    // A per-turn seat starts a fresh process (or in-process AI) here.
    seat_.send(request_line(past_plays, messages, open_turn));
    double counted_ms = 0;
    for (;;) {
      Received r = seat_.receive(deadline);
      if (r.ok()) {
        ReplyLine line = classify_line(r.message, open_turn);
        if (line.kind == LineKind::kMove) {
          const bool done = line.done;
          reply.counted = std::move(line);
          counted_ms = ms_since(start);
          if (done) {
            reply.end = TurnEnd::kDone;
            break;
          }
        } else if (line.kind == LineKind::kDone) {
          reply.end = TurnEnd::kDone;
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
      if (r.verdict == Verdict::timeout && !deadline.expired()) {
        reply.end = TurnEnd::kIdle;  // an in-process AI said all it had
      } else if (r.verdict == Verdict::timeout) {
        reply.verdict = Verdict::timeout;
      } else if (r.verdict == Verdict::closed && !persistent_) {
        reply.end = builtin_ ? TurnEnd::kIdle : TurnEnd::kExited;
      } else {
        // crashed, malformed (a framer that cannot go on), or a persistent program's EOF (§6.3).
        reply.verdict = r.verdict == Verdict::closed ? Verdict::closed : Verdict::crashed;
        if (r.verdict == Verdict::malformed) ++reply.garbled;
        if (persistent_) {
          // §6.3 "Death": no restart; what is left of it is killed now, not at the end.
          dead_ = reply.dead = true;
          seat_.finish(0);
        }
      }
      break;
    }
    reply.ms = reply.counted ? counted_ms : ms_since(start);
    // §6.1: stderr is kept per turn. The seat drained it all along (bounded to 64 KiB since the
    // previous take); a process-mode turn's process is over by now, so all of its stderr is here.
    StderrExcerpt err = seat_.take_stderr();
    reply.stderr_text = valid_utf8(err.text);
    reply.stderr_truncated = err.truncated;
    return reply;
  }

  void retire() override {
    if (persistent_) seat_.finish(0);
    dead_ = true;
  }

  void finish(int grace_ms) override { seat_.finish(persistent_ ? grace_ms : 0); }

 private:
  Seat& seat_;
  bool builtin_, persistent_;
  bool asked_ = false;            // the seat has had its first turn
  Clock::time_point started_at_;  // when the persistent process was started
  int limit_ms_;
  bool dead_;
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

std::string_view end_name(const TurnReply& reply) {
  if (reply.verdict != Verdict::ok) return to_string(reply.verdict);
  switch (reply.end) {
    case TurnEnd::kDone:
      return "done";
    case TurnEnd::kExited:
      return "exited";
    case TurnEnd::kIdle:
      break;
  }
  return "idle";
}

std::unique_ptr<SeatDriver> make_seat_driver(Seat& seat, bool builtin, SeatMode mode,
                                             int time_limit_ms) {
  return std::make_unique<Driver>(seat, builtin, mode, time_limit_ms);
}

SeatPlan seat_plan(const RefereeConfig& config, int seat, InProcessBotMaker make_bot) {
  const SeatSpec& spec = config.seats[seat];
  const bool persistent = config.modes[seat] == SeatMode::kPersistent;
  SeatPlan plan;
  plan.transport = persistent ? SeatTransport::process : SeatTransport::process_per_turn;
  plan.from_bot = reply_framer();
  plan.to_bot = request_framer();
  plan.env = seat_environment(config, seat);
  plan.working_dir = config.working_dir;
  plan.stderr_limit = kStderrCapBytes;
  if (spec.is_builtin()) {
    const uint64_t seat_seed = config.seed + static_cast<uint64_t>(seat);
    const int limit = config.time_limit_ms;
    if (!make_bot(spec.builtin, seat_seed, limit, persistent))
      throw UsageError(
          fmt::format("--seat {}: dracula has no bot '{}'", kSeatRoles[seat], spec.builtin));
    plan.make_bot = [=] { return make_bot(spec.builtin, seat_seed, limit, persistent); };
  }
  return plan;
}

}  // namespace arena::dracula
