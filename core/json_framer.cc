// A stream of JSON values back to back (Evolution §8.6, §8.8). A small incremental scanner finds
// where each value ends (nesting, strings with escapes, scalars), rejecting at once bytes no JSON
// value could hold, so that garbage is reported without waiting for the size limit or a timeout.
// The exact slice is then validated by nlohmann::json, which is the judge of well-formedness.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "core/buffered_framer.h"
#include "core/framers.h"

namespace arena {
namespace {

// Deeper values are refused: nothing in the protocol nests beyond a handful of levels, and a
// bound keeps every later consumer (parsers, destructors) far from stack exhaustion.
constexpr size_t kMaxDepth = 512;

bool is_ws(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool is_alpha(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_hex(unsigned char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
// A top-level scalar goes on while these bytes come; any other byte ends it (spec §8.6).
bool continues_scalar(unsigned char c) {
  return is_digit(c) || is_alpha(c) || c == '+' || c == '-' || c == '.';
}
bool starts_scalar(unsigned char c) {
  return is_digit(c) || c == '-' || c == 't' || c == 'f' || c == 'n';
}
// Bytes that may appear inside an array or object outside strings.
bool fits_container(unsigned char c) {
  switch (c) {
    case ',':
    case ':':
    case '+':
    case '-':
    case '.':
    case 'e':
    case 'E':
    case 't':
    case 'r':
    case 'u':
    case 'f':
    case 'a':
    case 'l':
    case 's':
    case 'n':
      return true;
    default:
      return is_ws(c) || is_digit(c);
  }
}

std::string describe(unsigned char c) {
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02X", c);
  if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "' (" + hex + ")";
  return hex;
}

class JsonFramer final : public BufferedFramer {
 public:
  explicit JsonFramer(size_t max_bytes) : max_(max_bytes) {}

  Frame next() override { return step(); }

  // EOF: complete values still buffered come out first (call finish() until need_more). A value
  // cut by the end, a bare scalar included (it needed a delimiter), is malformed.
  Frame finish() override {
    mark_eof();
    Frame f = step();
    if (f.status != Frame::Status::need_more || mode_ == Mode::idle) return f;
    return fail(Verdict::malformed, "stream ended inside a JSON value (" +
                                        std::to_string(pos_ - start_) + " bytes at offset " +
                                        std::to_string(base_ + start_) + ")");
  }

  // Whitespace between values is not a message in waiting.
  bool has_buffered() const override {
    if (failed()) return false;
    if (mode_ != Mode::idle) return true;
    for (size_t i = pos_; i < buf_.size(); ++i) {
      if (!is_ws(static_cast<unsigned char>(buf_[i]))) return true;
    }
    return false;
  }

  std::string encode(std::string_view message) const override {
    std::string out;
    out.reserve(message.size() + 1);
    out.append(message);
    out.push_back('\n');  // the delimiter a bare number needs (spec §8.6)
    return out;
  }

 private:
  enum class Mode { idle, scalar, string, container };

  Frame step() {
    if (failed()) return error();
    while (pos_ < buf_.size()) {
      unsigned char c = static_cast<unsigned char>(buf_[pos_]);
      if (mode_ == Mode::idle) {
        if (is_ws(c)) {
          start_ = ++pos_;
          continue;
        }
        start_ = pos_;
        if (c == '{' || c == '[') {
          mode_ = Mode::container;
          stack_.push_back(c == '{' ? '}' : ']');
        } else if (c == '"') {
          mode_ = Mode::string;
          in_string_ = true;
        } else if (starts_scalar(c)) {
          mode_ = Mode::scalar;
        } else {
          return bad_byte(c, "cannot start a JSON value");
        }
        ++pos_;
        continue;
      }
      if (mode_ == Mode::scalar) {
        if (!continues_scalar(c)) return complete();
        if (pos_ - start_ >= max_) return too_long();
        ++pos_;
        continue;
      }
      if (pos_ - start_ >= max_) return too_long();
      ++pos_;
      if (in_string_) {
        if (hex_left_ > 0) {
          if (!is_hex(c)) return bad_byte(c, "in a \\u escape (4 hex digits expected)");
          --hex_left_;
        } else if (escaped_) {
          escaped_ = false;
          if (c == 'u') {
            hex_left_ = 4;
          } else if (std::string_view("\"\\/bfnrt").find(static_cast<char>(c)) ==
                     std::string_view::npos) {
            return bad_byte(c, "is not a valid escape");
          }
        } else if (c == '\\') {
          escaped_ = true;
        } else if (c == '"') {
          in_string_ = false;
          if (mode_ == Mode::string) return complete();
        } else if (c < 0x20) {
          return bad_byte(c, "is a control character inside a string");
        }
        continue;
      }
      if (c == '"') {
        in_string_ = true;
      } else if (c == '{' || c == '[') {
        if (stack_.size() >= kMaxDepth) {
          return fail(Verdict::malformed, "JSON nesting deeper than " + std::to_string(kMaxDepth) +
                                              " at offset " + std::to_string(base_ + pos_ - 1));
        }
        stack_.push_back(c == '{' ? '}' : ']');
      } else if (c == '}' || c == ']') {
        if (stack_.back() != static_cast<char>(c)) {
          return bad_byte(c, std::string("does not close the open '") +
                                 (stack_.back() == '}' ? '{' : '[') + "'");
        }
        stack_.pop_back();
        if (stack_.empty()) return complete();
      } else if (!fits_container(c)) {
        return bad_byte(c, "cannot appear in a JSON value");
      }
    }
    // A value that already fills the limit and is still open can only grow past it. A scalar may
    // still be exactly max_ bytes: only the next byte tells.
    if (mode_ != Mode::idle && mode_ != Mode::scalar && pos_ - start_ >= max_) return too_long();
    return Frame::need_more();
  }

  // The value is [start_, pos_): let nlohmann judge it.
  Frame complete() {
    auto first = buf_.begin() + static_cast<std::ptrdiff_t>(start_);
    auto last = buf_.begin() + static_cast<std::ptrdiff_t>(pos_);
    if (!nlohmann::json::accept(first, last)) {
      std::string why = "ill-formed JSON value at offset " + std::to_string(base_ + start_);
      try {
        nlohmann::json ignored = nlohmann::json::parse(first, last);
        (void)ignored;
      } catch (const nlohmann::json::exception& e) {
        why += ": ";
        why += e.what();
      }
      return fail(Verdict::malformed, std::move(why));
    }
    std::string message(first, last);
    start_ = pos_;
    mode_ = Mode::idle;
    return Frame::ok(std::move(message));
  }

  Frame bad_byte(unsigned char c, const std::string& what) {
    return fail(Verdict::malformed,
                "byte " + describe(c) + " at offset " +
                    std::to_string(base_ + pos_ - (mode_ == Mode::idle ? 0 : 1)) + " " + what);
  }

  Frame too_long() {
    return fail(Verdict::too_long, "JSON value at offset " + std::to_string(base_ + start_) +
                                       " reaches " + std::to_string(max_) +
                                       " bytes without being complete");
  }

  void on_compact(size_t removed) override {
    pos_ -= removed;
    base_ += removed;
  }

  size_t max_;
  // start_ (BufferedFramer) is the first byte of the current value (or of unscanned input when
  // idle).
  size_t base_ = 0;  // stream offset of buf_[0], for error messages
  size_t pos_ = 0;   // next byte to scan
  Mode mode_ = Mode::idle;
  std::vector<char> stack_;  // the closers the open containers expect
  bool in_string_ = false;
  bool escaped_ = false;
  int hex_left_ = 0;
};

}  // namespace

std::unique_ptr<Framer> make_json_framer(size_t max_bytes) {
  return std::make_unique<JsonFramer>(max_bytes);
}

}  // namespace arena
