// The server side of spec §8.5-8.8: a Player whose decisions come from a client over a Seat (a TCP
// connection, possibly with the bot process behind it, or a built-in bot in process over the same
// bytes). Every request is written compactly with a newline; every reply is framed by the JSON
// framer (64 KiB) and must arrive within the per-call limit. Any failure throws ClientFailure,
// which the Dealer turns into an ejection (§5.4); the Player then stays failed and its seat is
// finished, so the client sees its connection closed.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>

#include "core/seat.h"
#include "core/verdict.h"
#include "games/evolution/player.h"

namespace arena::evolution {

// Why a client is ejected, one of §8.8's cases, in the error model every game shares: the core
// Verdict of the failed call (timeout, closed, crashed, malformed, too_long) and a detail, the
// full text that logs and ejection reasons show (what()). A reply that is well-formed JSON of the
// wrong shape is `malformed` too; its detail says so. The Player API of §8.1 has no result type,
// so this exception is how the failure reaches the Dealer.
class ClientFailure : public std::runtime_error {
 public:
  ClientFailure(Verdict verdict, const std::string& detail)
      : std::runtime_error(detail), verdict_(verdict) {}
  Verdict verdict() const { return verdict_; }

 private:
  Verdict verdict_;
};

// The reply framer of §8.6/§8.8: JSON values back to back, 64 KiB per value.
FramerFactory reply_framer();

class RemotePlayer : public Player {
 public:
  // `seat` must outlive this player. limit <= 0: no limit.
  RemotePlayer(Seat& seat, std::chrono::milliseconds limit) : seat_(seat), limit_(limit) {}

  void start(int64_t watering_hole, int64_t bag, const Boards& boards, const Hand& cards) override;
  Action4 choose(const Lob& before, const Lob& after) override;
  FeedingChoice feed_next(int64_t bag, const Boards& boards, const Hand& cards,
                          int64_t watering_hole, const Lob& others) override;

  // The failure that ended this client (verdict ok while it is fine), and the raw text of its
  // last reply.
  bool failed() const { return failure_.verdict != Verdict::ok; }
  const Received& failure() const { return failure_; }
  const std::string& last_reply() const { return last_reply_; }

 private:
  // Sends one request and waits for the reply: `ok` with the reply's text, or the verdict of
  // §8.8's failure with a detail naming the call.
  Received exchange(const std::string& request, const char* call);
  // Ends this client for good with the failure `r` (not ok): closes its seat, throws.
  [[noreturn]] void fail(Received r);
  // Throws the failure that ended this client, if any.
  void check_not_failed() const;

  Seat& seat_;
  std::chrono::milliseconds limit_;
  Received failure_;
  std::string last_reply_;
};

}  // namespace arena::evolution
