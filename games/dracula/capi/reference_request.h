// The turn request the reference AIs get when a course program calls them (ReferenceAI.h): the
// string of its view, and the seed and time limit the referee gave the process (spec §6.1).
#pragma once

#include <cerrno>
#include <cstdlib>
#include <string>

#include "Game.h"
#include "games/dracula/bots/ai.h"

namespace arena::dracula::capi {

// FOD_SEED when the referee set it. Without it (a program run by hand) the game seed is 0, so the
// seat's seed is its index, as the referee would give it for game seed 0: the four hunters then
// still agree on one game seed, which their shared openings and tie-breaks need.
inline uint64_t reference_seed(int seat) {
  if (const char* env = std::getenv("FOD_SEED")) {
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(env, &end, 10);
    if (errno == 0 && end != env && *end == '\0') return v;
  }
  return static_cast<uint64_t>(seat);
}

// FOD_TURN_LIMIT_MS when set and positive, else the course's TURN_LIMIT_MSECS.
inline int reference_time_limit_ms() {
  if (const char* env = std::getenv("FOD_TURN_LIMIT_MS")) {
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(env, &end, 10);
    if (errno == 0 && end != env && *end == '\0' && v > 0 && v < (1L << 30))
      return static_cast<int>(v);
  }
  return TURN_LIMIT_MSECS;
}

inline TurnRequest reference_request(const std::string& past_plays) {
  // The seat to move is the number of plays so far modulo 5 (spec §3.1).
  const int plays = past_plays.empty() ? 0 : static_cast<int>((past_plays.size() + 1) / 8);
  return {past_plays, {}, reference_seed(plays % 5), reference_time_limit_ms()};
}

}  // namespace arena::dracula::capi
