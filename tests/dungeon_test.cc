// Dungeon Race end to end with the real `arena` binary: `arena dungeon serve` with two team
// programs (`arena bot dungeon NAME --player T`, six sockets each), its log re-checked by
// `arena replay`-style checking of §11.3, and `arena play` with program seats.
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

TEST(Dungeon, HostWritesItsLogWhereReplaySays) {
  const std::string dir = temp_dir();
  Proc server({arena_bin(), "host", "dungeon", "--port", "0", "--seed", "3", "--replay",
               dir + "/sub/g.jsonl", "time_limit_s=1"});
  ASSERT_TRUE(server.wait_out("\n")) << server.err();
  const std::string port = server.out().substr(0, server.out().find('\n'));
  Proc team0({arena_bin(), "bot", "dungeon", "idle", "--port", port, "--player", "0"});
  Proc team1({arena_bin(), "bot", "dungeon", "idle", "--port", port, "--player", "1"});
  EXPECT_EQ(team0.finish(), 0) << team0.err();
  EXPECT_EQ(team1.finish(), 0) << team1.err();
  EXPECT_EQ(server.finish(), 0) << server.err();
  EXPECT_NE(server.out().find("winner -1 time_limit\n"), std::string::npos) << server.out();
  EXPECT_TRUE(std::filesystem::exists(dir + "/sub/graph"));
  EXPECT_NE(read_text(dir + "/sub/g.jsonl").find("\"reason\":\"time_limit\""), std::string::npos);
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

}  // namespace
}  // namespace arena::testing
