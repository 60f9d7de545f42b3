// Dungeon Race end to end with the real `arena` binary: `arena dungeon serve` with two team
// programs (`arena bot dungeon NAME --player T`, six sockets each), its own log (with the §11.2
// debug records) re-checked by `arena replay`, `arena play` with program seats, the viewer files
// of `play out=DIR` and `replay --export`, and the cadical team.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/test_util.h"

namespace arena::testing {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

TEST(Dungeon, ServeWritesItsFilesAndPlaysTwoTeamPrograms) {
  const std::string dir = temp_dir();
  Proc server({arena_bin(), "dungeon", "serve", "--port", "0", "--seed", "5", "--out", dir,
               "time_limit_s=60"});
  ASSERT_TRUE(server.wait_out("\n")) << server.err();
  const std::string port = server.out().substr(0, server.out().find('\n'));
  Proc team0({arena_bin(), "bot", "dungeon", "reference", "--host", "127.0.0.1", "--port", port,
              "--player", "0", "--seed", "1"});
  Proc team1({arena_bin(), "bot", "dungeon", "idle", "--host", "127.0.0.1", "--port", port,
              "--player", "1"});
  EXPECT_EQ(team0.finish(), 0) << team0.err();
  EXPECT_EQ(team1.finish(), 0) << team1.err();
  EXPECT_EQ(server.finish(), 0) << server.err();
  EXPECT_NE(server.out().find("winner 0 shrine\n"), std::string::npos) << server.out();
  EXPECT_TRUE(std::filesystem::exists(dir + "/graph"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/npc"));
  const std::string log = read_text(dir + "/game.jsonl");
  EXPECT_EQ(log.rfind("{\"seq\":0,\"t_us\":0,\"ev\":\"header\"", 0), 0u) << log.substr(0, 200);
  EXPECT_NE(log.find("\"ev\":\"begin\""), std::string::npos);
  EXPECT_NE(log.find("\"ev\":\"result\",\"winner\":0,\"reason\":\"shrine\""), std::string::npos);
}

// serve with both §11.2 debug flags, two reference teams over sockets (combat, deaths, races):
// `arena replay` reads serve's own log and re-derives the whole game from it.
TEST(Dungeon, ReplayChecksAServedGameWithItsDebugRecords) {
  const std::string dir = temp_dir();
  Proc server({arena_bin(), "dungeon", "serve", "--port", "0", "--seed", "7", "--out", dir,
               "--log-frames", "--log-instances", "time_limit_s=60"});
  ASSERT_TRUE(server.wait_out("\n")) << server.err();
  const std::string port = server.out().substr(0, server.out().find('\n'));
  Proc team0(
      {arena_bin(), "bot", "dungeon", "reference", "--port", port, "--player", "0", "--seed", "1"});
  Proc team1(
      {arena_bin(), "bot", "dungeon", "reference", "--port", port, "--player", "1", "--seed", "2"});
  EXPECT_EQ(team0.finish(), 0) << team0.err();
  EXPECT_EQ(team1.finish(), 0) << team1.err();
  ASSERT_EQ(server.finish(), 0) << server.err();
  const std::string path = dir + "/game.jsonl";
  const std::string log = read_text(path);
  EXPECT_NE(log.find("\"ev\":\"sent\",\"p\":0,\"a\":0,\"tag\":\"DungeonResponse\""),
            std::string::npos);
  EXPECT_NE(log.find("\"tag\":\"SatResponse\",\"switches\":100,\"traps\":[["), std::string::npos);
  EXPECT_NE(log.find("\"tag\":\"GameOverResponse\""), std::string::npos);
  const size_t move = log.find("\"ev\":\"move\"");
  const std::string move_line = log.substr(move, log.find('\n', move) - move);
  EXPECT_NE(move_line.find(",\"switches\":100,\"traps\":[["), std::string::npos)
      << move_line.substr(0, 200);
  CommandResult check = run_arena({"replay", path, "--json"});
  ASSERT_EQ(check.status, 0) << check.err;
  EXPECT_NE(check.out.find("\"valid\":true"), std::string::npos) << check.out;
  // The server's winner line and the checked result agree.
  const std::string winner = server.out().substr(server.out().find("winner ") + 7, 1);
  EXPECT_NE(check.out.find("\"winner\":\"team" + winner + "\""), std::string::npos)
      << check.out << server.out();

  // Any change to a derived record or to a logged instance is found, and named.
  auto tampered = [&](const std::string& from, const std::string& to) {
    std::string t = log;
    const size_t at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    t.replace(at, from.size(), to);
    std::ofstream(dir + "/bad.jsonl", std::ios::binary) << t;
    return run_arena({"replay", dir + "/bad.jsonl"});
  };
  CommandResult bad = tampered("\"cause\":\"cross\"", "\"cause\":\"trap\"");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("replaying gives"), std::string::npos) << bad.err;
  const size_t traps = log.find("\"traps\":[[", log.find("\"ev\":\"move\""));
  const std::string first = log.substr(traps, log.find(']', traps) - traps);
  std::string flipped = first;
  flipped.insert(flipped.find("[[") + 2, "-");
  if (flipped.find("[[--") != std::string::npos) flipped.erase(flipped.find("[[--") + 2, 2);
  bad = tampered(first, flipped);
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("the logged traps are not the instance replaying gives"),
            std::string::npos)
      << bad.err;
  bad = tampered("\"ev\":\"header\"", "\"ev\":\"begin\"");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("line 1: the first record must be the header"), std::string::npos)
      << bad.err;
}

TEST(Dungeon, HostWritesItsLogWhereReplaySays) {
  const std::string dir = temp_dir();
  Proc server({arena_bin(), "host", "dungeon", "--port", "0", "--seed", "3", "--replay",
               dir + "/sub/g.jsonl", "time_limit_s=1", "log_frames=1"});
  ASSERT_TRUE(server.wait_out("\n")) << server.err();
  const std::string port = server.out().substr(0, server.out().find('\n'));
  Proc team0({arena_bin(), "bot", "dungeon", "idle", "--port", port, "--player", "0"});
  Proc team1({arena_bin(), "bot", "dungeon", "idle", "--port", port, "--player", "1"});
  EXPECT_EQ(team0.finish(), 0) << team0.err();
  EXPECT_EQ(team1.finish(), 0) << team1.err();
  EXPECT_EQ(server.finish(), 0) << server.err();
  EXPECT_NE(server.out().find("winner -1 time_limit\n"), std::string::npos) << server.out();
  EXPECT_TRUE(std::filesystem::exists(dir + "/sub/graph"));
  const std::string log = read_text(dir + "/sub/g.jsonl");
  EXPECT_NE(log.find("\"reason\":\"time_limit\""), std::string::npos);
  EXPECT_NE(log.find("\"ev\":\"sent\",\"p\":1,\"a\":5,\"tag\":\"GameOverResponse\",\"winner\":-1"),
            std::string::npos);
  CommandResult check = run_arena({"replay", dir + "/sub/g.jsonl"});
  EXPECT_EQ(check.status, 0) << check.err;
}

TEST(Dungeon, ArenaBotRefusesABadPlayer) {
  CommandResult r = run_arena({"bot", "dungeon", "idle", "--port", "1", "--player", "2"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--player: expected 0 or 1, got '2'"), std::string::npos) << r.err;
}

TEST(Dungeon, PlayWithProgramSeatsAndCheckTheReplay) {
  const std::string dir = temp_dir();
  const std::string replay = dir + "/game.jsonl";
  CommandResult r = run_arena(
      {"play", "dungeon", "--seat", "team0=" + arena_bin() + " bot dungeon reference", "--seat",
       "team1=" + arena_bin() + " bot dungeon stress", "--seed", "3", "--replay", replay});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("team0 wins (shrine)"), std::string::npos) << r.out;
  CommandResult check = run_arena({"replay", replay});
  EXPECT_EQ(check.status, 0) << check.err;
  EXPECT_NE(check.out.find("valid dungeon replay"), std::string::npos) << check.out;
}

// The cadical team (its solver the cadical program) plays a whole game and its replay checks.
TEST(Dungeon, TheCadicalTeamPlaysAndItsReplayChecks) {
  if (run_command({"sh", "-c", "command -v cadical"}).status != 0)
    GTEST_SKIP() << "cadical is not installed (scripts/install-deps)";
  const std::string replay = temp_dir() + "/game.jsonl";
  CommandResult r = run_arena({"play", "dungeon", "--seat", "team0=bot:idle", "--seat",
                               "team1=bot:cadical", "--seed", "3", "--replay", replay});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("team1 wins (shrine)"), std::string::npos) << r.out;
  EXPECT_EQ(run_arena({"replay", replay}).status, 0);
}

// §10: `arena play ... out=DIR` writes the same graph and npc files as `gen` and `serve`, and
// `arena replay FILE --export OUT` writes them next to OUT.
TEST(Dungeon, PlayAndExportWriteTheViewerFiles) {
  const std::string dir = temp_dir();
  CommandResult r =
      run_arena({"play", "dungeon", "--seat", "team0=bot:reference", "--seat", "team1=bot:idle",
                 "--seed", "42", "out=" + dir + "/m", "--replay", dir + "/m/game.jsonl"});
  ASSERT_EQ(r.status, 0) << r.err;
  CommandResult gen = run_arena({"dungeon", "gen", "--seed", "42", "--out", dir + "/g"});
  ASSERT_EQ(gen.status, 0) << gen.err;
  for (const char* f : {"graph", "npc"}) {
    const std::string want = read_text(dir + "/g/" + f);
    EXPECT_FALSE(want.empty());
    EXPECT_EQ(read_text(dir + "/m/" + f), want) << f;
  }
  std::filesystem::create_directories(dir + "/x");
  CommandResult ex = run_arena({"replay", dir + "/m/game.jsonl", "--export", dir + "/x/e.json"});
  ASSERT_EQ(ex.status, 0) << ex.err;
  for (const char* f : {"graph", "npc"})
    EXPECT_EQ(read_text(dir + "/x/" + f), read_text(dir + "/g/" + f)) << f;
  // A directory that cannot be made stops the match before it starts.
  std::ofstream(dir + "/file") << "x";
  r = run_arena({"play", "dungeon", "--seat", "team0=bot:idle", "--seat", "team1=bot:idle",
                 "--seed", "1", "out=" + dir + "/file/sub", "time_limit_s=1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("out=" + dir + "/file/sub: cannot create"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace arena::testing
