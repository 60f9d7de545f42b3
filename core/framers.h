// The four framers of the five games (DESIGN.md): lines (Wumpus, Dracula), a stream of JSON values
// (Evolution), S-expressions one per line (Empire Builder), and length-prefixed binary frames
// (Dungeon Race).
#pragma once

#include <cstddef>
#include <memory>

#include "core/framer.h"

namespace arena {

struct LineFramerOptions {
  // The longest line accepted, counted without its "\n" (a trailing "\r" counts). A line that
  // passes it gives too_long as soon as byte max_line+1 arrives.
  size_t max_line = 64 * 1024;
  // After too_long, skip to the next newline and go on (true), or stay failed (false).
  bool recover_after_overlong = false;
  // At EOF, buffered bytes without "\n" form a last message (true) or a malformed error (false).
  bool final_partial_line_counts = false;
};

// Messages are lines without their "\n" (a trailing "\r" is kept; protocols decide about it).
std::unique_ptr<Framer> make_line_framer(LineFramerOptions options = {});

// A stream of JSON values written back to back (Evolution spec §8.6): whitespace between values is
// ignored; a scalar (number, true, false, null) is complete only when a byte that cannot continue
// it follows; a value that reaches max_bytes without being complete gives too_long; bytes that
// cannot start or continue a JSON value give malformed (fatal). Each message is the exact text of
// one value.
std::unique_ptr<Framer> make_json_framer(size_t max_bytes = 64 * 1024);

// Empire Builder spec §5.1: one S-expression per line, CR before LF ignored, blank lines and lines
// holding only a `;` comment skipped, lines over max_line bytes reported as too_long and skipped
// (the stream goes on). Messages are the line text; parse them with core/sexpr.h.
std::unique_ptr<Framer> make_sexpr_framer(size_t max_line = 65536);

// Dungeon Race spec §8.1/§8.4: u32 big-endian length, then that many bytes (tag + fields). Length 0
// gives malformed ("EMPTY_FRAME"), a length over max_frame gives too_long ("FRAME_TOO_LARGE")
// before the body is read; both are fatal. Messages are the body (tag first).
std::unique_ptr<Framer> make_binary_framer(size_t max_frame = 4 * 1024 * 1024);

}  // namespace arena
