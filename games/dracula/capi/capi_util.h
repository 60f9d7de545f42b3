// Helpers shared by the C API's view implementations (GameView.cc, HunterView.cc,
// DraculaView.cc): converting the C++ view layer's answers to the C API's conventions.
//
// Everything here is inline in a C++ namespace, so it never produces a symbol that could collide
// with a student's C function names (§5.1 "No extra symbols").
#pragma once

#include <cstdlib>
#include <cstring>
#include <span>
#include <string_view>

#include "Places.h"
#include "games/dracula/view.h"

// C API entry points: C linkage, and exported even when the rest is compiled with
// -fvisibility=hidden.
#define FOD_API extern "C" __attribute__((visibility("default")))

namespace arena::dracula::capi {

// The view layer's identifiers have the C API's values (games/dracula/places.h), so conversions
// are plain casts.
inline ::PlaceId to_c(arena::dracula::PlaceId p) {
  return static_cast<::PlaceId>(p);
}

inline bool valid_player(int p) {
  return p >= PLAYER_LORD_GODALMING && p <= PLAYER_DRACULA;
}

// The view is built from the string only: the course API never reads messages back, and
// ignoring them spares us from trusting the length of a caller's messages array.
inline View make_view(const char* past_plays) {
  return View(past_plays ? std::string_view(past_plays) : std::string_view());
}

// A fresh malloc'ed copy (§5.1: callers free() it); NULL and a count of 0 when empty.
template <class Range>
::PlaceId* to_c_array(const Range& items, int* count) {
  int n = 0;
  for (auto it = items.begin(); it != items.end(); ++it) ++n;
  if (count) *count = n;
  if (n == 0) return nullptr;
  auto* out = static_cast<::PlaceId*>(std::malloc(sizeof(::PlaceId) * static_cast<size_t>(n)));
  if (!out) {
    if (count) *count = 0;
    return nullptr;
  }
  int i = 0;
  for (auto it = items.begin(); it != items.end(); ++it) out[i++] = to_c(*it);
  return out;
}

// As to_c_array, for the history functions that also report ownership.
template <class Range>
::PlaceId* to_c_array(const Range& items, int* count, bool* can_free) {
  if (can_free) *can_free = true;
  return to_c_array(items, count);
}

inline uint8_t transport_mask(bool road, bool rail, bool boat) {
  return static_cast<uint8_t>((road ? kByRoad : 0) | (rail ? kByRail : 0) | (boat ? kByBoat : 0));
}

}  // namespace arena::dracula::capi
