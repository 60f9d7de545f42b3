// The dealer of spec §3 and §8.1-8.2: drives the Engine with Player objects, one call at a time in
// turn order, measuring each call's wall time and ejecting a player whose call throws, overruns the
// per-call limit or cheats (§5).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/evolution/engine.h"
#include "games/evolution/player.h"

namespace arena::evolution {

struct DealerOptions {
  std::chrono::milliseconds time_limit{1000};  // per call (§8.2); 0 or less: no limit
  Rules rules = Rules::spec;
};

// Optional hooks for logging and replays; every method has an empty default.
class DealerObserver {
 public:
  virtual ~DealerObserver() = default;
  virtual void on_action(int64_t id, const Action4& a) {}
  // Only answers obtained from the player (two or more options), before they are applied.
  virtual void on_feeding(int64_t id, const FeedingChoice& c) {}
  virtual void on_ejected(int64_t id, std::string_view reason) {}
  // After end of turn and rotation; `turn` counts from 1.
  virtual void on_turn_end(int turn, const Configuration& c) {}
};

class Dealer {
 public:
  // A new game: players get ids 1..n in the given (initial turn) order; the deck is used as is.
  Dealer(std::vector<Player*> players, Hand deck, DealerOptions options = {});
  // A dealer over an existing configuration (harnesses): players[i] plays config.players[i].
  Dealer(Configuration config, std::vector<Player*> players, DealerOptions options = {});

  void set_observer(DealerObserver* o) { observer_ = o; }

  // Runs the game to its end (§3.2).
  void run();
  // xstep: one pass of §3.8 item 3 for the first player, without queue or rotation.
  void feed_once();
  // xstep4: step 4 with these actions (one per player), stopping before the end of turn.
  void step4(std::vector<Action4> actions);

  Engine& engine() { return engine_; }
  const Engine& engine() const { return engine_; }
  std::vector<Engine::Rank> ranking() const { return engine_.ranking(); }

 private:
  Player* player_at(int pos) const;
  void drive();  // answers pending calls until the engine is over or done with step 4
  void eject(int pos, std::string_view reason);
  bool overran(std::chrono::steady_clock::time_point since) const;

  Engine engine_;
  std::vector<std::pair<int64_t, Player*>> players_;  // by id
  DealerOptions options_;
  DealerObserver* observer_ = nullptr;
};

// "1 player id: 3 score: 22\n" per ranked player (§7 xmain).
std::string format_ranking(const std::vector<Engine::Rank>& ranking);

// One whole game: players get ids 1..n, the deck is shuffled with `seed` (§2.5).
std::vector<Engine::Rank> run_game(const std::vector<Player*>& players, uint32_t seed,
                                   DealerOptions options = {});
// What `xmain n seed` prints: a game of n Silly players.
std::string run_silly_game(int n, uint32_t seed);
// The same game under a rule set and deck order (Silly players of that rule set); the ranking.
std::vector<Engine::Rank> silly_ranking(int n, uint32_t seed, Variant variant);

}  // namespace arena::evolution
