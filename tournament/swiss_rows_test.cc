#include "tournament/swiss_rows.h"

#include <gtest/gtest.h>

namespace arena::tournament {
namespace {

// A finished match of a one-seat game: `who` scored `score` on `seed` in round `round`.
MatchRow alone(int index, int round, uint64_t seed, const std::string& table,
               const std::string& who, double score) {
  MatchRow r;
  r.spec.index = index;
  r.spec.round = round;
  r.spec.seed = seed;
  r.spec.table = table;
  r.spec.seats = {{"hero", who, "bot:x"}};
  r.state = MatchState::done;
  MatchResult res;
  res.result = {{"scores", {{"hero", score}}}, {"winner", nullptr}};
  r.result = res;
  return r;
}

GameInfo one_seat() {
  GameInfo g;
  g.name = "wumpus";
  g.roles = {"hero"};
  g.min_seats = 1;
  return g;
}

// One side: per seed the higher score takes the seed; a seed where one of the two failed counts
// for neither; a round with a match not done is stored but not complete; the bye is the entrant
// no row names.
TEST(SwissRows, OneSideSeedsFailuresAndIncompleteRounds) {
  const std::vector<std::string> labels = {"a", "b", "c"};
  std::vector<MatchRow> rows = {
      alone(0, 0, 1, "a|b", "a", 10), alone(1, 0, 1, "a|b", "b", 5), alone(2, 0, 2, "a|b", "a", 0),
      alone(3, 0, 2, "a|b", "b", 0),  alone(4, 1, 1, "a|c", "a", 3), alone(5, 1, 1, "a|c", "c", 0),
      alone(6, 1, 2, "a|c", "a", 1),  alone(7, 1, 2, "a|c", "c", 0),
  };
  rows[5].result->error = "seat hero: cannot start";  // c's seed 1 failed
  rows[5].result->result = Json();
  rows[7].state = MatchState::queued;  // round 2 still being played
  rows[7].result.reset();

  auto rounds = stored_swiss_rounds(one_seat(), labels, rows);
  ASSERT_EQ(rounds.size(), 2u);
  EXPECT_TRUE(rounds[0].complete);
  EXPECT_EQ(rounds[0].pairing, (SwissRound{{{0, 1}}, 2}));
  ASSERT_EQ(rounds[0].played.results.size(), 1u);
  EXPECT_DOUBLE_EQ(rounds[0].played.results[0].a_games, 1.5);  // won seed 1, level on seed 2
  EXPECT_DOUBLE_EQ(rounds[0].played.results[0].b_games, 0.5);
  EXPECT_FALSE(rounds[1].complete);
  EXPECT_EQ(rounds[1].pairing, (SwissRound{{{0, 2}}, 1}));
  EXPECT_EQ(complete_rounds(rounds).size(), 1u);

  // Round 2 done: seed 1 counts for neither (c failed), seed 2 goes to c.
  rows[7] = alone(7, 1, 2, "a|c", "c", 4);
  rounds = stored_swiss_rounds(one_seat(), labels, rows);
  ASSERT_TRUE(rounds[1].complete);
  EXPECT_DOUBLE_EQ(rounds[1].played.results[0].a_games, 0);
  EXPECT_DOUBLE_EQ(rounds[1].played.results[0].b_games, 1);
  EXPECT_EQ(swiss_round_text(labels, rounds[1].pairing), "a|c, bye b");

  // The report: a 1 (won round 1, lost round 2), b 1 (its bye), c 2 (bye, then won).
  Tournament t;
  t.config = {{"entrants", Json::array({{{"label", "a"}}, {{"label", "b"}}, {{"label", "c"}}})},
              {"rounds", 2}};
  const Json r = swiss_report_json(one_seat(), t, rows);
  EXPECT_EQ(r["rounds"], 2);
  EXPECT_EQ(r["played"], 2);
  EXPECT_EQ(r["standings"][0]["entrant"], "c");
  EXPECT_EQ(r["standings"][0]["points"], 2.0);
  EXPECT_EQ(r["pairings"][1]["pairs"][0]["points"], Json({0.0, 1.0}));
  EXPECT_EQ(r["pairings"][0]["bye"], "c");
}

// Two sides: each match's winner takes a game point, a draw half each.
TEST(SwissRows, TwoSidesGamePointsFromWinners) {
  GameInfo g;
  g.name = "duel";
  g.roles = {"p1", "p2"};
  g.min_seats = 2;
  auto match = [](int index, const std::string& first, const std::string& second, Json winner) {
    MatchRow r;
    r.spec.index = index;
    r.spec.table = "x|y";
    r.spec.seats = {{"p1", first, "bot:x"}, {"p2", second, "bot:y"}};
    r.state = MatchState::done;
    MatchResult res;
    res.result = {{"scores", {{"p1", 1}, {"p2", 0}}}, {"winner", winner}};
    r.result = res;
    return r;
  };
  // x wins as p1, the other arrangement is drawn.
  const std::vector<MatchRow> rows = {match(0, "x", "y", "p1"), match(1, "y", "x", nullptr)};
  const auto rounds = stored_swiss_rounds(g, {"x", "y"}, rows);
  ASSERT_EQ(rounds.size(), 1u);
  ASSERT_TRUE(rounds[0].complete);
  EXPECT_DOUBLE_EQ(rounds[0].played.results[0].a_games, 1.5);
  EXPECT_DOUBLE_EQ(rounds[0].played.results[0].b_games, 0.5);
  EXPECT_DOUBLE_EQ(rounds[0].played.results[0].a_points(), 1);
  EXPECT_EQ(rounds[0].pairing.bye, -1);
}

}  // namespace
}  // namespace arena::tournament
