/* A bot program that misbehaves on purpose, for the hostile-bot suite (tests/hostile_test.cc).

   Usage: hostile GAME BEHAVIOUR MARKER dir=DIR [--host H --port P] [--player T] ...
   GAME: wumpus, dracula, evolution, empire, dungeon. It speaks enough of the game's protocol to
   reach its first turn, then does BEHAVIOUR. MARKER is a token unique to the test run: it stays
   in the command line of every process this program forks (and in the environment of anything
   it would execute), so the test can tell that none survived its match. DIR is the test's canary
   directory outside the sandbox: the program tries to write, read and connect through it.

   What it achieves is reported on stderr with the word ESCAPED, which the test must never see.
   Probing behaviours (writing, reading, connecting, killing) then sleep, so their match ends by
   the game's consequence of a silent bot. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static const char* game;
static const char* behaviour;
static const char* marker;
static const char* dir;
static const char* host = "127.0.0.1";
static int port = 0;
static int player = 0;
static int listen_port = 0; /* the test's own loopback service (--listen) */
static int in_fd = 0, out_fd = 1;
static int conns[6] = {-1, -1, -1, -1, -1, -1};

static void say(const char* fmt, const char* a) {
  char buf[512];
  int n = snprintf(buf, sizeof buf, fmt, a);
  if (n > 0) (void)!write(2, buf, (size_t)n);
}

static void write_all(int fd, const void* data, size_t len) {
  const char* p = data;
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    p += n;
    len -= (size_t)n;
  }
}

static void sleep_forever(void) {
  for (;;) pause();
}

static int connect_tcp(const char* h, int p) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((unsigned short)p);
  if (inet_pton(AF_INET, h, &a.sin_addr) != 1) a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd >= 0 && connect(fd, (struct sockaddr*)&a, sizeof a) == 0) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
  }
  if (fd >= 0) close(fd);
  return -1;
}

/* Reads from fd, a byte at a time (nothing read ahead is lost), until `needle` has been seen;
   "" waits for one byte. At EOF it exits quietly: the match is over. */
static void read_until(int fd, const char* needle) {
  size_t nlen = strlen(needle), matched = 0;
  for (;;) {
    char c;
    ssize_t n = read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) exit(0);
    if (nlen == 0) return;
    /* The needles have no repeated prefix, so a mismatch restarts the match at this byte. */
    matched = c == needle[matched] ? matched + 1 : (c == needle[0] ? 1 : 0);
    if (matched == nlen) return;
  }
}

/* Dracula's request (stdin, read to EOF): true when this is the seat's first turn. */
static int dracula_first_turn(void) {
  static char request[1 << 20];
  size_t have = 0;
  ssize_t n;
  while (have < sizeof request - 1 &&
         (n = read(0, request + have, sizeof request - 1 - have)) != 0) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    have += (size_t)n;
  }
  request[have] = 0;
  const char* p = strstr(request, "\"past_plays\":\"");
  if (!p) return 1;
  p += strlen("\"past_plays\":\"");
  const char* end = strchr(p, '"');
  size_t len = end ? (size_t)(end - p) : 0;
  return (len + 1) / 8 / 5 == 0; /* round 0 (spec §6.2) */
}

/* Speaks the game's protocol up to its first turn. */
static void reach_first_turn(void) {
  if (strcmp(game, "wumpus") == 0) {
    read_until(0, "\n"); /* start ... */
    read_until(0, "\n"); /* the first percept: an action is due */
  } else if (strcmp(game, "dracula") == 0) {
    /* One process per turn: it misbehaves in its first turn, then plays the illegal move XX so
       that it is disqualified and never started again (tests/bots/dracula_misbehave.py). */
    if (!dracula_first_turn()) {
      static const char xx[] = "{\"move\":\"XX\"}\n";
      write_all(1, xx, sizeof xx - 1);
      exit(0);
    }
  } else if (strcmp(game, "evolution") == 0) {
    in_fd = out_fd = connect_tcp(host, port);
    if (in_fd < 0) exit(1);
    static const char name[] = "\"hostile\"\n";
    write_all(out_fd, name, sizeof name - 1);
    read_until(in_fd, "\"ok\"");
    read_until(in_fd, ""); /* the first Start: its Choose follows */
  } else if (strcmp(game, "empire") == 0) {
    in_fd = out_fd = connect_tcp(host, port);
    if (in_fd < 0) exit(1);
    read_until(in_fd, "EMPIRE-BUILDER");
    static const char reg[] = "(register \"hostile\")\n";
    write_all(out_fd, reg, sizeof reg - 1);
    read_until(in_fd, "(CHOOSE-");
  } else if (strcmp(game, "dungeon") == 0) {
    for (int a = 0; a < 6; ++a) {
      conns[a] = connect_tcp(host, port);
      if (conns[a] < 0) exit(1);
      unsigned char start[13] = {
          0, 0, 0, 9, 1, 0, 0, 0, (unsigned char)player, 0, 0, 0, (unsigned char)a};
      write_all(conns[a], start, sizeof start);
    }
    in_fd = out_fd = conns[0];
    /* The game has begun once the DungeonResponse's first bytes come (tag 16). */
    unsigned char head[5];
    size_t have = 0;
    while (have < 5) {
      ssize_t n = read(in_fd, head + have, 5 - have);
      if (n <= 0) exit(0);
      have += (size_t)n;
    }
  } else {
    say("hostile: unknown game %s\n", game);
    exit(2);
  }
}

/* Half of a valid answer in the game's own framing, then nothing. */
static void half_message(void) {
  if (strcmp(game, "wumpus") == 0) write_all(out_fd, "go", 2);
  if (strcmp(game, "dracula") == 0) write_all(out_fd, "{\"move\":", 8);
  if (strcmp(game, "evolution") == 0) write_all(out_fd, "[0,[[", 5);
  if (strcmp(game, "empire") == 0) write_all(out_fd, "(1 ", 3);
  if (strcmp(game, "dungeon") == 0) write_all(out_fd, "\0\0\0\x05\x02\0", 6);
  sleep_forever();
}

static void close_output(void) {
  if (conns[0] >= 0) {
    for (int a = 0; a < 6; ++a) close(conns[a]);
  } else {
    close(out_fd);
  }
  sleep_forever();
}

static void flood(int fd) {
  static char chunk[1 << 16];
  memset(chunk, 'F', sizeof chunk);
  for (size_t i = 255; i < sizeof chunk; i += 256) chunk[i] = '\n';
  for (;;) {
    if (write(fd, chunk, sizeof chunk) < 0 && errno != EINTR) sleep_forever();
  }
}

static void huge_line(void) {
  if (strcmp(game, "dungeon") == 0) {
    /* A frame announcing 4 GiB - 16 bytes (FRAME_TOO_LARGE), then its "body". */
    write_all(out_fd, "\xff\xff\xff\xf0\x02", 5);
  }
  static char chunk[1 << 16];
  memset(chunk, 'L', sizeof chunk);
  for (int i = 0; i < 256; ++i) write_all(out_fd, chunk, sizeof chunk); /* 16 MiB, no newline */
  write_all(out_fd, "\n", 1);
  sleep_forever();
}

static void garbage(void) {
  /* Dungeon Race: a frame whose tag is no request (BAD_TAG), its body the same bytes. */
  if (strcmp(game, "dungeon") == 0) write_all(out_fd, "\0\0\0\x99\xff", 5);
  static const char bytes[] =
      "\x00\x00\xff\xfe\xc3\x28 \xed\xa0\x80 \xf8\x88\x80\x80\x80\x01\x7f\n";
  for (int i = 0; i < 8; ++i) write_all(out_fd, bytes, sizeof bytes - 1);
  sleep_forever();
}

static void memory_hog(void) {
  size_t mib = 0;
  for (;;) {
    char* p = malloc(1 << 20);
    if (!p) break;
    for (size_t i = 0; i < (1 << 20); i += 4096) p[i] = 0x5a; /* every page, in use */
    ++mib;
  }
  char buf[128];
  int n = snprintf(buf, sizeof buf, "hog: allocation failed after %zu MiB\n", mib);
  (void)!write(2, buf, (size_t)n);
  exit(1);
}

static void fork_bomb(void) {
  for (;;) {
    if (fork() < 0) sleep_forever(); /* the pids limit is reached: every copy sits there */
  }
}

static void double_fork(void) {
  pid_t a = fork();
  if (a == 0) {
    setsid();
    if (fork() == 0) {
      setsid();
      signal(SIGHUP, SIG_IGN);
      sleep_forever(); /* keeps the pipes or sockets open too */
    }
    _exit(0);
  }
  exit(0);
}

static void try_write(const char* path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0 && write(fd, "x", 1) == 1) say("ESCAPED: wrote %s\n", path);
  if (fd >= 0) close(fd);
}

static void write_outside(void) {
  char path[4096];
  snprintf(path, sizeof path, "%s/canary", dir);
  try_write(path); /* exists outside: must stay as it is */
  snprintf(path, sizeof path, "%s/new-file", dir);
  try_write(path);
  if (mkdir(dir, 0755) == 0) say("ESCAPED: made %s\n", dir);
  try_write("/etc/arena-hostile");
  try_write("/usr/arena-hostile");
  /* Its own program's directory is read-only. */
  snprintf(path, sizeof path, "/proc/self/exe");
  char self[4096];
  ssize_t n = readlink(path, self, sizeof self - 32);
  if (n > 0) {
    self[n] = 0;
    char* slash = strrchr(self, '/');
    if (slash) {
      strcpy(slash, "/arena-hostile-mine");
      try_write(self);
    }
  }
  /* Its scratch directory ($HOME) is where it may write: this must work. */
  const char* home = getenv("HOME");
  if (home) {
    snprintf(path, sizeof path, "%s/mine", home);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    say(fd >= 0 ? "scratch writable: %s\n" : "scratch NOT writable: %s\n", path);
    if (fd >= 0) close(fd);
  }
  sleep_forever();
}

static void try_read(const char* path) {
  char buf[256];
  int fd = open(path, O_RDONLY);
  if (fd < 0) return;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n > 0) {
    buf[n] = 0;
    say("ESCAPED: read %s\n", path);
    say("content: %s\n", buf);
  }
}

static void read_files(void) {
  char path[4096];
  snprintf(path, sizeof path, "%s/secret", dir); /* another bot's file / the host's */
  try_read(path);
  try_read("/etc/shadow");
  try_read("/root/.bash_history");
  /* The referee's command line and environment: not in its PID namespace. */
  for (int pid = 1; pid < 64; ++pid) {
    snprintf(path, sizeof path, "/proc/%d/environ", pid);
    int fd = open(path, O_RDONLY);
    if (fd < 0) continue;
    char buf[1 << 14];
    ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    if (n > 0 && memmem(buf, (size_t)n, "HOSTILE_HOST_SECRET", 19)) say("ESCAPED: %s\n", path);
  }
  sleep_forever();
}

static void net_out(void) {
  /* Routes out of the sandbox other than the seat's port. No packet goes to any address off this
     machine: an interface other than loopback is reported, not used. */
  struct ifaddrs* ifs = NULL;
  if (getifaddrs(&ifs) == 0) {
    for (struct ifaddrs* i = ifs; i; i = i->ifa_next)
      if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET && strcmp(i->ifa_name, "lo") != 0)
        say("ESCAPED: interface %s\n", i->ifa_name);
    freeifaddrs(ifs);
  }
  /* The test's abstract Unix socket (per network namespace) and its socket file in DIR. */
  struct sockaddr_un u;
  for (int abstract = 0; abstract < 2; ++abstract) {
    memset(&u, 0, sizeof u);
    u.sun_family = AF_UNIX;
    socklen_t len;
    if (abstract) {
      snprintf(u.sun_path + 1, sizeof u.sun_path - 1, "arena-hostile-%s", marker);
      len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(u.sun_path + 1));
    } else {
      snprintf(u.sun_path, sizeof u.sun_path, "%s/sock", dir);
      len = sizeof u;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd >= 0 && connect(fd, (struct sockaddr*)&u, len) == 0)
      say("ESCAPED: connected to %s unix socket\n", abstract ? "the abstract" : "the file");
    if (fd >= 0) close(fd);
  }
  sleep_forever();
}

static void net_loopback(void) {
  int fd = connect_tcp("127.0.0.1", listen_port);
  if (fd >= 0) say("ESCAPED: connected to 127.0.0.1:%s\n", "listen");
  /* Through the seat's own relay a second time: only the seat's listener is behind it. */
  sleep_forever();
}

static void kill_referee(void) {
  /* Everything it can signal: its parent, pid 1 of its namespace, every process (-1). Only when
     it is in a PID namespace of its own (a sandbox): outside one, kill(-1) would hit the host. */
  int in_namespace = getpid() < 100;
  if (in_namespace) {
    kill(getppid(), SIGKILL);
    kill(1, SIGKILL);
    kill(-1, SIGKILL);
  }
  say("hostile: still here (%s)\n", in_namespace ? "namespace" : "no namespace: did nothing");
  sleep_forever();
}

int main(int argc, char** argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: hostile GAME BEHAVIOUR MARKER DIR [--host H --port P] [--player T]\n");
    return 2;
  }
  game = argv[1];
  behaviour = argv[2];
  marker = argv[3];
  dir = strncmp(argv[4], "dir=", 4) == 0 ? argv[4] + 4 : argv[4];
  for (int i = 5; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--host") == 0) host = argv[i + 1];
    if (strcmp(argv[i], "--port") == 0) port = atoi(argv[i + 1]);
    if (strcmp(argv[i], "--player") == 0) player = atoi(argv[i + 1]);
    if (strcmp(argv[i], "--listen") == 0) listen_port = atoi(argv[i + 1]);
  }
  setenv("ARENA_HOSTILE_MARKER", marker, 1);
  signal(SIGPIPE, SIG_IGN);
  reach_first_turn();
  const char* b = behaviour;
  if (strcmp(b, "loop") == 0) {
    for (volatile unsigned long i = 0;; ++i) {
    }
  }
  if (strcmp(b, "sleep") == 0) sleep_forever();
  if (strcmp(b, "fork_bomb") == 0) fork_bomb();
  if (strcmp(b, "memory") == 0) memory_hog();
  if (strcmp(b, "stdout_flood") == 0) flood(out_fd);
  if (strcmp(b, "stderr_flood") == 0) flood(2);
  if (strcmp(b, "garbage") == 0) garbage();
  if (strcmp(b, "half_message") == 0) half_message();
  if (strcmp(b, "close_stdout") == 0) close_output();
  if (strcmp(b, "segv") == 0) {
    volatile int* p = NULL;
    *p = 1;
  }
  if (strcmp(b, "abort") == 0) abort();
  if (strcmp(b, "double_fork") == 0) double_fork();
  if (strcmp(b, "write_outside") == 0) write_outside();
  if (strcmp(b, "read_files") == 0) read_files();
  if (strcmp(b, "net_out") == 0) net_out();
  if (strcmp(b, "net_loopback") == 0) net_loopback();
  if (strcmp(b, "kill_group") == 0) {
    kill(0, SIGKILL);
    sleep_forever();
  }
  if (strcmp(b, "kill_referee") == 0) kill_referee();
  if (strcmp(b, "huge_line") == 0) huge_line();
  say("hostile: unknown behaviour %s\n", b);
  return 2;
}
