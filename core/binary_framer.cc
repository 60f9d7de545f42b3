// Dungeon Race §8.1/§8.4/§8.5: u32 big-endian length, then the body (tag + fields). The length is
// judged before any of the body is waited for, so a hostile 4 GiB length costs nothing.
#include <cstdint>
#include <string>

#include "core/buffered_framer.h"
#include "core/framers.h"

namespace arena {
namespace {

class BinaryFramer final : public BufferedFramer {
 public:
  explicit BinaryFramer(size_t max_frame) : max_(max_frame) {}

  Frame next() override { return step(); }

  // EOF: complete frames still buffered come out first (call finish() until need_more); a frame
  // cut by the end is malformed.
  Frame finish() override {
    mark_eof();
    Frame f = step();
    if (f.status != Frame::Status::need_more || start_ == buf_.size()) return f;
    size_t have = buf_.size() - start_;
    if (have < 4) {
      return fail(Verdict::malformed, "MALFORMED: stream ended inside a length prefix (" +
                                          std::to_string(have) + " of 4 bytes)");
    }
    return fail(Verdict::malformed, "MALFORMED: stream ended inside a frame (" +
                                        std::to_string(have - 4) + " of " +
                                        std::to_string(length_at(start_)) + " body bytes)");
  }

  std::string encode(std::string_view message) const override {
    auto n = static_cast<uint32_t>(message.size());
    std::string out;
    out.reserve(message.size() + 4);
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(n >> shift));
    out.append(message);
    return out;
  }

 private:
  // buf_[start_] is the first byte of the next frame's length prefix.
  Frame step() {
    if (failed()) return error();
    if (buf_.size() - start_ < 4) return Frame::need_more();
    uint32_t len = length_at(start_);
    if (len == 0) return fail(Verdict::malformed, "EMPTY_FRAME: length 0");
    if (len > max_) {
      return fail(Verdict::too_long, "FRAME_TOO_LARGE: length " + std::to_string(len) +
                                         " exceeds " + std::to_string(max_));
    }
    if (buf_.size() - start_ - 4 < len) return Frame::need_more();
    std::string body = buf_.substr(start_ + 4, len);
    start_ += 4 + len;
    return Frame::ok(std::move(body));
  }

  uint32_t length_at(size_t i) const {
    uint32_t n = 0;
    for (size_t k = 0; k < 4; ++k) n = (n << 8) | static_cast<unsigned char>(buf_[i + k]);
    return n;
  }

  size_t max_;
};

}  // namespace

std::unique_ptr<Framer> make_binary_framer(size_t max_frame) {
  return std::make_unique<BinaryFramer>(max_frame);
}

}  // namespace arena
