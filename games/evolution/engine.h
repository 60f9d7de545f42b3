// Evolution's rules (spec §3-§5) as a resumable state machine: it runs everything automatic by
// itself (game-over check, dealing, card actions, automatic effects, single-option feedings, end
// of turn, rotation) and stops whenever a player must be told something or decide something.
// The Dealer (dealer.h) drives it with Player objects; bots and tests drive it directly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/evolution/rule_set.h"
#include "games/evolution/state.h"

namespace arena::evolution {

// §4: may `attacker` attack `defender`, whose neighbours in its owner's row are `left`/`right`
// (null when absent)? False when the attacker lacks carnivore. The instructor's rules differ in
// rows 4-6 (hard-shell, herding, symbiosis).
bool attackable(const Species& defender, const Species& attacker, const Species* left,
                const Species* right, Rules rules = Rules::spec);
// The same for board d of `row`.
bool attackable(const Species& attacker, const Boards& row, int d, Rules rules = Rules::spec);

// Score of §3.12: bag + populations + trait cards; the instructor's rules count the number of
// species instead of their populations.
int64_t score(const PlayerState& p, Rules rules = Rules::spec);

class Engine {
 public:
  enum class Phase : uint8_t {
    setup,       // before a turn (after end of turn and rotation): call advance(), which checks
                 // for game over and deals
    start,       // pending(): the player to receive start (step 1)
    choose,      // pending(): the player to choose its Action4 (steps 2-3)
    feed,        // pending(): the head of the feeding queue, which has two or more options
    step4_done,  // harness mode only: step 4 finished; no end of turn, no rotation
    over,
  };

  Engine() = default;
  // A game at set-up (§3.1) with the given players and deck; call advance() to begin.
  explicit Engine(Configuration config, Rules rules = Rules::spec)
      : config_(std::move(config)), rules_(rules) {}
  // n players with ids 1..n, watering hole 0, already advanced to the first pending start.
  static Engine new_game(int n, Hand deck, Rules rules = Rules::spec);

  // Runs automatic work until a player is pending, a turn has ended (setup), or the game is over.
  void advance();

  Phase phase() const { return phase_; }
  bool is_over() const { return phase_ == Phase::over; }
  // Turn-order position of the pending player (start, choose, feed).
  int pending() const;
  const Configuration& config() const { return config_; }
  Configuration& mutable_config() { return config_; }
  Rules rules() const { return rules_; }
  int turn() const { return turn_; }
  const std::vector<int64_t>& ejected() const { return ejected_; }
  const std::vector<uint8_t>& queue() const { return queue_; }
  const std::vector<Action4>& actions() const { return actions_; }

  // Answers for the pending player; each one advances (possibly stopping in setup). Returns false
  // when the answer is cheating (the player is then ejected, §5.4) and sets *why.
  void acknowledge_start();
  bool submit_action(const Action4& a, std::string* why = nullptr);
  bool submit_feeding(const FeedingChoice& c, std::string* why = nullptr);
  // Time-out, exception, broken connection: ejects the pending player and advances.
  void eject_pending();

  // What the pending player is shown (§8.1).
  Lob boards_before(int pos) const;
  Lob boards_after(int pos) const;
  Lob others(int pos) const;  // boards of the others of pos, starting after it
  int other_position(int pos, int p) const { return (pos + 1 + p) % num_players(); }
  int num_players() const { return static_cast<int>(config_.players.size()); }

  // ---- Building blocks (also used by the harnesses) ----
  bool game_over() const;  // §3.3
  void deal();             // §3.4, without start calls
  // §5.1: "" when `a` is a legal Action4 for the player at pos, else the reason.
  std::string check_action(int pos, const Action4& a) const;
  void apply_card_actions(int pos, const Action4& a);  // §3.6, `a` already checked
  void automatic_effects();                            // §3.7
  // §3.8.1: the number of options of the player at pos, counting at most `limit`; with exactly
  // one, *single receives it (store-fat with the full need).
  int count_options(int pos, FeedingChoice* single = nullptr, int limit = 2) const;
  std::vector<FeedingChoice> feeding_options(int pos) const;
  // §5.2: "" when `c` is a legal answer to feedNext for the player at pos, else the reason.
  std::string check_feeding(int pos, const FeedingChoice& c) const;
  void apply_feeding(int pos, const FeedingChoice& c);  // §3.8.2, `c` legal and not decline
  void complete_feeding(int pos, int s);                // §3.9.1
  void draw(int pos, int k);                            // §3.10.1
  void end_of_turn();                                   // §3.11
  void rotate();                                        // §3.2 item 6
  void eject(int pos);                                  // §5.4

  // Harness mode (xstep4): `actions` (one per player) are checked, cheaters ejected, then step 4
  // runs to the end of the feeding cycle and the engine stops in step4_done.
  void begin_step4(std::vector<Action4> actions);
  // §3.12: the remaining players ranked (score, then final turn order; the instructor's dealer
  // sorts with `>=`, which puts equal scores in reverse turn order).
  struct Rank {
    int place;
    int64_t id;
    int64_t score;
  };
  std::vector<Rank> ranking() const;

  // Internal state for serialisation (json.h); no validation beyond shapes.
  void restore(Phase phase, int index, int turn, std::vector<Action4> actions,
               std::vector<uint8_t> queue, std::vector<int64_t> ejected, bool harness_mode);
  int index() const { return index_; }
  bool harness_mode() const { return harness_mode_; }

 private:
  bool anyone_in_queue_can_feed() const;
  void finish_turn();

  Configuration config_;
  Rules rules_ = Rules::spec;  // a plain flag: the hot paths test it, no dispatch
  Phase phase_ = Phase::setup;
  int index_ = 0;  // start/choose: position of the pending player
  int turn_ = 0;   // turns completed
  bool harness_mode_ = false;
  std::vector<Action4> actions_;  // choose: the answers of positions 0..index_-1
  std::vector<uint8_t> queue_;    // feed: turn-order positions, head first
  std::vector<int64_t> ejected_;  // ids, in order of ejection
};

}  // namespace arena::evolution
