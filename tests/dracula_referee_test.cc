// The Dracula referee through the real `arena` binary against real misbehaving programs: every row
// of spec §6.5 in process mode (§6.2) and persistent mode (§6.3), whole games with program bots in
// both modes, the --json shape, reproducibility and play/eval agreement.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

struct Played {
  Json json;                                       // `play --json`
  std::map<std::string, std::vector<Json>> turns;  // the replay's turn lines by seat
  std::map<std::string, Json> logs;                // the replay's log lines by seat
  std::string raw;                                 // the replay file
  std::string path;
  int status = -1;
  std::string err;
  const Json& result() const { return json["result"]; }
};

// Plays with the given seats (other seats: chasing hunters, a random Dracula, in process).
Played play(std::map<std::string, std::string> seats, int time_ms = 1500,
            std::vector<std::string> extra = {}, const std::string& seed = "1") {
  std::map<std::string, std::string> all = {{"G", "bot:b-hunt-chase"},
                                            {"S", "bot:b-hunt-chase"},
                                            {"H", "bot:b-hunt-chase"},
                                            {"M", "bot:b-hunt-chase"},
                                            {"D", "bot:b-drac-random"}};
  if (seats.count("hunters"))
    for (const char* h : {"G", "S", "H", "M"}) all.erase(h);
  for (auto& [k, v] : seats) all[k] = v;
  Played p;
  p.path = temp_dir() + "/replay.jsonl";
  std::vector<std::string> argv = {
      arena_bin(), "play",   "dracula", "--json",    "--replay",
      p.path,      "--seed", seed,      "--time-ms", std::to_string(time_ms)};
  // Unconfined: these bots report host pids and close their stdout while running, to check §6's
  // consequences and the cleanup, which hold without the sandbox too (the sandbox has its own
  // tests: core/sandbox_test.cc, tests/sandbox_play_test.cc).
  argv.insert(argv.end(), {"--sandbox", "none"});
  for (auto& [k, v] : all) {
    argv.push_back("--seat");
    argv.push_back(k + "=" + v);
  }
  argv.insert(argv.end(), extra.begin(), extra.end());
  CommandResult r = run_command(argv);
  p.status = r.status;
  p.err = r.err;
  if (r.status != 0) return p;
  p.json = Json::parse(r.out);
  std::ifstream in(p.path);
  std::string line;
  while (std::getline(in, line)) {
    p.raw += line + "\n";
    Json j = Json::parse(line);
    if (j["type"] == "turn") p.turns[j["seat"]].push_back(j);
    if (j["type"] == "log") p.logs[j["seat"]] = j;
  }
  return p;
}

std::string misbehave(const std::string& behaviour) {
  return "python3 " + source_path("tests/bots/dracula_misbehave.py") + " " + behaviour;
}

std::string persistent(const std::string& behaviour) {
  return "python3 " + source_path("tests/bots/dracula_persistent.py") + " " + behaviour;
}

int pid_in(const std::string& stderr_text) {
  auto pos = stderr_text.find("pid ");
  return pos == std::string::npos ? -1 : std::stoi(stderr_text.substr(pos + 4));
}

// The misbehaving hunter G answered "XX" in its second turn: disqualified there, JM ever after.
void expect_disqualified_second_turn(const Played& p) {
  EXPECT_EQ(p.result()["disqualified"]["G"]["play"], 5);
  EXPECT_EQ(p.result()["disqualified"]["G"]["move"], "XX");
  const auto& g = p.turns.at("G");
  ASSERT_GE(g.size(), 3u);
  EXPECT_EQ(g[1]["verdict"], "illegal");
  EXPECT_EQ(g[2]["verdict"], "not_asked");
  EXPECT_EQ(g[2]["reason"], "disqualified");
}

// Row 1.
TEST(DraculaE2E, ProgramThatCannotStartGetsDefaultMovesEveryTurn) {
  Played p = play({{"G", "/nonexistent/dracula-ai"}});
  ASSERT_EQ(p.status, 0) << p.err;
  for (const Json& t : p.turns["G"]) {
    EXPECT_EQ(t["move"], "JM");
    EXPECT_EQ(t["source"], "default");
    EXPECT_EQ(t["reason"], "crashed");
  }
  EXPECT_TRUE(p.result()["disqualified"].empty());
  EXPECT_FALSE(p.logs["G"].value("start_error", "").empty());
  EXPECT_NE(p.err.find("arena: G: cannot start '/nonexistent/dracula-ai': No such file or "
                       "directory\n"),
            std::string::npos)
      << p.err;
}

// Row 2 (and 16: debug output is ignored).
TEST(DraculaE2E, ExitWithoutMoveLineIsNoReply) {
  Played p = play({{"G", misbehave("no_move")}});
  ASSERT_EQ(p.status, 0) << p.err;
  const Json& t = p.turns["G"][0];
  EXPECT_EQ(t["move"], "JM");
  EXPECT_EQ(t["reason"], "no_reply");
  EXPECT_EQ(t["verdict"], "closed");
  EXPECT_EQ(t["garbled_lines"], 1);
  expect_disqualified_second_turn(p);
}

// Row 3.
TEST(DraculaE2E, CrashAfterMoveLineStillCounts) {
  for (const char* b : {"crash_after_move", "segfault_after_move"}) {
    SCOPED_TRACE(b);
    Played p = play({{"G", misbehave(b)}});
    ASSERT_EQ(p.status, 0) << p.err;
    EXPECT_EQ(p.turns["G"][0]["move"], "ST");
    EXPECT_EQ(p.turns["G"][0]["source"], "ai");
    EXPECT_EQ(p.turns["G"][0]["end"], "crashed");
  }
}

// Row 4: killed at the deadline; the move line before it counts, else the default move.
TEST(DraculaE2E, StillRunningAtDeadlineIsKilled) {
  Played p = play({{"G", misbehave("sleep_after_move")}}, 1000);
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.turns["G"][0]["move"], "ST");
  EXPECT_EQ(p.turns["G"][0]["end"], "timeout");
  EXPECT_GE(p.json["result"]["seats"]["G"]["timeouts"], 1);
  int pid = pid_in(p.turns["G"][0]["stderr"]);
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(process_gone(pid));

  Played q = play({{"G", misbehave("sleep")}}, 300);
  ASSERT_EQ(q.status, 0) << q.err;
  EXPECT_EQ(q.turns["G"][0]["move"], "JM");
  EXPECT_EQ(q.turns["G"][0]["verdict"], "timeout");
  EXPECT_EQ(q.turns["G"][0]["reason"], "no_reply");
  EXPECT_GE(q.turns["G"][0]["ms"].get<double>(), 290.0);
}

// Rows 5, 6, 12: not JSON, not an object, over 64 KiB, no move, move not a string, move "".
TEST(DraculaE2E, GarbageLinesAreIgnoredAndCounted) {
  Played p = play({{"G", misbehave("garbage")}});
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.turns["G"][0]["move"], "ST");
  EXPECT_EQ(p.turns["G"][0]["garbled_lines"], 6);
  EXPECT_EQ(p.result()["messages"][0], "ok");
}

// Row 7.
TEST(DraculaE2E, LastOfSeveralMoveLinesCounts) {
  Played p = play({{"G", misbehave("several")}});
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.turns["G"][0]["move"], "ST");
  EXPECT_EQ(p.result()["messages"][0], "last");
}

// Row 8.
TEST(DraculaE2E, IllegalLastMoveDisqualifies) {
  Played p = play({{"G", misbehave("illegal_last")}});
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.result()["disqualified"]["G"]["play"], 0);
  EXPECT_EQ(p.result()["disqualified"]["G"]["move"], "st");
  for (const Json& t : p.turns["G"]) EXPECT_EQ(t["move"], "JM");
  EXPECT_EQ(p.json["result"]["seats"]["G"]["disqualified_at"], 0);
}

// Row 9.
TEST(DraculaE2E, FinalLineWithoutNewlineCountsOnlyOnCleanExit) {
  Played p = play({{"G", misbehave("partial_exit")}}, 1000);
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.turns["G"][0]["move"], "ST");
  Played q = play({{"G", misbehave("partial_sleep")}}, 300);
  ASSERT_EQ(q.status, 0) << q.err;
  EXPECT_EQ(q.turns["G"][0]["move"], "JM");
  EXPECT_EQ(q.turns["G"][0]["reason"], "no_reply");
}

// Rows 10, 11.
TEST(DraculaE2E, MessagesAreSanitised) {
  Played p = play({{"G", misbehave("bad_message")}});
  ASSERT_EQ(p.status, 0) << p.err;
  const std::string m = p.result()["messages"][0];
  EXPECT_EQ(m.size(), 99u);
  EXPECT_EQ(m.substr(0, 11), "???tab?here");
  Played q = play({{"G", misbehave("message_not_string")}});
  ASSERT_EQ(q.status, 0) << q.err;
  EXPECT_EQ(q.turns["G"][0]["move"], "ST");
  EXPECT_EQ(q.result()["messages"][0], "");
}

// Row 17, with Dracula as a program: his round-5 answer is ignored, his message kept.
TEST(DraculaE2E, DraculaInADeadEndTeleports) {
  Played p = play({{"hunters", "bot:b-hunt-stay"}, {"D", misbehave("teleport")}});
  ASSERT_EQ(p.status, 0) << p.err;
  const auto& d = p.turns["D"];
  ASSERT_GE(d.size(), 7u);
  EXPECT_EQ(d[5]["move"], "TP");
  EXPECT_EQ(d[5]["source"], "teleport");
  EXPECT_EQ(p.result()["messages"][29], "round 5");
  EXPECT_EQ(p.result()["disqualified"]["D"]["play"], 34);
  EXPECT_NE(p.result()["past_plays"].get<std::string>().find("DTP"), std::string::npos);
}

// The environment of §6.1 and stderr kept, capped at 64 KiB per turn.
TEST(DraculaE2E, EnvironmentAndStderrCap) {
  // 1.5 s: a python start on a loaded machine must not turn this into a timeout test.
  Played p = play({{"G", misbehave("big_stderr")}}, 1500, {}, "18446744073709551615");
  ASSERT_EQ(p.status, 0) << p.err;
  ASSERT_TRUE(p.turns["G"][0].contains("stderr")) << p.turns["G"][0].dump();
  const std::string err = p.turns["G"][0]["stderr"];
  EXPECT_NE(err.find("seat G seed 18446744073709551615 limit 1500 mode process play 0"),
            std::string::npos);
  EXPECT_LE(err.size(), 64u * 1024);
  EXPECT_TRUE(p.turns["G"][0]["stderr_truncated"].get<bool>());
}

// §6.1 "stores up to 64 KiB of it per turn": a turn's stderr is cut at 64 KiB and flagged, and the
// next turn's stderr is kept on its own, in both modes. No log line repeats it.
TEST(DraculaE2E, StderrIsKeptPerTurn) {
  for (const char* mode : {"process", "persistent"}) {
    SCOPED_TRACE(mode);
    const bool pers = std::string(mode) == "persistent";
    Played p = play({{"G", pers ? persistent("stderr_turns") : misbehave("stderr_turns")}}, 1500,
                    {"--mode", std::string("G=") + mode});
    ASSERT_EQ(p.status, 0) << p.err;
    const auto& g = p.turns["G"];
    ASSERT_GE(g.size(), 3u);
    EXPECT_EQ(g[0]["move"], "ST");
    const std::string first = g[0]["stderr"];
    EXPECT_EQ(first.size(), 64u * 1024);
    EXPECT_EQ(first.substr(0, 4), "pid ");
    EXPECT_EQ(first.back(), 'a');
    EXPECT_TRUE(g[0]["stderr_truncated"].get<bool>());
    const std::string second = g[1]["stderr"];
    if (pers) {
      EXPECT_EQ(second, "second turn stderr\n");
    } else {
      EXPECT_NE(second.find("play 5\nsecond turn stderr\n"), std::string::npos) << second;
    }
    EXPECT_FALSE(g[1].contains("stderr_truncated"));
    EXPECT_EQ(g[1]["verdict"], "illegal");
    EXPECT_FALSE(g[2].contains("stderr")) << "not asked: no stderr";
    // Seats that wrote nothing have no stderr member; G's log line no longer repeats its stderr.
    for (const Json& t : p.turns["S"]) EXPECT_FALSE(t.contains("stderr"));
    if (p.logs.count("G")) {
      EXPECT_EQ(p.logs["G"]["stderr"], "");
    }
    EXPECT_EQ(run_command({arena_bin(), "replay", p.path}).status, 0);
  }
}

// §6.1 "drains stderr continuously": a persistent program that writes 1 MiB on stderr after its
// turn is drained while another seat (S, 300 ms) is asked, so its write is over before its next
// request; it answers its second turn with a legal move only if so.
TEST(DraculaE2E, PersistentStderrIsDrainedWhileOtherSeatsPlay) {
  Played p = play({{"G", persistent("drain_between")}, {"S", persistent("slow_first")}}, 1500,
                  {"--mode", "G=persistent", "--mode", "S=persistent"});
  ASSERT_EQ(p.status, 0) << p.err;
  const auto& g = p.turns["G"];
  ASSERT_GE(g.size(), 2u);
  EXPECT_EQ(g[0]["move"], "ST");
  EXPECT_EQ(g[1]["move"], "ST") << "the 1 MiB write was still blocked at G's second request";
  EXPECT_EQ(g[1]["verdict"], "ok");
  // What G wrote between its turns goes with its second turn, cut at 64 KiB.
  EXPECT_EQ(g[1]["stderr"].get<std::string>().size(), 64u * 1024);
  EXPECT_TRUE(g[1]["stderr_truncated"].get<bool>());
  EXPECT_EQ(run_command({arena_bin(), "replay", p.path}).status, 0);
}

// stderr is bytes, the replay JSON: what is not UTF-8 is kept as U+FFFD (the one policy of
// core/utf8.h, as in every game) and the game goes on.
TEST(DraculaE2E, StderrThatIsNotUtf8IsKeptReadable) {
  Played p = play({{"G", misbehave("bad_utf8_stderr")}});
  ASSERT_EQ(p.status, 0) << p.err;
  const std::string err = p.turns["G"][0]["stderr"];
  EXPECT_NE(err.find("play 0\n\xEF\xBF\xBD caf\u00e9 \xEF\xBF\xBD\xEF\xBF\xBD\n"),
            std::string::npos)
      << err;
  EXPECT_EQ(p.turns["G"][0]["move"], "ST");
  EXPECT_EQ(run_command({arena_bin(), "replay", p.path}).status, 0);
}

// §6.1 "so a chatty AI never blocks": several MiB of stderr in a turn, in both modes, and the AI
// still answers in time, turn after turn.
TEST(DraculaE2E, ChattyAiStillAnswersInTime) {
  for (const char* mode : {"process", "persistent"}) {
    SCOPED_TRACE(mode);
    const bool pers = std::string(mode) == "persistent";
    Played p = play({{"G", pers ? persistent("chatty") : misbehave("chatty")}}, 1500,
                    {"--mode", std::string("G=") + mode});
    ASSERT_EQ(p.status, 0) << p.err;
    const auto& g = p.turns["G"];
    ASSERT_GE(g.size(), 3u);
    for (int i = 0; i < 2; ++i) {
      SCOPED_TRACE(i);
      EXPECT_EQ(g[i]["move"], "ST");
      EXPECT_EQ(g[i]["source"], "ai");
      EXPECT_EQ(g[i]["verdict"], "ok");
      EXPECT_NE(g[i]["end"], "timeout");
      EXPECT_EQ(g[i]["stderr"].get<std::string>().size(), 64u * 1024);
      EXPECT_TRUE(g[i]["stderr_truncated"].get<bool>());
    }
    EXPECT_EQ(p.result()["messages"][5], "chatty " + std::string(pers ? "2" : "1"));
    EXPECT_EQ(p.result()["disqualified"]["G"]["play"], 10) << "its third turn decides the rest";
    EXPECT_TRUE(p.result()["winner"] == "hunters" || p.result()["winner"] == "dracula");
  }
}

// §6.6 "per-turn stderr excerpts go to a separate log file referenced from the record":
// `arena replay FILE --export OUT` writes OUT.stderr.jsonl next to OUT and names it in OUT.
TEST(DraculaE2E, ExportWritesTheStderrLogNextToTheRecord) {
  Played p = play({{"G", misbehave("stderr_turns")}});
  ASSERT_EQ(p.status, 0) << p.err;
  const std::string dir = temp_dir(), out = dir + "/game.json";
  CommandResult r = run_command({arena_bin(), "replay", p.path, "--export", out});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  Json doc = Json::parse(read_file(out));
  EXPECT_EQ(doc["format"], "fod-game-1");
  EXPECT_EQ(doc["stderr_log"], "game.json.stderr.jsonl");
  EXPECT_FALSE(doc.contains("logs"));
  std::vector<Json> lines;
  std::ifstream in(dir + "/game.json.stderr.jsonl");
  for (std::string line; std::getline(in, line);) lines.push_back(Json::parse(line));
  ASSERT_EQ(lines.size(), 2u) << "G's two asked turns; the in-process AIs wrote nothing";
  EXPECT_EQ(lines[0]["play"], 0);
  EXPECT_EQ(lines[0]["seat"], "G");
  EXPECT_EQ(lines[0]["stderr"], p.turns["G"][0]["stderr"]);
  EXPECT_EQ(lines[0]["truncated"], true);
  EXPECT_EQ(lines[1]["play"], 5);
  EXPECT_EQ(lines[1]["stderr"], p.turns["G"][1]["stderr"]);
  EXPECT_EQ(lines[1]["truncated"], false);

  // Printed, the record has nowhere to put a second file: no reference.
  CommandResult printed = run_command({arena_bin(), "replay", p.path, "--export"});
  ASSERT_EQ(printed.status, 0) << printed.err;
  EXPECT_FALSE(Json::parse(printed.out).contains("stderr_log"));

  // A game without stderr: no side file, no reference.
  Played quiet = play({});
  ASSERT_EQ(quiet.status, 0) << quiet.err;
  const std::string quiet_out = dir + "/quiet.json";
  ASSERT_EQ(run_command({arena_bin(), "replay", quiet.path, "--export", quiet_out}).status, 0);
  EXPECT_FALSE(Json::parse(read_file(quiet_out)).contains("stderr_log"));
  EXPECT_FALSE(std::ifstream(quiet_out + ".stderr.jsonl").good());

  // An export path that cannot be written: a precise message, exit 1.
  CommandResult bad =
      run_command({arena_bin(), "replay", p.path, "--export", dir + "/no-such-dir/out.json"});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("cannot write " + dir + "/no-such-dir/"), std::string::npos) << bad.err;
}

// Row 13.
TEST(DraculaE2E, PersistentLinesForAnotherTurnAreIgnored) {
  Played p = play({{"G", persistent("wrong_turn")}}, 1500, {"--mode", "G=persistent"});
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.turns["G"][0]["move"], "JM");
  EXPECT_EQ(p.turns["G"][0]["reason"], "no_reply");
  EXPECT_EQ(p.turns["G"][0]["stale_lines"], 3);
  EXPECT_EQ(p.turns["G"][0]["end"], "done");
  expect_disqualified_second_turn(p);
  EXPECT_TRUE(process_gone(pid_in(p.turns["G"][0]["stderr"])));
}

// Row 14.
TEST(DraculaE2E, PersistentWithoutDoneLineEndsAtDeadline) {
  Played p = play({{"G", persistent("no_done")}}, 1000, {"--mode", "G=persistent"});
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.turns["G"][0]["move"], "ST");
  EXPECT_EQ(p.turns["G"][0]["end"], "timeout");
  expect_disqualified_second_turn(p);
}

// Row 15: died or closed stdout -> default moves for the rest, a crash, not a disqualification.
TEST(DraculaE2E, PersistentDeathGivesDefaultMoves) {
  for (const char* b : {"die_after_first", "close_stdout"}) {
    SCOPED_TRACE(b);
    Played p = play({{"G", persistent(b)}}, 1500, {"--mode", "G=persistent"});
    ASSERT_EQ(p.status, 0) << p.err;
    const auto& g = p.turns["G"];
    ASSERT_GE(g.size(), 3u);
    EXPECT_EQ(g[0]["move"], "ST");
    EXPECT_EQ(g[1]["source"], "default");
    EXPECT_EQ(g[1]["reason"], "crashed");
    EXPECT_EQ(g[2]["verdict"], "not_asked");
    EXPECT_EQ(g[2]["move"], "ST");  // stays
    EXPECT_TRUE(p.result()["disqualified"].empty());
    EXPECT_EQ(p.result()["seats"]["G"]["crashes"], 1);
    EXPECT_TRUE(process_gone(pid_in(p.turns["G"][0]["stderr"])));
  }
}

// Built-in AIs as programs decide exactly as in process, in both modes; the --json shape; replays.
TEST(DraculaE2E, ProgramBotsEqualInProcessBots) {
  const std::string bot = arena_bin() + " bot dracula b-hunt-random";
  Played in = play({{"hunters", "bot:b-hunt-random"}, {"D", "bot:b-drac-greedy"}}, 1500, {}, "5");
  Played proc =
      play({{"hunters", bot}, {"D", arena_bin() + " bot dracula b-drac-greedy"}}, 1500, {}, "5");
  Played pers = play({{"hunters", bot + " --persistent"}, {"D", "bot:b-drac-greedy"}}, 1500,
                     {"--mode", "hunters=persistent"}, "5");
  for (const Played* p : {&in, &proc, &pers}) ASSERT_EQ(p->status, 0) << p->err;
  EXPECT_EQ(proc.result()["past_plays"], in.result()["past_plays"]);
  EXPECT_EQ(pers.result()["past_plays"], in.result()["past_plays"]);
  EXPECT_EQ(pers.result()["seats"]["G"]["mode"], "persistent");
  for (const char* s : {"G", "S", "H", "M", "D"}) {
    EXPECT_EQ(proc.result()["seats"][s]["ai_moves"], proc.turns[s].size());
    EXPECT_EQ(proc.result()["seats"][s]["garbled_lines"], 0);
  }

  // --json: DESIGN.md's shape with the §6.6 fields.
  const Json& j = in.json;
  EXPECT_EQ(j["game"], "dracula");
  EXPECT_EQ(j["seed"], "5");
  EXPECT_TRUE(j["winner"] == "hunters" || j["winner"] == "dracula");
  EXPECT_EQ(j["scores"]["G"], j["result"]["final_score"]);
  EXPECT_EQ(j["scores"]["D"].get<int>(), 366 - j["result"]["final_score"].get<int>());
  for (const char* k :
       {"format", "seed", "time_limit_ms", "seats", "past_plays", "messages", "winner",
        "final_score", "final_round", "plays", "dracula_blood", "hunter_health", "disqualified"})
    EXPECT_TRUE(j["result"].contains(k)) << k;

  // The replay checks and exports.
  CommandResult check = run_command({arena_bin(), "replay", in.path});
  EXPECT_EQ(check.status, 0) << check.err;
  CommandResult exported = run_command({arena_bin(), "replay", in.path, "--export"});
  ASSERT_EQ(exported.status, 0) << exported.err;
  Json doc = Json::parse(exported.out);
  EXPECT_EQ(doc["format"], "fod-game-1");
  EXPECT_EQ(doc["turns"].size(), j["result"]["plays"].get<size_t>());
  EXPECT_TRUE(doc["turns"][0].contains("think_ms"));
}

TEST(DraculaE2E, SameSeedSameReplayBytesWithoutTimings) {
  Played a = play({{"D", "bot:b-drac-loop"}}, 1500, {"--mode", "S=persistent"}, "42");
  Played b = play({{"D", "bot:b-drac-loop"}}, 1500, {"--mode", "S=persistent"}, "42");
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(without_timings(a.raw), without_timings(b.raw));
}

TEST(DraculaE2E, PlayOnSeedSPlusIEqualsEvalGameI) {
  std::vector<std::string> seats = {"--seat", "hunters=bot:b-hunt-chase", "--seat",
                                    "D=bot:b-drac-greedy"};
  std::vector<std::string> argv = {arena_bin(), "eval", "dracula", "--games", "3",
                                   "--seed",    "100",  "--jobs",  "2",       "--json"};
  argv.insert(argv.end(), seats.begin(), seats.end());
  CommandResult e = run_command(argv);
  ASSERT_EQ(e.status, 0) << e.err;
  Json ev = Json::parse(e.out);
  EXPECT_TRUE(ev.contains("mean_round"));
  EXPECT_TRUE(ev.contains("mean_final_score"));
  EXPECT_EQ(ev["illegal_moves"], 0);
  for (int i = 0; i < 3; ++i) {
    Played p = play({{"hunters", "bot:b-hunt-chase"}, {"D", "bot:b-drac-greedy"}}, 1500, {},
                    std::to_string(100 + i));
    ASSERT_EQ(p.status, 0) << p.err;
    EXPECT_EQ(ev["roles"]["G"]["scores"][i], p.json["scores"]["G"]) << i;
    EXPECT_EQ(ev["roles"]["D"]["scores"][i], p.json["scores"]["D"]) << i;
  }
}

TEST(DraculaE2E, BotProgramSpeaksBothModes) {
  CommandResult once =
      run_command({"env", "FOD_SEED=9", arena_bin(), "bot", "dracula", "b-hunt-stay"},
                  "{\"past_plays\":\"\",\"messages\":[]}\n");
  ASSERT_EQ(once.status, 0) << once.err;
  EXPECT_EQ(once.out, "{\"move\":\"JM\",\"message\":\"\"}\n");
  CommandResult pers =
      run_command({arena_bin(), "bot", "dracula", "b-hunt-stay", "--persistent"},
                  "{\"turn\":0,\"past_plays\":\"\",\"messages\":[]}\n"
                  "{\"turn\":5,\"past_plays\":\"GST.... SAO.... HZU.... MBB.... DC?.V..\","
                  "\"messages\":[\"\",\"\",\"\",\"\",\"\"]}\n");
  ASSERT_EQ(pers.status, 0) << pers.err;
  EXPECT_EQ(pers.out,
            "{\"turn\":0,\"move\":\"JM\",\"message\":\"\"}\n{\"turn\":0,\"done\":true}\n"
            "{\"turn\":5,\"move\":\"ST\",\"message\":\"\"}\n{\"turn\":5,\"done\":true}\n");
  EXPECT_EQ(run_command({arena_bin(), "bot", "dracula", "b-hunt-stay", "--nope"}).status, 2);
  EXPECT_EQ(run_command({arena_bin(), "play", "dracula", "--seat", "hunters=bot:b-hunt-stay",
                         "--seat", "D=bot:b-drac-random", "--mode", "D=weird"})
                .status,
            2);
}

}  // namespace
}  // namespace arena::testing

namespace arena::testing {
namespace {

// The CI requirement: the small C hunter and C Dracula of examples/dracula, built from
// course-style sources against the installed-style libraries, play a full game in the referee, in
// both protocol modes, without one default move, garbled line or disqualification.
TEST(DraculaE2E, CourseStyleCPlayersPlayAFullGame) {
  const std::string dir = ARENA_TEST_DRACULA_EXAMPLES_DIR;
  for (const char* mode : {"process", "persistent"}) {
    SCOPED_TRACE(mode);
    const std::string flag = std::string(mode) == "persistent" ? " --persistent" : "";
    Played p =
        play({{"hunters", dir + "/hunter" + flag}, {"D", dir + "/dracula" + flag}}, 1500,
             {"--mode", std::string("hunters=") + mode, "--mode", std::string("D=") + mode}, "11");
    ASSERT_EQ(p.status, 0) << p.err;
    const Json& r = p.result();
    EXPECT_TRUE(r["winner"] == "hunters" || r["winner"] == "dracula");
    EXPECT_TRUE(r["disqualified"].empty()) << r["disqualified"].dump();
    for (const char* s : {"G", "S", "H", "M", "D"}) {
      EXPECT_EQ(r["seats"][s]["mode"], mode);
      EXPECT_EQ(r["seats"][s]["garbled_lines"], 0) << s;
      EXPECT_EQ(r["seats"][s]["default_moves"], 0) << s;
      EXPECT_EQ(r["seats"][s]["ai_moves"], p.turns[s].size()) << s;
    }
    EXPECT_EQ(run_command({arena_bin(), "replay", p.path}).status, 0);
  }
}

}  // namespace
}  // namespace arena::testing

namespace arena::testing {
namespace {

// §6.3: a persistent program's start-up is not counted against its first turn. G is asked at
// once; a hunter program that needs 1300 ms to start (more than L) still moves in its first turn
// with a 1000 ms limit.
TEST(DraculaE2E, PersistentStartUpIsNotCountedAgainstTheFirstTurn) {
  const std::string slow =
      "sh -c 'sleep 1.3; exec \"$0\" bot dracula b-hunt-random --persistent' " + arena_bin();
  Played p = play({{"G", slow}}, 1000, {"--mode", "G=persistent"}, "3");
  ASSERT_EQ(p.status, 0) << p.err;
  ASSERT_FALSE(p.turns["G"].empty());
  EXPECT_EQ(p.turns["G"][0]["source"], "ai") << p.turns["G"][0].dump();
  EXPECT_EQ(p.result()["seats"]["G"]["default_moves"], 0);
}

}  // namespace
}  // namespace arena::testing
