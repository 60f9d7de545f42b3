// Bot programs under the sandbox, as real processes: what they can see, reach and use. Each case
// runs a small shell or Python program confined as a bot is, and checks the host side too.
#include "core/sandbox.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/process.h"
#include "core/tcp.h"
#include "core/testing/read_fd.h"
#include "core/testing/sandbox_testing.h"

namespace arena {
namespace {

namespace fs = std::filesystem;

struct Confined {
  std::string out, err;
  ExitStatus status;
  std::string start_error;
};

// Runs `script` with sh under the sandbox until it exits (20 s at most).
Confined run_confined(const std::string& script, SandboxOptions sandbox = {},
                      std::vector<std::string> argv = {}) {
  sandbox.enabled = true;
  ProcessOptions o;
  o.argv = argv.empty() ? std::vector<std::string>{"sh", "-c", script} : argv;
  o.sandbox = sandbox;
  auto child = ChildProcess::spawn(o);
  Confined r;
  r.start_error = child->start_error();
  if (!r.start_error.empty()) return r;
  child->close_stdin();
  const Deadline deadline = Deadline::after_ms(20000);
  r.out = testing::read_until_eof(child->stdout_fd(), deadline);
  r.err = testing::read_until_eof(child->stderr_fd(), Deadline::after_ms(100));
  r.status = child->finish(5000);
  return r;
}

using Sandbox = testing::NeedsSandbox<>;

TEST_F(Sandbox, SeesNothingOfTheReferee) {
  // The referee's command line and environment are what a cheating bot would read (a Wumpus
  // seed, a map file): the bot's /proc holds only its own processes, and its environment is its
  // own.
  setenv("ARENA_TEST_SECRET", "the-cave-is-here", 1);
  Confined r = run_confined("cat /proc/*/cmdline /proc/*/environ 2>/dev/null; env; ls /proc");
  unsetenv("ARENA_TEST_SECRET");
  EXPECT_EQ(r.out.find("the-cave-is-here"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("sandbox_test"), std::string::npos) << "the test's own command line";
  EXPECT_NE(r.out.find("HOME=/tmp/arena-scratch-"), std::string::npos) << r.out;
}

TEST_F(Sandbox, WritesOnlyItsScratchDirWhichIsRemovedAfterwards) {
  const std::string outside =
      fs::current_path().string() + "/sandbox-escape-" + std::to_string(getpid());
  Confined r =
      run_confined("echo x > '" + outside + "' && echo wrote-outside; echo y > /etc/x && " +
                   "echo wrote-etc; echo z > \"$HOME/mine\" && echo wrote-home; " +
                   "echo \"$HOME\"; ls /root /home 2>&1 | head -3");
  EXPECT_FALSE(fs::exists(outside)) << r.out;
  EXPECT_EQ(r.out.find("wrote-outside"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("wrote-etc"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("wrote-home"), std::string::npos) << r.out << r.err;
  const std::string scratch = r.out.substr(r.out.find("/tmp/arena-scratch-"), 25);
  EXPECT_FALSE(fs::exists(scratch)) << scratch << " is removed once the bot is reaped";
  EXPECT_NE(r.out.find("No such file or directory"), std::string::npos)
      << "neither /root nor /home exist for the bot: " << r.out;
}

TEST_F(Sandbox, SeesNoFileOfTheSystemThatOnlyItsOwnerMayRead) {
  // The referee may run as root: inside its user namespace a bot keeps root's ownership of
  // root's files, so /etc/shadow (mode 0640 or 0600) would be readable by mode alone. The
  // sandbox covers every such file; the check needs one that exists and that we can read.
  std::ifstream shadow("/etc/shadow");
  std::string first;
  if (!std::getline(shadow, first) || first.empty())
    GTEST_SKIP() << "no readable /etc/shadow to hide here";
  Confined r = run_confined("cat /etc/shadow; echo read-done; ls /etc/passwd");
  EXPECT_EQ(r.out.find(first), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("read-done"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("/etc/passwd"), std::string::npos)
      << "what others may read stays: " << r.err;
}

TEST_F(Sandbox, AStdioBotHasNoNetwork) {
  // A listener of ours on loopback: a confined bot cannot reach it (nor anything else).
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(listen(listener, 4), 0);
  socklen_t len = sizeof a;
  getsockname(listener, reinterpret_cast<sockaddr*>(&a), &len);
  const int port = ntohs(a.sin_port);
  const std::string py = "import socket\ntry:\n  socket.create_connection(('127.0.0.1'," +
                         std::to_string(port) +
                         "),2); print('connected')\nexcept OSError as e: print('refused', e)\n";
  Confined r = run_confined("", {}, {"python3", "-c", py});
  close(listener);
  EXPECT_NE(r.out.find("refused"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out.find("connected"), std::string::npos);
}

TEST_F(Sandbox, ProcessesAreCapped) {
  if (!fs::exists("/sys/fs/cgroup/pids") && !fs::exists("/sys/fs/cgroup/cgroup.controllers"))
    GTEST_SKIP() << "no pids cgroup on this machine";
  SandboxOptions s;
  s.limits.processes = 10;
  // A bounded fork bomb: 60 sleepers wanted, at most 10 processes allowed.
  Confined r = run_confined(
      "n=0; for i in $(seq 60); do sleep 30 & if [ $? -eq 0 ]; then n=$((n+1)); fi; done; "
      "ps -e 2>/dev/null | wc -l; ls /proc | grep -c '^[0-9]'",
      s);
  const int running = std::atoi(r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1).c_str());
  EXPECT_LE(running, 11) << r.out << r.err;
  EXPECT_NE(r.err.find("fork"), std::string::npos) << "the shell says it cannot fork: " << r.err;
}

TEST_F(Sandbox, CpuLimitIsItsOwnVerdict) {
  SandboxOptions s;
  s.limits.cpu_seconds = 1;
  Confined r = run_confined("while :; do :; done", s);
  EXPECT_FALSE(r.status.exited);
  EXPECT_EQ(r.status.signal, SIGXCPU) << r.status.describe();
  EXPECT_NE(r.status.describe().find("CPU time limit of 1 s exceeded"), std::string::npos)
      << r.status.describe();
}

TEST_F(Sandbox, MemoryLimitStopsAHog) {
  if (kSanitizedBuild)
    GTEST_SKIP() << "a sanitized build limits only sanitized bots' memory (core/sandbox.h); the "
                    "hostile suite's memory row checks that";
  SandboxOptions s;
  s.limits.memory_mb = 200;
  Confined r =
      run_confined("", s, {"python3", "-c", "x = bytearray(1 << 30)\nprint('allocated', len(x))"});
  EXPECT_EQ(r.out.find("allocated"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("MemoryError"), std::string::npos) << r.err;
}

// A sanitized build cannot use RLIMIT_AS (core/sandbox.h): the limit reaches the bot as ASan's
// resident-size limit, after the referee's own sanitizer options. Skipped in other builds.
TEST_F(Sandbox, SanitizedBuildLimitsMemoryThroughAsanOptions) {
  if (!kSanitizedBuild) GTEST_SKIP() << "only a sanitized build sets ASAN_OPTIONS for its bots";
  SandboxOptions s;
  s.limits.memory_mb = 200;
  Confined r = run_confined("echo \"$ASAN_OPTIONS\"; ulimit -v", s);
  EXPECT_NE(r.out.find("soft_rss_limit_mb=200:allocator_may_return_null=1\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("unlimited"), std::string::npos) << r.out;
}

// A TCP bot's connections reach the referee's listener through the relay inside its sandbox, in
// both directions, several at once (a Dungeon team opens six). Under ASan this checks the relay's
// bookkeeping: a connection paired while the others were being polled once read past its list.
TEST_F(Sandbox, RelayCarriesSeveralConnectionsBothWays) {
  TcpListener listener("127.0.0.1", 0);
  SandboxOptions s;
  s.enabled = true;
  s.relay_port = listener.port();
  ProcessOptions o;
  o.argv = {
      "python3", "-c",
      "import socket, sys\n"
      "conns = [socket.create_connection(('127.0.0.1', int(sys.argv[1]))) for _ in range(3)]\n"
      "for i, c in enumerate(conns): c.sendall(b'abc'[i:i + 1] + b'\\n')\n"
      "for c in conns: print(c.makefile().readline().strip(), flush=True)\n",
      std::to_string(listener.port())};
  o.sandbox = s;
  auto child = ChildProcess::spawn(o);
  ASSERT_TRUE(child->start_error().empty()) << child->start_error();
  child->close_stdin();
  const Deadline deadline = Deadline::after_ms(20000);
  std::vector<int> conns;
  while (conns.size() < 3 && !deadline.expired() && !child->poll_exit()) {
    serve_sandbox_relay(child->relay_control_fd(), listener.port());
    int fd = listener.accept(Deadline::after_ms(20));
    if (fd >= 0) conns.push_back(fd);
  }
  child->close_relay_control();
  ASSERT_EQ(conns.size(), 3u) << testing::read_until_eof(child->stderr_fd(), deadline);
  // Each connection's line, answered on the same connection.
  for (int fd : conns) {
    std::string line;
    char c = 0;
    while (line.find('\n') == std::string::npos && !deadline.expired()) {
      ssize_t n = read(fd, &c, 1);
      if (n == 1) {
        line += c;
      } else if (n == 0) {
        break;
      } else {
        pollfd p{fd, POLLIN, 0};
        poll(&p, 1, deadline.poll_timeout_ms());
      }
    }
    const std::string reply = "got " + line;
    ASSERT_EQ(write(fd, reply.data(), reply.size()), static_cast<ssize_t>(reply.size()));
  }
  EXPECT_EQ(testing::read_until_eof(child->stdout_fd(), deadline), "got a\ngot b\ngot c\n");
  for (int fd : conns) close(fd);
  child->kill_tree();
}

TEST_F(Sandbox, FileSizeLimit) {
  SandboxOptions s;
  s.limits.file_mb = 1;
  Confined r = run_confined("head -c 3000000 /dev/zero > \"$HOME/big\"; echo done", s);
  EXPECT_TRUE(r.status.exited) << "the shell survives: only its child died";
  EXPECT_NE(r.err.find("File size limit exceeded"), std::string::npos) << r.err;
}

TEST_F(Sandbox, ABotThatClosesItsStdoutIsSeenClosingIt) {
  // bwrap keeps the descriptors it starts with; the bot's pipes reach it past bwrap
  // (arena-sandbox-exec), so its closed stdout reads as end of file while it still runs.
  SandboxOptions s;
  s.enabled = true;
  ProcessOptions o;
  o.argv = {"sh", "-c", "echo hello; exec >&-; sleep 30"};
  o.sandbox = s;
  auto child = ChildProcess::spawn(o);
  ASSERT_TRUE(child->start_error().empty()) << child->start_error();
  const Deadline deadline = Deadline::after_ms(20000);
  EXPECT_EQ(testing::read_until_eof(child->stdout_fd(), deadline), "hello\n");
  EXPECT_FALSE(deadline.expired()) << "no end of file: something else holds the bot's stdout";
  EXPECT_FALSE(child->poll_exit().has_value()) << "the bot still runs";
  child->kill_tree();
}

TEST_F(Sandbox, AMissingProgramCannotStartAndSaysWhy) {
  Confined r = run_confined("", {}, {"/nonexistent/bot"});
  EXPECT_EQ(r.start_error, "cannot start '/nonexistent/bot': No such file or directory");
  r = run_confined("", {}, {"no-such-bot-anywhere"});
  EXPECT_EQ(r.start_error, "cannot start 'no-such-bot-anywhere': No such file or directory");
}

TEST_F(Sandbox, ItsOwnDirectoryIsReadableNotWritable) {
  const fs::path dir = fs::temp_directory_path() / ("arena-bot-dir-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string bot = (dir / "bot.sh").string();
  {
    std::ofstream f(bot);
    f << "#!/bin/sh\ncat \"$(dirname \"$0\")/data.txt\"\necho x > \"$(dirname \"$0\")/new\" && "
         "echo wrote\n";
  }
  {
    std::ofstream f(dir / "data.txt");
    f << "weights\n";
  }
  fs::permissions(bot, fs::perms::owner_all);
  Confined r = run_confined("", {}, {bot});
  EXPECT_NE(r.out.find("weights"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out.find("wrote"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir / "new"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arena
