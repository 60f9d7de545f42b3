#include "core/hub.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/framers.h"
#include "core/process.h"
#include "core/tcp.h"
#include "core/test_line_framer.h"

namespace arena {
namespace {

std::unique_ptr<Framer> lines(bool final_partial = false) {
  return testing::make_test_line_framer(final_partial);
}

Deadline soon() {
  return Deadline::after_ms(20000);  // generous: only a broken hub waits this long
}

// A pipe pair: the hub reads `read_end`, the test writes `write_end` (and vice versa).
struct Pipe {
  int read_end = -1, write_end = -1;
  Pipe() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2");
    read_end = fds[0];
    write_end = fds[1];
  }
  ~Pipe() {
    if (read_end >= 0) close(read_end);
    if (write_end >= 0) close(write_end);
  }
  int take_read() { return std::exchange(read_end, -1); }
  int take_write() { return std::exchange(write_end, -1); }
  void write(std::string_view s) const {
    ASSERT_EQ(::write(write_end, s.data(), s.size()), static_cast<ssize_t>(s.size()));
  }
  void close_write() { close(take_write()); }
};

TEST(HubTest, CompleteFramesOneAtATimeInOrder) {
  Hub hub;
  Pipe p;
  ConnId c = hub.adopt(p.take_read(), -1, lines());
  p.write("one\ntw");
  Received r = hub.receive(c, soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "one");
  p.write("o\nthree\n");
  EXPECT_EQ(hub.receive(c, soon()).message, "two");
  EXPECT_EQ(hub.receive(c, soon()).message, "three");
  p.close_write();
  r = hub.receive(c, soon());
  EXPECT_EQ(r.verdict, Verdict::closed);
  EXPECT_EQ(r.detail, "end of stream");
  EXPECT_EQ(hub.receive(c, soon()).verdict, Verdict::closed) << "the end stays";
}

TEST(HubTest, HalfAFrameThenEofIsClosedWithWhy) {
  Hub hub;
  Pipe p;
  ConnId c = hub.adopt(p.take_read(), -1, lines(false));
  p.write("half a li");
  p.close_write();
  Received r = hub.receive(c, soon());
  EXPECT_EQ(r.verdict, Verdict::closed);
  EXPECT_EQ(r.detail, "closed in the middle of a message: unterminated last line");
}

TEST(HubTest, SeveralReadyConnectionsAreServedRoundRobin) {
  Hub hub;
  std::vector<Pipe> pipes(3);
  std::vector<ConnId> conns;
  for (auto& p : pipes) conns.push_back(hub.adopt(p.take_read(), -1, lines()));
  // The first connection floods; the others have one or two frames each.
  pipes[0].write("a1\na2\na3\na4\n");
  pipes[1].write("b1\nb2\n");
  pipes[2].write("c1\n");
  hub.poll();
  std::vector<std::string> order;
  while (auto e = hub.next(Deadline::after_ms(0))) {
    ASSERT_EQ(e->kind, HubEvent::Kind::message);
    order.push_back(e->message);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"a1", "b1", "c1", "a2", "b2", "a3", "a4"}));
}

TEST(HubTest, NextReportsEachEndOnceAndFramingErrorsAsEvents) {
  Hub hub;
  Pipe p;
  LineFramerOptions o;
  o.max_line = 4;  // fatal: the framer stays failed
  ConnId c = hub.adopt(p.take_read(), -1, make_line_framer(o));
  p.write("ok\ntoo long a line\n");
  auto e = hub.next(soon());
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, HubEvent::Kind::message);
  e = hub.next(soon());
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, HubEvent::Kind::error);
  EXPECT_EQ(e->verdict, Verdict::too_long);
  e = hub.next(soon());
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, HubEvent::Kind::closed);
  EXPECT_EQ(e->conn, c);
  EXPECT_FALSE(hub.next(Deadline::after_ms(0))) << "nothing more: no repeated error, no second end";
  // A turn-based receive still says what went wrong.
  EXPECT_EQ(hub.receive(c, soon()).verdict, Verdict::too_long);
}

TEST(HubTest, SendNeverBlocksAndTheOutputBoundClosesANonReader) {
  Hub hub;
  Pipe p;
  ConnOptions o;
  o.max_output = 1 << 20;
  ConnId c = hub.adopt(-1, p.take_write(), lines(), o);
  const std::string chunk(256 * 1024, 'x');
  hub.send_raw(c, chunk);  // the pipe takes 64 KiB; the rest waits in the queue
  hub.send_raw(c, chunk);
  EXPECT_GT(hub.queued_output(c), 0u);
  EXPECT_FALSE(hub.finished(c));
  for (int i = 0; i < 4; ++i) hub.send_raw(c, chunk);  // past 1 MiB unread
  Received r = hub.receive(c, soon());
  EXPECT_EQ(r.verdict, Verdict::too_long);
  EXPECT_NE(r.detail.find("passed 1048576 bytes"), std::string::npos) << r.detail;
}

TEST(HubTest, BatchedWritesLeaveWhenTheHubNextRunsInOrder) {
  Hub hub;
  hub.batch_writes(true);
  Pipe p;
  ConnId c = hub.adopt(-1, p.take_write(), lines());
  std::string expected;
  for (int i = 0; i < 40; ++i) {  // more chunks than one gathered write takes
    hub.send(c, "message " + std::to_string(i));
    expected += "message " + std::to_string(i) + "\n";
  }
  // Nothing is written while the referee's handler runs (it never waits on a write)...
  ASSERT_EQ(fcntl(p.read_end, F_SETFL, O_NONBLOCK), 0);
  char buf[4096];
  EXPECT_EQ(::read(p.read_end, buf, sizeof buf), -1);
  EXPECT_EQ(errno, EAGAIN);
  // ...and everything leaves, in order, once the hub runs.
  for (int i = 0; i < 100 && hub.queued_output(c) > 0; ++i) hub.poll();
  EXPECT_EQ(hub.queued_output(c), 0u);
  std::string got;
  for (ssize_t n; (n = ::read(p.read_end, buf, sizeof buf)) > 0;) got.append(buf, n);
  EXPECT_EQ(got, expected);
}

TEST(HubTest, BatchedWritesStillCloseANonReaderAtTheOutputBound) {
  Hub hub;
  hub.batch_writes(true);
  Pipe p;
  ConnOptions o;
  o.max_output = 1 << 20;
  ConnId c = hub.adopt(-1, p.take_write(), lines(), o);
  const std::string chunk(256 * 1024, 'x');
  for (int i = 0; i < 6; ++i) hub.send_raw(c, chunk);  // past 1 MiB before any write started
  Received r = hub.receive(c, soon());
  EXPECT_EQ(r.verdict, Verdict::too_long);
  EXPECT_NE(r.detail.find("passed 1048576 bytes"), std::string::npos) << r.detail;
}

TEST(HubTest, CloseRightAfterABatchedSendStillTriesToWriteIt) {
  Hub hub;
  hub.batch_writes(true);
  Pipe p;
  ConnId c = hub.adopt(-1, p.take_write(), lines());
  hub.send(c, "error: bye");
  hub.close(c);
  std::string got;
  char buf[64];
  for (ssize_t n; (n = ::read(p.read_end, buf, sizeof buf)) > 0;) got.append(buf, n);
  EXPECT_EQ(got, "error: bye\n");
}

TEST(HubTest, QueuedOutputIsWrittenWhileWaitingForSomethingElse) {
  Hub hub;
  Pipe to_peer, from_peer;
  ConnId out = hub.adopt(-1, to_peer.take_write(), lines());
  ConnId in = hub.adopt(from_peer.take_read(), -1, lines());
  const std::string big(1 << 20, 'y');
  hub.send_raw(out, big);
  // The peer reads everything, then answers on the other pipe: the hub must keep writing while
  // receive() waits on `in`, or the peer would never answer.
  std::thread peer([&] {
    std::string got;
    char buf[65536];
    while (got.size() < big.size()) {
      ssize_t n = ::read(to_peer.read_end, buf, sizeof buf);
      if (n <= 0) break;
      got.append(buf, static_cast<size_t>(n));
    }
    std::string line = std::to_string(got.size()) + "\n";
    from_peer.write(line);
  });
  Received r = hub.receive(in, soon());
  peer.join();
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, std::to_string(big.size()));
  EXPECT_EQ(hub.queued_output(out), 0u);
}

TEST(HubTest, StderrIsDrainedWhoeverIsWaitedFor) {
  Hub hub;
  // The child writes 1 MiB on stderr before it can exit: it exits only if the hub drains it.
  auto child = ChildProcess::spawn({{"sh", "-c", "head -c 1048576 /dev/zero >&2"}, {}, ""});
  BoundedCapture capture(1000);
  DrainId d = hub.drain(fcntl(child->stderr_fd(), F_DUPFD_CLOEXEC, 3), &capture);
  child->close_stderr();
  // Meanwhile the referee waits for another connection that never speaks.
  Pipe silent;
  ConnId other = hub.adopt(silent.take_read(), -1, lines());
  const Deadline limit = soon();
  while (!child->poll_exit() && !limit.expired()) hub.receive(other, Deadline::after_ms(20));
  ASSERT_TRUE(child->poll_exit()) << "the child blocked on a full stderr pipe";
  hub.finish_drain(d);
  EXPECT_EQ(capture.text().size(), 1000u);
  EXPECT_EQ(capture.text().size() + capture.dropped(), 1048576u);
  child->kill_tree();
}

TEST(HubTest, ReceiveTimesOutAtTheDeadlineAndSeesBytesAlreadyThere) {
  Hub hub;
  Pipe p;
  ConnId c = hub.adopt(p.take_read(), -1, lines());
  Received r = hub.receive(c, Deadline::after_ms(30));
  EXPECT_EQ(r.verdict, Verdict::timeout);
  EXPECT_GE(r.ms, 29.0);
  p.write("late\n");
  r = hub.receive(c, Deadline::after_ms(-1000));  // expired: one look still happens
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "late");
}

TEST(HubTest, TimersFireInTheirOrder) {
  Hub hub;
  TimerId late = hub.add_timer(Deadline::after_ms(40));
  TimerId early = hub.add_timer(Deadline::after_ms(10));
  TimerId cancelled = hub.add_timer(Deadline::after_ms(5));
  hub.cancel_timer(cancelled);
  auto e = hub.next(soon());
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, HubEvent::Kind::timer);
  EXPECT_EQ(e->timer, early);
  e = hub.next(soon());
  ASSERT_TRUE(e);
  EXPECT_EQ(e->timer, late);
  EXPECT_FALSE(hub.next(Deadline::after_ms(10)));
}

TEST(HubTest, BytesWaitingSeesUnreadDataButNotEof) {
  Hub hub;
  Pipe p;
  ConnId c = hub.adopt(p.take_read(), -1, lines());
  p.write("answer\n");
  ASSERT_TRUE(hub.receive(c, soon()).ok());
  EXPECT_FALSE(hub.bytes_waiting(c));
  p.write("extra");
  EXPECT_TRUE(hub.bytes_waiting(c));
}

TEST(HubTest, WritingToAClosedPeerFailsWithoutSigpipe) {
  Hub hub;
  Pipe p;
  close(p.take_read());
  ConnId c = hub.adopt(-1, p.take_write(), lines());
  hub.send(c, "anyone?");
  hub.poll();
  EXPECT_TRUE(hub.write_failed(c));

  int sv[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
  ConnId s = hub.adopt(sv[0], sv[0], lines());
  close(sv[1]);
  hub.send_raw(s, std::string(1 << 20, 'q'));
  EXPECT_EQ(hub.receive(s, soon()).verdict, Verdict::closed);
  hub.poll();
  EXPECT_TRUE(hub.write_failed(s));
}

TEST(HubTest, CloseWriteWhenFlushedSendsEofAfterTheLastByteAndReadingGoesOn) {
  Hub hub;
  int sv[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
  ConnId c = hub.adopt(sv[0], sv[0], lines());
  hub.send(c, "request");
  hub.close_write_when_flushed(c);
  hub.poll();
  std::string got;
  char buf[64];
  for (;;) {
    ssize_t n = ::read(sv[1], buf, sizeof buf);
    if (n <= 0) break;  // EOF: the write side was shut down
    got.append(buf, static_cast<size_t>(n));
  }
  EXPECT_EQ(got, "request\n");
  ASSERT_EQ(::write(sv[1], "answer\n", 7), 7);
  EXPECT_EQ(hub.receive(c, soon()).message, "answer");
  close(sv[1]);
}

TEST(HubTest, ClosingRightAfterAWriteThatCompletedAtOnceIsSafe) {
  // The write completes at once but its completion is reported later, after the close.
  Hub hub;
  Pipe p;
  ConnId c = hub.adopt(-1, p.take_write(), lines());
  hub.send(c, "bye");
  hub.close_write(c);
  hub.poll();
  hub.send(c, "after");  // nowhere to go: refused, not queued
  EXPECT_TRUE(hub.write_failed(c));
  EXPECT_EQ(hub.queued_output(c), 0u);
  hub.close(c);
  char buf[16];
  EXPECT_EQ(::read(p.read_end, buf, sizeof buf), 4);
}

TEST(HubTest, WakeWhenReadableFiresOnceTheFdIsReadableThenClosesIt) {
  // A child's exit does not wake the loop by itself; its pidfd (here: a pipe) handed to the hub
  // does: the watcher's handler runs (which ends any wait), then the hub closes the fd.
  Hub hub;
  Pipe p;
  hub.wake_when_readable(p.take_read());
  hub.poll();
  ASSERT_EQ(::write(p.write_end, "x", 1), 1) << "not readable yet: the hub still holds it open";
  EXPECT_TRUE(hub.run_until(soon(), [] { return true; }));
  hub.poll();
  errno = 0;
  EXPECT_EQ(::write(p.write_end, "y", 1), -1);
  EXPECT_EQ(errno, EPIPE) << "the watcher fired and closed its end";
}

// --- TCP ---------------------------------------------------------------------------------------

TEST(HubTest, ListenerAcceptsConnectionsAndFramesEach) {
  Hub hub;
  ListenerId l = hub.listen("127.0.0.1", 0, [] { return lines(); });
  std::string error;
  int a = tcp_connect("127.0.0.1", hub.port(l), &error);
  int b = tcp_connect("127.0.0.1", hub.port(l), &error);
  ASSERT_GE(a, 0) << error;
  ASSERT_GE(b, 0) << error;
  ASSERT_EQ(::write(a, "from a\n", 7), 7);
  ASSERT_EQ(::write(b, "from b\n", 7), 7);
  std::vector<ConnId> accepted;
  std::vector<std::string> messages;
  while (messages.size() < 2) {
    auto e = hub.next(soon());
    ASSERT_TRUE(e);
    if (e->kind == HubEvent::Kind::accepted) {
      EXPECT_EQ(e->listener, l);
      accepted.push_back(e->conn);
    } else {
      ASSERT_EQ(e->kind, HubEvent::Kind::message);
      messages.push_back(e->message);
    }
  }
  EXPECT_EQ(accepted.size(), 2u);
  std::sort(messages.begin(), messages.end());
  EXPECT_EQ(messages, (std::vector<std::string>{"from a", "from b"}));
  hub.send(accepted[0], "hello");
  char buf[16] = {};
  ASSERT_EQ(::read(a, buf, sizeof buf), 6);
  EXPECT_EQ(std::string(buf, 6), "hello\n");
  close(a);
  auto e = hub.next(soon());
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, HubEvent::Kind::closed);
  EXPECT_EQ(e->conn, accepted[0]);
  close(b);
}

// --- In-process bots ---------------------------------------------------------------------------

class EchoBot : public MessageBot {
 public:
  void on_message(std::string_view m, std::string& out) override {
    if (m == "throw") throw std::runtime_error("out of ideas");
    if (m == "quiet") return;
    out.append("echo ").append(m).append("\n");
  }
};

// Answers "met" only if every bot of the test is inside on_message at the same time (within a
// generous bound), "alone" otherwise: bots that think one after another can never all meet.
struct Meeting {
  std::mutex mutex;
  std::condition_variable all_in;
  int inside = 0, expected = 0;
};

class MeetingBot : public MessageBot {
 public:
  explicit MeetingBot(Meeting* m) : m_(m) {}
  void on_message(std::string_view, std::string& out) override {
    std::unique_lock<std::mutex> lock(m_->mutex);
    ++m_->inside;
    m_->all_in.notify_all();
    bool met = m_->all_in.wait_for(lock, std::chrono::seconds(10),
                                   [&] { return m_->inside >= m_->expected; });
    out.append(met ? "met\n" : "alone\n");
  }

 private:
  Meeting* m_;
};

TEST(HubTest, BotsSpeakWireBytesAndReportCrashesAndSilence) {
  Hub hub;
  BoundedCapture log;
  ConnId c = hub.add_bot(std::make_unique<EchoBot>(), lines(), lines(), &log);
  hub.send(c, "hi");
  Received r = hub.receive(c, soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "echo hi");
  hub.send(c, "quiet");
  r = hub.receive(c, Deadline::never());
  EXPECT_EQ(r.verdict, Verdict::timeout) << "a bot that waits for input never answers";
  hub.send(c, "throw");
  r = hub.receive(c, soon());
  EXPECT_EQ(r.verdict, Verdict::crashed);
  EXPECT_EQ(r.detail, "the bot threw: out of ideas");
}

// A bot whose protocol has it speak first (a sign-up, a registration).
class GreetingBot : public MessageBot {
 public:
  void on_open(std::string& out) override { out.append("hello from the bot\n"); }
  void on_message(std::string_view message, std::string& out) override {
    out.append("got ").append(message).append("\n");
  }
};

TEST(HubTest, ABotMaySpeakFirst) {
  Hub hub;
  ConnId c = hub.add_bot(std::make_unique<GreetingBot>(), lines(), lines(), nullptr);
  Received r = hub.receive(c, soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "hello from the bot");
  hub.send(c, "ok");
  r = hub.receive(c, soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "got ok");
}

TEST(HubTest, SeveralBotsThinkAtOnce) {
  Hub hub;
  constexpr int kBots = 6;  // a Dungeon Race team
  Meeting meeting;
  meeting.expected = kBots;
  std::vector<ConnId> bots;
  for (int i = 0; i < kBots; ++i) {
    bots.push_back(hub.add_bot(std::make_unique<MeetingBot>(&meeting), lines(), lines(), nullptr));
    hub.send(bots.back(), "go");
  }
  // Each bot answers only when all six are thinking together: serial bots would never answer.
  for (ConnId b : bots) {
    Received r = hub.receive(b, soon());
    ASSERT_TRUE(r.ok()) << r.detail;
    EXPECT_EQ(r.message, "met");
  }
}

}  // namespace
}  // namespace arena
