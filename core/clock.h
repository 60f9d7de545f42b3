// Deadlines on the monotonic clock. Wall-clock changes never move a deadline.
#pragma once

#include <chrono>
#include <cstdint>

namespace arena {

using Clock = std::chrono::steady_clock;

class Deadline {
 public:
  static Deadline after_ms(int64_t ms) {
    return Deadline(Clock::now() + std::chrono::milliseconds(ms));
  }
  static Deadline never() { return Deadline(Clock::time_point::max()); }
  explicit Deadline(Clock::time_point at) : at_(at) {}

  Clock::time_point at() const { return at_; }
  bool expired() const { return Clock::now() >= at_; }
  bool is_never() const { return at_ == Clock::time_point::max(); }

  // Milliseconds left, rounded up, clamped to [0, INT32_MAX]: ready for poll(2). -1 when never.
  int poll_timeout_ms() const;

 private:
  Clock::time_point at_;
};

// Milliseconds (fractional) elapsed since `start`.
inline double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace arena
