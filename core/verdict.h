// One verdict per answer a seat gives (DESIGN.md, "Seats, channels, time").
#pragma once

#include <string_view>

namespace arena {

enum class Verdict {
  ok,         // a complete, well-formed message arrived in time
  timeout,    // the deadline passed first
  crashed,    // the process exited or died (or could not start) before answering
  closed,     // the peer closed its output (EOF) without exiting, or the connection closed
  malformed,  // the bytes do not form a valid message of the protocol
  illegal,    // a valid message whose move the rules reject (judged by the referee)
  too_long,   // the message passed the output limit before it was complete
};

std::string_view to_string(Verdict v);

}  // namespace arena
