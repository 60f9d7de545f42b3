// The server side of spec §8.5-8.8: a Player whose decisions come from a client over a Seat (a TCP
// connection, possibly with the bot process behind it). Every request is written compactly with a
// newline; every reply is framed by the JSON framer (64 KiB) and must arrive within the per-call
// limit. Any failure throws ClientFailure, which the Dealer turns into an ejection (§5.4); the
// Player then stays failed and its seat is finished, so the client sees its connection closed.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>

#include "core/seat.h"
#include "games/evolution/player.h"

namespace arena::evolution {

// Why a client is ejected, one of §8.8's cases. `verdict` is the short name used in replays
// ("malformed", "shape", "too_long", "timeout", "closed"); what() is the full log text.
class ClientFailure : public std::runtime_error {
 public:
  ClientFailure(std::string verdict, const std::string& reason)
      : std::runtime_error(reason), verdict_(std::move(verdict)) {}
  const std::string& verdict() const { return verdict_; }

 private:
  std::string verdict_;
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

  // The failure that ended this client ("" while it is fine), and the raw text of its last reply.
  const std::string& failure() const { return failure_; }
  const std::string& failure_verdict() const { return failure_verdict_; }
  const std::string& last_reply() const { return last_reply_; }

 private:
  // Sends one request, waits for the reply text; throws ClientFailure.
  std::string exchange(const std::string& request, const char* call);
  [[noreturn]] void fail(const std::string& verdict, const std::string& reason);

  Seat& seat_;
  std::chrono::milliseconds limit_;
  std::string failure_, failure_verdict_, last_reply_;
};

}  // namespace arena::evolution
