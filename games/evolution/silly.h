// The Silly player of spec §9: deterministic, used by xsilly, xfeed, xstep, xstep4, xmain.
#pragma once

#include <optional>

#include "games/evolution/player.h"
#include "games/evolution/rule_set.h"

namespace arena::evolution {

// §9.1: is x larger than y (population, then food, then body)?
bool larger(const Species& x, const Species& y);

// §9.2 for a player with `boards` boards and this hand; nullopt for an empty hand.
std::optional<Action4> silly_choose(int boards, const Hand& hand);

// §9.3; nullopt in case 5 (nothing to feed). `watering_hole` should be >= 1. The instructor's
// Silly answers store-fat with the full need and takes the last of equally large attack targets.
std::optional<FeedingChoice> silly_feed(const Boards& boards, int64_t watering_hole,
                                        const Lob& others, Rules rules = Rules::spec);

class SillyPlayer : public Player {
 public:
  explicit SillyPlayer(Rules rules = Rules::spec) : rules_(rules) {}

  void start(int64_t watering_hole, int64_t bag, const Boards& boards, const Hand& cards) override;
  Action4 choose(const Lob& before, const Lob& after) override;
  FeedingChoice feed_next(int64_t bag, const Boards& boards, const Hand& cards,
                          int64_t watering_hole, const Lob& others) override;

 private:
  Rules rules_;
  int boards_ = 0;
  Hand hand_;
};

}  // namespace arena::evolution
