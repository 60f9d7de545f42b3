// The cheapest persistent Wumpus bot: it ignores the start line, answers "rotateL" to every other
// line, and exits on "end" or EOF. The pipe benchmarks use it so that what they measure is the
// referee and the pipes, not the bot. Plain read(2)/write(2): stdio buffering would only add work.
#include <unistd.h>

#include <cstring>
#include <string_view>

namespace {

bool write_all(const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = write(STDOUT_FILENO, data, size);
    if (n < 0) return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// Returns false when the bot should stop.
bool answer(std::string_view line) {
  if (line.starts_with("end")) return false;
  if (line.starts_with("start")) return true;
  static constexpr char kAnswer[] = "rotateL\n";
  return write_all(kAnswer, sizeof kAnswer - 1);
}

}  // namespace

int main() {
  char buf[4096];
  size_t used = 0;
  for (;;) {
    ssize_t n = read(STDIN_FILENO, buf + used, sizeof buf - used);
    if (n <= 0) return 0;
    used += static_cast<size_t>(n);
    size_t begin = 0;
    while (const void* nl = std::memchr(buf + begin, '\n', used - begin)) {
      const size_t end = static_cast<const char*>(nl) - buf;
      if (!answer(std::string_view(buf + begin, end - begin))) return 0;
      begin = end + 1;
    }
    // Keep the partial line; a line longer than the buffer is dropped (no real referee sends one).
    std::memmove(buf, buf + begin, used - begin);
    used -= begin;
    if (used == sizeof buf) used = 0;
  }
}
