// Empire Builder §5.1: one S-expression per line. Built on the line framer (which already bounds
// lines and skips the rest of an overlong one); this layer drops the CR before LF and the lines
// that hold no datum. Whether a line parses is the reader's business (core/sexpr.h), because a
// parse error gets its own reply and the stream goes on.
#include <string>

#include "core/framers.h"

namespace arena {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f';
}

// Blank lines and lines holding only a comment carry no message (§5.1).
bool holds_datum(std::string_view line) {
  for (char c : line) {
    if (c == ';') return false;
    if (!is_space(c)) return true;
  }
  return false;
}

class SexprFramer final : public Framer {
 public:
  // One more byte for the line framer: the CR before LF does not count towards the limit.
  explicit SexprFramer(size_t max_line)
      : max_(max_line),
        lines_(make_line_framer({.max_line = max_line + 1,
                                 .recover_after_overlong = true,
                                 .final_partial_line_counts = false})) {}

  void feed(std::string_view bytes) override { lines_->feed(bytes); }
  Frame next() override { return filter(false); }
  Frame finish() override { return filter(true); }
  bool has_buffered() const override { return lines_->has_buffered(); }
  bool is_failed() const override { return lines_->is_failed(); }

  std::string encode(std::string_view message) const override { return lines_->encode(message); }

 private:
  Frame filter(bool eof) {
    for (;;) {
      Frame f = eof ? lines_->finish() : lines_->next();
      if (f.is_error() && f.error == Verdict::too_long) return too_long();
      if (!f.is_message()) return f;
      if (!f.message.empty() && f.message.back() == '\r') f.message.pop_back();
      if (f.message.size() > max_) return too_long();
      if (holds_datum(f.message)) return f;
    }
  }

  Frame too_long() const {
    return Frame::fail(Verdict::too_long,
                       "line longer than " + std::to_string(max_) + " bytes (discarded)");
  }

  size_t max_;
  std::unique_ptr<Framer> lines_;
};

}  // namespace

std::unique_ptr<Framer> make_sexpr_framer(size_t max_line) {
  return std::make_unique<SexprFramer>(max_line);
}

}  // namespace arena
