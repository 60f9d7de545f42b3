// Random numbers for game logic. Every stream is explicit and reproducible on every platform:
// xoshiro256** seeded by SplitMix64 (Wumpus spec §3.1, bit for bit), named streams derived from the
// match seed, and our own small distributions (the standard ones differ between implementations).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace arena {

// One SplitMix64 step: advances `state` and returns the next output.
uint64_t splitmix64_next(uint64_t& state);

// The first SplitMix64 output from state `x`: a good 64-bit mixer.
uint64_t splitmix64(uint64_t x);

// FNV-1a, 64 bit, over the bytes of `text`.
uint64_t fnv1a64(std::string_view text);

// xoshiro256**, seeded from a 64-bit seed by SplitMix64 exactly as Wumpus spec §3.1 says.
class Rng {
 public:
  explicit Rng(uint64_t seed = 0);

  uint64_t next();

  // Uniform integer in [0, k) for k >= 1, by rejection (Wumpus spec §3.1 `below`).
  uint64_t below(uint64_t k);

  // Uniform integer in [lo, hi], lo <= hi.
  int64_t between(int64_t lo, int64_t hi);

  // Uniform double in [0, 1) with 53 random bits.
  double unit();

  // True with probability percent/100, as `below(100) < percent`.
  bool percent(int p) { return below(100) < static_cast<uint64_t>(p); }

  const std::array<uint64_t, 4>& state() const { return s_; }

 private:
  std::array<uint64_t, 4> s_;
};

// A named stream of a match: seeded with splitmix64(seed ^ fnv1a64(name)), so adding or using one
// stream never shifts another (DESIGN.md, "Reproducibility").
Rng named_stream(uint64_t match_seed, std::string_view name);

// A seed from OS entropy, only for matches given no seed (the seed is then recorded).
uint64_t entropy_seed();

// Fisher-Yates shuffle with `below`, deterministic for a given generator state.
template <typename Container>
void shuffle(Container& c, Rng& rng) {
  for (size_t i = c.size(); i > 1; --i) {
    size_t j = static_cast<size_t>(rng.below(i));
    std::swap(c[i - 1], c[j]);
  }
}

}  // namespace arena
