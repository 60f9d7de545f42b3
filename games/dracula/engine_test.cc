// Engine rules: the worked examples of spec §2.13, legal-move order, and no allocation.
#include "games/dracula/engine.h"

#include <gtest/gtest.h>

#include "core/rng.h"
#include "core/testing/allocation_counter.h"

namespace arena::dracula {
namespace {

PlaceId id(const char* code) {
  return code_to_id(code);
}

// A state at hunter `h`'s turn of round 1 with Dracula's trail given newest first.
GameState hunter_turn(int h, const char* from, int lp,
                      std::initializer_list<std::pair<const char*, const char*>> trail_moves,
                      int traps_at_newest) {
  GameState s;
  s.plays = static_cast<uint16_t>(5 * 7 + h);
  for (int i = 0; i < 4; ++i) s.hunter_loc[i] = static_cast<int8_t>(id("GE"));
  s.hunter_loc[h] = static_cast<int8_t>(id(from));
  s.hunter_lp[h] = static_cast<int8_t>(lp);
  int i = 0;
  for (auto [move, loc] : trail_moves) {
    TrailEntry& e = s.trail[i];
    e.move = static_cast<int8_t>(code_to_id(move));
    e.loc = static_cast<int8_t>(id(loc));
    if (i < traps_at_newest) e.placed = Encounter::kTrap, e.alive = true;
    ++i;
  }
  s.trail_len = static_cast<uint8_t>(i);
  return s;
}

TEST(DraculaEngine, WorkedExampleSofia) {
  GameState s = hunter_turn(3, "SA", 9, {{"SO", "SO"}}, 1);
  s.blood = 8;
  EXPECT_EQ(apply(s, Move(id("SO"))).view(), "MSOTD..");
  EXPECT_EQ(s.hunter_lp[3], 3);
  EXPECT_EQ(s.blood, -2);
  EXPECT_EQ(s.health(4), 0);
  EXPECT_EQ(s.winner, Winner::kHunters);
  EXPECT_TRUE(s.trail[0].revealed);
}

TEST(DraculaEngine, WorkedExampleVarna) {
  GameState s = hunter_turn(3, "SO", 5, {{"HI", "VR"}, {"VR", "VR"}}, 2);
  s.blood = 10;
  const int score = s.score;
  EXPECT_EQ(apply(s, Move(id("VR"))).view(), "MVRTTD.");
  EXPECT_EQ(s.hunter_loc[3], kHospital);
  EXPECT_EQ(s.health(3), 0);
  EXPECT_EQ(s.score, score - 6);
  EXPECT_EQ(s.blood, 0);
  EXPECT_EQ(s.winner, Winner::kHunters);
  EXPECT_TRUE(s.trail[0].revealed && s.trail[1].revealed);
}

TEST(DraculaEngine, WorkedExampleNantes) {
  GameState s = hunter_turn(1, "PA", 7, {{"D1", "NA"}, {"HI", "NA"}, {"NA", "NA"}}, 3);
  EXPECT_EQ(apply(s, Move(id("NA"))).view(), "SNATTTD");
  EXPECT_EQ(s.hunter_loc[1], kHospital);
  EXPECT_EQ(s.blood, 30);
  EXPECT_EQ(s.encounters_at(id("NA")), 0);
  EXPECT_EQ(s.winner, Winner::kNone);
}

TEST(DraculaEngine, WorkedExampleScoreOnHunterTurn) {
  GameState s = hunter_turn(1, "BC", 1, {{"KL", "KL"}, {"CN", "CN"}}, 0);
  s.trail[1].placed = Encounter::kTrap, s.trail[1].alive = true;
  s.score = 5;
  EXPECT_EQ(apply(s, Move(id("CN"))).view(), "SCNT...");
  EXPECT_EQ(s.score, -1);
  EXPECT_EQ(s.winner, Winner::kDracula);
  EXPECT_TRUE(s.trail[1].revealed);
  EXPECT_FALSE(s.trail[0].revealed);
}

TEST(DraculaEngine, TrapsStopWhenHunterFalls) {
  GameState s = hunter_turn(0, "PA", 3, {{"D1", "NA"}, {"HI", "NA"}, {"NA", "NA"}}, 3);
  EXPECT_EQ(apply(s, Move(id("NA"))).view(), "GNATT..");
  EXPECT_EQ(s.encounters_at(id("NA")), 1);  // the newest trap stays
  EXPECT_EQ(s.blood, 40);
  EXPECT_EQ(s.research, 0);
}

TEST(DraculaEngine, RoundZeroMovesAndCanonicalOrder) {
  GameState s;
  MoveList moves;
  legal_moves(s, moves);
  EXPECT_EQ(moves.size(), 71);
  for (int h = 0; h < 4; ++h) apply(s, Move(id("GE")));
  legal_moves(s, moves);
  EXPECT_EQ(moves.size(), 70);
  EXPECT_FALSE(moves.contains(Move(kHospital)));
  apply(s, Move(kCastleDracula));
  EXPECT_EQ(s.blood, 50);
  EXPECT_TRUE(s.trail[0].revealed);
  EXPECT_EQ(s.vampire_loc(), kCastleDracula);
  for (int h = 0; h < 4; ++h) apply(s, Move(id("GE")));
  legal_moves(s, moves);
  ASSERT_EQ(moves.size(), 4);
  EXPECT_EQ(moves[0], Move(id("GA")));
  EXPECT_EQ(moves[1], Move(id("KL")));
  EXPECT_EQ(moves[2], Move(kDoubleBack1));
  EXPECT_EQ(moves[3], Move(kHide));
  EXPECT_FALSE(is_legal(s, Move(kTeleport)));
  EXPECT_FALSE(is_legal(s, Move(kCityUnknown)));
  EXPECT_EQ(parse_move("C?"), Move());
  EXPECT_EQ(parse_move("D3"), Move(kDoubleBack1 + 2));
}

TEST(DraculaEngine, HunterRailAllowance) {
  GameState s;
  apply(s, Move(id("PA")));  // G, round 0
  for (int i = 0; i < 4; ++i) apply(s, Move(id("GE")));
  MoveList moves;
  legal_moves(s, moves);  // G, round 1: allowance 1
  EXPECT_TRUE(moves.contains(Move(id("BO"))));
  EXPECT_FALSE(moves.contains(Move(id("SR"))));
  EXPECT_TRUE(moves.contains(Move(id("PA"))));
  EXPECT_TRUE(is_legal(s, Move(id("MR"))));
  EXPECT_FALSE(is_legal(s, Move(kHide)));
}

TEST(DraculaEngine, LegalMovesAndApplyDoNotAllocate) {
  Rng rng(7);
  long before = testing::allocations();
  int plays = 0;
  for (int g = 0; g < 20; ++g) {
    GameState s;
    MoveList moves;
    while (!s.is_over()) {
      legal_moves(s, moves);
      ASSERT_FALSE(moves.empty());
      apply(s, moves[static_cast<int>(rng.below(moves.size()))]);
      ++plays;
    }
    EXPECT_LE(s.plays, kMaxPlays);
  }
  EXPECT_EQ(testing::allocations(), before);
  EXPECT_GT(plays, 1000);
}

}  // namespace
}  // namespace arena::dracula
