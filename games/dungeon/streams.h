// Dungeon Race spec §2.1: the four named streams and their draws, bit for bit. A stream is
// xoshiro256** whose state is the first four SplitMix64 outputs from seed ^ FNV-1a(name); note
// that this differs from core's named_stream (which mixes once more), and that `below` rejects
// the top of the range, not the bottom as core's Rng::below does.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/rng.h"

namespace arena::dungeon {

class Stream {
 public:
  Stream() : rng_(0) {}
  Stream(uint64_t seed, std::string_view name) : rng_(seed ^ fnv1a64(name)) {}

  uint64_t u64() { return rng_.next(); }
  // (u64() >> 11) * 2^-53, in [0, 1).
  double unit() { return rng_.unit(); }
  // Uniform in [0, n) for n >= 1: redraw while x >= 2^64 - (2^64 mod n).
  uint64_t below(uint64_t n);
  uint64_t bit() { return u64() >> 63; }
  bool chance(double p) { return unit() < p; }

  // Equal states mean equal futures; tests use this to show a request consumed no randomness.
  bool operator==(const Stream& o) const { return rng_.state() == o.rng_.state(); }

 private:
  Rng rng_;
};

inline constexpr std::string_view kDungeonStream = "dungeon";
inline constexpr std::string_view kNpcStream = "npc";
inline constexpr std::string_view kSatStream = "sat";
inline constexpr std::string_view kTrapStream = "trap";

}  // namespace arena::dungeon
