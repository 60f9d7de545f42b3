#include "core/tcp.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "core/test_line_framer.h"

namespace arena {
namespace {

FramerFactory lines() {
  return [] { return testing::make_test_line_framer(); };
}

Deadline soon() {
  return Deadline::after_ms(20000);
}  // only a broken implementation waits this

std::string read_line_blocking(int fd) {
  std::string line;
  char c;
  while (read(fd, &c, 1) == 1 && c != '\n') line += c;
  return line;
}

TEST(TcpTest, ListenAcceptConnectRoundTripAndPeerClose) {
  Hub hub;
  TcpListener listener("127.0.0.1", 0);
  ASSERT_GT(listener.port(), 0);
  std::string error;
  int client = tcp_connect("127.0.0.1", listener.port(), &error);
  ASSERT_GE(client, 0) << error;
  int server = listener.accept(soon());
  ASSERT_GE(server, 0);
  EXPECT_TRUE(fcntl(server, F_GETFD) & FD_CLOEXEC);
  EXPECT_TRUE(fcntl(server, F_GETFL) & O_NONBLOCK);

  auto seat = make_socket_seat(hub, server, lines());
  ASSERT_EQ(write(client, "hello\n", 6), 6);
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "hello");
  seat->send("world");
  EXPECT_EQ(read_line_blocking(client), "world");

  close(client);
  r = seat->receive(soon());
  EXPECT_EQ(r.verdict, Verdict::closed);
  seat->send("nobody listens");  // must not raise SIGPIPE
  seat->finish(0);
  EXPECT_EQ(seat->exit_description(), "");
}

TEST(TcpTest, AcceptTimesOut) {
  TcpListener listener("127.0.0.1", 0);
  EXPECT_EQ(listener.accept(Deadline::after_ms(50)), -1);
}

TEST(TcpTest, ErrorsSayWhatAndWhy) {
  TcpListener first("127.0.0.1", 0);
  try {
    TcpListener second("127.0.0.1", first.port());
    FAIL() << "two listeners on one port";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "cannot listen on 127.0.0.1:" + std::to_string(first.port()) +
                                         ": bind: Address already in use");
  }
  int free_port;
  {
    TcpListener probe("127.0.0.1", 0);
    free_port = probe.port();
  }
  std::string error;
  EXPECT_EQ(tcp_connect("127.0.0.1", free_port, &error), -1);
  EXPECT_EQ(error,
            "cannot connect to 127.0.0.1:" + std::to_string(free_port) + ": Connection refused");
}

class EchoBot : public MessageBot {
 public:
  void on_message(std::string_view message, std::string& out) override {
    out += "re:" + std::string(message) + "\n";
    if (message == "bye") finished_ = true;
  }
  bool finished() const override { return finished_; }

 private:
  bool finished_ = false;
};

TEST(TcpTest, RunBotTcpServesUntilFinished) {
  Hub hub;
  TcpListener listener("127.0.0.1", 0);
  int port = listener.port();
  int code = -1;
  std::thread client([&code, port] {
    EchoBot bot;
    testing::TestLineFramer framer;
    code = run_bot_tcp(bot, framer, "127.0.0.1", port);
  });
  int server = listener.accept(soon());
  ASSERT_GE(server, 0);
  auto seat = make_socket_seat(hub, server, lines());
  seat->send("a");
  EXPECT_EQ(seat->receive(soon()).message, "re:a");
  seat->send("bye");
  EXPECT_EQ(seat->receive(soon()).message, "re:bye");
  EXPECT_EQ(seat->receive(soon()).verdict, Verdict::closed) << "the bot hung up when finished";
  client.join();
  EXPECT_EQ(code, 0);
}

TEST(TcpTest, SocketSeatKillsTheBotProcessItWasGiven) {
  Hub hub;
  if (std::system("python3 -c '' >/dev/null 2>&1") != 0) GTEST_SKIP() << "python3 not found";
  TcpListener listener("127.0.0.1", 0);
  // Echoes lines until EOF, then lingers: finish() has to kill it.
  const char* script =
      "import socket, sys, time\n"
      "s = socket.create_connection(('127.0.0.1', int(sys.argv[1])))\n"
      "f = s.makefile('rwb', buffering=0)\n"
      "for line in f: f.write(line)\n"
      "time.sleep(1000)\n";
  auto bot =
      spawn_detached_io({{"python3", "-c", script, std::to_string(listener.port())}, {}, ""});
  ASSERT_EQ(bot->start_error(), "");
  pid_t pid = bot->pid();
  int fd = listener.accept(soon());
  ASSERT_GE(fd, 0);
  auto seat = make_socket_seat(hub, fd, lines(), std::move(bot));
  seat->send("ping");
  Received r = seat->receive(soon());
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "ping");
  seat->finish(0);
  EXPECT_EQ(seat->exit_description(), "killed by signal 9 (SIGKILL)");
  EXPECT_TRUE(kill(pid, 0) == -1 && errno == ESRCH);
}

}  // namespace
}  // namespace arena
