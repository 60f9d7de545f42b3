// The instructor's rule set through the real programs (docs/evolution.md "Two rule sets"):
// `arena play evolution rules=instructor deck=unshuffled` with Silly seats in process and over TCP
// (`arena bot evolution silly rules=instructor`, `xclient --rules instructor`) gives the ranking
// the instructor's `xmain N` prints, and so does `xmain N rules=instructor deck=unshuffled`.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

std::string bin(const std::string& name) {
  return arena_bin().substr(0, arena_bin().size() - 5) + name;  // beside `arena`
}

// "1. 3 7; 2. 2 7; 3. 1 5" from `play --json`'s result.
std::string ranking_text(const Json& result) {
  std::string out;
  for (const Json& k : result["ranking"]) {
    if (!out.empty()) out += "; ";
    out += std::to_string(k["place"].get<int>()) + ". " + std::to_string(k["id"].get<int>()) + " " +
           std::to_string(k["score"].get<int>());
  }
  return out;
}

// `arena play evolution PARAMS --seat ... EXTRA`: the k=v words go before the seats, as in
// `arena play evolution rules=instructor deck=unshuffled --seat p1=bot:silly ...`.
CommandResult play(const std::vector<std::string>& params, const std::vector<std::string>& seats,
                   const std::vector<std::string>& extra = {}) {
  std::vector<std::string> argv = {arena_bin(), "play", "evolution"};
  argv.insert(argv.end(), params.begin(), params.end());
  for (size_t k = 0; k < seats.size(); ++k) {
    argv.push_back("--seat");
    std::string seat = std::to_string(k + 1);  // "pK=SPEC"; no "p" + string&& (GCC 12 -Wrestrict)
    argv.push_back(seat.insert(0, 1, 'p') + "=" + seats[k]);
  }
  argv.insert(argv.end(), extra.begin(), extra.end());
  return run_command(argv);
}

// What the instructor's `xmain N` prints (Racket 8.7), as place. id score.
const char* kInstructor3 = "1. 3 7; 2. 2 7; 3. 1 5";
const char* kInstructor8 = "1. 2 1; 2. 1 1; 3. 8 1; 4. 7 1; 5. 6 1; 6. 5 1; 7. 4 1; 8. 3 1";

TEST(EvolutionInstructorE2e, ArenaPlayGivesTheInstructorsXmainRanking) {
  for (const auto& [n, expected] : {std::pair{3, kInstructor3}, std::pair{8, kInstructor8}}) {
    CommandResult r = play({"rules=instructor", "deck=unshuffled"},
                           std::vector<std::string>(n, "bot:silly"), {"--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(ranking_text(Json::parse(r.out)["result"]), expected) << "N = " << n;
  }
  // The spec's rules on the same deck rank differently (row "ties in the ranking" among others).
  CommandResult spec =
      play({"deck=unshuffled"}, std::vector<std::string>(3, "bot:silly"), {"--json"});
  ASSERT_EQ(spec.status, 0) << spec.err;
  EXPECT_EQ(ranking_text(Json::parse(spec.out)["result"]), "1. 2 7; 2. 3 7; 3. 1 5");
}

// `arena replay` re-checks a game under the rule set and deck its header records, and a header
// whose rule set was changed no longer passes.
TEST(EvolutionInstructorE2e, ReplaysAreCheckedUnderTheirOwnRules) {
  const std::string dir = temp_dir();
  const std::string path = dir + "/instructor.jsonl";
  CommandResult r = play({"rules=instructor", "deck=unshuffled"},
                         std::vector<std::string>(5, "bot:silly"), {"--replay", path});
  ASSERT_EQ(r.status, 0) << r.err;
  CommandResult check = run_command({arena_bin(), "replay", path});
  EXPECT_EQ(check.status, 0) << check.err;
  // The same game claimed under the spec's rules: the ranking (score by population, ties in turn
  // order) does not follow from the recorded moves.
  std::string text = read_file(path);
  const std::string from = "\"rules\":\"instructor\"";
  ASSERT_NE(text.find(from), std::string::npos) << text.substr(0, 300);
  text.replace(text.find(from), from.size(), "\"rules\":\"spec\"");
  write_file(dir + "/tampered.jsonl", text);
  CommandResult tampered = run_command({arena_bin(), "replay", dir + "/tampered.jsonl"});
  EXPECT_EQ(tampered.status, 1) << tampered.out;
}

TEST(EvolutionInstructorE2e, EvalTakesTheParametersToo) {
  // The unshuffled deck ignores the seed: every game is the instructor's `xmain 3`.
  CommandResult r =
      run_command({arena_bin(), "eval", "evolution", "rules=instructor", "deck=unshuffled",
                   "--seat", "p1=bot:silly", "--seat", "p2=bot:silly", "--seat", "p3=bot:silly",
                   "--games", "3", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j["mean_place"], (Json{{"p1", 3.0}, {"p2", 2.0}, {"p3", 1.0}}));
}

TEST(EvolutionInstructorE2e, SillyOverTcpPlaysTheInstructorsRulesToo) {
  const std::string dir = temp_dir();
  const std::string replay = dir + "/instructor.jsonl";
  CommandResult r = play({"rules=instructor", "deck=unshuffled"},
                         {"bot:silly", bin("xclient") + " --rules instructor",
                          arena_bin() + " bot evolution silly rules=instructor", "bot:silly"},
                         {"--json", "--replay", replay});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(ranking_text(Json::parse(r.out)["result"]), "1. 2 2; 2. 1 2; 3. 4 1; 4. 3 0");
  // The replay's header records the rule set and the deck order.
  std::ifstream in(replay);
  std::string first;
  std::getline(in, first);
  const Json header = Json::parse(first);
  EXPECT_EQ(header["match_params"], (Json{{"rules", "instructor"}, {"deck", "unshuffled"}}));
}

TEST(EvolutionInstructorE2e, XmainTakesTheRuleSetAsOptions) {
  CommandResult r = run_command({bin("xmain"), "3", "rules=instructor", "deck=unshuffled"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1 player id: 3 score: 7\n2 player id: 2 score: 7\n3 player id: 1 score: 5\n");
  r = run_command({bin("xmain"), "3", "rules=teacher"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  // The harnesses that read stdin take rules= as their only argument.
  const std::string situation =
      R"([[["food",0],["body",2],["population",1],["traits",["hard-shell"]]],)"
      R"([["food",0],["body",6],["population",1],["traits",["carnivore"]]],false,false])";
  EXPECT_EQ(run_command({bin("xattack")}, situation).out, "true\n");
  EXPECT_EQ(run_command({bin("xattack"), "rules=instructor"}, situation).out, "false\n");
  r = run_command({bin("xattack"), "--rules", "instructor"}, situation);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("usage: xattack [rules=spec|instructor]"), std::string::npos) << r.err;
}

TEST(EvolutionInstructorE2e, BadValuesAreUsageErrors) {
  const std::vector<std::string> seats(3, "bot:silly");
  CommandResult r = play({"rules=teacher"}, seats);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("rules: must be spec or instructor"), std::string::npos) << r.err;
  r = play({"deck=sorted"}, seats);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("deck: must be shuffled or unshuffled"), std::string::npos) << r.err;
  r = run_command({bin("xserver"), "--rules", "teacher"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--rules: must be spec or instructor"), std::string::npos) << r.err;
  r = run_command({bin("xclient"), "--rules", "teacher"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--rules must be spec or instructor"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace arena::testing
