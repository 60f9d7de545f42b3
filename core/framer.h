// A framer turns a byte stream into messages (DESIGN.md, "Seats, channels, time"). Framers never
// trust their input: every malformed or oversized input gives a precise error, never a crash.
//
// Use: feed() bytes as they arrive, then call next() until it says need_more. After a fatal error
// next() keeps returning that error. Some framers can recover (a line framer skips to the next
// newline after an overlong line); that is stated per framer.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "core/verdict.h"

namespace arena {

struct Frame {
  enum class Status { message, need_more, error };
  Status status = Status::need_more;
  std::string message;          // Status::message: the message (without its framing)
  Verdict error = Verdict::ok;  // Status::error: malformed or too_long
  std::string detail;           // Status::error: a precise, human-readable reason

  static Frame need_more() { return {}; }
  static Frame ok(std::string m) { return {Status::message, std::move(m), Verdict::ok, {}}; }
  static Frame fail(Verdict v, std::string d) { return {Status::error, {}, v, std::move(d)}; }
  bool is_message() const { return status == Status::message; }
  bool is_error() const { return status == Status::error; }
};

class Framer {
 public:
  virtual ~Framer() = default;
  virtual void feed(std::string_view bytes) = 0;
  virtual Frame next() = 0;
  // The stream has ended (EOF). A framer may turn buffered bytes into one last message (a final
  // line without newline, when the protocol allows it) or report them as a truncated message.
  virtual Frame finish() = 0;
  // Bytes are buffered that have not yet been returned as a message.
  virtual bool has_buffered() const = 0;
  // A fatal error is latched: no message will ever come again (next() repeats the error).
  virtual bool is_failed() const { return false; }
  // Wraps a message for sending on this kind of stream (adds the newline, the length prefix...).
  virtual std::string encode(std::string_view message) const = 0;
};

}  // namespace arena
