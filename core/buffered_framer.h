// The buffer every stream framer keeps (core/framers.h): bytes fed but not yet returned, the
// offset of the first unconsumed byte, and the latched error after a fatal one. A framer derives
// from it and keeps only its framing logic: it reads buf_, advances start_ past what it consumed,
// and shifts its own extra offsets in on_compact().
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "core/framer.h"

namespace arena {

class BufferedFramer : public Framer {
 public:
  // Bytes after a fatal error or after EOF are dropped: nothing would ever read them.
  void feed(std::string_view bytes) override {
    if (failed_ || eof_) return;
    compact();
    buf_.append(bytes);
  }

  bool has_buffered() const override { return !failed_ && start_ < buf_.size(); }
  bool is_failed() const override { return failed_; }

 protected:
  // buf_[start_] is the first byte not yet returned as a message; buf_[0] is the first byte the
  // buffer still holds. Only this class resizes buf_.
  std::string buf_;
  size_t start_ = 0;

  bool failed() const { return failed_; }
  const Frame& error() const { return error_; }
  bool at_eof() const { return eof_; }
  void mark_eof() { eof_ = true; }

  // Latches a fatal error: next() and finish() keep returning it, and the buffer is released.
  // The framer's own offsets are not read again after this.
  Frame fail(Verdict v, std::string detail) {
    failed_ = true;
    error_ = Frame::fail(v, std::move(detail));
    buf_.clear();
    buf_.shrink_to_fit();
    start_ = 0;
    return error_;
  }

  // The first `removed` bytes of buf_ were dropped: offsets into buf_ beyond start_ must move back
  // by as much (start_ itself is already 0).
  virtual void on_compact(size_t /*removed*/) {}

 private:
  // Drops consumed bytes once they are at least half the buffer: each byte is moved O(1) times
  // on average, so the cost stays linear in the stream length.
  void compact() {
    if (start_ == 0 || start_ * 2 < buf_.size()) return;
    size_t removed = start_;
    buf_.erase(0, removed);
    start_ = 0;
    on_compact(removed);
  }

  bool eof_ = false;
  bool failed_ = false;
  Frame error_;
};

}  // namespace arena
