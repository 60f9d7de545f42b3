// arena-sandbox-exec: the first program a confined bot's sandbox runs. bubblewrap keeps every
// descriptor it was started with open for the whole life of the bot, so if it were given the bot's
// pipes, a bot that closes its stdout would never be seen doing so. Instead bwrap gets only one
// end of a socket pair (fd 3); the referee sends the bot's three pipe ends over it, and this
// program puts them on 0, 1 and 2, closes the socket and executes the bot: the bot alone holds
// its pipes, as an unconfined bot does.
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "arena-sandbox-exec: usage: arena-sandbox-exec PROGRAM [ARGS...]\n");
    return 127;
  }
  char byte = 0;
  iovec iov{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(3 * sizeof(int))];
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  while ((n = recvmsg(3, &msg, 0)) < 0 && errno == EINTR) {
  }
  cmsghdr* c = n == 1 ? CMSG_FIRSTHDR(&msg) : nullptr;
  if (!c || c->cmsg_type != SCM_RIGHTS || c->cmsg_len != CMSG_LEN(3 * sizeof(int))) {
    std::fprintf(stderr, "arena-sandbox-exec: the bot's pipes did not arrive\n");
    return 127;
  }
  int fds[3];
  std::memcpy(fds, CMSG_DATA(c), sizeof fds);
  for (int i = 0; i < 3; ++i) dup2(fds[i], i);
  for (int fd : fds)
    if (fd > 3) close(fd);
  close(3);
  execvp(argv[1], argv + 1);
  std::fprintf(stderr, "arena-sandbox-exec: cannot start '%s': %s\n", argv[1],
               std::strerror(errno));
  return 127;
}
