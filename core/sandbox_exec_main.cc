// arena-sandbox-exec: the first program a confined bot's sandbox runs.
//
// bubblewrap keeps every descriptor it was started with open for the whole life of the bot, so if
// it were given the bot's pipes, a bot that closes its stdout would never be seen doing so.
// Instead bwrap gets only one end of a socket pair (fd 3); the referee sends the bot's three pipe
// ends over it, and this program puts them on 0, 1 and 2 and executes the bot: the bot alone holds
// its pipes, as an unconfined bot does.
//
// With `--relay PORT` (TCP games) the bot has a network namespace of its own, with nothing in it
// but loopback. This program then stays as the bot's parent and listens on 127.0.0.1:PORT inside
// it; for every connection the bot makes, it asks the referee over fd 3 for a connection to the
// seat's own listener outside (the referee connects and sends the socket back) and copies bytes
// both ways. The bot so reaches the referee's port and nothing else. It exits as the bot did.
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Receives up to `max` descriptors sent with one byte; returns how many came (0 at EOF/error).
int receive_fds(int sock, int* fds, int max) {
  char byte = 0;
  iovec iov{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(3 * sizeof(int))];
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  while ((n = recvmsg(sock, &msg, 0)) < 0 && errno == EINTR) {
  }
  cmsghdr* c = n == 1 ? CMSG_FIRSTHDR(&msg) : nullptr;
  if (!c || c->cmsg_type != SCM_RIGHTS) return 0;
  const int count = static_cast<int>((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
  if (count < 1 || count > max) return 0;
  std::memcpy(fds, CMSG_DATA(c), static_cast<size_t>(count) * sizeof(int));
  return count;
}

struct Pair {
  int inside = -1, outside = -1;
  bool in_open = true, out_open = true;  // each direction still copying
};

// Copies what is readable on `from` to `to` (blocking write: the referee reads all the time).
// False at EOF or error.
bool copy(int from, int to) {
  char buf[65536];
  ssize_t n = read(from, buf, sizeof buf);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
  if (n <= 0) return false;
  for (ssize_t done = 0; done < n;) {
    ssize_t w = write(to, buf + done, static_cast<size_t>(n - done));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    done += w;
  }
  return true;
}

[[noreturn]] void exit_like(int status) {
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
  _exit(128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0));
}

[[noreturn]] void relay(int port, char** bot_argv) {
  int listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<uint16_t>(port));
  if (listener < 0 || bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      listen(listener, 16) != 0) {
    std::fprintf(stderr, "arena-sandbox-exec: cannot listen on 127.0.0.1:%d in the sandbox: %s\n",
                 port, std::strerror(errno));
    _exit(127);
  }
  const pid_t bot = fork();
  if (bot == 0) {
    close(3);
    execvp(bot_argv[0], bot_argv);
    std::fprintf(stderr, "arena-sandbox-exec: cannot start '%s': %s\n", bot_argv[0],
                 std::strerror(errno));
    _exit(127);
  }
  // Descriptors the bot should not hold are close-on-exec; ours stay.
  int control = 3;
  std::vector<Pair> pairs;
  std::vector<int> waiting;  // inside connections waiting for their outside socket
  int status = 0;
  bool bot_done = false;
  for (;;) {
    if (!bot_done && waitpid(bot, &status, WNOHANG) == bot) bot_done = true;
    if (bot_done && waiting.empty()) {
      bool open = false;
      for (const Pair& p : pairs) open = open || p.out_open;
      if (!open) exit_like(status);
    }
    std::vector<pollfd> fds;
    fds.push_back({listener, POLLIN, 0});
    fds.push_back({control, static_cast<short>(control >= 0 ? POLLIN : 0), 0});
    for (const Pair& p : pairs) {
      fds.push_back({p.in_open ? p.inside : -1, POLLIN, 0});
      fds.push_back({p.out_open ? p.outside : -1, POLLIN, 0});
    }
    poll(fds.data(), fds.size(), bot_done ? 50 : 100);
    if (fds[0].revents & POLLIN) {
      int c = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
      if (c >= 0) {
        setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        char ask = 'c';
        if (control >= 0 && write(control, &ask, 1) == 1)
          waiting.push_back(c);
        else
          close(c);  // the referee takes no more connections
      }
    }
    if (control >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      int outside = -1;
      if (receive_fds(control, &outside, 1) == 1 && !waiting.empty()) {
        pairs.push_back({waiting.front(), outside});
        waiting.erase(waiting.begin());
      } else {
        // The referee has closed the seat's door: connections still waiting are refused.
        if (outside >= 0) close(outside);
        close(control);
        control = -1;
        for (int w : waiting) close(w);
        waiting.clear();
      }
    }
    // Only the pairs that were polled: one made from the control socket just now has no entry
    // in `fds` yet (reading past them was a heap overflow, found by ASan).
    const size_t polled = (fds.size() - 2) / 2;
    for (size_t i = 0; i < polled; ++i) {
      Pair& p = pairs[i];
      if (p.in_open && (fds[2 + 2 * i].revents & (POLLIN | POLLHUP | POLLERR)) &&
          !copy(p.inside, p.outside)) {
        p.in_open = false;
        shutdown(p.outside, SHUT_WR);
      }
      if (p.out_open && (fds[3 + 2 * i].revents & (POLLIN | POLLHUP | POLLERR)) &&
          !copy(p.outside, p.inside)) {
        p.out_open = false;
        shutdown(p.inside, SHUT_WR);
      }
    }
    if (bot_done) {
      // The bot is gone: what it left unread or unsent no longer matters once its sockets close.
      for (Pair& p : pairs)
        if (!p.in_open) p.out_open = false;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  int first = 1, port = 0;
  if (argc > 3 && std::strcmp(argv[1], "--relay") == 0) {
    port = std::atoi(argv[2]);
    first = 3;
  }
  if (argc <= first) {
    std::fprintf(stderr,
                 "arena-sandbox-exec: usage: arena-sandbox-exec [--relay PORT] PROGRAM "
                 "[ARGS...]\n");
    return 127;
  }
  int fds[3];
  if (receive_fds(3, fds, 3) != 3) {
    std::fprintf(stderr, "arena-sandbox-exec: the bot's pipes did not arrive\n");
    return 127;
  }
  for (int i = 0; i < 3; ++i) dup2(fds[i], i);
  for (int fd : fds)
    if (fd > 3) close(fd);
  if (port > 0) relay(port, argv + first);
  close(3);
  execvp(argv[first], argv + first);
  std::fprintf(stderr, "arena-sandbox-exec: cannot start '%s': %s\n", argv[first],
               std::strerror(errno));
  return 127;
}
