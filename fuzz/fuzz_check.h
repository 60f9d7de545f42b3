// What every fuzz target checks beyond "does not crash": FUZZ_CHECK(cond, what) stops the run with
// a message naming the broken property. abort() is what both runners treat as a finding: libFuzzer
// saves the input as crash-<sha1>, the plain driver (driver_main.cc) saves it as crash-<target>.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

#define FUZZ_CHECK(cond, what)                                                                    \
  do {                                                                                            \
    if (!(cond)) {                                                                                \
      std::fprintf(stderr, "%s:%d: property broken: %s (%s)\n", __FILE__, __LINE__, what, #cond); \
      std::abort();                                                                               \
    }                                                                                             \
  } while (0)

namespace arena::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace arena::fuzz
