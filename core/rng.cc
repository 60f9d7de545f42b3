#include "core/rng.h"

#include <random>

namespace arena {
namespace {
inline uint64_t rotl(uint64_t v, int k) {
  return (v << k) | (v >> (64 - k));
}
}  // namespace

uint64_t splitmix64_next(uint64_t& state) {
  state += 0x9E3779B97F4A7C15ULL;
  uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

uint64_t splitmix64(uint64_t x) {
  return splitmix64_next(x);
}

uint64_t fnv1a64(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

Rng::Rng(uint64_t seed) {
  uint64_t c = seed;
  for (auto& word : s_) word = splitmix64_next(c);
}

uint64_t Rng::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

uint64_t Rng::below(uint64_t k) {
  const uint64_t threshold = (0 - k) % k;
  for (;;) {
    uint64_t r = next();
    if (r >= threshold) return r % k;
  }
}

int64_t Rng::between(int64_t lo, int64_t hi) {
  return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
}

double Rng::unit() {
  return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

Rng named_stream(uint64_t match_seed, std::string_view name) {
  return Rng(splitmix64(match_seed ^ fnv1a64(name)));
}

uint64_t entropy_seed() {
  std::random_device rd;
  uint64_t hi = rd(), lo = rd();
  return (hi << 32) ^ lo;
}

}  // namespace arena
