#include "core/seat.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include "core/test_line_framer.h"

namespace arena {
namespace {

FramerFactory lines(bool final_partial = true) {
  return [final_partial] { return testing::make_test_line_framer(final_partial); };
}

ProcessOptions sh(const std::string& script) {
  return {{"sh", "-c", script}, {}, ""};
}

bool gone(pid_t pid) {
  return kill(pid, 0) == -1 && errno == ESRCH;
}

Deadline soon() {
  return Deadline::after_ms(20000);
}  // generous: only a broken seat waits this long

// --- Persistent process seat -------------------------------------------------------------------

TEST(ProcessSeatTest, EchoRoundTrip) {
  Hub hub;
  auto seat = make_process_seat(hub, {{"cat"}, {}, ""}, lines());
  EXPECT_EQ(seat->start_error(), "");
  seat->send("hello");
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "hello");
  EXPECT_FALSE(seat->bytes_waiting());
  seat->finish(10000);
  EXPECT_EQ(seat->exit_description(), "exit code 0") << "cat exits by itself at EOF";
  seat->finish(10000);  // idempotent
}

TEST(ProcessSeatTest, ChattyStderrIsBoundedAndNeverBlocksTheChild) {
  Hub hub;
  auto seat =
      make_process_seat(hub, sh("head -c 300000 /dev/zero | tr '\\0' e >&2; echo done"), lines());
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "done");
  seat->finish(0);
  EXPECT_EQ(seat->stderr_text(), std::string(64 * 1024, 'e'));
  EXPECT_TRUE(seat->stderr_truncated());
}

TEST(ProcessSeatTest, TakeStderrHandsOverAndRestartsTheBound) {
  Hub hub;
  // Each request: 100 KB on stderr, then the answer. Each take gets that turn's first 64 KiB.
  auto seat = make_process_seat(
      hub, sh("while read x; do head -c 100000 /dev/zero | tr '\\0' \"$x\" >&2; echo \"$x\"; done"),
      lines());
  for (std::string turn : {"a", "b"}) {
    seat->send(turn);
    Received r = seat->receive(soon());
    ASSERT_TRUE(r.ok()) << r.detail;
    EXPECT_EQ(r.message, turn);
    StderrExcerpt e = seat->take_stderr();
    EXPECT_EQ(e.text, std::string(64 * 1024, turn[0])) << turn;
    EXPECT_TRUE(e.truncated);
    EXPECT_EQ(seat->stderr_text(), "") << "the capture starts afresh";
    EXPECT_FALSE(seat->stderr_truncated());
  }
  seat->finish(0);
  StderrExcerpt rest = seat->take_stderr();
  EXPECT_EQ(rest.text, "");
  EXPECT_FALSE(rest.truncated);
}

TEST(ProcessSeatTest, ChildThatNeverAnswersTimesOut) {
  Hub hub;
  auto seat = make_process_seat(hub, {{"sleep", "1000"}, {}, ""}, lines());
  seat->send("question");
  EXPECT_EQ(seat->receive(Deadline::after_ms(100)).verdict, Verdict::timeout);
  seat->finish(0);
  EXPECT_EQ(seat->exit_description(), "killed by signal 9 (SIGKILL)");
}

TEST(ProcessSeatTest, CrashReportsTheExitCodeOrSignal) {
  Hub hub;
  auto seat = make_process_seat(hub, sh("read x; exit 3"), lines());
  seat->send("go");
  Received r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::crashed);
  EXPECT_EQ(r.detail, "exit code 3");
  EXPECT_EQ(seat->receive(soon()).verdict, Verdict::crashed) << "and it stays crashed";

  auto killed = make_process_seat(hub, sh("kill -9 $$"), lines());
  r = killed->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::crashed);
  EXPECT_EQ(r.detail, "killed by signal 9 (SIGKILL)");
}

TEST(ProcessSeatTest, ExecFailureGivesStartErrorAndCrashedAtOnce) {
  Hub hub;
  auto seat = make_process_seat(hub, {{"no-such-program-arena-xyz"}, {}, ""}, lines());
  EXPECT_EQ(seat->start_error(),
            "cannot start 'no-such-program-arena-xyz': No such file or directory");
  seat->send("ignored");
  Received r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::crashed);
  EXPECT_EQ(r.detail, seat->start_error());
  EXPECT_EQ(seat->exit_description(), "exit code 127");
}

TEST(ProcessSeatTest, PartialLineThenExit) {
  Hub hub;
  auto seat = make_process_seat(hub, sh("printf abc"), lines());
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "abc");
  r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::crashed);
  EXPECT_EQ(r.detail, "exit code 0");
}

TEST(ProcessSeatTest, PartialLineThenExitIsACrashWhenPartialLinesDoNotCount) {
  Hub hub;
  auto seat = make_process_seat(hub, sh("printf abc; exit 4"), lines(/*final_partial=*/false));
  Received r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::crashed);
  EXPECT_EQ(r.detail, "exit code 4");
}

TEST(ProcessSeatTest, RequestFarLargerThanThePipeWhileTheChildEchoes) {
  Hub hub;
  auto seat = make_process_seat(hub, {{"cat"}, {}, ""}, lines());
  std::string big(1 << 20, 'x');
  big[777777] = 'y';
  seat->send(big);
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, big);
}

TEST(ProcessSeatTest, ClosedOutputWithoutExitingIsClosed) {
  Hub hub;
  auto seat = make_process_seat(hub, sh("exec >&-; exec sleep 1000"), lines());
  Received r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::closed);
  EXPECT_EQ(r.detail, "closed its output but is still running");
  seat->finish(0);
}

TEST(ProcessSeatTest, FinishKillsDescendantsThatLeftTheGroup) {
  Hub hub;
  if (std::system("python3 -c '' >/dev/null 2>&1") != 0) GTEST_SKIP() << "python3 not found";
  char tmpl[] = "/tmp/arena_seat_test.XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  std::string script = std::string(tmpl) + "/escape.py";
  // A plain background child in the bot's group, and a grandchild that left it (double fork and
  // setsid); the bot prints all the pids, then sleeps.
  std::ofstream(script) << R"(import os, sys, time
bg = os.fork()
if bg == 0:
    os.execvp("sleep", ["sleep", "1000"])
r, w = os.pipe()
mid = os.fork()
if mid == 0:
    os.setsid()
    gc = os.fork()
    if gc == 0:
        time.sleep(1000)
        os._exit(0)
    os.write(w, (str(gc) + "\n").encode())
    os._exit(0)
os.close(w)
os.waitpid(mid, 0)
gc = int(os.fdopen(r).readline())
print(os.getpid(), bg, mid, gc, flush=True)
time.sleep(1000)
)";
  auto seat = make_process_seat(hub, {{"python3", script}, {}, ""}, lines());
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  std::istringstream in(r.message);
  pid_t bot = 0, background = 0, middle = 0, grandchild = 0;
  in >> bot >> background >> middle >> grandchild;
  ASSERT_GT(grandchild, 0) << r.message;
  EXPECT_FALSE(gone(grandchild));
  seat->finish(0);
  for (pid_t pid : {bot, background, middle, grandchild}) EXPECT_TRUE(gone(pid)) << pid;
  EXPECT_EQ(kill_orphans(), 0);
  unlink(script.c_str());
  rmdir(tmpl);
}

// --- Per-turn process seat ---------------------------------------------------------------------

TEST(PerTurnSeatTest, EachTurnIsAFreshProcessReadingItsRequestToEof) {
  Hub hub;
  auto seat = make_per_turn_process_seat(hub, {{"cat"}, {}, ""}, lines());
  for (std::string turn : {"first", "second"}) {
    seat->send(turn);
    Received r = seat->receive(soon());
    ASSERT_TRUE(r.ok()) << r.detail;
    EXPECT_EQ(r.message, turn);
    r = seat->receive(soon());
    EXPECT_EQ(r.verdict, Verdict::closed);
    EXPECT_EQ(r.detail, "exit code 0");
  }
}

TEST(PerTurnSeatTest, KilledAtTheDeadline) {
  Hub hub;
  auto seat =
      make_per_turn_process_seat(hub, sh("echo early; printf partial; exec sleep 1000"), lines());
  seat->send("req");
  Deadline deadline = Deadline::after_ms(300);
  Received r = seat->receive(deadline);
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "early");
  r = seat->receive(deadline);
  EXPECT_EQ(r.verdict, Verdict::timeout) << "a partial line of a killed process never counts";
  EXPECT_EQ(seat->exit_description(), "killed by signal 9 (SIGKILL)");
  EXPECT_EQ(seat->receive(deadline).verdict, Verdict::timeout) << "the turn stays over";
}

TEST(PerTurnSeatTest, PartialLineCountsWhenTheProcessExitsByItself) {
  Hub hub;
  auto seat = make_per_turn_process_seat(hub, sh("cat >/dev/null; printf last; exit 2"), lines());
  seat->send("req");
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "last");
  r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::crashed);
  EXPECT_EQ(r.detail, "exit code 2");
}

TEST(PerTurnSeatTest, TurnEndsWhenTheProcessExitsEvenIfABackgroundChildHoldsStdout) {
  Hub hub;
  auto seat = make_per_turn_process_seat(hub, sh("sleep 1000 & echo hi"), lines());
  seat->send("req");
  EXPECT_EQ(seat->receive(soon()).message, "hi");
  Received r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::closed) << r.detail;
}

TEST(PerTurnSeatTest, LargeRequestWhileTheProcessAnswers) {
  Hub hub;
  auto seat = make_per_turn_process_seat(hub, {{"cat"}, {}, ""}, lines());
  std::string big(1 << 20, 'p');
  seat->send(big);
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message.size(), big.size());
}

TEST(PerTurnSeatTest, ExecFailureAndStderr) {
  Hub hub;
  auto missing = make_per_turn_process_seat(hub, {{"no-such-program-arena-xyz"}, {}, ""}, lines());
  missing->send("req");
  EXPECT_EQ(missing->receive(soon()).verdict, Verdict::crashed);
  EXPECT_NE(missing->start_error(), "");

  auto chatty = make_per_turn_process_seat(hub, sh("echo oops >&2; echo ok"), lines(), 3);
  chatty->send("req");
  EXPECT_EQ(chatty->receive(soon()).message, "ok");
  chatty->finish(0);
  EXPECT_EQ(chatty->stderr_text(), "oop");
  EXPECT_TRUE(chatty->stderr_truncated());
}

TEST(PerTurnSeatTest, TakeStderrKeepsEachTurnApart) {
  Hub hub;
  auto seat =
      make_per_turn_process_seat(hub, sh("read x; echo \"err $x\" >&2; echo \"$x\""), lines(), 6);
  for (std::string turn : {"1", "22"}) {
    seat->send(turn);
    EXPECT_EQ(seat->receive(soon()).message, turn);
    EXPECT_EQ(seat->receive(soon()).verdict, Verdict::closed);
    StderrExcerpt e = seat->take_stderr();
    EXPECT_EQ(e.text, turn == "1" ? "err 1\n" : "err 22") << turn;
    EXPECT_EQ(e.truncated, turn == "22");
  }
}

// --- In-process seat and run_bot_fds -----------------------------------------------------------

class EchoBot : public MessageBot {
 public:
  void on_message(std::string_view message, std::string& out) override {
    if (message == "boom") throw std::runtime_error("boom");
    if (message == "twice") out += "one\n";
    out += "re:" + std::string(message) + "\n";
    log_ += "saw " + std::string(message) + "\n";
    if (message == "bye") finished_ = true;
  }
  bool finished() const override { return finished_; }
  std::string take_log() override { return std::exchange(log_, {}); }

 private:
  bool finished_ = false;
  std::string log_;
};

TEST(InProcessSeatTest, FramesBothWaysAndRunsTheBotInReceive) {
  Hub hub;
  auto seat = make_in_process_seat(hub, std::make_unique<EchoBot>(), lines(), lines());
  seat->send("a");
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "re:a");
  EXPECT_FALSE(seat->bytes_waiting());

  seat->send("twice");
  EXPECT_EQ(seat->receive(soon()).message, "one");
  EXPECT_TRUE(seat->bytes_waiting()) << "the second line of the answer is left";
  EXPECT_EQ(seat->receive(soon()).message, "re:twice");

  EXPECT_EQ(seat->receive(Deadline::after_ms(50)).verdict, Verdict::timeout);
  seat->send("bye");
  EXPECT_EQ(seat->receive(soon()).message, "re:bye");
  EXPECT_EQ(seat->receive(soon()).verdict, Verdict::closed);
  EXPECT_EQ(seat->stderr_text(), "saw a\nsaw twice\nsaw bye\n");
}

TEST(InProcessSeatTest, AThrowingBotCrashes) {
  Hub hub;
  auto seat = make_in_process_seat(hub, std::make_unique<EchoBot>(), lines(), lines());
  seat->send("boom");
  Received r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::crashed);
  EXPECT_EQ(r.detail, "the bot threw: boom");
}

TEST(RunBotTest, ServesUntilEofOrFinished) {
  for (auto [input, expected] : std::vector<std::pair<std::string, std::string>>{
           {"a\nb", "re:a\nre:b\n"},              // EOF: the last line without newline counts
           {"a\nbye\nc\n", "re:a\nre:bye\n"}}) {  // finished: stops reading
    int in[2], out[2];
    ASSERT_EQ(pipe2(in, O_CLOEXEC), 0);
    ASSERT_EQ(pipe2(out, O_CLOEXEC), 0);
    ASSERT_EQ(write(in[1], input.data(), input.size()), static_cast<ssize_t>(input.size()));
    close(in[1]);
    EchoBot bot;
    testing::TestLineFramer framer;
    int saved_stderr = dup(2);  // the bot's log goes to stderr: keep the test output clean
    int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    dup2(null_fd, 2);
    int code = run_bot_fds(bot, framer, in[0], out[1]);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    close(null_fd);
    close(out[1]);
    EXPECT_EQ(code, 0);
    std::string got;
    char buf[256];
    for (ssize_t n; (n = read(out[0], buf, sizeof buf)) > 0;)
      got.append(buf, static_cast<size_t>(n));
    EXPECT_EQ(got, expected);
    close(in[0]);
    close(out[0]);
  }
}

}  // namespace
}  // namespace arena
