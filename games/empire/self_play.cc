#include "games/empire/self_play.h"

#include <deque>
#include <memory>

#include "games/empire/table.h"

namespace arena::empire {
namespace {

// The seats are ClientBots answering at once: each line to a seat goes through on_message, and
// what it writes back is the seat's next input.
class BotsIo : public TableIo {
 public:
  BotsIo(std::vector<std::unique_ptr<ClientBot>>& bots, std::vector<std::string>& problems)
      : bots_(bots), pending_(bots.size()), problems_(problems) {}
  void send(int seat, const std::string& line) override {
    // Errors and timeouts go to the seat only, not to the record.
    if (line.rfind("(ERROR", 0) == 0 || line == "(TIMEOUT)")
      problems_.push_back("to seat " + std::to_string(seat) + ": " + line);
    std::string out;
    bots_[seat]->on_message(line, out);
    for (size_t at = 0; (at = out.find('\n')) != std::string::npos;) {
      pending_[seat].push_back(out.substr(0, at));
      out.erase(0, at + 1);
    }
  }
  Incoming wait(int seat, Deadline, bool) override {
    if (pending_[seat].empty()) return {Incoming::Kind::timeout, "", 0};
    std::string l = std::move(pending_[seat].front());
    pending_[seat].pop_front();
    return {Incoming::Kind::line, std::move(l), 0};
  }

 private:
  std::vector<std::unique_ptr<ClientBot>>& bots_;
  std::vector<std::deque<std::string>> pending_;
  std::vector<std::string>& problems_;
};

// A reply that refuses something the bot asked for. BUILD-LIMIT is not one: it is the reply when
// a build reaches the limit exactly (§4.4).
bool rejected(const std::string& line) {
  for (const char* bad : {"INVALID", "TOO-MANY-COMMANDS", "OWNED", "WITHIN-CITY",
                          "INSUFFICIENT-FUNDS", "TRAIN-MAXED-OUT"}) {
    if (line.find(bad) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

SelfPlayResult self_play(const Map& map, const Settings& settings,
                         const std::vector<std::string>& strategies,
                         const std::vector<StrategyLimits>& limits, bool keep_record) {
  SelfPlayResult out;
  std::vector<std::unique_ptr<ClientBot>> bots;
  TableOptions o;
  o.settings = settings;
  for (size_t p = 0; p < strategies.size(); ++p) {
    o.names.push_back(strategies[p] + std::to_string(p));
    auto s = make_strategy(strategies[p], p < limits.size() ? limits[p] : StrategyLimits{});
    if (!s) {
      out.problems.push_back("unknown strategy " + strategies[p]);
      return out;
    }
    bots.push_back(std::make_unique<ClientBot>(o.names.back(), std::move(s)));
  }
  BotsIo io(bots, out.problems);
  Table t(map, o, io, [&](const std::string& line, double) {
    if ((line.rfind("(REPLIED", 0) == 0 && rejected(line)) || line.rfind("(TIMED-OUT", 0) == 0)
      out.problems.push_back(line);
    if (keep_record) out.record.push_back(line);
  });
  t.run();
  const Game& g = t.driver().game();
  out.reason = g.end_reason();
  out.rounds = g.round();
  out.winners = g.winners();
  for (int p = 0; p < g.players(); ++p) out.cash.push_back(g.player(p).cash);
  for (size_t p = 0; p < bots.size(); ++p) {
    const std::string log = bots[p]->take_log();
    if (!log.empty()) out.problems.push_back("log of seat " + std::to_string(p) + ": " + log);
  }
  return out;
}

}  // namespace arena::empire
