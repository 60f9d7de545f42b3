#include "games/dungeon/streams.h"

namespace arena::dungeon {

uint64_t Stream::below(uint64_t n) {
  const uint64_t r = (0 - n) % n;  // 2^64 mod n
  for (;;) {
    uint64_t x = u64();
    if (r == 0 || x < 0 - r) return x % n;
  }
}

}  // namespace arena::dungeon
