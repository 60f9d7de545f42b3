// The protocol adapter (spec §10.1): makes any HeroPolicy a MessageBot. It reads `start`, percept
// lines and `end`; ignores (and logs) unknown percept words; answers exactly one action word and a
// newline per percept; and is finished on `end`.
#pragma once

#include <memory>
#include <string>

#include "core/message_bot.h"
#include "games/wumpus/bots/policy.h"

namespace arena::wumpus {

class HeroBotAdapter : public MessageBot {
 public:
  explicit HeroBotAdapter(std::unique_ptr<HeroPolicy> policy);
  void on_message(std::string_view message, std::string& out) override;
  bool finished() const override { return finished_; }
  std::string take_log() override;

 private:
  std::unique_ptr<HeroPolicy> policy_;
  bool started_ = false, finished_ = false;
  std::string log_;
};

// The built-in bots by name ("reference", "random"), or nullptr.
std::unique_ptr<HeroPolicy> make_policy(const std::string& name, uint64_t seed);

}  // namespace arena::wumpus
