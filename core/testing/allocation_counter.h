// Counts this program's heap allocations, so that a test can check that a hot path (a rules
// engine's apply()) never allocates. It replaces the global operator new and delete, so include it
// in exactly one file of a test program.
#pragma once

#include <atomic>
#include <cstdlib>
#include <new>

namespace arena::testing {

inline std::atomic<long>& allocation_count() {
  static std::atomic<long> count{0};
  return count;
}

// Allocations so far in this program.
inline long allocations() {
  return allocation_count().load();
}

}  // namespace arena::testing

void* operator new(std::size_t n) {
  ++arena::testing::allocation_count();
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
