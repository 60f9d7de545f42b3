#include "games/evolution/net/remote_player.h"

#include "core/framers.h"
#include "games/evolution/json.h"

namespace arena::evolution {

namespace {

Received failed_with(Verdict verdict, std::string detail) {
  Received r;
  r.verdict = verdict;
  r.detail = std::move(detail);
  return r;
}

}  // namespace

FramerFactory reply_framer() {
  return [] { return make_json_framer(64 * 1024); };
}

void RemotePlayer::check_not_failed() const {
  if (failed()) throw ClientFailure(failure_.verdict, failure_.detail);
}

void RemotePlayer::fail(Received r) {
  failure_ = std::move(r);
  failure_.message.clear();
  // §8.8: the connection of an ejected client is closed; its process (if we started it) is given
  // a moment to leave by itself.
  seat_.finish(100);
  throw ClientFailure(failure_.verdict, failure_.detail);
}

Received RemotePlayer::exchange(const std::string& request, const char* call) {
  check_not_failed();
  last_reply_.clear();
  seat_.send(request);
  const Deadline deadline =
      limit_.count() > 0 ? Deadline::after_ms(limit_.count()) : Deadline::never();
  Received r = seat_.receive(deadline);
  const std::string in = std::string("the reply to ") + call;
  switch (r.verdict) {
    case Verdict::ok:
      last_reply_ = r.message;
      return r;
    case Verdict::timeout:
      return failed_with(r.verdict, "no complete reply to " + std::string(call) + " within " +
                                        std::to_string(limit_.count()) + " ms");
    case Verdict::too_long:
      return failed_with(r.verdict, in + " reaches 64 KiB without being complete");
    case Verdict::malformed:
      return failed_with(r.verdict, in + " is not well-formed JSON: " + r.detail);
    case Verdict::crashed:
      return failed_with(r.verdict, "the client ended while waiting for " + in + ": " + r.detail);
    default:  // closed (a seat reports no other verdict)
      return failed_with(r.verdict, "connection closed while waiting for " + in + ": " + r.detail);
  }
}

void RemotePlayer::start(int64_t watering_hole, int64_t bag, const Boards& boards,
                         const Hand& cards) {
  check_not_failed();
  // No reply: a client that went away is noticed at its next Choose (§8.2: start has no answer).
  seat_.send(start_message(watering_hole, bag, boards, cards).dump());
}

Action4 RemotePlayer::choose(const Lob& before, const Lob& after) {
  Received r = exchange(choose_message(before, after).dump(), "choose");
  if (!r.ok()) fail(std::move(r));
  try {
    return action4_from_json(parse_json_text(r.message), GrowthForm::pairs);
  } catch (const JsonShapeError& e) {
    // §8.8: well-formed JSON that is not of the expected shape (labelled GP/GB included).
    fail(
        failed_with(Verdict::malformed,
                    std::string("the reply to choose is well-formed JSON of the wrong shape, not a "
                                "RemoteAction4: ") +
                        e.what()));
  }
}

FeedingChoice RemotePlayer::feed_next(int64_t bag, const Boards& boards, const Hand& cards,
                                      int64_t watering_hole, const Lob& others) {
  Received r =
      exchange(state_message(bag, boards, cards, watering_hole, others).dump(), "feedNext");
  if (!r.ok()) fail(std::move(r));
  try {
    return feeding_choice_from_json(parse_json_text(r.message));
  } catch (const JsonShapeError& e) {
    // §5.2 calls anything that is not one of the four forms cheating; §8.8 lists it with the
    // replies not of the expected shape, which is what it is on the wire.
    fail(failed_with(
        Verdict::malformed,
        std::string("the reply to feedNext is well-formed JSON of the wrong shape, not a "
                    "FeedingChoice (cheating by §5.2): ") +
            e.what()));
  }
}

}  // namespace arena::evolution
