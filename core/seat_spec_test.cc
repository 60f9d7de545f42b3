#include "core/seat_spec.h"

#include <gtest/gtest.h>

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
