// The `arena` command line as a user meets it: exit statuses, error messages, JSON shapes,
// reproducibility across play/eval and in-process/program bots, replays, and the examples.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

TEST(Cli, GamesListsWumpus) {
  auto r = run_arena({"games", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  Json games = Json::parse(r.out);
  Json wumpus;
  for (const auto& g : games)
    if (g["name"] == "wumpus") wumpus = g;
  ASSERT_TRUE(wumpus.is_object()) << games.dump();
  EXPECT_EQ(wumpus["roles"], Json::array({"hero"}));
  EXPECT_EQ(wumpus["default_time_ms"], 10000);
  EXPECT_EQ(run_arena({"games"}).status, 0);
}

TEST(Cli, UsageErrorsExitTwoWithAPreciseMessage) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {{"play", "wumpus", "colour=red", "--seat", "hero=bot:random"},
       "arena: colour: unknown parameter of wumpus (known: mode, width, height, pit_percent, "
       "wumpuses, arrows, map)\n"},
      {{"play", "wumpus", "mode=advanced", "width=11", "--seat", "hero=bot:random"},
       "arena: width: width must be -1 or an integer from 1 to 10\n"},
      {{"play", "wumpus", "mode=advanced", "width=1", "height=1", "--seat", "hero=bot:random"},
       "arena: wumpus: width*height must be at least 2\n"},
      {{"play", "wumpus", "mode=advanced", "width=2", "height=2", "wumpuses=4", "--seat",
        "hero=bot:random"},
       "arena: wumpus: wumpuses must be at most width*height-1\n"},
      {{"play", "wumpus", "mode=hard", "--seat", "hero=bot:random"},
       "arena: mode: must be classic, random, advanced or custom\n"},
      {{"play", "wumpus", "width=5", "--seat", "hero=bot:random"},
       "arena: width: only used with mode=advanced\n"},
      {{"play", "wumpus", "mode=custom", "--seat", "hero=bot:random"},
       "arena: map: mode=custom needs map=FILE (or map=- for stdin)\n"},
      {{"play", "wumpus", "--seat", "hero=bot:nobody"},
       "arena: --seat hero=bot:nobody: no built-in bot named 'nobody'\n"},
      {{"play", "wumpus", "--seat", "villain=bot:random"},
       "arena: --seat villain: wumpus has no role 'villain' (roles: hero)\n"},
      {{"play", "wumpus"}, "arena: --seat hero=SPEC is required (wumpus needs 1 seat)\n"},
      {{"play", "wumpus", "--seat", "hero=bot:random", "--seed", "-1"},
       "arena: --seed: must be a decimal integer from 0 to 18446744073709551615\n"},
      {{"play", "wumpus", "--seat", "hero=bot:random", "--seed", "18446744073709551616"},
       "arena: --seed: must be a decimal integer from 0 to 18446744073709551615\n"},
      {{"play", "wumpus", "--seat", "hero=bot:random", "--time-ms", "50"},
       "arena: --time-ms: must be from 100 to 600000 for wumpus\n"},
      {{"play", "chess", "--seat", "hero=bot:random"},
       "arena: unknown game 'chess' (games: dracula, wumpus, empire, evolution, dungeon)\n"},
      {{"bot", "wumpus", "nobody"},
       "arena: wumpus has no bot 'nobody' (bots: reference, random)\n"},
      // Ranges checked while the command line is parsed, in the same form.
      {{"eval", "wumpus", "--seat", "hero=bot:random", "--games", "0"},
       "arena: --games: must be an integer from 1 to 10000000\n"},
      {{"eval", "wumpus", "--seat", "hero=bot:random", "--jobs", "many"},
       "arena: --jobs: must be an integer from 1 to 256\n"},
      {{"eval", "wumpus", "--seat", "hero=bot:random", "--jobs", "2x"},
       "arena: --jobs: must be an integer from 1 to 256\n"},
  };
  for (const auto& c : cases) {
    auto r = run_arena(c.args);
    EXPECT_EQ(r.status, 2) << c.message;
    EXPECT_EQ(r.err, c.message);
  }
  auto unknown = run_arena({"frobnicate"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.err.rfind("arena: ", 0), 0u) << unknown.err;
  EXPECT_EQ(run_arena({"play", "wumpus", "--seat"}).status, 2);
  EXPECT_EQ(run_arena({"--help"}).status, 0);
  EXPECT_EQ(run_arena({"play", "--help"}).status, 0);
}

TEST(Cli, CustomMapErrorsAreTheSpecsMessages) {
  struct Case {
    std::string map, message;
  } cases[] = {
      {"4\n4\n", "map: expected 3 header lines (width, height, arrows)"},
      {"11\n4\n1\n", "map: line 1: width must be an integer from 1 to 10"},
      {"4\n4\n1\n....\n....\n....\n", "map: expected 4 rows after the header, found 3"},
      {"2\n2\n1\n.$\n.W.\n", "map: line 5: row has 3 characters, expected 2"},
      {"2\n2\n1\n.$\n.x\n", "map: line 5, column 2: invalid character 'x' (allowed: . W _ $ w S)"},
      {"2\n2\n1\n..\n..\n", "map: the map must contain exactly one gold ($ or S), found 0"},
      {"2\n2\n1\n.$\n_.\n",
       "map: the entrance (first character of the last row) must be '.', found '_'"},
  };
  for (const auto& c : cases) {
    auto r =
        run_arena({"play", "wumpus", "mode=custom", "map=-", "--seat", "hero=bot:random"}, c.map);
    EXPECT_EQ(r.status, 2) << c.message;
    EXPECT_EQ(r.err, "arena: " + c.message + "\n");
  }
  auto missing = run_arena(
      {"play", "wumpus", "mode=custom", "map=/nonexistent/map.txt", "--seat", "hero=bot:random"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err,
            "arena: map: cannot read /nonexistent/map.txt: No such file or directory\n");
}

TEST(Cli, PlayJsonShape) {
  auto r = run_arena({"play", "wumpus", "--seat", "hero=bot:reference", "--seed", "1", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  Json j = Json::parse(r.out);
  EXPECT_EQ(j["game"], "wumpus");
  EXPECT_EQ(j["seed"], "1");
  ASSERT_TRUE(j["scores"]["hero"].is_number_integer());
  for (const char* k :
       {"score", "reason", "actions", "gold_carried", "wumpuses_killed", "arrows_left"})
    EXPECT_TRUE(j["result"].contains(k)) << k;
  EXPECT_EQ(j["scores"]["hero"], j["result"]["score"]);
  EXPECT_EQ(j["winner"].is_null(), j["result"]["reason"] != "exit_with_gold");
  auto plain = run_arena({"play", "wumpus", "--seat", "hero=bot:reference", "--seed", "1"});
  EXPECT_EQ(plain.out, "hero scored " + j["scores"]["hero"].dump() + " (" +
                           j["result"]["reason"].get<std::string>() + ", " +
                           j["result"]["actions"].dump() + " actions)\n");
}

TEST(Cli, EvalGameIEqualsPlayOnSeedSPlusI) {
  auto r = run_arena({"eval", "wumpus", "mode=random", "--seat", "hero=bot:reference", "--games",
                      "8", "--seed", "100", "--jobs", "2", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  Json j = Json::parse(r.out);
  EXPECT_EQ(j["games"], 8);
  EXPECT_EQ(j["seed"], "100");
  const Json& hero = j["roles"]["hero"];
  ASSERT_EQ(hero["scores"].size(), 8u);
  double sum = 0;
  for (const auto& s : hero["scores"]) sum += s.get<double>();
  EXPECT_DOUBLE_EQ(hero["mean"].get<double>(), sum / 8);
  EXPECT_LE(hero["ci95"][0].get<double>(), hero["mean"].get<double>());
  EXPECT_GE(hero["ci95"][1].get<double>(), hero["mean"].get<double>());
  EXPECT_TRUE(j.contains("death_rate"));
  for (int i = 0; i < 8; ++i) {
    auto p = run_arena({"play", "wumpus", "mode=random", "--seat", "hero=bot:reference", "--seed",
                        std::to_string(100 + i), "--json"});
    EXPECT_EQ(Json::parse(p.out)["scores"]["hero"], hero["scores"][i]) << "game " << i;
  }
}

std::string replay_of(const std::string& seat, const std::string& seed, const std::string& mode) {
  std::string dir = temp_dir(), path = dir + "/r.jsonl";
  auto r = run_arena({"play", "wumpus", "mode=" + mode, "--seat", "hero=" + seat, "--seed", seed,
                      "--replay", path});
  EXPECT_EQ(r.status, 0) << r.err;
  return read_file(path);
}

TEST(Cli, SameSeedSameBotsSameReplayBytes) {
  for (const char* seed : {"1", "2", "77"}) {
    std::string a = replay_of("bot:reference", seed, "random");
    std::string b = replay_of("bot:reference", seed, "random");
    EXPECT_EQ(without_timings(a), without_timings(b));
    // The same bot as a program makes the same moves as in process.
    std::string program = replay_of(arena_bin() + " bot wumpus reference", seed, "random");
    auto turns = [](const std::string& jsonl) {
      std::string out;
      size_t pos = 0;
      while (pos < jsonl.size()) {
        size_t end = jsonl.find('\n', pos);
        Json line = Json::parse(jsonl.substr(pos, end - pos));
        pos = end + 1;
        if (line["type"] == "turn") out += line["answer"].dump() + line["score"].dump();
      }
      return out;
    };
    EXPECT_EQ(turns(a), turns(program));
  }
}

TEST(Cli, ReplayCheckSummaryAndExport) {
  std::string dir = temp_dir(), path = dir + "/r.jsonl";
  ASSERT_EQ(
      run_arena({"play", "wumpus", "--seat", "hero=bot:reference", "--seed", "3", "--replay", path})
          .status,
      0);
  auto ok = run_arena({"replay", path, "--json"});
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(Json::parse(ok.out)["valid"].get<bool>());
  auto exported = run_arena({"replay", path, "--export"});
  ASSERT_EQ(exported.status, 0);
  Json doc = Json::parse(exported.out);
  for (const char* k : {"game", "format", "mode", "seed", "params", "map_code", "cave", "player",
                        "turn_timeout_ms", "turns", "result"})
    EXPECT_TRUE(doc.contains(k)) << k;
  EXPECT_EQ(doc["seed"], "3");
  EXPECT_FALSE(doc["turns"][0].contains("type"));

  // A tampered score is found by playing the recorded actions again.
  std::string text = read_file(path);
  size_t at = text.find("\"score\":-1,");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 11, "\"score\":-2,");
  std::ofstream(dir + "/bad.jsonl") << text;
  auto bad = run_arena({"replay", dir + "/bad.jsonl"});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("turn 1: score is -2, replaying gives -1"), std::string::npos) << bad.err;

  std::ofstream(dir + "/garbage.jsonl") << "not a replay\n";
  auto garbage = run_arena({"replay", dir + "/garbage.jsonl"});
  EXPECT_EQ(garbage.status, 1);
  EXPECT_EQ(garbage.err,
            "arena: replay: " + dir +
                "/garbage.jsonl: line 1: not valid JSON (a replay is JSON Lines: one object per "
                "line)\n");
}

TEST(Cli, BotProgramSpeaksTheProtocol) {
  auto r =
      run_arena({"bot", "wumpus", "reference"}, "start 4 4 1 1 20 96\nnone\nbogus breeze\nend 0\n");
  ASSERT_EQ(r.status, 0) << r.err;
  // One action per percept line, none after `end`. The reference bot goes north from the entrance
  // (no percept); in the breeze at (0, 1) a pit may lie ahead, so it turns back.
  EXPECT_EQ(r.out, "go\nrotateL\n");
  EXPECT_EQ(r.err, "wumpus bot: unknown percept words ignored in: bogus breeze\n");
  // Early EOF: exits cleanly.
  EXPECT_EQ(run_arena({"bot", "wumpus", "reference"}, "start 4 4 1 1 20 96\nnone\n").status, 0);
  EXPECT_EQ(run_arena({"bot", "wumpus", "random", "--seed", "5"}, "").status, 0);
  auto extra = run_arena({"bot", "wumpus", "reference", "--persistent"});
  EXPECT_EQ(extra.status, 2);
  EXPECT_EQ(extra.err,
            "arena: bot wumpus reference: unknown argument '--persistent' (it takes none)\n");
}

TEST(Cli, VersionIsTheProjectVersion) {
  // The version written in project(arena VERSION x.y.z) of the top CMakeLists.txt.
  const std::string cmake = read_file(source_path("CMakeLists.txt"));
  const std::string key = "project(arena VERSION ";
  const size_t at = cmake.find(key);
  ASSERT_NE(at, std::string::npos);
  const size_t from = at + key.size();
  const std::string version = cmake.substr(from, cmake.find(' ', from) - from);
  ASSERT_FALSE(version.empty());
  auto r = run_arena({"--version"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "arena " + version + "\n");
  EXPECT_EQ(r.err, "");
  // The same version is what replays record.
  std::string dir = temp_dir(), path = dir + "/r.jsonl";
  ASSERT_EQ(
      run_arena({"play", "wumpus", "--seat", "hero=bot:reference", "--seed", "3", "--replay", path})
          .status,
      0);
  const std::string text = read_file(path);
  EXPECT_EQ(Json::parse(text.substr(0, text.find('\n')))["arena_version"], version);
}

TEST(Cli, PlayPrintsTheDrawnSeedAndItPlaysTheSameMatch) {
  auto drawn = run_arena({"play", "wumpus", "mode=random", "--seat", "hero=bot:reference"});
  ASSERT_EQ(drawn.status, 0) << drawn.err;
  const std::string key = "\nseed: ";
  const size_t at = drawn.out.rfind(key);
  ASSERT_NE(at, std::string::npos) << drawn.out;
  const std::string tail = drawn.out.substr(at + key.size());
  const std::string seed = tail.substr(0, tail.find(' '));
  ASSERT_EQ(tail, seed + " (drawn)\n") << drawn.out;
  ASSERT_FALSE(seed.empty());
  // The printed seed plays the match again; a given seed is not printed again.
  auto again =
      run_arena({"play", "wumpus", "mode=random", "--seat", "hero=bot:reference", "--seed", seed});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, drawn.out.substr(0, at + 1));
  // JSON carries the drawn seed as it always did.
  auto json =
      run_arena({"play", "wumpus", "mode=random", "--seat", "hero=bot:reference", "--json"});
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(Json::parse(json.out)["seed"].is_string());
}

// A replay path that cannot be written: the match is played, the message names the path, the
// run fails with status 1. With --serve too: the server's thread is stopped and joined, so arena
// ends by itself instead of serving a match whose replay was lost.
TEST(Cli, PlayWithAReplayPathThatCannotBeWrittenFailsWithItsName) {
  const std::string path = temp_dir() + "/no-such-dir/match.jsonl";
  for (const bool serve : {false, true}) {
    SCOPED_TRACE(serve ? "--serve" : "no server");
    std::vector<std::string> args = {"play",   "wumpus", "--seat",   "hero=bot:reference",
                                     "--seed", "4",      "--replay", path};
    if (serve) args.insert(args.end(), {"--serve", "--serve-port", "0"});
    CommandResult r = run_arena(args);
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("arena: cannot write " + path + ": "), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("replay: "), std::string::npos) << r.out;
  }
}

TEST(Cli, ExamplesPlayAFullGame) {
  std::string py = "python3 " + source_path("examples/wumpus/example_bot.py");
  std::string cc = arena_bin().substr(0, arena_bin().size() - 5) + "wumpus_example_bot";
  for (const std::string& seat : {py, cc}) {
    auto r = run_arena({"play", "wumpus", "--seat", "hero=" + seat, "--seed", "4", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    Json j = Json::parse(r.out);
    EXPECT_GT(j["scores"]["hero"].get<int>(), -5000) << seat << ": " << r.out;
  }
}

// `arena <game> <tool> ...`: a game's own tools (here Evolution's course harnesses), the same
// answers as the course executables on the spec's worked examples.
TEST(Cli, GameToolsRunThroughArena) {
  for (const char* example : {"xattack_10.1.1", "xstep_10.3.1", "xsilly_10.5.1"}) {
    SCOPED_TRACE(example);
    const std::string name(example);
    const std::string tool = name.substr(0, name.find('_'));
    const std::string in = read_file(source_path("games/evolution/testdata/" + name + ".in"));
    const std::string out = read_file(source_path("games/evolution/testdata/" + name + ".out"));
    CommandResult r = run_arena({"evolution", tool}, in);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(Json::parse(r.out), Json::parse(out));
  }
  CommandResult xmain = run_arena({"evolution", "xmain", "3", "7", "rules=instructor"});
  EXPECT_EQ(xmain.status, 0) << xmain.err;
  EXPECT_EQ(xmain.out, run_command({arena_bin().substr(0, arena_bin().size() - 5) + "xmain", "3",
                                    "7", "rules=instructor"})
                           .out);
  CommandResult unknown = run_arena({"evolution", "xnothing"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_EQ(unknown.err,
            "arena: evolution has no tool 'xnothing' (tools: xattack, xfeed, xstep, "
            "xstep4, xsilly, xstream, xmain)\n");
  CommandResult games = run_arena({"games", "--json"});
  ASSERT_EQ(games.status, 0);
  for (const Json& g : Json::parse(games.out)) {
    if (g["name"] != "evolution") continue;
    EXPECT_EQ(g["tools"].size(), 7u);
    EXPECT_EQ(g["dynamics"], "turn-based");
  }
}

// `arena serve`'s tournament database (docs/web.md, "Tournaments"): --db, else ./arena.db when
// it is there; one that cannot be opened stops serve with status 2, and none is ever created.
TEST(Cli, ServeOpensTheTournamentDatabaseAtStartupOrSaysWhyNot) {
  const std::string dir = temp_dir();
  CommandResult missing = run_arena({"serve", "--port", "0", "--db", dir + "/none.db"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err,
            "arena: serve: cannot open the database " + dir + "/none.db: no such file\n");
  EXPECT_FALSE(std::ifstream(dir + "/none.db").good());

  std::ofstream(dir + "/arena.db") << "not a database, but where the default is looked for\n";
  const std::string cd = "cd '" + dir + "' && exec '" + arena_bin() + "' serve --port 0";
  CommandResult bad = run_command({"sh", "-c", cd});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("arena: serve: "), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("(arena.db of the current directory; --db names another)\n"),
            std::string::npos)
      << bad.err;

  std::remove((dir + "/arena.db").c_str());
  CommandResult made = run_arena({"tournament", "run", "t", "--game", "wumpus", "--bot",
                                  "a=bot:random", "--seed", "1", "--db", dir + "/arena.db"});
  ASSERT_EQ(made.status, 0) << made.err;
  Proc serve({"sh", "-c", cd});
  EXPECT_TRUE(serve.wait_out("/tournaments\n")) << serve.out() << serve.err();
  EXPECT_NE(serve.out().find("arena: tournaments at http://127.0.0.1:"), std::string::npos);
}

}  // namespace
}  // namespace arena::testing
