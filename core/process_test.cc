#include "core/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "core/testing/read_fd.h"

namespace arena {
namespace {

// Reads one line from fd, waiting until the deadline.
std::string read_line(int fd, Deadline deadline) {
  std::string out;
  char c;
  for (;;) {
    ssize_t n = read(fd, &c, 1);
    if (n == 1) {
      if (c == '\n') return out;
      out += c;
      continue;
    }
    if (n == 0 || (errno != EAGAIN && errno != EINTR) || deadline.expired()) return out;
    pollfd p{fd, POLLIN, 0};
    poll(&p, 1, deadline.poll_timeout_ms());
  }
}

bool gone(pid_t pid) {
  return kill(pid, 0) == -1 && errno == ESRCH;
}

std::string make_temp_dir() {
  char tmpl[] = "/tmp/arena_process_test.XXXXXX";
  char* dir = mkdtemp(tmpl);
  EXPECT_NE(dir, nullptr);
  return dir ? dir : "/tmp";
}

bool have_python3() {
  return std::system("python3 -c '' >/dev/null 2>&1") == 0;
}

// Leaves a plain background child in its own group, and a grandchild that left the group through
// a double fork and setsid; prints "<own pid> <background pid> <grandchild pid>", then sleeps.
const char kEscapingBot[] = R"(import os, sys, time
bg = os.fork()
if bg == 0:
    os.execvp("sleep", ["sleep", "1000"])
r, w = os.pipe()
mid = os.fork()
if mid == 0:
    os.setsid()
    gc = os.fork()
    if gc == 0:
        os.execvp("sleep", ["sleep", "1001"])
    os.write(w, (str(gc) + "\n").encode())
    os._exit(0)
os.close(w)
os.waitpid(mid, 0)
gc = int(os.fdopen(r).readline())
sys.stdout.write("%d %d %d\n" % (os.getpid(), bg, gc))
sys.stdout.flush()
time.sleep(1000)
)";

TEST(BoundedCaptureTest, KeepsTheFirstBytesAndCountsTheRest) {
  BoundedCapture c(5);
  c.append("abc");
  EXPECT_FALSE(c.truncated());
  c.append("defgh");
  EXPECT_EQ(c.text(), "abcde");
  EXPECT_TRUE(c.truncated());
  EXPECT_EQ(c.dropped(), 3u);
}

TEST(ExitStatusTest, Describes) {
  EXPECT_EQ((ExitStatus{true, 3, 0}).describe(), "exit code 3");
  EXPECT_EQ((ExitStatus{false, 0, 9}).describe(), "killed by signal 9 (SIGKILL)");
}

TEST(ChildProcessTest, EchoRoundTripAndExitCode) {
  auto child = ChildProcess::spawn({{"cat"}, {}, ""});
  ASSERT_EQ(child->start_error(), "");
  EXPECT_EQ(getpgid(child->pid()), child->pid()) << "the child leads its own process group";
  ASSERT_EQ(write(child->stdin_fd(), "hello\n", 6), 6);
  child->close_stdin();
  EXPECT_EQ(testing::read_until_eof(child->stdout_fd(), Deadline::after_ms(10000)), "hello\n");
  auto status = child->wait_exit(Deadline::after_ms(10000));
  ASSERT_TRUE(status);
  EXPECT_EQ(status->describe(), "exit code 0");
}

TEST(ChildProcessTest, EnvironmentAndWorkingDirectory) {
  std::string dir = make_temp_dir();
  auto child = ChildProcess::spawn(
      {{"sh", "-c", "printf '%s|%s' \"$ARENA_T\" \"$(pwd)\""}, {{"ARENA_T", "v1"}}, dir});
  ASSERT_EQ(child->start_error(), "");
  EXPECT_EQ(testing::read_until_eof(child->stdout_fd(), Deadline::after_ms(10000)), "v1|" + dir);
  rmdir(dir.c_str());
}

TEST(ChildProcessTest, DescriptorsWithoutCloseOnExecDoNotLeak) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);  // deliberately without O_CLOEXEC
  ASSERT_EQ(dup2(p[0], 77), 77);
  auto child = ChildProcess::spawn(
      {{"sh", "-c", "if [ -e /proc/self/fd/77 ]; then echo leaked; else echo clean; fi"}, {}, ""});
  EXPECT_EQ(testing::read_until_eof(child->stdout_fd(), Deadline::after_ms(10000)), "clean\n");
  close(77);
  close(p[0]);
  close(p[1]);
}

TEST(ChildProcessTest, ExecFailureIsReported) {
  auto child = ChildProcess::spawn({{"no-such-program-arena-xyz"}, {}, ""});
  EXPECT_EQ(child->start_error(),
            "cannot start 'no-such-program-arena-xyz': No such file or directory");
  ASSERT_TRUE(child->status());
  EXPECT_TRUE(child->status()->exited);
  EXPECT_EQ(child->status()->code, 127);
  EXPECT_EQ(child->stdin_fd(), -1);
  EXPECT_EQ(child->stdout_fd(), -1);

  std::string dir = make_temp_dir();
  std::string script = dir + "/not_executable";
  std::ofstream(script) << "#!/bin/sh\n";
  auto denied = ChildProcess::spawn({{script}, {}, ""});
  EXPECT_EQ(denied->start_error(), "cannot start '" + script + "': Permission denied");

  auto bad_dir = ChildProcess::spawn({{"true"}, {}, dir + "/missing"});
  EXPECT_EQ(bad_dir->start_error(), "cannot start 'true': cannot change to directory '" + dir +
                                        "/missing': No such file or directory");
  unlink(script.c_str());
  rmdir(dir.c_str());
}

TEST(ChildProcessTest, SignalDeathIsDescribed) {
  auto child = ChildProcess::spawn({{"sh", "-c", "kill -9 $$"}, {}, ""});
  auto status = child->wait_exit(Deadline::after_ms(10000));
  ASSERT_TRUE(status);
  EXPECT_EQ(status->describe(), "killed by signal 9 (SIGKILL)");
}

TEST(ChildProcessTest, WaitExitRespectsTheDeadlineAndKillTreeKills) {
  auto child = ChildProcess::spawn({{"sleep", "1000"}, {}, ""});
  EXPECT_FALSE(child->wait_exit(Deadline::after_ms(50)));
  child->kill_tree();
  ASSERT_TRUE(child->status());
  EXPECT_EQ(child->status()->signal, SIGKILL);
  EXPECT_TRUE(gone(child->pid()));
  child->kill_tree();  // idempotent
}

TEST(ChildProcessTest, FinishLetsAWellBehavedChildExit) {
  auto child = ChildProcess::spawn({{"cat"}, {}, ""});
  ExitStatus s = child->finish(10000);
  EXPECT_EQ(s.describe(), "exit code 0");
}

TEST(ChildProcessTest, WritingToADeadChildGivesEpipeNotSigpipe) {
  auto child = ChildProcess::spawn({{"true"}, {}, ""});
  ASSERT_TRUE(child->wait_exit(Deadline::after_ms(10000)));
  testing::read_until_eof(child->stdout_fd(), Deadline::after_ms(10000));
  EXPECT_EQ(write(child->stdin_fd(), "x", 1), -1);
  EXPECT_EQ(errno, EPIPE);
}

TEST(ChildProcessTest, KillTreeKillsTheProcessGroup) {
  auto child = ChildProcess::spawn({{"sh", "-c", "sleep 1000 & echo $!; exec sleep 1000"}, {}, ""});
  pid_t background = std::atoi(read_line(child->stdout_fd(), Deadline::after_ms(10000)).c_str());
  ASSERT_GT(background, 0);
  EXPECT_FALSE(gone(background));
  child->kill_tree();
  EXPECT_TRUE(gone(background));
  EXPECT_TRUE(gone(child->pid()));
}

TEST(ChildProcessTest, KillTreeKillsDescendantsThatLeftTheGroup) {
  if (!have_python3()) GTEST_SKIP() << "python3 not found";
  std::string dir = make_temp_dir();
  std::string script = dir + "/escape.py";
  std::ofstream(script) << kEscapingBot;
  auto child = ChildProcess::spawn({{"python3", script}, {}, ""});
  ASSERT_EQ(child->start_error(), "");
  std::istringstream pids(read_line(child->stdout_fd(), Deadline::after_ms(20000)));
  pid_t bot = 0, background = 0, grandchild = 0;
  pids >> bot >> background >> grandchild;
  ASSERT_GT(grandchild, 0) << "the bot did not report its pids";
  EXPECT_NE(getpgid(grandchild), child->pid()) << "the grandchild left the group";
  child->kill_tree();
  EXPECT_TRUE(gone(bot));
  EXPECT_TRUE(gone(background));
  EXPECT_TRUE(gone(grandchild));
  EXPECT_EQ(kill_orphans(), 0);
  unlink(script.c_str());
  rmdir(dir.c_str());
}

// Two bots run at once (parallel matches): cleaning up the first must not kill what the second
// left detached, which its own cleanup kills. An orphan that scrubbed its environment cannot be
// told apart and goes with the first cleanup, so that nothing ever outlives its match.
TEST(ChildProcessTest, KillTreeSparesOrphansOfAnotherLiveChild) {
  if (!have_python3()) GTEST_SKIP() << "python3 not found";
  std::string dir = make_temp_dir();
  std::string script = dir + "/escape.py";
  std::ofstream(script) << kEscapingBot;
  auto first = ChildProcess::spawn({{"python3", script}, {}, ""});
  auto second = ChildProcess::spawn({{"python3", script}, {}, ""});
  // A third one whose detached grandchild runs with an empty environment.
  auto scrubbed = ChildProcess::spawn(
      {{"sh", "-c", "setsid env -i sleep 1002 & echo $!; exec sleep 1000"}, {}, ""});
  pid_t first_gc = 0, second_gc = 0, pid = 0, bg = 0;
  std::istringstream(read_line(first->stdout_fd(), Deadline::after_ms(20000))) >> pid >> bg >>
      first_gc;
  std::istringstream(read_line(second->stdout_fd(), Deadline::after_ms(20000))) >> pid >> bg >>
      second_gc;
  pid_t loose = std::atoi(read_line(scrubbed->stdout_fd(), Deadline::after_ms(20000)).c_str());
  ASSERT_GT(first_gc, 0);
  ASSERT_GT(second_gc, 0);
  ASSERT_GT(loose, 0);
  // Orphan the scrubbed sleeper: its parent shell is gone, it left the group with setsid.
  kill(scrubbed->pid(), SIGKILL);
  scrubbed->wait_exit(Deadline::after_ms(20000));

  first->kill_tree();
  EXPECT_TRUE(gone(first_gc));
  EXPECT_FALSE(gone(second_gc)) << "the second bot's detached process was killed";
  EXPECT_TRUE(gone(loose)) << "an orphan without a tag must not be left behind";
  second->kill_tree();
  EXPECT_TRUE(gone(second_gc));
  scrubbed->kill_tree();
  EXPECT_EQ(kill_orphans(), 0);
  unlink(script.c_str());
  rmdir(dir.c_str());
}

// kill_orphans() running all the time in one thread must never touch a live ChildProcess that
// other threads start and wait for.
TEST(ChildProcessTest, OrphanScansNeverKillLiveChildren) {
  std::atomic<bool> stop{false};
  std::thread scanner([&] {
    while (!stop) kill_orphans();
  });
  std::atomic<int> bad{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < 3; ++t) {
    workers.emplace_back([&] {
      for (int i = 0; i < 15; ++i) {
        auto child = ChildProcess::spawn({{"sh", "-c", "exit 7"}, {}, ""});
        auto s = child->wait_exit(Deadline::after_ms(20000));
        if (!s || s->describe() != "exit code 7") ++bad;
      }
    });
  }
  for (auto& w : workers) w.join();
  stop = true;
  scanner.join();
  EXPECT_EQ(bad, 0);
}

TEST(ChildProcessTest, DetachedIoReadsDevNull) {
  auto child = spawn_detached_io({{"sh", "-c", "cat; exit 5"}, {}, ""});
  EXPECT_EQ(child->stdin_fd(), -1);
  EXPECT_EQ(child->stdout_fd(), -1);
  auto s = child->wait_exit(Deadline::after_ms(10000));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->describe(), "exit code 5");
}

}  // namespace
}  // namespace arena
