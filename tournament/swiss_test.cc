#include "tournament/swiss.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace arena::tournament {
namespace {

// A result for a pair in some round, varied but fixed: wins either way and draws.
SwissResult result_of(const SwissPair& p, int round, int salt) {
  SwissResult r;
  r.pair = p;
  switch ((p.a * 7 + p.b * 3 + round * 5 + salt) % 3) {
    case 0:
      r.a_games = 2;
      break;
    case 1:
      r.b_games = 2;
      break;
    default:
      r.a_games = r.b_games = 1;
  }
  return r;
}

PlayedRound play(const SwissRound& round, int r, int salt) {
  PlayedRound p;
  p.bye = round.bye;
  for (const SwissPair& x : round.pairs) p.results.push_back(result_of(x, r, salt));
  return p;
}

// Every entrant is in exactly one pair or has the bye.
void expect_complete(int n, const SwissRound& round) {
  std::multiset<int> seen;
  for (const SwissPair& p : round.pairs) {
    EXPECT_LT(p.a, p.b);
    seen.insert(p.a);
    seen.insert(p.b);
  }
  if (round.bye >= 0) seen.insert(round.bye);
  EXPECT_EQ(seen.size(), static_cast<size_t>(n));
  EXPECT_EQ(std::set<int>(seen.begin(), seen.end()).size(), static_cast<size_t>(n));
  EXPECT_EQ(round.bye >= 0, n % 2 == 1);
}

using Met = std::set<std::pair<int, int>>;

Met met_of(const std::vector<PlayedRound>& played) {
  Met met;
  for (const PlayedRound& r : played)
    for (const SwissResult& x : r.results) met.insert({x.pair.a, x.pair.b});
  return met;
}

// Brute force: can `left` be paired without a rematch?
bool can_pair(std::vector<int> left, const Met& met) {
  if (left.empty()) return true;
  const int x = left[0];
  for (size_t j = 1; j < left.size(); ++j) {
    if (met.count({std::min(x, left[j]), std::max(x, left[j])})) continue;
    std::vector<int> rest;
    for (size_t k = 1; k < left.size(); ++k)
      if (k != j) rest.push_back(left[k]);
    if (can_pair(rest, met)) return true;
  }
  return false;
}

TEST(Swiss, DefaultRoundsAreCeilLog2) {
  EXPECT_EQ(swiss_default_rounds(1), 1);
  EXPECT_EQ(swiss_default_rounds(2), 1);
  EXPECT_EQ(swiss_default_rounds(3), 2);
  EXPECT_EQ(swiss_default_rounds(4), 2);
  EXPECT_EQ(swiss_default_rounds(5), 3);
  EXPECT_EQ(swiss_default_rounds(8), 3);
  EXPECT_EQ(swiss_default_rounds(9), 4);
  EXPECT_EQ(swiss_default_rounds(64), 6);
}

TEST(Swiss, FirstRoundPairsTopHalfAgainstBottomHalf) {
  EXPECT_EQ(swiss_pair_round(6, {}), (SwissRound{{{0, 3}, {1, 4}, {2, 5}}, -1}));
  // Odd: the last seed has the bye.
  EXPECT_EQ(swiss_pair_round(5, {}), (SwissRound{{{0, 2}, {1, 3}}, 4}));
  EXPECT_EQ(swiss_pair_round(2, {}), (SwissRound{{{0, 1}}, -1}));
  EXPECT_EQ(swiss_pair_round(3, {}), (SwissRound{{{0, 1}}, 2}));
}

TEST(Swiss, TwoEntrantsMeetAgainWhenThereIsNoOneElse) {
  std::vector<PlayedRound> played;
  for (int r = 0; r < 3; ++r) {
    const SwissRound round = swiss_pair_round(2, played);
    EXPECT_EQ(round, (SwissRound{{{0, 1}}, -1}));
    played.push_back(play(round, r, 0));
  }
}

// Later rounds pair by points, then seeding, and give the bye to the lowest placed entrant among
// those with the fewest byes.
TEST(Swiss, PairsByPointsAndGivesTheByeToTheLowestPlaced) {
  // Round 1 of five: 0 beats 2, 3 beats 1, 4 has the bye.
  PlayedRound r1;
  r1.bye = 4;
  r1.results = {{{0, 2}, 2, 0}, {{1, 3}, 0.5, 1.5}};
  // Points: 0, 3 and 4 have 1; 1 and 2 have none. Placed: 0 3 4 1 2; no bye yet: 0 1 2 3, of
  // which 2 is the lowest placed. Then 0 meets 3, 4 meets 1.
  EXPECT_EQ(swiss_pair_round(5, {r1}), (SwissRound{{{0, 3}, {1, 4}}, 2}));
}

// The leaders meet only if they have not met; when the best placed entrant's first choice leaves
// the rest unpairable without a rematch, the search takes its next choice.
TEST(Swiss, BacktracksToAvoidARematch) {
  // Four entrants. Round 1: 0-2, 1-3; round 2: 0-1, 2-3. Round 3 must be 0-3, 1-2 whatever the
  // points; 0 and 2 lead, so that pairing the leaders would be a rematch.
  PlayedRound r1, r2;
  r1.results = {{{0, 2}, 1, 1}, {{1, 3}, 0, 2}};
  r2.results = {{{0, 1}, 2, 0}, {{2, 3}, 2, 0}};
  EXPECT_EQ(swiss_pair_round(4, {r1, r2}), (SwissRound{{{0, 3}, {1, 2}}, -1}));

  // Six entrants; 0 and 1 lead with 3 points each, then 3 4 5 with 1, then 2. 3, 4 and 5 have
  // all met each other, so 0-1 would leave 3 4 5 2 with a rematch whatever comes next: the
  // search goes back and pairs 0-3, then 1-4 and 2-5.
  PlayedRound a, b, c;
  a.results = {{{0, 2}, 2, 0}, {{1, 5}, 2, 0}, {{3, 4}, 1, 1}};
  b.results = {{{0, 4}, 2, 0}, {{1, 2}, 2, 0}, {{3, 5}, 1, 1}};
  c.results = {{{0, 2}, 2, 0}, {{1, 3}, 2, 0}, {{4, 5}, 1, 1}};
  EXPECT_EQ(swiss_pair_round(6, {a, b, c}), (SwissRound{{{0, 3}, {1, 4}, {2, 5}}, -1}));
}

// Over many result patterns and field sizes: whenever some pairing without a rematch exists, the
// pairing has none; a bye goes to an entrant with the fewest byes whenever that is possible
// without a rematch; every entrant is paired once per round.
TEST(Swiss, NoRematchOrRepeatedByeWhileAvoidable) {
  int rounds_checked = 0, forced_rematches = 0;
  for (int n = 2; n <= 9; ++n)
    for (int salt = 0; salt < 6; ++salt) {
      std::vector<PlayedRound> played;
      std::vector<int> byes(n, 0);
      for (int r = 0; r < n + 1; ++r) {
        const SwissRound round = swiss_pair_round(n, played);
        expect_complete(n, round);
        const Met met = met_of(played);
        // Could some bye candidate of fewest byes (or, failing that, any) leave a pairing
        // without rematches?
        const int fewest = *std::min_element(byes.begin(), byes.end());
        bool possible = false, possible_fewest = false;
        for (int bye = (n % 2 ? 0 : -1); bye < (n % 2 ? n : 0); ++bye) {
          std::vector<int> left;
          for (int e = 0; e < n; ++e)
            if (e != bye) left.push_back(e);
          if (can_pair(left, met)) {
            possible = true;
            if (bye < 0 || byes[bye] == fewest) possible_fewest = true;
          }
        }
        bool rematch = false;
        for (const SwissPair& p : round.pairs) rematch = rematch || met.count({p.a, p.b});
        if (r > 0) {
          EXPECT_EQ(rematch, !possible) << "n " << n << " salt " << salt << " round " << r;
          if (possible_fewest && n % 2) {
            EXPECT_EQ(byes[round.bye], fewest) << "n " << n << " salt " << salt << " round " << r;
          }
        }
        forced_rematches += rematch;
        if (round.bye >= 0) ++byes[round.bye];
        played.push_back(play(round, r, salt));
        ++rounds_checked;
      }
    }
  EXPECT_GT(rounds_checked, 300);
  EXPECT_GT(forced_rematches, 0);  // the n + 1 rounds do run out of new opponents
}

TEST(Swiss, ByesGoRoundTheFieldAndNeverTwiceWhileAvoidable) {
  // Three entrants, three rounds: each has the bye once and meets each other once.
  std::vector<PlayedRound> played;
  std::set<int> byes;
  for (int r = 0; r < 3; ++r) {
    const SwissRound round = swiss_pair_round(3, played);
    byes.insert(round.bye);
    played.push_back(play(round, r, 1));
  }
  EXPECT_EQ(byes, (std::set<int>{0, 1, 2}));
  EXPECT_EQ(met_of(played).size(), 3u);
  // Seven entrants, the default three rounds: three different byes.
  played.clear();
  byes.clear();
  for (int r = 0; r < swiss_default_rounds(7); ++r) {
    const SwissRound round = swiss_pair_round(7, played);
    byes.insert(round.bye);
    played.push_back(play(round, r, 2));
  }
  EXPECT_EQ(byes.size(), 3u);
}

TEST(Swiss, Deterministic) {
  for (int n : {5, 8, 11}) {
    std::vector<PlayedRound> a, b;
    for (int r = 0; r < swiss_default_rounds(n) + 1; ++r) {
      const SwissRound x = swiss_pair_round(n, a), y = swiss_pair_round(n, b);
      ASSERT_EQ(x, y);
      a.push_back(play(x, r, 3));
      b.push_back(play(y, r, 3));
    }
  }
}

// Points, Buchholz, ranks: worked by hand.
TEST(Swiss, StandingsWithBuchholz) {
  // Three entrants. Round 1: 0 beats 1 (2-0), 2 has the bye. Round 2: 0 and 2 draw (1-1), 1 has
  // the bye. Points: 0 1.5, 2 1.5, 1 1. Buchholz: 0 met 1 (1) and 2 (1.5): 2.5; 2 met 0: 1.5;
  // 1 met 0: 1.5.
  PlayedRound r1, r2;
  r1.results = {{{0, 1}, 2, 0}};
  r1.bye = 2;
  r2.results = {{{0, 2}, 1, 1}};
  r2.bye = 1;
  const auto s = swiss_standings(3, {r1, r2});
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].entrant, 0);
  EXPECT_DOUBLE_EQ(s[0].points, 1.5);
  EXPECT_DOUBLE_EQ(s[0].buchholz, 2.5);
  EXPECT_DOUBLE_EQ(s[0].game_points, 3);
  EXPECT_EQ(s[0].pairings, 2);
  EXPECT_EQ(s[0].byes, 0);
  EXPECT_EQ(s[1].entrant, 2);
  EXPECT_DOUBLE_EQ(s[1].points, 1.5);
  EXPECT_DOUBLE_EQ(s[1].buchholz, 1.5);
  EXPECT_EQ(s[1].byes, 1);
  EXPECT_EQ(s[2].entrant, 1);
  EXPECT_DOUBLE_EQ(s[2].points, 1);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(s[i].rank, i + 1);
  // And that is what the pairing made of it.
  EXPECT_EQ(swiss_pair_round(3, {}), (SwissRound{{{0, 1}}, 2}));
  EXPECT_EQ(swiss_pair_round(3, {r1}), (SwissRound{{{0, 2}}, 1}));
}

}  // namespace
}  // namespace arena::tournament
