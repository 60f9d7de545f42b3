// A minimal newline framer for the tests of processes, channels, seats and TCP, so that they do
// not depend on core/framers.cc. Not for production use.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/framer.h"

namespace arena::testing {

class TestLineFramer : public Framer {
 public:
  // final_partial: at EOF, unterminated bytes form a last message (else malformed).
  explicit TestLineFramer(bool final_partial = true, size_t max_line = 4 * 1024 * 1024)
      : final_partial_(final_partial), max_line_(max_line) {}

  void feed(std::string_view bytes) override { buf_.append(bytes); }
  Frame next() override {
    if (failed_) return Frame::fail(Verdict::too_long, "line too long");
    size_t nl = buf_.find('\n');
    if (nl == std::string::npos) {
      if (buf_.size() > max_line_) {
        failed_ = true;
        return next();
      }
      return Frame::need_more();
    }
    std::string line = buf_.substr(0, nl);
    buf_.erase(0, nl + 1);
    return Frame::ok(std::move(line));
  }
  Frame finish() override {
    if (buf_.empty()) return Frame::need_more();
    std::string rest = std::move(buf_);
    buf_.clear();
    if (final_partial_) return Frame::ok(std::move(rest));
    return Frame::fail(Verdict::malformed, "unterminated last line");
  }
  bool has_buffered() const override { return !buf_.empty(); }
  bool is_failed() const override { return failed_; }
  std::string encode(std::string_view message) const override {
    return std::string(message) + "\n";
  }

 private:
  bool final_partial_;
  size_t max_line_;
  bool failed_ = false;
  std::string buf_;
};

inline std::unique_ptr<Framer> make_test_line_framer(bool final_partial = true) {
  return std::make_unique<TestLineFramer>(final_partial);
}

}  // namespace arena::testing
