// Lines ended by "\n" (Wumpus §5/§6, Dracula §6). The framer keeps a scan position so that a line
// arriving byte by byte is scanned once, and it never looks further than max_line+1 bytes past the
// start of a line: an overlong line is reported as soon as its byte max_line+1 is buffered, even if
// megabytes follow in the same feed.
#include <algorithm>
#include <string>
#include <string_view>

#include "core/buffered_framer.h"
#include "core/framers.h"

namespace arena {
namespace {

class LineFramer final : public BufferedFramer {
 public:
  explicit LineFramer(LineFramerOptions options) : opt_(options) {}

  Frame next() override { return step(); }

  // EOF: complete lines still buffered come out first (call finish() until need_more), then the
  // final partial line, if any, as the options say.
  Frame finish() override {
    mark_eof();
    return step();
  }

  std::string encode(std::string_view message) const override {
    std::string out;
    out.reserve(message.size() + 1);
    out.append(message);
    out.push_back('\n');
    return out;
  }

 private:
  Frame step() {
    if (failed()) return error();
    if (skipping_ && !skip_to_newline()) return Frame::need_more();

    size_t limit = std::min(buf_.size(), start_ + opt_.max_line + 1);
    size_t found = std::string_view(buf_).substr(scan_, limit - scan_).find('\n');
    if (found != std::string_view::npos) {
      size_t nl = scan_ + found;
      size_t len = nl - start_;
      std::string line = buf_.substr(start_, len);
      start_ = scan_ = nl + 1;
      return Frame::ok(std::move(line));
    }
    scan_ = limit;
    size_t pending = limit - start_;
    if (pending > opt_.max_line) return overlong();
    if (at_eof() && pending > 0) {
      std::string line = buf_.substr(start_, pending);
      start_ = scan_ = buf_.size();
      if (opt_.final_partial_line_counts) return Frame::ok(std::move(line));
      return fail(Verdict::malformed, "stream ended inside a line (" + std::to_string(pending) +
                                          " bytes without a newline)");
    }
    return Frame::need_more();
  }

  // More than max_line bytes without a newline: the line can no longer be valid, whatever comes.
  Frame overlong() {
    std::string detail = "line longer than " + std::to_string(opt_.max_line) + " bytes (byte " +
                         std::to_string(opt_.max_line + 1) + " arrived without a newline)";
    if (!opt_.recover_after_overlong) return fail(Verdict::too_long, std::move(detail));
    skipping_ = true;
    start_ = scan_ = start_ + opt_.max_line + 1;
    return Frame::fail(Verdict::too_long, std::move(detail));
  }

  // Discards the rest of an overlong line; true once its newline has been consumed.
  bool skip_to_newline() {
    size_t nl = buf_.find('\n', start_);
    if (nl == std::string::npos) {
      start_ = scan_ = buf_.size();
      return false;
    }
    start_ = scan_ = nl + 1;
    skipping_ = false;
    return true;
  }

  void on_compact(size_t removed) override { scan_ -= removed; }

  LineFramerOptions opt_;
  // start_ (BufferedFramer) is the first byte of the current line.
  size_t scan_ = 0;  // bytes before this (from start_) hold no newline
  bool skipping_ = false;
};

}  // namespace

std::unique_ptr<Framer> make_line_framer(LineFramerOptions options) {
  return std::make_unique<LineFramer>(options);
}

}  // namespace arena
