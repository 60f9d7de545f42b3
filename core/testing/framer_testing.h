// Helpers shared by the framer tests (core/*_framer_test.cc, core/binary_codec_test.cc).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/framer.h"
#include "core/rng.h"
#include "core/verdict.h"

namespace arena::testing {

struct DrainOptions {
  bool error_detail = false;  // an error as "ERR:<detail>" rather than "ERR:<verdict>"
  bool stop_at_error = true;  // false for framers that recover after an error
};

// The messages until need_more, each error appended as "ERR:...".
inline std::vector<std::string> drain(Framer& f, DrainOptions options = {}) {
  std::vector<std::string> out;
  for (;;) {
    Frame x = f.next();
    if (x.is_message()) {
      out.push_back(x.message);
      continue;
    }
    if (!x.is_error()) return out;
    out.push_back("ERR:" + (options.error_detail ? x.detail : std::string(to_string(x.error))));
    if (options.stop_at_error) return out;
  }
}

// Feeds `stream` in pieces of random sizes, draining after each piece, and returns every message
// in order. The largest piece is drawn from `piece_limits` and the whole stream, so that byte by
// byte, small, large and all-at-once feeding all occur.
inline std::vector<std::string> feed_in_random_pieces(Framer& f, std::string_view stream, Rng& rng,
                                                      std::vector<size_t> piece_limits,
                                                      DrainOptions options = {}) {
  piece_limits.push_back(stream.size() + 1);
  const size_t max_piece = piece_limits[rng.below(piece_limits.size())];
  std::vector<std::string> got;
  for (size_t i = 0; i < stream.size();) {
    const size_t k = 1 + rng.below(max_piece);
    f.feed(stream.substr(i, k));
    i += k;
    for (auto& m : drain(f, options)) got.push_back(std::move(m));
  }
  return got;
}

// "00 00 00 05 02" -> bytes.
inline std::string hex(std::string_view text) {
  std::string out;
  for (size_t i = 0; i + 1 < text.size();) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    out.push_back(static_cast<char>(std::stoi(std::string(text.substr(i, 2)), nullptr, 16)));
    i += 2;
  }
  return out;
}

}  // namespace arena::testing
