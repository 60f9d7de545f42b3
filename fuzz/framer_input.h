// How the framer targets read their input: byte 0 chooses the framer's options, byte 1 (mod 16)
// the number of following bytes that choose the feed() sizes, the rest is the stream. The corpus
// files of fuzz/corpus/*_framer/ start with these two header bytes.
#pragma once

#include <cstdint>
#include <string_view>

namespace arena::fuzz {

struct FramerInput {
  uint8_t options = 0;
  std::string_view cuts;
  std::string_view stream;
};

inline FramerInput split_framer_input(std::string_view in) {
  FramerInput r;
  if (in.empty()) return r;
  r.options = static_cast<uint8_t>(in[0]);
  in.remove_prefix(1);
  if (in.empty()) return r;
  size_t n = static_cast<uint8_t>(in[0]) % 16;
  in.remove_prefix(1);
  n = std::min(n, in.size());
  r.cuts = in.substr(0, n);
  r.stream = in.substr(n);
  return r;
}

// A small limit half the time (so that too_long paths run), else the framer's default.
inline size_t small_or(size_t dflt, uint8_t options) {
  return (options & 0x80) ? 1 + (options & 0x3f) : dflt;
}

}  // namespace arena::fuzz
