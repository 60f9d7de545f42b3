#include "core/seat_spec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "core/test_line_framer.h"

namespace arena {
namespace {

std::vector<std::string> split(const std::string& s) {
  auto r = shell_split(s);
  return std::holds_alternative<std::string>(r) ? std::vector<std::string>{"ERROR"}
                                                : std::get<std::vector<std::string>>(r);
}

TEST(ShellSplit, SplitsLikeAShell) {
  using V = std::vector<std::string>;
  EXPECT_EQ(split("python3 bot.py"), (V{"python3", "bot.py"}));
  EXPECT_EQ(split("  a   b\t c "), (V{"a", "b", "c"}));
  EXPECT_EQ(split("echo 'a b' \"c \\\"d\\\"\" e\\ f"), (V{"echo", "a b", "c \"d\"", "e f"}));
  EXPECT_EQ(split("x''y \"\""), (V{"xy", ""}));
  EXPECT_EQ(split(""), V{});
}

TEST(ShellSplit, Errors) {
  EXPECT_EQ(std::get<std::string>(shell_split("a 'b")), "unterminated single quote in: a 'b");
  EXPECT_EQ(std::get<std::string>(shell_split("a \"b")), "unterminated double quote in: a \"b");
  EXPECT_EQ(std::get<std::string>(shell_split("a \\")), "trailing backslash in: a \\");
}

TEST(ParseSeatArg, CommandsAndBuiltins) {
  auto s = std::get<SeatSpec>(parse_seat_arg("hero=python3 'my bot.py'"));
  EXPECT_EQ(s.role, "hero");
  EXPECT_EQ(s.argv, (std::vector<std::string>{"python3", "my bot.py"}));
  auto b = std::get<SeatSpec>(parse_seat_arg("hero=bot:reference"));
  EXPECT_TRUE(b.is_builtin());
  EXPECT_EQ(b.builtin, "reference");
  EXPECT_EQ(std::get<std::string>(parse_seat_arg("hero")), "--seat hero: expected ROLE=SPEC");
  EXPECT_EQ(std::get<std::string>(parse_seat_arg("hero=")), "--seat hero=: empty command");
  EXPECT_EQ(std::get<std::string>(parse_seat_arg("hero=bot:")),
            "--seat hero=bot:: bot: needs a bot name");
}

TEST(BotSeed, DependsOnRoleAndSeed) {
  EXPECT_EQ(bot_seed(1, "hero"), bot_seed(1, "hero"));
  EXPECT_NE(bot_seed(1, "hero"), bot_seed(2, "hero"));
  EXPECT_NE(bot_seed(1, "G"), bot_seed(1, "S"));
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

std::string python_client(const std::string& body) {
  // A TCP bot as the runner starts it: `--host H --port N` appended to its command line.
  return "import socket, sys\n"
         "host, port = sys.argv[sys.argv.index('--host') + 1], "
         "int(sys.argv[sys.argv.index('--port') + 1])\n" +
         body;
}

SeatSpec command_seat(const std::string& script) {
  SeatSpec s;
  s.role = "p1";
  s.text = "python3 -c ...";
  s.argv = {"python3", "-c", script};
  return s;
}

FramerFactory newline_lines() {
  return [] { return testing::make_test_line_framer(false); };
}

TEST(OpenTcpSeat, StartsTheBotWithHostAndPortAndTalksOverTheSocket) {
  Hub hub;
  auto seat = open_tcp_seat(
      hub,
      command_seat(python_client("s = socket.create_connection((host, port))\n"
                                 "print('noise on stdout' * 1000, flush=True)\n"
                                 "sys.stderr.write('hello from stderr\\n'); sys.stderr.flush()\n"
                                 "f = s.makefile('rw')\n"
                                 "f.write('hi ' + f.readline()); f.flush()\n")),
      nullptr, 1, newline_lines(), newline_lines(), Deadline::after_ms(10000));
  ASSERT_EQ(seat->start_error(), "");
  seat->send("there");
  Received r = seat->receive(Deadline::after_ms(10000));
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "hi there");
  seat->finish(1000);
  EXPECT_EQ(seat->stderr_text(), "hello from stderr\n");
  EXPECT_EQ(seat->exit_description(), "exit code 0");
}

TEST(OpenTcpSeat, ABotThatDiesBeforeConnectingIsReportedAtOnce) {
  Hub hub;
  auto seat = open_tcp_seat(hub, command_seat("import sys; sys.exit(5)"), nullptr, 1,
                            newline_lines(), newline_lines(), Deadline::after_ms(60000));
  EXPECT_EQ(seat->start_error(), "the bot ended before connecting (exit code 5)");
  EXPECT_EQ(seat->receive(Deadline::after_ms(100)).verdict, Verdict::crashed);
  seat->finish(0);
}

TEST(OpenTcpSeat, ABotThatNeverConnectsTimesOutAndIsKilled) {
  Hub hub;
  auto seat = open_tcp_seat(hub, command_seat("import time; time.sleep(60)"), nullptr, 1,
                            newline_lines(), newline_lines(), Deadline::after_ms(300));
  EXPECT_EQ(seat->start_error(), "the bot did not connect in time");
  seat->finish(0);
  EXPECT_NE(seat->exit_description().find("signal 9"), std::string::npos);
}

TEST(OpenTcpSeat, MissingProgram) {
  Hub hub;
  SeatSpec s;
  s.role = "p1";
  s.argv = {"/nonexistent/bot"};
  auto seat =
      open_tcp_seat(hub, s, nullptr, 1, newline_lines(), newline_lines(), Deadline::after_ms(1000));
  EXPECT_NE(seat->start_error().find("/nonexistent/bot"), std::string::npos);
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

TEST(OpenTcpSeat, EachSeatHasItsOwnListenerSoNoSecondClientCanTakeAnotherSeat) {
  Hub hub;
  // The bot connects once for its seat, then tries a second connection to the same port, as a
  // program starting two clients would: the seat's listener is closed by then, so it is refused.
  auto seat = open_tcp_seat(
      hub,
      command_seat(python_client("s = socket.create_connection((host, port))\n"
                                 "f = s.makefile('rw')\n"
                                 "f.readline()\n"
                                 "try:\n"
                                 "    socket.create_connection((host, port), timeout=5)\n"
                                 "    f.write('second connection accepted\\n')\n"
                                 "except OSError:\n"
                                 "    f.write('second connection refused\\n')\n"
                                 "f.flush()\n")),
      nullptr, 1, newline_lines(), newline_lines(), Deadline::after_ms(10000));
  ASSERT_EQ(seat->start_error(), "");
  seat->send("go");
  Received r = seat->receive(Deadline::after_ms(10000));
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "second connection refused");
  seat->finish(1000);
}

}  // namespace
}  // namespace arena

namespace arena {
namespace {

// Reads one message from each of `seat`'s connections through Hub::next(), as a real-time referee
// does; returns them sorted by text (connections may speak in any order).
std::vector<std::string> one_message_each(Hub& hub, const Seat& seat) {
  std::vector<std::string> got;
  Deadline deadline = Deadline::after_ms(10000);
  while (got.size() < seat.connections().size()) {
    auto e = hub.next(deadline);
    if (!e) break;
    if (e->kind == HubEvent::Kind::message) got.push_back(e->message);
  }
  std::sort(got.begin(), got.end());
  return got;
}

SeatPlan team_plan(int connections) {
  SeatPlan plan;
  plan.transport = SeatTransport::tcp;
  plan.from_bot = [] { return testing::make_test_line_framer(false); };
  plan.to_bot = plan.from_bot;
  plan.connections = connections;
  plan.extra_args = {"--player", "1"};
  plan.connect_ms = 10000;
  return plan;
}

TEST(OpenSeat, AProgramHoldsSeveralConnectionsOfItsSeatAndGetsTheExtraArguments) {
  if (std::system("python3 -c '' >/dev/null 2>&1") != 0) GTEST_SKIP() << "python3 not found";
  Hub hub;
  // Three connections, each saying which it is and the words after --port; then a fourth, which
  // the seat's closed listener refuses.
  auto seat = open_seat(
      hub,
      command_seat(python_client("tail = ' '.join(sys.argv[sys.argv.index('--port') + 2:])\n"
                                 "socks = [socket.create_connection((host, port)) for i in "
                                 "range(3)]\n"
                                 "for i, s in enumerate(socks): s.sendall(f'conn {i} "
                                 "{tail}\\n'.encode())\n"
                                 "f = socks[0].makefile('rw')\n"
                                 "f.readline()\n"
                                 "try:\n"
                                 "    socket.create_connection((host, port), timeout=5)\n"
                                 "    f.write('fourth accepted\\n')\n"
                                 "except OSError:\n"
                                 "    f.write('fourth refused\\n')\n"
                                 "f.flush()\n")),
      team_plan(3));
  ASSERT_EQ(seat->start_error(), "");
  ASSERT_EQ(seat->connections().size(), 3u);
  EXPECT_EQ(
      one_message_each(hub, *seat),
      (std::vector<std::string>{"conn 0 --player 1", "conn 1 --player 1", "conn 2 --player 1"}));
  // Connections are accepted in the order the program opened them.
  hub.send(seat->connections()[0], "go");
  Received r = hub.receive(seat->connections()[0], Deadline::after_ms(10000));
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "fourth refused");
  seat->finish(1000);
  EXPECT_EQ(seat->exit_description(), "exit code 0");
}

TEST(OpenSeat, AProgramThatOpensTooFewConnectionsKeepsThemAndSaysSo) {
  if (std::system("python3 -c '' >/dev/null 2>&1") != 0) GTEST_SKIP() << "python3 not found";
  Hub hub;
  // Two connections of three, then the program ends: both were accepted before its exit is seen.
  auto seat = open_seat(hub,
                        command_seat(python_client("a = socket.create_connection((host, port))\n"
                                                   "b = socket.create_connection((host, port))\n")),
                        team_plan(3));
  EXPECT_EQ(seat->start_error(), "the bot ended after opening 2 of 3 connections (exit code 0)");
  EXPECT_EQ(seat->connections().size(), 2u);
  seat->finish(0);
}

TEST(OpenSeat, AProgramThatEndsBeforeConnectingHasNoConnection) {
  if (std::system("python3 -c '' >/dev/null 2>&1") != 0) GTEST_SKIP() << "python3 not found";
  Hub hub;
  auto seat = open_seat(hub, command_seat("import sys; sys.exit(3)"), team_plan(3));
  EXPECT_EQ(seat->start_error(), "the bot ended after opening 0 of 3 connections (exit code 3)");
  EXPECT_TRUE(seat->connections().empty());
}

// One agent of a team: speaks first with its number, taken from the team's shared counter.
class TeamAgent : public MessageBot {
 public:
  explicit TeamAgent(std::shared_ptr<std::atomic<int>> next) : next_(std::move(next)) {}
  void on_open(std::string& out) override { out += "agent " + std::to_string(number_) + "\n"; }
  void on_message(std::string_view message, std::string& out) override {
    out += "agent " + std::to_string(number_) + " got " + std::string(message) + "\n";
  }

 private:
  std::shared_ptr<std::atomic<int>> next_;
  int number_ = (*next_)++;
};

TEST(OpenSeat, ABuiltInTeamIsOneBotPerConnectionSharingTheFactorysState) {
  Hub hub;
  SeatPlan plan = team_plan(3);
  auto counter = std::make_shared<std::atomic<int>>(0);
  plan.make_bot = [counter] { return std::make_unique<TeamAgent>(counter); };
  SeatSpec spec;
  spec.role = "team1";
  spec.builtin = "team";
  spec.text = "bot:team";
  auto seat = open_seat(hub, spec, plan);
  EXPECT_EQ(counter->load(), 3);
  ASSERT_EQ(seat->connections().size(), 3u);
  EXPECT_EQ(one_message_each(hub, *seat),
            (std::vector<std::string>{"agent 0", "agent 1", "agent 2"}));
  hub.send(seat->connections()[2], "x");
  Received r = hub.receive(seat->connections()[2], Deadline::after_ms(10000));
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "agent 2 got x");
  seat->finish(0);
}

}  // namespace
}  // namespace arena
