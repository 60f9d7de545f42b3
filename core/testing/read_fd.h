// Reading a child's non-blocking pipe in tests: everything until end of file or a deadline.
#pragma once

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "core/clock.h"

namespace arena::testing {

// Reads fd (non-blocking) until EOF or the deadline.
inline std::string read_until_eof(int fd, Deadline deadline) {
  std::string out;
  char buf[4096];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      out.append(buf, static_cast<size_t>(n));
      continue;
    }
    if (n == 0) return out;
    if (errno == EINTR) continue;
    if (errno != EAGAIN || deadline.expired()) return out;
    pollfd p{fd, POLLIN, 0};
    poll(&p, 1, deadline.poll_timeout_ms());
  }
}

}  // namespace arena::testing
