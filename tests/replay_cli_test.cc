// `arena replay` as a hostile user meets it: files that are not replays get a precise message
// naming the file, and replays written by `arena play` then edited (a score, a winner, a verdict,
// the seed) are refused with the exact field that replaying contradicts.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::ordered_json;

// A replay as its lines, to edit.
struct Lines {
  std::vector<Json> lines;

  Json& header() { return lines.front(); }
  Json& result() { return lines.back(); }
  std::vector<Json*> turns() {
    std::vector<Json*> out;
    for (Json& l : lines)
      if (l["type"] == "turn") out.push_back(&l);
    return out;
  }
  std::string text() const {
    std::string out;
    for (const Json& l : lines) out += l.dump() + "\n";
    return out;
  }
};

Lines read_lines(const std::string& path) {
  Lines r;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) r.lines.push_back(Json::parse(line));
  return r;
}

// Plays one match with `arena play ... --replay` and returns the replay's path.
std::string play(const std::string& dir, std::vector<std::string> args) {
  const std::string path = dir + "/played.jsonl";
  args.insert(args.begin(), "play");
  args.push_back("--replay");
  args.push_back(path);
  CommandResult r = run_arena(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return path;
}

// Checks `text` as a replay file; returns arena's stderr, or "valid" when it passes.
std::string check(const std::string& dir, const std::string& text) {
  const std::string path = dir + "/edited.jsonl";
  std::ofstream(path) << text;
  CommandResult r = run_arena({"replay", path});
  if (r.status == 0) return "valid";
  EXPECT_EQ(r.status, 1) << r.err;
  return r.err;
}

std::string problem(const std::string& dir, const std::string& what) {
  return "arena: replay: " + dir + "/edited.jsonl: " + what + "\n";
}

TEST(ReplayCli, FilesThatAreNotReplaysAreNamedWithTheReason) {
  const std::string dir = temp_dir();
  const std::string played = play(dir, {"wumpus", "--seat", "hero=bot:reference", "--seed", "3"});
  const std::string good = read_file(played);
  struct Case {
    std::string path, message;
  } cases[] = {
      {dir, "is a directory, not a replay file"},
      {dir + "/missing.jsonl", "cannot read: No such file or directory"},
      // Opens, but reading fails (a process's own memory at address 0).
      {"/proc/self/mem", "cannot read: Input/output error"},
  };
  for (const Case& c : cases) {
    CommandResult r = run_arena({"replay", c.path});
    EXPECT_EQ(r.status, 1) << c.path;
    EXPECT_EQ(r.err, "arena: replay: " + c.path + ": " + c.message + "\n");
  }
  if (geteuid() != 0) {  // root reads whatever the mode says
    const std::string locked = dir + "/locked.jsonl";
    std::ofstream(locked) << good;
    ::chmod(locked.c_str(), 0);
    EXPECT_EQ(run_arena({"replay", locked}).err,
              "arena: replay: " + locked + ": cannot read: Permission denied\n");
  }

  const std::string header = good.substr(0, good.find('\n') + 1);
  const std::string body = good.substr(0, good.rfind("{\"type\":\"result\""));
  EXPECT_EQ(check(dir, ""), problem(dir, "empty file, not a replay"));
  EXPECT_EQ(check(dir, "hero scored 7\n"),
            problem(dir, "line 1: not valid JSON (a replay is JSON Lines: one object per line)"));
  EXPECT_EQ(check(dir, header + "[1,2]\n"),
            problem(dir, "line 2: not a JSON object with a string \"type\""));
  // Truncated: the result line is gone, or the file stops inside a line.
  const int body_lines = static_cast<int>(std::count(body.begin(), body.end(), '\n'));
  EXPECT_EQ(check(dir, body),
            problem(dir, "truncated: no result line (the file ends with the turn line at line " +
                             std::to_string(body_lines) + ")"));
  EXPECT_EQ(check(dir, body + "{\"type\":\"result\",\"sco"),
            problem(dir, "truncated: line " + std::to_string(body_lines + 1) +
                             " is cut off and there is no result line"));

  // Header fields of the wrong type: named, without the JSON library's words.
  Lines lines = read_lines(played);
  lines.header()["game"] = 7;
  std::string err = check(dir, lines.text());
  EXPECT_EQ(err, problem(dir, "header: \"game\" is number 7, expected a string"));
  EXPECT_EQ(err.find("json.exception"), std::string::npos);
  lines = read_lines(played);
  lines.header()["seed"] = "3x";
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir,
                    "header: \"seed\" is string \"3x\", expected a decimal string from 0 to "
                    "18446744073709551615, or null"));
  lines = read_lines(played);
  lines.header()["seats"] = "hero";
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir, "header: \"seats\" is string \"hero\", expected an object"));
  lines = read_lines(played);
  lines.header()["game"] = "chess";
  EXPECT_EQ(
      check(dir, lines.text()),
      problem(dir, "unknown game 'chess' (games: dracula, wumpus, empire, evolution, dungeon)"));
  // A game field of the wrong type deep in a turn: still no library text.
  lines = read_lines(played);
  (*lines.turns()[0])["score"] = "high";
  err = check(dir, lines.text());
  EXPECT_NE(err.find("turn 1: score is \"high\", replaying gives -1"), std::string::npos) << err;
  EXPECT_EQ(err.find("json.exception"), std::string::npos) << err;
}

TEST(ReplayCli, WumpusTamperingIsFound) {
  const std::string dir = temp_dir();
  const std::string played =
      play(dir, {"wumpus", "mode=random", "--seat", "hero=bot:reference", "--seed", "3"});
  const Lines original = read_lines(played);
  EXPECT_EQ(check(dir, original.text()), "valid");
  const Json score = original.lines.back()["scores"]["hero"];

  Lines lines = original;
  lines.result()["scores"]["hero"] = 1000;
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir, "result line: scores.hero is 1000, replaying gives " + score.dump()));

  lines = original;
  lines.result()["winner"] = lines.result()["winner"].is_null() ? Json("hero") : Json(nullptr);
  EXPECT_NE(check(dir, lines.text()).find("result line: winner is "), std::string::npos);

  lines = original;
  lines.result()["result"]["reason"] = "exit_with_gold";
  if (original.lines.back()["result"]["reason"] != "exit_with_gold") {
    EXPECT_NE(check(dir, lines.text()).find("result line: result.reason is \"exit_with_gold\""),
              std::string::npos);
  }

  // Another seed under the same cave: the seed does not generate it.
  lines = original;
  lines.header()["seed"] = "4";
  std::string err = check(dir, lines.text());
  EXPECT_EQ(err.rfind("arena: replay: " + dir + "/edited.jsonl: header: map_code is \"", 0), 0u)
      << err;
  EXPECT_NE(err.find("but seed 4 generates \""), std::string::npos) << err;

  // The player of the spec's header is the hero seat.
  lines = original;
  lines.header()["player"]["name"] = "human";
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir, "header: player.name is \"human\", replaying gives \"reference\""));

  // A turn relabelled timeout while its answer is a valid action.
  lines = original;
  (*lines.turns()[0])["verdict"] = "timeout";
  err = check(dir, lines.text());
  EXPECT_NE(err.find("turn 1: verdict is \"timeout\", but an action is recorded"),
            std::string::npos)
      << err;
  // An answer that does not give the recorded action.
  lines = original;
  Json& first = *lines.turns()[0];
  const std::string other = first["action"] == "shot" ? "grab" : "shot";
  first["answer"] = other;
  err = check(dir, lines.text());
  EXPECT_NE(err.find("turn 1: action is " + first["action"].dump() + ", replaying gives \"" +
                     other + "\""),
            std::string::npos)
      << err;
  // A per-turn state field.
  lines = original;
  const Json pos = (*lines.turns()[0])["pos"];
  (*lines.turns()[0])["pos"] = Json::array({9, 9});
  err = check(dir, lines.text());
  EXPECT_NE(err.find("turn 1: pos is [9,9], replaying gives " + pos.dump()), std::string::npos)
      << err;
}

TEST(ReplayCli, EvolutionTamperingIsFound) {
  const std::string dir = temp_dir();
  const std::string played =
      play(dir, {"evolution", "--seat", "p1=bot:silly", "--seat", "p2=bot:silly", "--seat",
                 "p3=bot:silly", "--seat", "p4=/nonexistent/cmd", "--seed", "5"});
  const Lines original = read_lines(played);
  EXPECT_EQ(check(dir, original.text()), "valid");
  Lines lines = original;
  const Json p1 = lines.result()["scores"]["p1"];
  lines.result()["scores"]["p1"] = 99;
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir, "result line: scores.p1 is 99, replaying gives " + p1.dump()));

  lines = original;
  const Json winner = lines.result()["winner"];
  lines.result()["winner"] = winner == "p1" ? "p2" : "p1";
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir, "result line: winner is " + lines.result()["winner"].dump() +
                             ", replaying gives " + winner.dump()));

  // A seat that never played (dropped before the game) scores 0, and stays dropped.
  lines = original;
  lines.result()["scores"]["p4"] = 5;
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir, "result line: scores.p4 is 5, replaying gives 0"));
  lines = original;
  lines.header()["dropped"] = Json::array();
  EXPECT_NE(check(dir, lines.text()).find("header: dropped is [], replaying gives [{"),
            std::string::npos);

  lines = original;
  lines.header()["seed"] = "6";
  EXPECT_NE(check(dir, lines.text()).find("the recorded message is not what seed 6 deals"),
            std::string::npos);
}

TEST(ReplayCli, DraculaTamperingIsFound) {
  const std::string dir = temp_dir();
  const std::string played = play(dir, {"dracula", "--seat", "hunters=bot:b-hunt-chase", "--seat",
                                        "D=bot:b-drac-greedy", "--seed", "7"});
  const Lines original = read_lines(played);
  EXPECT_EQ(check(dir, original.text()), "valid");
  const Json winner = original.lines.back()["winner"];
  const Json other = winner == "hunters" ? Json("dracula") : Json("hunters");

  Lines lines = original;
  lines.result()["winner"] = other;
  EXPECT_EQ(check(dir, lines.text()), problem(dir, "result line: winner is " + other.dump() +
                                                       ", replaying gives " + winner.dump()));
  lines = original;
  lines.result()["result"]["winner"] = other;
  EXPECT_EQ(check(dir, lines.text()), problem(dir, "result line: result.winner is " + other.dump() +
                                                       ", replaying gives " + winner.dump()));
  lines = original;
  lines.result()["scores"]["D"] = 366;
  EXPECT_NE(check(dir, lines.text()).find("result line: scores.D is 366, replaying gives "),
            std::string::npos);

  // Every turn relabelled timeout while each records a counted move of the seat's own.
  lines = original;
  for (Json* t : lines.turns()) (*t)["verdict"] = "timeout";
  std::string err = check(dir, lines.text());
  EXPECT_EQ(err.find(problem(dir,
                             "turn 0: verdict is \"timeout\", but the move is the seat's own "
                             "(source \"ai\"), which needs \"ok\"")),
            0u)
      << err.substr(0, 400);
  // ... and with the reply's end relabelled too.
  for (Json* t : lines.turns()) (*t)["end"] = "timeout";
  EXPECT_NE(check(dir, lines.text()).find("turn 0: verdict is \"timeout\", but the move is"),
            std::string::npos);
  // The per-seat figures of the result are counted from the turns.
  lines = original;
  lines.result()["result"]["seats"]["G"]["timeouts"] = 3;
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir, "result line: result.seats.G.timeouts is 3, replaying gives 0"));
}

// Dracula's default moves come from the seed: a seat that never answers gets the moves the seed's
// stream draws, so a replay with another seed is refused at the first of them.
TEST(ReplayCli, DraculaSeedDrawsTheDefaultMoves) {
  const std::string dir = temp_dir();
  const std::string played = play(
      dir, {"dracula", "--seat", "hunters=bot:b-hunt-chase", "--seat", "D=true", "--seed", "7"});
  const Lines original = read_lines(played);
  EXPECT_EQ(check(dir, original.text()), "valid");
  const Json d = *Lines(original).turns()[4];
  EXPECT_EQ(d["source"], "default");
  // `true` answers nothing and exits ("closed"); on a loaded machine it may not even start in
  // time ("timeout"): either way the move is the seed's.
  EXPECT_TRUE(d["verdict"] == "closed" || d["verdict"] == "timeout") << d.dump();
  Lines lines = original;
  lines.header()["seed"] = "8";
  lines.result()["result"]["seed"] = "8";
  std::string err = check(dir, lines.text());
  EXPECT_EQ(err.rfind("arena: replay: " + dir + "/edited.jsonl: turn 4: move is " +
                          d["move"].dump() + ", replaying gives \"",
                      0),
            0u)
      << err.substr(0, 400);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  // A default move relabelled as the seat's own with a verdict ok.
  lines = original;
  (*lines.turns()[4])["verdict"] = "ok";
  EXPECT_NE(check(dir, lines.text())
                .find("turn 4: verdict is \"ok\", but the seat's move was "
                      "replaced by a default move"),
            std::string::npos);
}

}  // namespace
}  // namespace arena::testing
