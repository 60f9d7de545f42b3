#include "core/clock.h"

#include <limits>

namespace arena {

int Deadline::poll_timeout_ms() const {
  if (is_never()) return -1;
  auto left = at_ - Clock::now();
  if (left <= Clock::duration::zero()) return 0;
  auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  if (ms > std::numeric_limits<int>::max()) return std::numeric_limits<int>::max();
  return static_cast<int>(ms);
}

}  // namespace arena
