#include "core/channel.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

#include <gtest/gtest.h>

#include "core/test_line_framer.h"

namespace arena {
namespace {

using testing::TestLineFramer;

struct SocketPair {
  int ours = -1, peer = -1;
  SocketPair() {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0) {
      ours = fds[0];
      peer = fds[1];
    }
  }
  ~SocketPair() {
    if (peer >= 0) close(peer);
  }
  void close_peer() {
    close(peer);
    peer = -1;
  }
};

void write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n <= 0) return;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

std::string read_some(int fd) {
  char buf[256];
  ssize_t n = read(fd, buf, sizeof buf);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

TEST(ChannelTest, RoundTripPartialMessagesAndEof) {
  SocketPair sp;
  Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>());
  ch.send("hi");
  EXPECT_EQ(read_some(sp.peer), "hi\n");

  write_all(sp.peer, "yo\nsecond\npart");
  Received r = ch.receive(Deadline::after_ms(5000));
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "yo");
  EXPECT_GE(r.ms, 0);
  r = ch.receive(Deadline::after_ms(5000));
  EXPECT_EQ(r.message, "second");
  EXPECT_TRUE(ch.bytes_waiting()) << "\"part\" is buffered in the framer";

  sp.close_peer();
  r = ch.receive(Deadline::after_ms(5000));
  ASSERT_TRUE(r.ok()) << "the framer makes a last message of the unterminated line";
  EXPECT_EQ(r.message, "part");
  r = ch.receive(Deadline::after_ms(5000));
  EXPECT_EQ(r.verdict, Verdict::closed);
  EXPECT_TRUE(ch.eof());
  EXPECT_FALSE(ch.bytes_waiting());
}

TEST(ChannelTest, HalfAMessageThenEofIsClosedWhenTheFramerRefusesIt) {
  // A peer that sends half a frame and goes away has closed, not sent garbage.
  SocketPair sp;
  Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>(/*final_partial=*/false));
  write_all(sp.peer, "cut");
  sp.close_peer();
  Received r = ch.receive(Deadline::after_ms(5000));
  EXPECT_EQ(r.verdict, Verdict::closed);
  EXPECT_EQ(r.detail.rfind("closed in the middle of a message: ", 0), 0u) << r.detail;
  EXPECT_EQ(ch.receive(Deadline::after_ms(5000)).verdict, Verdict::closed);
}

TEST(ChannelTest, TimesOutWhenNothingComes) {
  SocketPair sp;
  Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>());
  Received r = ch.receive(Deadline::after_ms(50));
  EXPECT_EQ(r.verdict, Verdict::timeout);
  // An expired deadline still sees what is already there.
  write_all(sp.peer, "late\n");
  r = ch.receive(Deadline::after_ms(0));
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.message, "late");
}

TEST(ChannelTest, FramerErrorsComeThroughAndAFatalOneStays) {
  SocketPair sp;
  Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>(true, 10));
  write_all(sp.peer, std::string(20, 'x'));
  EXPECT_EQ(ch.receive(Deadline::after_ms(5000)).verdict, Verdict::too_long);
  EXPECT_EQ(ch.receive(Deadline::after_ms(5000)).verdict, Verdict::too_long);
}

TEST(ChannelTest, BytesWaitingSeesUnreadDataButNotEof) {
  SocketPair sp;
  Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>());
  EXPECT_FALSE(ch.bytes_waiting());
  write_all(sp.peer, "x");
  EXPECT_TRUE(ch.bytes_waiting());
  SocketPair sp2;
  Channel ch2(sp2.ours, sp2.ours, std::make_unique<TestLineFramer>());
  sp2.close_peer();
  EXPECT_FALSE(ch2.bytes_waiting());
}

// The peer echoes while we are still writing a request far larger than any socket buffer: the
// channel must read while it writes, or both sides block.
TEST(ChannelTest, LargeRequestWhilePeerEchoesDoesNotDeadlock) {
  SocketPair sp;
  int peer = sp.peer;
  std::thread echo([peer] {
    char buf[65536];
    for (;;) {
      ssize_t n = read(peer, buf, sizeof buf);
      if (n <= 0) return;
      write_all(peer, std::string_view(buf, static_cast<size_t>(n)));
    }
  });
  {
    Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>());
    std::string big(1 << 20, 'a');
    big[12345] = 'b';
    ch.send(big);
    Received r = ch.receive(Deadline::after_ms(20000));
    ASSERT_TRUE(r.ok()) << to_string(r.verdict) << ": " << r.detail;
    EXPECT_EQ(r.message, big);
  }  // closing our end ends the echo thread
  echo.join();
}

// A peer that fills its stderr far beyond the pipe buffer is never blocked: the channel drains the
// extra fd while it waits, keeps the first bytes and counts the rest.
TEST(ChannelTest, DrainsExtraFdsWhileWaiting) {
  SocketPair sp;
  int err_pipe[2];
  ASSERT_EQ(pipe2(err_pipe, O_CLOEXEC), 0);
  int peer = sp.peer, err_w = err_pipe[1];
  std::thread chatty([peer, err_w] {
    write_all(err_w, std::string(300000, 'e'));  // blocks unless someone drains it
    close(err_w);
    write_all(peer, "done\n");
  });
  BoundedCapture capture;
  Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>());
  ch.add_drain(err_pipe[0], &capture);
  Received r = ch.receive(Deadline::after_ms(20000));
  chatty.join();
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "done");
  EXPECT_EQ(capture.text(), std::string(64 * 1024, 'e'));
  EXPECT_TRUE(capture.truncated());
  ch.remove_drain(err_pipe[0]);
  close(err_pipe[0]);
}

TEST(ChannelTest, FlushGivesUpAtTheDeadlineWhenThePeerDoesNotRead) {
  SocketPair sp;
  Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>());
  ch.send(std::string(8 << 20, 'z'));
  EXPECT_FALSE(ch.flush(Deadline::after_ms(50)));
  EXPECT_FALSE(ch.write_failed());
}

TEST(ChannelTest, WritingToAClosedPeerFailsWithoutSigpipe) {
  int p[2];
  ASSERT_EQ(pipe2(p, O_CLOEXEC), 0);
  close(p[0]);
  Channel ch(-1, p[1], std::make_unique<TestLineFramer>());
  ch.send("anyone?");
  EXPECT_TRUE(ch.write_failed());
  EXPECT_FALSE(ch.flush(Deadline::after_ms(1000)));
  EXPECT_EQ(ch.receive(Deadline::after_ms(1000)).verdict, Verdict::closed);

  SocketPair sp;
  Channel sock(sp.ours, sp.ours, std::make_unique<TestLineFramer>());
  sp.close_peer();
  sock.send(std::string(1 << 20, 'q'));
  EXPECT_FALSE(sock.flush(Deadline::after_ms(1000)));
  EXPECT_TRUE(sock.write_failed());
}

TEST(ChannelTest, CloseWriteWhenFlushedSendsEofAfterTheLastByte) {
  SocketPair sp;
  Channel ch(sp.ours, sp.ours, std::make_unique<TestLineFramer>());
  ch.send("request");
  ch.close_write_when_flushed();
  std::string got;
  for (;;) {
    std::string part = read_some(sp.peer);
    if (part.empty()) break;  // EOF: the write side was shut down
    got += part;
  }
  EXPECT_EQ(got, "request\n");
  // Reading goes on over the same socket.
  write_all(sp.peer, "answer\n");
  EXPECT_EQ(ch.receive(Deadline::after_ms(5000)).message, "answer");
}

}  // namespace
}  // namespace arena
