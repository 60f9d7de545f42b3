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

CommandResult arena(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), arena_bin());
  return run_command(args, input);
}

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
  CommandResult r = arena(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return path;
}

// Checks `text` as a replay file; returns arena's stderr, or "valid" when it passes.
std::string check(const std::string& dir, const std::string& text) {
  const std::string path = dir + "/edited.jsonl";
  std::ofstream(path) << text;
  CommandResult r = arena({"replay", path});
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
    CommandResult r = arena({"replay", c.path});
    EXPECT_EQ(r.status, 1) << c.path;
    EXPECT_EQ(r.err, "arena: replay: " + c.path + ": " + c.message + "\n");
  }
  if (geteuid() != 0) {  // root reads whatever the mode says
    const std::string locked = dir + "/locked.jsonl";
    std::ofstream(locked) << good;
    ::chmod(locked.c_str(), 0);
    EXPECT_EQ(arena({"replay", locked}).err,
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
  EXPECT_EQ(check(dir, lines.text()),
            problem(dir, "unknown game 'chess' (games: dracula, wumpus, evolution)"));
}

}  // namespace
}  // namespace arena::testing
