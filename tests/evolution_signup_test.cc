// Sign-up (spec §8.4) over real sockets, in process: the server side runs in a thread, the test
// plays raw clients. Also xclient's exit status against a fake server (§8.3, §8.8).
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#include "core/process.h"
#include "core/tcp.h"
#include "games/evolution/net/remote_player.h"
#include "games/evolution/net/signup.h"
#include "tests/test_util.h"

namespace arena::evolution {
namespace {

using namespace std::chrono_literals;

void say(int fd, const std::string& text) {
  ASSERT_EQ(::send(fd, text.data(), text.size(), MSG_NOSIGNAL), static_cast<ssize_t>(text.size()));
}

// Everything the server sends until it closes the connection (or 20 s pass).
std::string read_to_eof(int fd) {
  std::string out;
  char buf[256];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 20000) <= 0) return out + "<no EOF>";
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) return out;
    out.append(buf, static_cast<size_t>(n));
  }
}

// The first line the server sends (the "ok").
std::string read_line(int fd) {
  std::string out;
  char c;
  while (out.find('\n') == std::string::npos) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 20000) <= 0 || ::read(fd, &c, 1) != 1) return out + "<closed>";
    out.push_back(c);
  }
  return out;
}

// The server side: a hub with its listener, run on a thread of its own (the hub is used from one
// thread at a time: the sign-up thread, then the one that rejects late connections).
struct Server {
  Hub hub;
  ListenerId listener = hub.listen("127.0.0.1", 0, reply_framer());
  std::vector<SignedUp> clients;
  std::vector<std::string> log;
  std::thread thread;
  void start(SignupOptions o) {
    thread = std::thread([this, o] {
      clients =
          accept_signups(hub, listener, o, [this](const std::string& l) { log.push_back(l); });
    });
  }
  void join() { thread.join(); }
};

int connect_to(Server& s) {
  std::string error;
  int fd = tcp_connect("127.0.0.1", s.hub.port(s.listener), &error);
  EXPECT_GE(fd, 0) << error;
  return fd;
}

TEST(EvolutionSignup, OnlyAJsonStringCountsAndTheEighthClosesTheList) {
  Server s;
  SignupOptions o;
  o.time_limit = 5000ms;
  o.window = 600s;  // only the 8th sign-up can close the list in time
  s.start(o);
  int bad = connect_to(s);
  say(bad, "[\"me\"]\n");
  EXPECT_EQ(read_to_eof(bad), "") << "closed without an answer";
  int garbage = connect_to(s);
  say(garbage, "@@\n");
  EXPECT_EQ(read_to_eof(garbage), "");
  std::vector<int> good;
  for (int i = 0; i < 8; ++i) {
    good.push_back(connect_to(s));
    // A string split over two segments still signs up.
    say(good.back(), "\"client");
    say(good.back(), std::to_string(i) + "\"\n");
    EXPECT_EQ(read_line(good.back()), "\"ok\"\n");
  }
  s.join();
  ASSERT_EQ(s.clients.size(), 8u);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(s.clients[i].name, "client" + std::to_string(i));
  // While the game runs, later connections are closed at once without an answer.
  {
    const size_t logged = s.log.size();
    std::thread game(
        [&] { s.hub.run_until(Deadline::after_ms(20000), [&] { return s.log.size() > logged; }); });
    int late = connect_to(s);
    say(late, "\"late\"\n");
    EXPECT_EQ(read_to_eof(late), "");
    game.join();
    ASSERT_EQ(s.log.size(), logged + 1);
    EXPECT_EQ(s.log.back(),
              "a connection arrived after the sign-up closed; closed without an answer");
    ::close(late);
  }
  for (int fd : good) ::close(fd);
  ::close(bad);
  ::close(garbage);
}

TEST(EvolutionSignup, SilentConnectionsAreDroppedAndTheWindowCloses) {
  Server s;
  SignupOptions o;
  o.time_limit = 200ms;
  o.window = 1000ms;
  s.start(o);
  int silent = connect_to(s);  // connected first, never signs up
  std::vector<int> good;
  for (int i = 0; i < 3; ++i) {
    good.push_back(connect_to(s));
    say(good.back(), "\"p\" ");
    EXPECT_EQ(read_line(good.back()), "\"ok\"\n");
  }
  EXPECT_EQ(read_to_eof(silent), "");
  // A 4th that only connects during the window is closed when it ends.
  int idle = connect_to(s);
  s.join();
  EXPECT_EQ(read_to_eof(idle), "");
  EXPECT_EQ(s.clients.size(), 3u);
  bool logged = false;
  for (const auto& l : s.log)
    logged = logged || l.find("sent no sign-up within 200 ms") != std::string::npos;
  EXPECT_TRUE(logged);
  for (int fd : good) ::close(fd);
  ::close(silent);
  ::close(idle);
}

// xclient against a fake server that answers the sign-up, then sends `then` and closes.
int xclient_against(const std::string& then) {
  TcpListener l("127.0.0.1", 0);
  ProcessOptions po;
  po.argv = {testing::arena_bin().substr(0, testing::arena_bin().size() - 5) + "xclient", "--host",
             "127.0.0.1", "--port", std::to_string(l.port())};
  auto p = ChildProcess::spawn(po);
  int fd = l.accept(Deadline::after_ms(20000));
  EXPECT_GE(fd, 0);
  EXPECT_EQ(read_line(fd), "\"silly\"\n");
  say(fd, "\"ok\"\n" + then);
  ::shutdown(fd, SHUT_WR);
  auto status = p->wait_exit(Deadline::after_ms(20000));
  ::close(fd);
  p->kill_tree();
  return status && status->exited ? status->code : -1;
}

TEST(EvolutionSignup, XclientExitStatus) {
  EXPECT_EQ(xclient_against(""), 0) << "the server closed normally";
  EXPECT_EQ(xclient_against("[1,2,3]\n"), 1) << "an array of 3 cannot be classified";
  EXPECT_EQ(xclient_against("}\n"), 1) << "unparseable";
  EXPECT_EQ(xclient_against("[0,0,[],[]]\n[[],[]]\n"), 0) << "Start and Choose are fine";
}

}  // namespace
}  // namespace arena::evolution
