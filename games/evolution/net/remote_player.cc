#include "games/evolution/net/remote_player.h"

#include "core/framers.h"
#include "games/evolution/json.h"

namespace arena::evolution {

FramerFactory reply_framer() {
  return [] { return make_json_framer(64 * 1024); };
}

void RemotePlayer::fail(const std::string& verdict, const std::string& reason) {
  failure_verdict_ = verdict;
  failure_ = reason;
  // §8.8: the connection of an ejected client is closed; its process (if we started it) is given
  // a moment to leave by itself.
  seat_.finish(100);
  throw ClientFailure(verdict, reason);
}

std::string RemotePlayer::exchange(const std::string& request, const char* call) {
  if (!failure_.empty()) throw ClientFailure(failure_verdict_, failure_);
  last_reply_.clear();
  seat_.send(request);
  const Deadline deadline =
      limit_.count() > 0 ? Deadline::after_ms(limit_.count()) : Deadline::never();
  Received r = seat_.receive(deadline);
  const std::string in = std::string("the reply to ") + call;
  switch (r.verdict) {
    case Verdict::ok:
      last_reply_ = r.message;
      return std::move(r.message);
    case Verdict::timeout:
      fail("timeout", "no complete reply to " + std::string(call) + " within " +
                          std::to_string(limit_.count()) + " ms");
    case Verdict::too_long:
      fail("too_long", in + " reaches 64 KiB without being complete");
    case Verdict::malformed:
      fail("malformed", in + " is not well-formed JSON: " + r.detail);
    default:  // closed, crashed: the client is gone
      fail("closed", "connection closed while waiting for " + in + ": " + r.detail);
  }
}

void RemotePlayer::start(int64_t watering_hole, int64_t bag, const Boards& boards,
                         const Hand& cards) {
  if (!failure_.empty()) throw ClientFailure(failure_verdict_, failure_);
  // No reply: a client that went away is noticed at its next Choose (§8.2: start has no answer).
  seat_.send(start_message(watering_hole, bag, boards, cards).dump());
}

Action4 RemotePlayer::choose(const Lob& before, const Lob& after) {
  const std::string reply = exchange(choose_message(before, after).dump(), "choose");
  try {
    return action4_from_json(parse_json_text(reply), GrowthForm::pairs);
  } catch (const JsonShapeError& e) {
    fail("shape", std::string("the reply to choose is not a RemoteAction4: ") + e.what());
  }
}

FeedingChoice RemotePlayer::feed_next(int64_t bag, const Boards& boards, const Hand& cards,
                                      int64_t watering_hole, const Lob& others) {
  const std::string reply =
      exchange(state_message(bag, boards, cards, watering_hole, others).dump(), "feedNext");
  try {
    return feeding_choice_from_json(parse_json_text(reply));
  } catch (const JsonShapeError& e) {
    // §5.2: anything that is not one of the four forms is cheating.
    fail("cheating",
         std::string("cheating: the reply to feedNext is not a FeedingChoice: ") + e.what());
  }
}

}  // namespace arena::evolution
