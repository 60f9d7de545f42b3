// The player driver (spec §5.9): `main` and `registerBestPlay` for a course-style AI.
//
// Built twice from this source: the hunter driver (default) and the Dracula driver (compiled with
// -DI_AM_DRACULA). It speaks the wire protocol of §6: process mode (one JSON request on stdin per
// process, §6.2) and, with `--persistent`, one request line per turn (§6.3), where each turn runs
// in a forked child so that course code keeps the per-turn isolation it was written for (globals,
// srand(time(0)), leaks).
//
// Every registration is written at once, as one line with a single write(), so the referee holds
// the latest move even if the process is killed at the deadline (§5.9).

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#ifdef I_AM_DRACULA
#include "dracula.h"
#else
#include "hunter.h"
#endif

namespace {

constexpr int kExitBadRequest = 3;  // §5.9 step 3
constexpr int kExitDeadline = 42;   // §5.9 step 5

// The protocol descriptor (a private copy of the original stdout) and the state of the current
// turn. A forked child inherits them and changes only its own copy.
struct Driver {
  int proto_fd = 1;
  long turn = -1;  // the request's play index in persistent mode; -1 in process mode
  std::mutex mutex;
  bool written = false;
  std::string last_move, last_message;
};
Driver g;

int64_t now_ms() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000 + ts.tv_nsec / 1000000;
}

// The driver's own deadline, in ms after the start of a turn: L - max(50, L/10) (§5.9 step 1).
int64_t turn_budget_ms() {
  long limit = TURN_LIMIT_MSECS;
  if (const char* env = std::getenv("FOD_TURN_LIMIT_MS")) {
    char* end = nullptr;
    errno = 0;
    long v = std::strtol(env, &end, 10);
    if (errno == 0 && end != env && *end == '\0' && v > 0) limit = v;
  }
  return std::max<int64_t>(0, limit - std::max<long>(50, limit / 10));
}

// Protects the protocol channel (§5.9 step 2): the AI's printf output goes to stderr.
void protect_stdout() {
  std::fflush(stdout);
  int fd = fcntl(1, F_DUPFD_CLOEXEC, 3);
  if (fd < 0) return;  // no spare descriptor: keep writing to fd 1, the best we can do
  g.proto_fd = fd;
  dup2(2, 1);
  std::setvbuf(stdout, nullptr, _IONBF, 0);
}

void write_all(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    off += static_cast<size_t>(n);
  }
}

void append_json_string(std::string& out, const std::string& s) {
  static const char kHex[] = "0123456789abcdef";
  out += '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else if (c >= 0x80) {
      // Not valid UTF-8 on its own: keep the line parseable, the referee sanitises to '?' anyway.
      out += '?';
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

// A request parsed into what the view constructors take.
struct Request {
  long turn = -1;
  std::string past_plays;
  // One Message per play, at least one (§5.9 step 4), zero-filled so that every entry is
  // terminated; one flat buffer because arrays cannot be vector elements.
  std::vector<char> message_buffer;
  Message* messages() { return reinterpret_cast<Message*>(message_buffer.data()); }
};

bool parse_request(const std::string& text, Request& req) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return false;
  if (auto t = j.find("turn"); t != j.end() && t->is_number_integer()) req.turn = t->get<long>();
  auto pp = j.find("past_plays");
  if (pp == j.end() || !pp->is_string()) return false;
  req.past_plays = pp->get<std::string>();
  const size_t plays = req.past_plays.empty() ? 0 : (req.past_plays.size() + 1) / 8;
  req.message_buffer.assign(std::max<size_t>(plays, 1) * MESSAGE_SIZE, '\0');
  auto ms = j.find("messages");
  if (ms != j.end() && ms->is_array()) {
    for (size_t i = 0; i < plays && i < ms->size(); ++i) {
      const auto& m = (*ms)[i];
      if (!m.is_string()) continue;
      const std::string& s = m.get_ref<const std::string&>();
      std::memcpy(req.messages()[i], s.data(), std::min<size_t>(s.size(), MESSAGE_SIZE - 1));
    }
  }
  return true;
}

// Builds the view and calls the AI (§5.9 step 6). The view is not freed: the process (or the
// forked child) ends right after, and an AI may keep pointers into it in globals.
void run_ai(Request& req) {
  char* plays = req.past_plays.data();
#ifdef I_AM_DRACULA
  decideDraculaMove(DvNew(plays, req.messages()));
#else
  decideHunterMove(HvNew(plays, req.messages()));
#endif
}

// Ends the process at the deadline with _exit(42) (§5.9 step 5). A thread, not a signal, so that
// AIs using alarm() or sleep() are left alone.
void arm_watchdog(int64_t deadline_ms) {
  std::thread([deadline_ms] {
    timespec ts;
    ts.tv_sec = deadline_ms / 1000;
    ts.tv_nsec = (deadline_ms % 1000) * 1000000;
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {
    }
    std::lock_guard<std::mutex> lock(g.mutex);  // never cut a registration in half
    _exit(kExitDeadline);
  }).detach();
}

int process_mode() {
  const int64_t start = now_ms();
  const int64_t budget = turn_budget_ms();
  protect_stdout();
  std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  Request req;
  if (!parse_request(text, req)) return kExitBadRequest;
  arm_watchdog(start + budget);
  run_ai(req);
  std::lock_guard<std::mutex> lock(g.mutex);  // the watchdog must not fire while we exit
  std::fflush(nullptr);
  _exit(0);
}

// Waits for the child until the deadline, then kills it. SIGCHLD is blocked so that
// sigtimedwait() can sleep until the child ends or the deadline passes, whichever is first.
void wait_child(pid_t pid, int64_t deadline_ms) {
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  for (;;) {
    int status;
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid || (r < 0 && errno != EINTR)) return;
    const int64_t left = deadline_ms - now_ms();
    if (left <= 0) break;
    timespec ts{static_cast<time_t>(left / 1000), static_cast<long>(left % 1000) * 1000000};
    sigtimedwait(&chld, nullptr, &ts);
  }
  kill(pid, SIGKILL);
  while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
}

int persistent_mode() {
  const int64_t budget = turn_budget_ms();
  protect_stdout();
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, nullptr);
  std::string line;
  while (std::getline(std::cin, line)) {
    const int64_t start = now_ms();
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Request req;
    if (!parse_request(line, req)) {
      // Not a usable request: close its turn at once if it names one, so nobody waits for it.
      if (req.turn >= 0)
        write_all(g.proto_fd, "{\"turn\":" + std::to_string(req.turn) + ",\"done\":true}\n");
      continue;
    }
    std::fflush(nullptr);
    pid_t pid = fork();
    if (pid == 0) {
      sigprocmask(SIG_UNBLOCK, &chld, nullptr);
      g.turn = req.turn;
      // Belt and braces: the parent kills us at the deadline anyway.
      arm_watchdog(start + budget);
      run_ai(req);
      std::lock_guard<std::mutex> lock(g.mutex);
      std::fflush(nullptr);
      _exit(0);
    }
    if (pid > 0) wait_child(pid, start + budget);
    std::string done = "{\"turn\":" + std::to_string(req.turn) + ",\"done\":true}\n";
    write_all(g.proto_fd, done);
  }
  return 0;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) void registerBestPlay(const char* play,
                                                                        Message message) {
  if (play == nullptr) return;
  std::string move(play, strnlen(play, 2));
  std::string msg = message ? std::string(message, strnlen(message, MESSAGE_SIZE - 1)) : "";
  std::lock_guard<std::mutex> lock(g.mutex);
  if (g.written && move == g.last_move && msg == g.last_message) return;
  std::string out = "{";
  if (g.turn >= 0) out += "\"turn\":" + std::to_string(g.turn) + ",";
  out += "\"move\":";
  append_json_string(out, move);
  out += ",\"message\":";
  append_json_string(out, msg);
  out += "}\n";
  write_all(g.proto_fd, out);  // < PIPE_BUF, so one atomic write
  g.written = true;
  g.last_move = std::move(move);
  g.last_message = std::move(msg);
}

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--persistent") == 0) return persistent_mode();
  return process_mode();
}
