// Fury of Dracula rules engine (spec §2): a compact value-type GameState, legal moves, apply.
//
// THIS HEADER IS THE CONTRACT for the C API layer (games/dracula/capi), the referee and the bots.
//
// Usage:
//   GameState s;                              // initial state (§2.4)
//   MoveList moves; legal_moves(s, moves);    // current player's legal moves, canonical order
//   PlayText t = apply(s, moves[0]);          // resolve the play (§2.6 / §2.8), t = "GST...."
//   s.is_over(), s.winner
// A state from a past-plays string: games/dracula/past_plays.h (parse_full -> Record).
// Questions of the C API (views, also on redacted strings): games/dracula/view.h.
//
// apply() assumes its move is legal (use is_legal() to judge an untrusted move) and never
// allocates. Dracula's only legal move when he has no other is TELEPORT, so legal_moves() is never
// empty in a game that is not over. The state keeps only Dracula's trail (last 6 moves); the whole
// history, with the revealed flags of every move and the redacted strings, lives in Record.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "games/dracula/places.h"

namespace arena::dracula {

// §2.2 constants.
constexpr int kNumSeats = 5;
constexpr int kDraculaSeat = 4;
constexpr int kStartScore = 366;
constexpr int kStartBlood = 40;
constexpr int kMaxLife = 9;
constexpr int kTrailSize = 6;
constexpr int kMaxPlays = 1830;
constexpr int kMessageMax = 99;
constexpr char kSeatLetters[] = "GSHMD";

// A move as its identifier: a real place (hunter move or Dracula LOCATION move), kHide,
// kDoubleBack1..5 or kTeleport. Same values as the C API's PlaceId.
struct Move {
  int8_t id = kNowhere;
  constexpr Move() = default;
  constexpr explicit Move(PlaceId p) : id(static_cast<int8_t>(p)) {}
  constexpr bool is_location() const { return is_real(id); }
  constexpr int double_back() const { return is_double_back(id) ? id - kDoubleBack1 + 1 : 0; }
  std::string_view code() const { return id_to_code(id); }
  constexpr bool operator==(const Move&) const = default;
};
// "LO" -> Move; kNowhere id for anything that is not a move code (C?, S?, garbage).
Move parse_move(std::string_view code);

// Fixed-capacity list of moves: a hunter has at most 71, Dracula at most 15.
struct MoveList {
  std::array<Move, kNumPlaces + 1> items;
  int n = 0;
  void push(Move m) { items[n++] = m; }
  int size() const { return n; }
  bool empty() const { return n == 0; }
  const Move& operator[](int i) const { return items[i]; }
  const Move* begin() const { return items.data(); }
  const Move* end() const { return items.data() + n; }
  bool contains(Move m) const;
};

enum class Encounter : uint8_t { kNone = 0, kTrap = 1, kVampire = 2 };

// One of Dracula's last 6 moves. The encounter it placed lives exactly while the move is in the
// trail and nobody triggered it, so encounters are stored here, not per city.
struct TrailEntry {
  int8_t move = kNowhere;  // move identifier as made (place, kHide, kDoubleBack n, kTeleport)
  int8_t loc = kNowhere;   // resolved location (§2.3)
  Encounter placed = Encounter::kNone;
  bool alive = false;     // the placed encounter still exists
  bool revealed = false;  // §3.4 (the Record keeps the flags of moves older than the trail)
  bool operator==(const TrailEntry&) const = default;
};

enum class Winner : int8_t { kNone = -1, kHunters = 0, kDracula = 1 };

// The 7 characters of a play (§3.2, §3.3), NUL-terminated.
struct PlayText {
  std::array<char, 8> c{};
  std::string_view view() const { return {c.data(), 7}; }
};

struct GameState {
  std::array<int8_t, 4> hunter_loc{kNowhere, kNowhere, kNowhere, kNowhere};  // JM after hospital
  std::array<int8_t, 4> hunter_lp{kMaxLife, kMaxLife, kMaxLife, kMaxLife};   // 0 while in hospital
  uint8_t hospital = 0;  // bit h: hunter h was sent to hospital in his latest play
  uint8_t research = 0;  // consecutive hunter rests (§2.11)
  int16_t score = kStartScore;
  int16_t blood = kStartBlood;  // Dracula's BP, not clamped
  uint16_t plays = 0;
  uint8_t trail_len = 0;  // min(6, Dracula moves)
  Winner winner = Winner::kNone;
  std::array<TrailEntry, kTrailSize> trail{};  // trail[0] = his latest move

  int round() const { return plays / kNumSeats; }
  int player() const { return plays % kNumSeats; }
  int dracula_moves() const { return plays / kNumSeats; }
  bool is_over() const { return winner != Winner::kNone; }
  // Dracula's current location: NOWHERE before his first move.
  PlaceId dracula_loc() const { return trail_len ? trail[0].loc : kNowhere; }
  // Round of trail[i].
  int trail_round(int i) const { return dracula_moves() - 1 - i; }
  // Traps plus immature vampire currently in `p` (at most 3).
  int encounters_at(PlaceId p) const;
  // The immature vampire's place, or NOWHERE.
  PlaceId vampire_loc() const;
  // Health as the views report it (§5.5): a hospitalised hunter reads 0 except on his own turn.
  int health(int seat) const;
  bool operator==(const GameState&) const = default;
};

// Legal moves of the current player (§2.5, §2.7) in canonical order (§6.4): places by ascending
// ID, then D1..D5, then HI; {TELEPORT} when Dracula has no other. Empty once the game is over.
void legal_moves(const GameState& s, MoveList& out);
bool is_legal(const GameState& s, Move m);

// Dracula's legal moves from his trail alone (shared with the views): `codes` and `locs` are his
// last min(5, n) moves, newest first; n = moves made. Canonical order; no TELEPORT added.
void dracula_moves_from(int n, const int8_t* codes, const int8_t* locs, int count, MoveList& out);

// Resolves one play of the current player (§2.6, §2.8, end checks §2.12) and returns its text.
// A Dracula move that is not legal when he has no legal move is recorded as TELEPORT.
PlayText apply(GameState& s, Move m);

}  // namespace arena::dracula
