// The Wumpus referee against real misbehaving child processes (spec §6): every -5000 case, the
// lenient cases, stderr capture, and that no process outlives its match.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

// The map of spec §4.1: wumpuses (0,3) and (2,2), pits (1,2) (1,1) (3,1) (2,0), gold (1,0).
constexpr const char* kExampleMap = "4\n4\n3\nW...\n._W.\n._._\n.$_.";

struct Played {
  Json json;        // `play --json`
  Json turns;       // the replay's turn lines
  Json log;         // the replay's log line (or null)
  std::string raw;  // the replay file
  int status = -1;
  std::string err;
};

Played play(const std::string& seat, int time_ms = 2000, std::vector<std::string> extra = {}) {
  std::string dir = temp_dir();
  std::string map = dir + "/map.txt", replay = dir + "/replay.jsonl";
  std::ofstream(map) << kExampleMap;
  std::vector<std::string> argv = {arena_bin(),  "play",   "wumpus",       "mode=custom",
                                   "map=" + map, "--seat", "hero=" + seat, "--json",
                                   "--replay",   replay,   "--time-ms",    std::to_string(time_ms)};
  // Unconfined: these bots report host pids and close their stdout while running, to check the
  // referee's own consequences and cleanup, which hold without the sandbox too (the sandbox has
  // its own tests: core/sandbox_test.cc, tests/sandbox_play_test.cc).
  argv.insert(argv.end(), {"--sandbox", "none"});
  argv.insert(argv.end(), extra.begin(), extra.end());
  CommandResult r = run_command(argv);
  Played p;
  p.status = r.status;
  p.err = r.err;
  if (r.status != 0) return p;
  p.json = Json::parse(r.out);
  std::ifstream in(replay);
  std::string line;
  p.turns = Json::array();
  while (std::getline(in, line)) {
    p.raw += line + "\n";
    Json j = Json::parse(line);
    if (j["type"] == "turn") p.turns.push_back(j);
    if (j["type"] == "log") p.log = j;
  }
  return p;
}

std::string misbehave(const std::string& behaviour, int polite = 0) {
  return "python3 " + source_path("tests/bots/wumpus_misbehave.py") + " " + behaviour + " " +
         std::to_string(polite);
}

void expect_end(const Played& p, int score, const std::string& reason) {
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.json["scores"]["hero"], score);
  EXPECT_EQ(p.json["result"]["score"], score);
  EXPECT_EQ(p.json["result"]["reason"], reason);
  EXPECT_TRUE(p.json["winner"].is_null());
}

TEST(WumpusReferee, SpecTranscriptEndsWith969) {
  // Spec §5.5, answer by answer.
  Played p =
      play("python3 " + source_path("tests/bots/wumpus_script.py") +
           " go go shot rotateL go rotateL go go grab rotateL go grab rotateR rotateR go exit");
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.json["scores"]["hero"], 969);
  EXPECT_EQ(p.json["winner"], "hero");
  EXPECT_EQ(p.json["result"]["reason"], "exit_with_gold");
  std::vector<std::string> percepts = {"none",   "breeze",      "breeze stench", "breeze scream",
                                       "breeze", "breeze bump", "breeze",        "breeze",
                                       "none",   "none",        "none",          "breeze glitter",
                                       "breeze", "breeze",      "breeze",        "none"};
  ASSERT_EQ(p.turns.size(), percepts.size());
  for (size_t i = 0; i < percepts.size(); ++i) EXPECT_EQ(p.turns[i]["percept"], percepts[i]) << i;
  EXPECT_EQ(p.turns[2]["killed"], Json::array({0, 3}));
  EXPECT_EQ(p.turns[2]["score"], -18);
  // The bot saw exactly the spec's lines, start and end included.
  EXPECT_NE(p.log["stderr"].get<std::string>().find("< start 4 4 3 2 27 96\n< none\n"),
            std::string::npos);
  EXPECT_NE(p.log["stderr"].get<std::string>().find("< end 969\n"), std::string::npos);
}

TEST(WumpusReferee, WrongCaseIsInvalid) {
  Played p = play(misbehave("malformed"));
  expect_end(p, -5000, "invalid_action");
  EXPECT_EQ(p.turns[0]["answer"], "Go");
  EXPECT_TRUE(p.turns[0]["action"].is_null());
}

TEST(WumpusReferee, TwoWordsEmptyLineControlAndNonAsciiBytesAreInvalid) {
  for (const char* b : {"two_words", "empty", "control_byte", "non_ascii"}) {
    SCOPED_TRACE(b);
    expect_end(play(misbehave(b)), -5000, "invalid_action");
  }
  EXPECT_EQ(play(misbehave("control_byte")).turns[0]["answer"], "go\\x01");
}

TEST(WumpusReferee, OverlongLineIsInvalidWithoutWaitingForTheDeadline) {
  // The time limit is long: the test would take a minute if the referee waited for a newline.
  Played p = play(misbehave("long_line"), 60000);
  expect_end(p, -5000, "invalid_action");
  EXPECT_EQ(p.turns[0]["verdict"], "too_long");
}

TEST(WumpusReferee, ExtraOutputAfterAnAcceptedAction) {
  Played p = play(misbehave("extra_output"));
  expect_end(p, -5001, "extra_output");
  EXPECT_EQ(p.turns[0]["action"], "go");
}

TEST(WumpusReferee, TimeoutAfterTenActions) {
  // Long enough that a loaded machine never makes the polite turns late (python starts in turn 1).
  Played p = play(misbehave("timeout", 10), 1500);
  expect_end(p, -5010, "timeout");
  EXPECT_EQ(p.turns.size(), 11u);
  EXPECT_EQ(p.turns[10]["verdict"], "timeout");
}

TEST(WumpusReferee, CrashesAndClosedOutput) {
  for (const char* b : {"crash", "segfault", "close_stdout", "partial_line"}) {
    SCOPED_TRACE(b);
    Played p = play(misbehave(b, 2));
    expect_end(p, -5002, "crash");
    EXPECT_TRUE(p.turns[2]["answer"].is_null());
  }
  Played crashed = play(misbehave("crash"));
  EXPECT_EQ(crashed.log["exit"], "exit code 3");
  Played segv = play(misbehave("segfault"));
  EXPECT_NE(segv.log["exit"].get<std::string>().find("signal 11"), std::string::npos);
}

TEST(WumpusReferee, BotThatCannotStart) {
  Played p = play("/nonexistent/bot");
  expect_end(p, -5000, "crash");
  EXPECT_NE(p.log["start_error"].get<std::string>().find("/nonexistent/bot"), std::string::npos);
  // The spec's consequence stays, and the user is told why on stderr.
  EXPECT_NE(p.err.find("arena: hero: cannot start '/nonexistent/bot': No such file or directory\n"),
            std::string::npos)
      << p.err;
}

TEST(WumpusReferee, TurnLimit) {
  Played p = play(misbehave("rotate_forever"));
  expect_end(p, -96 - 5000, "turn_limit");
  EXPECT_EQ(p.json["result"]["actions"], 96);
}

TEST(WumpusReferee, LenientAnswersAreAccepted) {
  // "  go\t\r": go, go, then the wumpus at (0,3).
  Played p = play(misbehave("lenient"));
  expect_end(p, -1003, "death_wumpus");
  EXPECT_EQ(p.turns[0]["answer"], "  go\\x09\\x0d");
}

TEST(WumpusReferee, StderrIsKeptButBounded) {
  Played p = play(misbehave("chatty_stderr"));
  expect_end(p, -1, "exit_without_gold");
  EXPECT_EQ(p.log["stderr"].get<std::string>().size(), 64u * 1024u);
  EXPECT_TRUE(p.log["stderr_truncated"].get<bool>());
}

TEST(WumpusReferee, StderrThatIsNotUtf8IsKeptReadable) {
  Played p = play(misbehave("binary_stderr"));
  expect_end(p, -1, "exit_without_gold");
  EXPECT_EQ(p.log["stderr"].get<std::string>(),
            "not utf-8: \xEF\xBF\xBD\xEF\xBF\xBD \xEF\xBF\xBD(\n");
}

TEST(WumpusReferee, NoDescendantOutlivesTheMatch) {
  Played p = play(misbehave("double_fork"));
  expect_end(p, -1, "exit_without_gold");
  std::string err = p.log["stderr"];
  std::smatch m;
  std::vector<int> pids;
  std::regex re("(grandchild|child) (\\d+)");
  for (auto it = std::sregex_iterator(err.begin(), err.end(), re); it != std::sregex_iterator();
       ++it)
    pids.push_back(std::stoi((*it)[2]));
  ASSERT_EQ(pids.size(), 2u) << err;
  for (int pid : pids) EXPECT_TRUE(process_gone(pid)) << pid;
}

}  // namespace
}  // namespace arena::testing
