// Wumpus rules (spec §2): a compact value-type state, no I/O, no allocation per action.
// Cells are indexed y * width + x, with y counted from 0 at the bottom (spec §2.1).
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arena::wumpus {

constexpr int kMaxSide = 10;
constexpr int kMaxCells = kMaxSide * kMaxSide;
constexpr int kMaxWumpuses = 10;
using CellSet = std::bitset<kMaxCells>;

enum class Dir : uint8_t { N = 0, E = 1, S = 2, W = 3 };
enum class Action : uint8_t { go = 0, rotateL, rotateR, shot, grab, exit };
constexpr std::array<Action, 6> kAllActions = {Action::go,   Action::rotateL, Action::rotateR,
                                               Action::shot, Action::grab,    Action::exit};

std::string_view to_string(Action a);  // the protocol word: "go", "rotateL", ...
char to_char(Dir d);                   // 'N', 'E', 'S', 'W'
Dir rotate_left(Dir d);
Dir rotate_right(Dir d);
int dx(Dir d);
int dy(Dir d);

// Percepts (spec §2.6), one bit each.
struct Percept {
  bool breeze = false, stench = false, glitter = false, scream = false, bump = false;
  bool operator==(const Percept&) const = default;
};

// What happened in one action (spec §8 `events`), one bit each, in the spec's listing order.
enum Event : uint16_t {
  kMoved = 1 << 0,
  kBump = 1 << 1,
  kShotKill = 1 << 2,
  kShotMiss = 1 << 3,
  kNoArrow = 1 << 4,
  kGrabbed = 1 << 5,
  kGrabFailed = 1 << 6,
  kExitFailed = 1 << 7,
  kDeathPit = 1 << 8,
  kDeathWumpus = 1 << 9,
  kExit = 1 << 10,
};
// The event names of `events` in spec order.
std::vector<std::string_view> event_names(uint16_t events);

enum class EndReason : uint8_t {
  none,
  exit_with_gold,
  exit_without_gold,
  death_pit,
  death_wumpus,
  turn_limit,
  invalid_action,
  extra_output,
  timeout,
  crash,
};
std::string_view to_string(EndReason r);

// The five game parameters (spec §3.2) plus what the bot is told.
struct Params {
  int width = 4, height = 4, pit_percent = 20, wumpuses = 1, arrows = 1;
  int turn_limit() const { return 6 * width * height; }
  bool operator==(const Params&) const = default;
};

// A cave: its size, contents and the hero's arrows.
struct Cave {
  int width = 4, height = 4, arrows = 1;
  int pit_percent = 20;  // what the bot is told (generation percent, or the custom density)
  CellSet pits;
  int gold = -1;              // cell index
  std::vector<int> wumpuses;  // cell indices, in generation order (map order for custom maps)

  int cells() const { return width * height; }
  int index(int x, int y) const { return y * width + x; }
  int x_of(int cell) const { return cell % width; }
  int y_of(int cell) const { return cell / width; }
  Params params() const;  // width, height, pit_percent, wumpus count, arrows
  bool operator==(const Cave&) const = default;
};

// Result of one action.
struct Step {
  uint16_t events = 0;
  int killed = -1;  // cell of the wumpus killed, or -1
};

// The whole game state: the cave, the hero, the score (spec §2.3).
class State {
 public:
  explicit State(const Cave& cave);

  // Applies one accepted action: charges -1, applies it, then death, exit and turn limit in the
  // order of spec §2.4 (steps 2-6). Must not be called once is_over().
  Step apply(Action a);
  // Ends the game for invalid behaviour (spec §2.4 step 1 / step 7): -5000 and the reason.
  void end_invalid(EndReason reason);

  // The percepts for the hero's current cell after the last action (spec §2.6).
  Percept percept() const;

  bool is_over() const { return reason_ != EndReason::none; }
  EndReason reason() const { return reason_; }
  int score() const { return score_; }
  int actions() const { return actions_; }
  int turn_limit() const { return 6 * cave_.width * cave_.height; }

  const Cave& cave() const { return cave_; }
  int pos() const { return pos_; }
  Dir dir() const { return dir_; }
  int arrows() const { return arrows_; }
  bool has_gold() const { return has_gold_; }
  bool alive() const { return alive_; }
  int wumpuses_killed() const { return killed_; }
  const CellSet& living_wumpuses() const { return living_; }
  uint16_t last_events() const { return last_events_; }

  // Every action is legal in every state of a game not over (spec §2.5).
  const std::array<Action, 6>& legal_moves() const { return kAllActions; }

  // Text form of the whole state (map code + hero + score) and back, for clone/serialise checks.
  std::string serialize() const;
  static bool deserialize(std::string_view text, State* out, std::string* error);

  bool operator==(const State&) const = default;

 private:
  Cave cave_;
  CellSet living_;
  int pos_ = 0;
  Dir dir_ = Dir::N;
  int arrows_ = 0;
  bool has_gold_ = false;
  bool alive_ = true;
  int score_ = 0;
  int actions_ = 0;
  int killed_ = 0;
  uint16_t last_events_ = 0;
  EndReason reason_ = EndReason::none;
};

}  // namespace arena::wumpus
