// Dracula's position judgements that the search relies on: what a play-out charges for ending in
// the hunters' reach (exposure_cost).
#include "games/dracula/bots/dracula_eval.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/dracula/past_plays.h"

namespace arena::dracula {
namespace {

// Round 0: the four hunters' openings, then Dracula's first move; the state after his move, when
// the hunters' next round (1) is s.round().
Record opening(const std::vector<std::string>& hunters, const std::string& dracula) {
  Record rec;
  for (const std::string& h : hunters) {
    const Move m = parse_move(h);
    EXPECT_TRUE(is_legal(rec.state(), m)) << h;
    rec.play(m);
  }
  const Move d = parse_move(dracula);
  EXPECT_TRUE(is_legal(rec.state(), d)) << dracula;
  rec.play(d);
  EXPECT_EQ(rec.state().round(), 1);
  return rec;
}

// Hunter `h`'s fewest moves to `to` from where he stands, in round 1.
int moves_to(const Record& rec, int h, const char* to) {
  return map().hunter_dist[rail_allowance(1, h)][rec.state().hunter_loc[h]][code_to_id(to)];
}

// G in Madrid, the others at the far end of Europe.
const std::vector<std::string> kOneInSpain = {"MA", "AT", "VA", "GA"};

TEST(ExposureCost, AHunterWhoCanConfrontHimNextCostsTheFullAmount) {
  const Record rec = opening(kOneInSpain, "SR");
  ASSERT_EQ(moves_to(rec, 0, "SR"), 1);  // Saragossa is a road away from Madrid
  for (int h = 1; h < 4; ++h) ASSERT_GT(moves_to(rec, h, "SR"), 2);
  EXPECT_DOUBLE_EQ(exposure_cost(rec.state()), kExposedNext);
}

TEST(ExposureCost, EachFurtherHunterInReachAddsHalf) {
  const Record rec = opening({"MA", "BA", "VA", "GA"}, "SR");
  ASSERT_EQ(moves_to(rec, 0, "SR"), 1);
  ASSERT_EQ(moves_to(rec, 1, "SR"), 1);  // Barcelona is a road away too
  for (int h = 2; h < 4; ++h) ASSERT_GT(moves_to(rec, h, "SR"), 2);
  EXPECT_DOUBLE_EQ(exposure_cost(rec.state()), 1.5 * kExposedNext);
}

TEST(ExposureCost, AHunterTwoMovesAwayCostsLess) {
  // Find a city two of G's moves from Madrid, beyond the others' reach.
  const Record probe = opening(kOneInSpain, "SR");
  std::string two;
  map().land.for_each([&](PlaceId p) {
    if (!two.empty() || p == kCastleDracula || p == kHospital) return;
    const std::string c(id_to_code(p));
    if (moves_to(probe, 0, c.c_str()) != 2) return;
    for (int h = 1; h < 4; ++h)
      if (moves_to(probe, h, c.c_str()) <= 2) return;
    two = c;
  });
  ASSERT_FALSE(two.empty());
  EXPECT_DOUBLE_EQ(exposure_cost(opening(kOneInSpain, two).state()), kExposedSoon) << two;
}

TEST(ExposureCost, NothingBeforeHisFirstMove) {
  // Before his first move he is nowhere, however near the hunters who have moved. (A hunter who
  // has not moved yet is nowhere too, but every hunter moves before him in round 0.)
  Record rec;
  rec.play(parse_move("MA"));
  EXPECT_DOUBLE_EQ(exposure_cost(rec.state()), 0.0);
  for (const char* h : {"AT", "VA", "GA"}) rec.play(parse_move(h));
  EXPECT_DOUBLE_EQ(exposure_cost(rec.state()), 0.0);
}

TEST(ExposureCost, NothingOutOfReachOrAtSea) {
  // Castle Dracula's neighbour Klausenburg is far from every hunter in the west.
  const Record far = opening({"MA", "LS", "SN", "CA"}, "KL");
  for (int h = 0; h < 4; ++h) ASSERT_GT(moves_to(far, h, "KL"), 2);
  EXPECT_DOUBLE_EQ(exposure_cost(far.state()), 0.0);

  // At sea he cannot be confronted, even with a hunter on the same sea.
  const Record sea = opening({"AO", "MA", "LS", "SN"}, "AO");
  ASSERT_EQ(moves_to(sea, 0, "AO"), 0);
  EXPECT_DOUBLE_EQ(exposure_cost(sea.state()), 0.0);
}

}  // namespace
}  // namespace arena::dracula
