// The example Empire Builder client of the README (examples/empire/example_client.py) plays whole
// games through the real programs: seated by `arena play` beside a built-in bot (the replay is
// checked through the rules), and registered by hand to the server with `arena bot empire` as the
// other player. It must play legally (no ERROR, no TOO-MANY-COMMANDS, no rejected move) and
// deliver.
#include <gtest/gtest.h>

#include <poll.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "tests/empire_wire.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

const std::string kExample = "examples/empire/example_client.py";

TEST(EmpireExample, PlaysLegalGamesInTheArena) {
  for (const char* seed : {"1", "2"}) {
    const std::string replay = temp_dir() + "/example.jsonl";
    CommandResult r =
        run_arena({"play", "empire", "--seat", "p1=python3 " + source_path(kExample), "--seat",
                   "p2=bot:greedy", "--seed", seed, "--json", "--replay", replay});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string text = read_file(replay);
    EXPECT_EQ(text.find("(REPLIED 0 (MOVE-TURN TOO-MANY-COMMANDS))"), std::string::npos);
    EXPECT_NE(text.find("(REPLIED 0 (BUILD-TURN"), std::string::npos);
    EXPECT_EQ(text.find("INVALID-"), std::string::npos) << "seed " << seed;
    EXPECT_EQ(text.find("(TIMED-OUT 0)"), std::string::npos) << "seed " << seed;
    EXPECT_NE(text.find("(DELIVERED 0 "), std::string::npos) << "seed " << seed;
    CommandResult check = run_arena({"replay", replay});
    EXPECT_EQ(check.status, 0) << check.out << check.err;
  }
}

TEST(EmpireExample, RegistersByHandBesideArenaBot) {
  ServerThread server({"seed=3", "autostart=2", "turn_limit=30"});
  Proc example(
      {"python3", source_path(kExample), "127.0.0.1", std::to_string(server.port()), "example"});
  // The server seats players in registration order: wait for the example before the bot.
  WireClient console(server.port());
  for (std::string status;;) {
    console.send("(status)");
    while ((status = console.line()).rfind("(STATUS", 0) != 0) ASSERT_NE(status[0], '<');
    if (status.find("\"example\"") != std::string::npos) break;
  }
  Proc bot({arena_bin(), "bot", "empire", "greedy", "--host", "127.0.0.1", "--port",
            std::to_string(server.port()), "--name", "g"});
  EXPECT_EQ(example.finish(), 0) << example.err();
  EXPECT_EQ(bot.finish(), 0) << bot.err();
  EXPECT_EQ(server.status(), 0);
  EXPECT_NE(example.out().find("(GAME-OVER "), std::string::npos) << example.out();
  EXPECT_EQ(example.err(), "");  // no ERROR line from the server
}

}  // namespace
}  // namespace arena::testing

namespace arena::testing {
namespace {

// `arena host empire` is eb-server: two `arena bot empire` clients register and play to the end,
// a console sees GAME-OVER, and the host prints (LISTENING P) and the GAME-OVER line.
TEST(EmpireExample, ArenaHostRunsTheServer) {
  int port = 0;
  {
    TcpListener probe("127.0.0.1", 0);  // a free port, given back for the host to take
    port = probe.port();
  }
  Proc host({arena_bin(), "host", "empire", "autostart=2", "turn_limit=40", "--port",
             std::to_string(port), "--seed", "9"});
  std::unique_ptr<WireClient> console;
  for (int attempt = 0; attempt < 500 && !console; ++attempt) {
    std::string error;
    const int fd = tcp_connect("127.0.0.1", port, &error);
    if (fd < 0) {
      ::poll(nullptr, 0, 10);  // the host is still starting
      continue;
    }
    ::close(fd);
    console = std::make_unique<WireClient>(port);
  }
  ASSERT_TRUE(console) << "arena host never listened on " << port;
  ASSERT_EQ(console->line(), "EMPIRE-BUILDER");
  const std::vector<std::string> bot = {arena_bin(), "bot",       "empire", "reference",
                                        "--host",    "127.0.0.1", "--port", std::to_string(port),
                                        "--name"};
  std::vector<std::string> first = bot, second = bot;
  first.push_back("first");
  second.push_back("second");
  Proc a(first);
  for (std::string status;;) {
    console->send("(status)");
    status = console->line();
    ASSERT_EQ(status.rfind("(STATUS ", 0), 0u) << status;
    if (status.find("\"first\"") != std::string::npos) break;
  }
  Proc b(second);
  for (std::string l; (l = console->line(60000)).rfind("(GAME-OVER ", 0) != 0;)
    ASSERT_NE(l[0], '<') << l;
  EXPECT_EQ(a.finish(), 0) << a.err();
  EXPECT_EQ(b.finish(), 0) << b.err();
  EXPECT_EQ(host.finish(), 0) << host.err();
  EXPECT_EQ(host.out().rfind("(LISTENING " + std::to_string(port) + ")\n(GAME-OVER ", 0), 0u)
      << host.out();
}

}  // namespace
}  // namespace arena::testing

namespace arena::testing {
namespace {

// Arena seats that misbehave: one talks out of turn (NO-QUERY-PENDING, PARSE-ERROR, and its lines
// are never taken as answers), one leaves after choosing its start (PLAYER-LEFT, its queries count
// as nil); the match goes on to its turn limit and the replay passes the check.
TEST(EmpireExample, ArenaSeatsThatTalkOutOfTurnOrLeave) {
  const std::string dir = temp_dir();
  const std::string common =
      "import socket, sys\n"
      "port = int(sys.argv[sys.argv.index('--port') + 1])\n"
      "f = socket.create_connection(('127.0.0.1', port)).makefile('rw')\n";
  write_file(dir + "/chatty.py",
             common +
                 "f.write('(register \"chatty\")\\n((1 1) (3 1))\\nbad((\\n'); f.flush()\n"
                 "for line in f:\n"
                 "    if line.startswith('(ERROR'): print(line.strip(), file=sys.stderr)\n"
                 "    if line.startswith('(CHOOSE-START'): f.write('(34 12)\\n'); f.flush()\n"
                 "    elif line.startswith('(CHOOSE'): f.write('nil\\n'); f.flush()\n");
  write_file(
      dir + "/leaver.py",
      common +
          "f.write('(register \"leaver\")\\n'); f.flush()\n"
          "for line in f:\n"
          "    if line.startswith('(CHOOSE-START'): f.write('(33 19)\\n'); f.flush(); break\n");
  const std::string replay = dir + "/r.jsonl";
  CommandResult r =
      run_arena({"play", "empire", "turn_limit=3", "--seat", "p1=python3 " + dir + "/chatty.py",
                 "--seat", "p2=python3 " + dir + "/leaver.py", "--seat", "p3=bot:greedy", "--seed",
                 "4", "--replay", replay});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = read_file(replay);
  EXPECT_NE(text.find("(START 0 (34 12))"), std::string::npos);
  EXPECT_NE(text.find("(PLAYER-LEFT 1)"), std::string::npos);
  EXPECT_NE(text.find("(ANSWERED 1 NIL)"), std::string::npos);
  EXPECT_NE(text.find("TURN-LIMIT"), std::string::npos);
  EXPECT_NE(text.find("(ERROR NO-QUERY-PENDING"), std::string::npos)
      << text.substr(text.size() - 2000);
  EXPECT_NE(text.find("(ERROR PARSE-ERROR"), std::string::npos);
  EXPECT_EQ(text.find("(ANSWERED 0 ((1 1) (3 1)))"), std::string::npos);
  CommandResult check = run_arena({"replay", replay});
  EXPECT_EQ(check.status, 0) << check.out << check.err;
}

}  // namespace
}  // namespace arena::testing
