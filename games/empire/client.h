// The client side of spec §8.1: a state mirror built only from log entries, strategy hooks, and
// the network layer as a MessageBot speaking the wire bytes (registers in on_open). The same bot
// runs in process (`bot:NAME` seats), as `arena bot empire NAME` and as `eb-client`.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/message_bot.h"
#include "core/sexpr.h"
#include "games/empire/codec.h"
#include "games/empire/driver.h"

namespace arena::empire {

class Mirror {
 public:
  // Applies one line from the server; true when it was part of the initialisation or change log.
  bool apply(const Sexpr& line);
  bool ready() const { return game_.has_value(); }  // after (YOU id)
  const Game& game() const { return *game_; }
  const Map& map() const { return *map_; }
  int me() const { return me_; }
  const Settings& settings() const { return settings_; }
  int max_queries() const { return max_queries_; }
  const std::vector<std::string>& names() const { return names_; }
  // The contents of this player's cards, by card id (other players' cards are HIDDEN).
  const std::map<int, CardContents>& cards() const { return cards_; }

 private:
  bool init_entry(const Sexpr& line);
  Settings settings_;
  int max_queries_ = 50;
  std::optional<Dims> dims_;
  std::vector<Point> mountains_, invalid_;
  std::vector<City> cities_;
  std::vector<Demand> demands_;
  std::vector<std::string> goods_;
  std::vector<std::pair<std::string, std::vector<std::string>>> demand_names_;
  std::vector<std::string> names_;
  std::unique_ptr<Map> map_;
  std::optional<Game> game_;
  int me_ = -1;
  std::map<int, CardContents> cards_;
};

// The seed's hooks: choose-start, choose-build, choose-move and process-result.
class Strategy {
 public:
  virtual ~Strategy() = default;
  virtual std::string choose_start(const Mirror& m) = 0;
  virtual std::string choose_build(const Mirror& m) = 0;
  virtual std::string choose_move(const Mirror& m) = 0;
  // LOCATION-SET, INVALID-START-LOCATION, (BUILD-TURN ...), (MOVE-TURN ...).
  virtual void process_result(const Mirror& m, const Sexpr& reply) {}
  // The answer being computed is void: the server timed the query out (§5.9).
  virtual void timed_out() {}
  // Diagnostics (stderr of a program).
  virtual std::string take_log() { return {}; }
};

// What a built-in strategy did, for tests and measurements.
struct StrategyStats {
  long queries = 0;       // choose_* calls
  long estimates = 0;     // candidate plans costed (each a few A* runs)
  long safety_stops = 0;  // queries the clock cut short: 0 unless the machine is starved
};

// The built-in strategies are deterministic: a fixed amount of search per query (the candidates
// of §8.3, each costed once) bounds their work, and the clock is only a safety stop (DESIGN.md).
// When `think` has passed since the query arrived, no further candidate is costed and the best
// plan found so far is answered; on a working machine that never happens (a query costs at most
// a few hundred A* runs, well under a millisecond each).
struct StrategyLimits {
  std::chrono::milliseconds think{2000};  // §8.3's think_ms (default 2 s)
  // The clock the safety stop reads, once per candidate costed; std::chrono::steady_clock when
  // empty. Tests give a slow one.
  std::function<std::chrono::steady_clock::time_point()> clock;
  StrategyStats* stats = nullptr;  // may be null
};

// The built-in strategies: "reference" (§8.3) and "greedy" (one delivery at a time); nullptr for
// another name.
std::unique_ptr<Strategy> make_strategy(const std::string& name, StrategyLimits limits = {});
const std::vector<std::pair<std::string, std::string>>& builtin_strategies();  // name, help

class ClientBot : public MessageBot {
 public:
  ClientBot(std::string name, std::unique_ptr<Strategy> strategy);
  void on_open(std::string& out) override;
  void on_message(std::string_view message, std::string& out) override;
  bool finished() const override { return finished_; }
  std::string take_log() override;
  const Mirror& mirror() const { return mirror_; }
  // The GAME-OVER line once seen (or the refusal), for the program's exit.
  const std::string& outcome() const { return outcome_; }
  bool refused() const { return refused_; }

 private:
  std::string name_;
  std::unique_ptr<Strategy> strategy_;
  Mirror mirror_;
  bool finished_ = false;
  bool refused_ = false;
  std::string outcome_;
  std::string log_;
};

// `eb-client HOST PORT NAME [strategy=ai|manual|reference|greedy] [think_ms=N] [log=FILE]`, and
// the same with --host H --port P (as the arena starts programs). Returns the exit status.
int client_main(const std::vector<std::string>& args, const std::string& program);

}  // namespace arena::empire
