#include "games/wumpus/bots/adapter.h"

#include <utility>

#include "games/wumpus/bots/random_bot.h"
#include "games/wumpus/bots/reference.h"

namespace arena::wumpus {

HeroBotAdapter::HeroBotAdapter(std::unique_ptr<HeroPolicy> policy) : policy_(std::move(policy)) {}

void HeroBotAdapter::on_message(std::string_view message, std::string& out) {
  if (finished_) return;
  if (!message.empty() && message.back() == '\r') message.remove_suffix(1);
  if (message.rfind("end", 0) == 0 && (message.size() == 3 || message[3] == ' ')) {
    finished_ = true;
    return;
  }
  if (message.rfind("start ", 0) == 0) {
    if (auto info = parse_start_line(message)) {
      policy_->start(*info);
      started_ = true;
      return;
    }
    log_ += "wumpus bot: malformed start line ignored: " + std::string(message) + "\n";
    return;
  }
  if (!started_) {
    // A percept before any start line: play on the classic defaults rather than fall silent.
    log_ += "wumpus bot: percept before start; assuming classic 4x4\n";
    policy_->start(StartInfo{Params{}, Params{}.turn_limit()});
    started_ = true;
  }
  int unknown = 0;
  Percept p = parse_percept_line(message, &unknown);
  if (unknown > 0)
    log_ += "wumpus bot: unknown percept words ignored in: " + std::string(message) + "\n";
  out += to_string(policy_->act(p));
  out += '\n';
}

std::string HeroBotAdapter::take_log() {
  return std::exchange(log_, {});
}

std::unique_ptr<HeroPolicy> make_policy(const std::string& name, uint64_t seed) {
  if (name == "reference") return std::make_unique<ReferenceBot>();
  if (name == "random") return std::make_unique<RandomBot>(seed);
  return nullptr;
}

}  // namespace arena::wumpus
