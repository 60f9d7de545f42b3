// The view layer of Fury of Dracula (spec §5.5–§5.7): one View, built from a past-plays string
// (full or redacted) plus messages, answering every question of the course's GameView,
// HunterView and DraculaView.
//
// THIS HEADER IS THE CONTRACT for the C API layer (games/dracula/capi) and for the bots. The C
// layer only converts: PlaceId values are the C API's own; memory conventions (malloc, canFree,
// NULL when empty) are the C layer's business. Mapping:
//   GvGetRound/Player/Score/Health       round() player() score() health(p)
//   GvGetPlayerLocation                  location(p)            (Dv: same, always real on full)
//   GvGetVampireLocation                 vampire_location()
//   GvGetTrapLocations                   trap_locations()
//   GvGetMoveHistory / GvGetLastMoves    move_history(p) / last_moves(p, n)
//   GvGetLocationHistory / LastLocations location_history(p) / last_locations(p, n)
//   GvGetReachable(ByType)               reachable(p, round, from, mask)
//   HvGetLastKnownDraculaLocation        last_known_dracula_location(&round)
//   HvGetShortestPathTo                  shortest_path(hunter, dest)
//   HvWhereCanIGo(ByType)                where_can_they_go(player(), mask)
//   HvWhereCanTheyGo(ByType)             where_can_they_go(p, mask)
//   DvGetValidMoves                      dracula_valid_moves()
//   DvWhereCanIGo(ByType)                dracula_where_can_i_go(mask)   (mask: kByRoad | kByBoat)
//   DvWhereCanTheyGo(ByType)             dracula_where_can_they_go(p, mask)
// A View trusts its string (§5.5) and never crashes on a malformed one (it reads what it can).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/dracula/places.h"

namespace arena::dracula {

// A short list of place identifiers, without heap allocation.
struct PlaceList {
  std::array<PlaceId, kNumPlaces + 9> items;
  int n = 0;
  void push(PlaceId p) {
    if (n < static_cast<int>(items.size())) items[n++] = p;
  }
  int size() const { return n; }
  bool empty() const { return n == 0; }
  PlaceId operator[](int i) const { return items[i]; }
  const PlaceId* begin() const { return items.data(); }
  const PlaceId* end() const { return items.data() + n; }
  std::vector<PlaceId> to_vector() const { return {begin(), end()}; }
  static PlaceList of(PlaceSet s) {
    PlaceList l;
    s.for_each([&](PlaceId p) { l.push(p); });
    return l;
  }
};

class View {
 public:
  // `messages` may be shorter than the number of plays (missing entries read as "").
  explicit View(std::string_view past_plays, std::span<const std::string> messages = {});

  int plays() const { return plays_; }
  int round() const { return plays_ / 5; }
  int player() const { return plays_ % 5; }
  int score() const { return score_; }
  // Dracula: max(0, BP). Hunter: LP; 0 after a hospital visit until his own turn starts (9 then).
  int health(int player) const;
  // NOWHERE before the first play; hunters: JM after hospital; Dracula: resolved location, which
  // is CITY_UNKNOWN / SEA_UNKNOWN on a redacted string when unknown.
  PlaceId location(int player) const;
  PlaceId vampire_location() const { return vampire_; }
  // Known trap locations, one per trap (a redacted string lists only traps of known place).
  PlaceList trap_locations() const;

  std::span<const PlaceId> move_history(int player) const;
  std::span<const PlaceId> last_moves(int player, int n) const;
  std::span<const PlaceId> location_history(int player) const;
  std::span<const PlaceId> last_locations(int player, int n) const;

  // Every place `player` could reach from `from` in `round`, `from` included (trail ignored).
  static PlaceList reachable(int player, int round, PlaceId from, uint8_t mask = kByAny);

  // HunterView.
  PlaceId last_known_dracula_location(int* round) const;
  PlaceList shortest_path(int hunter, PlaceId dest) const;
  PlaceList where_can_they_go(int player, uint8_t mask = kByAny) const;

  // DraculaView (on the full string, Dracula to move).
  PlaceList dracula_valid_moves() const;
  PlaceList dracula_where_can_i_go(uint8_t mask = kByAny) const;
  PlaceList dracula_where_can_they_go(int player, uint8_t mask = kByAny) const;

  std::string_view message(int play) const;
  // Dracula's BP, not clamped (for bots; health() is what the API reports).
  int blood() const { return blood_; }

 private:
  struct Trap {
    PlaceId loc;
    int round;  // round of the Dracula move that placed it
  };
  void hunter_play(int h, std::string_view p);
  void dracula_play(std::string_view p);

  int plays_ = 0;
  int score_ = 366;
  int blood_ = 40;
  std::array<int, 4> lp_{9, 9, 9, 9};
  std::array<PlaceId, 4> hunter_loc_{kNowhere, kNowhere, kNowhere, kNowhere};
  unsigned hospital_ = 0;
  PlaceId vampire_ = kNowhere;
  std::vector<Trap> traps_;
  std::array<std::vector<PlaceId>, 5> moves_;
  std::vector<PlaceId> dracula_locs_;
  std::vector<std::string> messages_;
};

}  // namespace arena::dracula
