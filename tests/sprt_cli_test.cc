// `arena sprt` end to end: the real binary plays pairs of real games until the test decides.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

Json sprt_json(std::vector<std::string> args) {
  args.insert(args.begin(), "sprt");
  args.push_back("--json");
  auto r = run_arena(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return Json::parse(r.out);
}

void expect_consistent(const Json& j) {
  long pairs = 0;
  for (const auto& n : j["pentanomial"]) pairs += n.get<long>();
  EXPECT_EQ(j["pairs"], pairs);
  EXPECT_EQ(j["games"], 2 * pairs);
  EXPECT_EQ(j["wins"].get<long>() + j["draws"].get<long>() + j["losses"].get<long>(), 2 * pairs);
}

// Empire Builder's reference player against the greedy one: H1 within a few pairs at [0, 200], and
// the same pair of programs listed the other way round gives H0.
TEST(SprtCli, StrongAgainstWeakAcceptsH1AndReversedH0) {
  const Json strong =
      sprt_json({"empire", "--bot", "ref=bot:reference", "--bot", "greedy=bot:greedy", "--elo0",
                 "0", "--elo1", "200", "--seed", "1", "--jobs", "2", "--max-games", "400"});
  EXPECT_EQ(strong["result"], "H1") << strong.dump();
  EXPECT_GE(strong["llr"].get<double>(), strong["bounds"][1].get<double>()) << strong.dump();
  EXPECT_GT(strong["wins"].get<long>(), strong["losses"].get<long>());
  EXPECT_EQ(strong["sides"], Json::array({"p1", "p2"}));
  expect_consistent(strong);

  const Json weak =
      sprt_json({"empire", "--bot", "greedy=bot:greedy", "--bot", "ref=bot:reference", "--elo0",
                 "0", "--elo1", "200", "--seed", "1", "--jobs", "2", "--max-games", "400"});
  EXPECT_EQ(weak["result"], "H0") << weak.dump();
  EXPECT_LE(weak["llr"].get<double>(), weak["bounds"][0].get<double>()) << weak.dump();
  // Below even. The reference Empire bot stops thinking on the clock (think_ms), so on a loaded
  // machine greedy may win no game at all: then the Elo estimate is -inf, written as null.
  EXPECT_LT(weak["score"].get<double>(), 0.5) << weak.dump();
  if (!weak["elo"].is_null()) EXPECT_LT(weak["elo"].get<double>(), 0) << weak.dump();
  expect_consistent(weak);
}

// The same program on both sides: each seed is won by the same seat in both games of its pair,
// so every pair is a win and a loss; the test must not accept H1 and stops at --max-games.
TEST(SprtCli, IdenticalBotsDoNotAcceptH1) {
  const Json j =
      sprt_json({"empire", "--bot", "A=bot:reference", "--bot", "B=bot:reference", "--elo0", "0",
                 "--elo1", "20", "--seed", "7", "--max-games", "8", "--jobs", "2"});
  EXPECT_NE(j["result"], "H1") << j.dump();
  EXPECT_EQ(j["pairs"], 4);
  EXPECT_EQ(j["wins"], j["losses"]);
  expect_consistent(j);
}

// Dracula's sides are the hunters and Dracula: an entrant gives a program per side, and the pair
// of a seed is A's hunters against B's Dracula, then B's hunters against A's Dracula. The pairs
// must be exactly what `arena play` gives for those two games.
TEST(SprtCli, DraculaPairsAreTheTwoSwappedGames) {
  const std::string seed = "11";
  const Json j =
      sprt_json({"dracula", "--bot", "A:hunters=bot:hunter", "--bot", "A:dracula=bot:b-drac-greedy",
                 "--bot", "B:hunters=bot:b-hunt-chase", "--bot", "B:dracula=bot:b-drac-random",
                 "--elo0", "0", "--elo1", "50", "--seed", seed, "--max-games", "2"});
  ASSERT_EQ(j["pairs"], 1) << j.dump();
  EXPECT_EQ(j["sides"], Json::array({"hunters", "dracula"}));
  EXPECT_EQ(j["a"]["specs"]["hunters"], "bot:hunter");
  EXPECT_EQ(j["b"]["specs"]["dracula"], "bot:b-drac-random");

  auto winner = [&](const std::string& hunters, const std::string& dracula) {
    auto r = run_arena({"play", "dracula", "--seat", "hunters=" + hunters, "--seat",
                        "dracula=" + dracula, "--seed", seed, "--json"});
    EXPECT_EQ(r.status, 0) << r.err;
    return Json::parse(r.out)["winner"];
  };
  // A's result in each game: +1 won, -1 lost, 0 no winner.
  const Json first = winner("bot:hunter", "bot:b-drac-random");
  const Json second = winner("bot:b-hunt-chase", "bot:b-drac-greedy");
  const int a1 = first == "hunters" ? 1 : first == "dracula" ? -1 : 0;
  const int a2 = second == "dracula" ? 1 : second == "hunters" ? -1 : 0;
  EXPECT_EQ(j["wins"], (a1 == 1) + (a2 == 1));
  EXPECT_EQ(j["losses"], (a1 == -1) + (a2 == -1));
  EXPECT_EQ(j["pentanomial"][a1 + a2 + 2], 1) << j.dump();
}

TEST(SprtCli, BadArgumentsExitTwoWithAPreciseMessage) {
  const std::vector<std::string> two = {"--bot", "A=bot:reference", "--bot", "B=bot:greedy"};
  auto with = [&](std::vector<std::string> head, std::vector<std::string> tail) {
    head.insert(head.begin(), "sprt");
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
  };
  struct Case {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {with({"wumpus", "--bot", "A=bot:reference", "--bot", "B=bot:random"},
            {"--elo0", "0", "--elo1", "5"}),
       "arena: sprt: wumpus is not a game of two sides (roles: hero; sprt needs two required "
       "roles or two role groups)\n"},
      {with({"empire", "--bot", "A=bot:reference"}, {"--elo0", "0", "--elo1", "5"}),
       "arena: sprt: sprt needs exactly two entrants (--bot A=SPEC --bot B=SPEC), got 1 (A)\n"},
      {with({"dracula", "--bot", "A=bot:hunter", "--bot", "B:hunters=bot:hunter"},
            {"--elo0", "0", "--elo1", "5"}),
       "arena: sprt: --bot B: no program for side dracula (give B=SPEC or B:dracula=SPEC)\n"},
      {with({"dracula", "--bot", "A:vampires=bot:hunter"}, {"--elo0", "0", "--elo1", "5"}),
       "arena: sprt: --bot A:vampires=bot:hunter: dracula has no side 'vampires' (sides: hunters, "
       "dracula)\n"},
      {with({"empire"}, two), ""},  // --elo0/--elo1 missing: CLI11's message
      {with({"empire"}, with(two, {"--elo0", "5", "--elo1", "5"})),
       "arena: sprt: --elo0 must be less than --elo1\n"},
      {with({"empire"}, with(two, {"--elo0", "0", "--elo1", "5", "--max-games", "7"})),
       "arena: sprt: --max-games must be even: games are played in pairs, got 7\n"},
      {with({"empire"},
            with(two, {"--elo0", "0", "--elo1", "5", "--alpha", "0.7", "--beta", "0.4"})),
       "arena: sprt: --alpha plus --beta must be less than 1\n"},
      {with({"empire"}, with(two, {"--elo0", "0", "--elo1", "5", "--model", "bayes"})),
       "arena: sprt: --model must be normalized or logistic, got 'bayes'\n"},
      {with({"empire", "--bot", "A=bot:nobody", "--bot", "B=bot:greedy"},
            {"--elo0", "0", "--elo1", "5"}),
       "arena: --seat p1=bot:nobody: no built-in bot named 'nobody' (bots: reference, greedy)\n"},
  };
  for (const Case& c : cases) {
    auto r = run_arena(c.args);
    EXPECT_EQ(r.status, 2) << c.args[1] << ": " << r.err;
    if (!c.message.empty()) {
      EXPECT_EQ(r.err, c.message);
    }
    EXPECT_EQ(r.out, "");
  }
}

}  // namespace
}  // namespace arena::testing
