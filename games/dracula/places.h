// The map of Fury of Dracula (spec §4): 71 places, the non-place identifiers of §4.2 and the 198
// connections of §4.3, with O(1) lookups precomputed once (adjacency bitsets per transport, rail
// reach for k = 0..3, hunter and Dracula move sets, round-aware hunter distances).
//
// Part of the contract for the C API layer and the referee: identifiers have exactly the values of
// the course's Places.h (PlaceId values 0..70, CITY_UNKNOWN = 100 ... TELEPORT = 108, NOWHERE =
// -2), so the C layer can pass them through unchanged. Names here avoid the C headers' macro names.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string_view>

namespace arena::dracula {

// A place or one of the identifiers of §4.2 (same values as the C API's PlaceId).
using PlaceId = int;

constexpr int kNumPlaces = 71;
constexpr PlaceId kCityUnknown = 100;
constexpr PlaceId kSeaUnknown = 101;
constexpr PlaceId kHide = 102;
constexpr PlaceId kDoubleBack1 = 103;  // DOUBLE_BACK_n = kDoubleBack1 + n - 1, n = 1..5
constexpr PlaceId kDoubleBack5 = 107;
constexpr PlaceId kTeleport = 108;
constexpr PlaceId kUnknownPlace = -1;
constexpr PlaceId kNowhere = -2;

// Places the rules name.
constexpr PlaceId kCastleDracula = 17;  // CD
constexpr PlaceId kHospital = 59;       // JM

enum class PlaceType : uint8_t { kUnknown = 0, kLand = 1, kSea = 2 };
// Same values as the C API's TransportType.
enum class Transport : uint8_t { kNone = 0, kRoad = 1, kRail = 2, kBoat = 3, kAny = 4 };

constexpr bool is_real(PlaceId p) {
  return p >= 0 && p < kNumPlaces;
}
constexpr bool is_double_back(PlaceId p) {
  return p >= kDoubleBack1 && p <= kDoubleBack5;
}

struct PlaceInfo {
  std::string_view code;       // "AS"
  std::string_view name;       // "Adriatic Sea"
  std::string_view enum_name;  // "ADRIATIC_SEA"
  PlaceType type;
};
// The 71 rows of §4.1, index = ID.
extern const std::array<PlaceInfo, kNumPlaces> kPlaces;

struct Connection {
  PlaceId a, b;  // codes in alphabetical order, as listed in §4.3
  Transport type;
};
// The 198 connections of §4.3: ROAD list, then RAIL, then BOAT, each in the listed order.
extern const std::array<Connection, 198> kConnections;

// The type of a place; CITY_UNKNOWN is LAND and SEA_UNKNOWN is SEA (§4.2), others UNKNOWN.
PlaceType place_type(PlaceId p);
inline bool is_land(PlaceId p) {
  return place_type(p) == PlaceType::kLand;
}
inline bool is_sea(PlaceId p) {
  return place_type(p) == PlaceType::kSea;
}

// Two-character code -> identifier: real places, C? S? HI D1..D5 TP; anything else NOWHERE. O(1).
PlaceId code_to_id(std::string_view code);
// Identifier -> its code ("??" for NOWHERE and other non-codes).
std::string_view id_to_code(PlaceId p);
// Identifier -> its name as placeIdToName gives it ("Unknown City", "Double Back 3", ...).
std::string_view id_to_name(PlaceId p);
// Exact, case-sensitive name -> ID; NOWHERE if not found.
PlaceId name_to_id(std::string_view name);

// A set of real places as a 128-bit bitset: cheap to copy, combine, count and iterate.
struct PlaceSet {
  uint64_t w[2] = {0, 0};

  constexpr void set(PlaceId p) { w[p >> 6] |= uint64_t{1} << (p & 63); }
  constexpr void reset(PlaceId p) { w[p >> 6] &= ~(uint64_t{1} << (p & 63)); }
  constexpr bool test(PlaceId p) const { return (w[p >> 6] >> (p & 63)) & 1; }
  constexpr bool empty() const { return (w[0] | w[1]) == 0; }
  constexpr int count() const { return std::popcount(w[0]) + std::popcount(w[1]); }
  constexpr PlaceSet operator|(PlaceSet o) const { return {{w[0] | o.w[0], w[1] | o.w[1]}}; }
  constexpr PlaceSet operator&(PlaceSet o) const { return {{w[0] & o.w[0], w[1] & o.w[1]}}; }
  constexpr PlaceSet without(PlaceSet o) const { return {{w[0] & ~o.w[0], w[1] & ~o.w[1]}}; }
  constexpr PlaceSet& operator|=(PlaceSet o) { return *this = *this | o; }
  constexpr bool operator==(const PlaceSet&) const = default;
  // Calls f(place) in ascending order of ID.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int i = 0; i < 2; ++i)
      for (uint64_t b = w[i]; b; b &= b - 1) f(i * 64 + std::countr_zero(b));
  }
  static constexpr PlaceSet of(PlaceId p) {
    PlaceSet s;
    s.set(p);
    return s;
  }
};

// Bit flags selecting transport types in typed queries.
enum TransportMask : uint8_t { kByRoad = 1, kByRail = 2, kByBoat = 4, kByAny = 7 };

// Precomputed tables; build once with map(), then read freely from any thread.
struct MapTables {
  std::array<PlaceSet, kNumPlaces> road, rail, boat;
  // rail_reach[k][p]: places reachable from p by 1..k RAIL connections (k = 0 gives none).
  std::array<std::array<PlaceSet, kNumPlaces>, 4> rail_reach;
  // hunter_moves[k][p]: a hunter's legal destinations from p with rail allowance k (§2.5),
  // p itself included.
  std::array<std::array<PlaceSet, kNumPlaces>, 4> hunter_moves;
  // dracula_adj[p]: p, its ROAD and BOAT neighbours, never JM (trail rules not applied).
  std::array<PlaceSet, kNumPlaces> dracula_adj;
  // hunter_dist[k][from][to]: fewest hunter moves from `from` to `to` when the first move has
  // rail allowance k and each later move the next allowance, (k + 1) mod 4, ...
  std::array<std::array<std::array<uint8_t, kNumPlaces>, kNumPlaces>, 4> hunter_dist;
  // dracula_dist[from][to]: fewest ROAD/BOAT moves avoiding JM (trail ignored); 255 = unreachable.
  std::array<std::array<uint8_t, kNumPlaces>, kNumPlaces> dracula_dist;
  PlaceSet land, sea, all;
  std::array<int8_t, 26 * 26> letter_codes;  // (c0-'A')*26+(c1-'A') -> ID or -2
};
const MapTables& map();

// Rail allowance of hunter h (0..3) in round r (§2.5).
constexpr int rail_allowance(int round, int hunter) {
  return (round + hunter) % 4;
}

// Hunter destinations from `from` in `round` using the enabled transports (`from` included).
PlaceSet hunter_reach(int hunter, int round, PlaceId from, uint8_t mask = kByAny);
// Dracula destinations from `from` by ROAD/BOAT, never JM, trail ignored (`from` included).
PlaceSet dracula_reach(PlaceId from, uint8_t mask = kByAny);

// A shortest hunter path (§5.6 HvGetShortestPathTo): fills `out` with the places after `from` up
// to and including `to`, first move with rail allowance `k`; returns its length (0 if from == to).
int hunter_shortest_path(PlaceId from, PlaceId to, int k, std::span<PlaceId, kNumPlaces> out);

}  // namespace arena::dracula
