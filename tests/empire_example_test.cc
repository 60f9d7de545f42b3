// The example Empire Builder client of the README (examples/empire/example_client.py) plays whole
// games through the real programs: seated by `arena play` beside a built-in bot (the replay is
// checked through the rules), and registered by hand to the server with `arena bot empire` as the
// other player. It must play legally (no ERROR, no TOO-MANY-COMMANDS, no rejected move) and
// deliver.
#include <gtest/gtest.h>

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
