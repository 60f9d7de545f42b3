// The Empire Builder rules engine (spec §4): a value-type state with no I/O and no clocks. The
// referee (later) asks the queries and maps answers to these calls; every state change is
// reported as an Event, in the order of the spec's change log (§5.6), to an optional sink.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/empire/deck.h"
#include "games/empire/map.h"

namespace arena::empire {

struct Settings {
  Adjacency adjacency = Adjacency::literal8;
  uint64_t seed = 1;
  int start_cash = 40;
  int build_limit = 20;
  int upgrade_cost = 20;
  int fee = 4;
  int win_cash = 250;
  int turn_limit = 0;  // last round, 0 = none
};

inline constexpr int kMaxPlayers = 6;

// A precise message for settings or a player count the engine cannot run (players 1..6, money
// amounts >= 0, build_limit >= 1, turn_limit >= 0), else nullopt. The Game constructor expects
// inputs that pass.
std::optional<std::string> check_settings(const Settings& s, int players);

enum class TrainType : uint8_t { freight, fast_freight, superfreight };
// §4.5: Freight 9/2, Fast Freight 12/2, Superfreight 12/3.
constexpr int speed(TrainType t) {
  return t == TrainType::freight ? 9 : 12;
}
constexpr int capacity(TrainType t) {
  return t == TrainType::superfreight ? 3 : 2;
}

// Cargo, newest first (the seed's push); at most 3 loads (a Superfreight's capacity).
struct Cargo {
  std::array<int16_t, 3> goods{};
  uint8_t size = 0;
  bool contains(int good) const;
  void push_front(int good);
  bool remove_first(int good);  // false when not carried
  bool operator==(const Cargo&) const = default;
};

enum class CashReason : uint8_t { start, build, upgrade, fee_paid, fee_earned, delivery };
enum class EndReason : uint8_t { none, cash_goal, turn_limit, abandoned };

// One change-log entry (§5.6). Fields by kind:
//   turn: a = round;  start / position: to;  track: from (connected end), to, a = cost;
//   cash: a = total, b = delta, reason;  train: train;  cargo: cargo (complete, after);
//   delivered: a = card, b = demand id on the card, c = index in Map::demands;
//   discard / card: a = card;  reshuffle: a = new deck size;  game_over: end, winners (bit mask).
struct Event {
  enum class Kind : uint8_t {
    turn,
    start,
    track,
    cash,
    train,
    position,
    cargo,
    delivered,
    discard,
    card,
    reshuffle,
    game_over
  };
  Kind kind = Kind::turn;
  int player = -1;
  int a = 0, b = 0, c = 0;
  Point from, to;
  CashReason reason = CashReason::start;
  TrainType train = TrainType::freight;
  Cargo cargo;
  EndReason end = EndReason::none;
  uint8_t winners = 0;
  bool operator==(const Event&) const = default;
};
using Events = std::vector<Event>;

// A build-request element (§4.4): `well_formed` is false when the element was not a list of two
// points of two integers (INVALID-EDGES at that position).
struct EdgeRequest {
  bool well_formed = true;
  Point a, b;
};

enum class BuildError : uint8_t {
  none,
  invalid_edges,
  within_city,
  owned,
  invalid_start,
  insufficient_funds,
  invalid_upgrade_time,
  train_maxed_out
};

// (BUILD-TURN c1 c2 ... [ERROR] [BUILD-LIMIT]).
struct BuildReply {
  std::vector<int> costs;
  BuildError error = BuildError::none;
  bool limit = false;
};

// A move-request element (§4.7). `good` is the map's good id, or -1 for a good the map never
// names (acquiring it fails, dropping it changes nothing).
struct MoveCommand {
  enum class Kind : uint8_t { move_to, acquire, drop, deliver, invalid };
  Kind kind = Kind::invalid;
  Point to;
  int good = -1;
  int card = 0;
  int demand = 0;
};

struct MoveResult {
  enum class Kind : uint8_t {
    moved,
    cargo,
    invalid_move,
    invalid_acquisition,
    invalid_delivery,
    invalid_command
  };
  Kind kind = Kind::moved;
  Cargo cargo;  // for Kind::cargo
};

struct MoveReply {
  bool too_many_commands = false;
  std::vector<MoveResult> results;
};

struct PlayerState {
  int cash = 0;
  TrainType train = TrainType::freight;
  int position = -1;  // node index, -1 before the start choice
  Cargo cargo;
  std::array<int16_t, 3> hand{};  // card ids, in the order received
};

enum class Phase : uint8_t { start, build, move, over };

class Game {
 public:
  // Builds the deck from `settings.seed` and deals (§4.8). `init` receives, in the order of the
  // initialisation log: CASH START per seat, TRAIN per seat, CARD per dealt card. `map` must
  // outlive the game and come from the loader (at least one city and three demands); the
  // settings and player count should pass check_settings.
  Game(const Map& map, const Settings& settings, int players, Events* init = nullptr);

  // A client's mirror of a game (spec §8.1): no deck, no cards dealt, cash 0; it changes only
  // through apply(), one log entry at a time.
  static Game mirror(const Map& map, const Settings& settings, int players);
  // Applies one change-log entry as a client reads it (TURN, START, TRACK, CASH, TRAIN, POSITION,
  // CARGO, CARD, DISCARD, GAME-OVER; the others change nothing a client can know). CARD appends
  // to the hand and DISCARD removes from it, as the engine keeps hands in the order received.
  void apply(const Event& e);
  // Cards in the hand (a mirror's hands fill up through CARD entries).
  int hand_size(int p) const { return hand_size_[p]; }
  // Mileposts the current seat has moved this turn (POSITION entries since its TURN).
  int moved_this_turn() const { return moved_; }
  // The owners the current seat has paid this turn (bit p).
  uint8_t paid_this_turn() const { return paid_; }

  const Map& map() const { return *map_; }
  const Settings& settings() const { return settings_; }
  int players() const { return players_; }
  const PlayerState& player(int p) const { return state_[p]; }
  const Card& card(int id) const { return (*cards_)[id]; }
  int card_count() const { return static_cast<int>(cards_->size()); }
  const Deck& deck() const { return deck_; }
  int round() const { return round_; }
  int current() const { return current_; }
  Phase phase() const { return phase_; }
  bool over() const { return phase_ == Phase::over; }
  EndReason end_reason() const { return end_; }
  uint8_t winners() const { return winners_; }
  int moves_left() const { return moves_left_; }
  int spent_this_turn() const { return spent_; }
  // Build phase over for this turn (BUILD-LIMIT was replied).
  bool build_limit_reached() const { return build_over_; }
  // -1 when nobody owns the edge (or a and b are not adjacent on the board).
  int edge_owner(Point a, Point b) const;
  // The same by edge number: node index * 4 + slot (kEdgeSlot), for searches that precompute it.
  int edge_owner_at(int edge) const { return edge_owner_[edge]; }
  bool on_network(int p, Point n) const;

  // The referee drives the turn: begin_turn, then choose_start (round 0) or build/upgrade, then
  // end_build, move, and end_turn. A call outside its phase changes nothing and gives an empty
  // reply (false for choose_start).

  // Begins the current seat's turn: (TURN r p), resets the per-turn counters.
  void begin_turn(Events* ev = nullptr);

  // §4.3. True (and START) when `at` is a city node; false is INVALID-START-LOCATION.
  bool choose_start(Point at, Events* ev = nullptr);
  // After the last failed attempt: the first node of the first city, START only.
  void auto_start(Events* ev = nullptr);

  // §4.4 and §4.5, in the build phase.
  BuildReply build(const std::vector<EdgeRequest>& edges, Events* ev = nullptr);
  // The same into `out`, reusing its storage (no allocation once warm, for searching bots).
  void build(const std::vector<EdgeRequest>& edges, BuildReply& out, Events* ev = nullptr);
  BuildReply upgrade(Events* ev = nullptr);
  // The build phase ends (nil answer, BUILD-LIMIT or the query cap): moves_left = speed.
  void end_build();

  // §4.6 and §4.7, in the move phase.
  MoveReply move(const std::vector<MoveCommand>& commands, Events* ev = nullptr);
  void move(const std::vector<MoveCommand>& commands, MoveReply& out, Events* ev = nullptr);

  // §4.9 after the move phase (or after the start choice in round 0): win check, turn limit,
  // then the next seat (and round). GAME-OVER when the game ends.
  void end_turn(Events* ev = nullptr);
  // Every player disconnected: ABANDONED, no winner.
  void abandon(Events* ev = nullptr);

 private:
  int edge_index(Point a, Point b) const;  // -1 unless adjacent on the board
  void emit(Events* ev, const Event& e) const {
    if (ev) ev->push_back(e);
  }
  void emit_cash(Events* ev, int p, int delta, CashReason why) const;
  void emit_cargo(Events* ev) const;  // the current player's cargo, after it changed
  void finish(EndReason why, uint8_t winners, Events* ev);
  MoveResult move_to(Point to, Events* ev);
  MoveResult deliver(int card, int demand, Events* ev);

  const Map* map_;
  Settings settings_;
  int players_;
  std::shared_ptr<const std::vector<Card>> cards_;  // immutable, shared by copies
  DeckRng rng_;
  Deck deck_;
  std::array<PlayerState, kMaxPlayers> state_{};
  std::vector<int8_t> edge_owner_;  // 4 edges per node: E, NE, NW, N
  std::vector<uint8_t> network_;    // per node, bit p: p owns an edge touching it
  int round_ = 0;
  int current_ = 0;
  Phase phase_ = Phase::start;
  int spent_ = 0;
  uint8_t paid_ = 0;  // owners paid a fee this turn by the current player
  int moves_left_ = 0;
  bool build_over_ = false;
  EndReason end_ = EndReason::none;
  uint8_t winners_ = 0;
  std::array<uint8_t, kMaxPlayers> hand_size_{3, 3, 3, 3, 3, 3};
  int moved_ = 0;
};

}  // namespace arena::empire
