// The Dracula AIs: legal moves only, no forced TELEPORT against random hunters, deterministic for
// a given request and seed, and results on fixed seeds that later versions must keep (the bots are
// deterministic, so these are exact regression gates, not statistics).
#include "games/dracula/bots/dracula_ai.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <initializer_list>
#include <memory>
#include <set>
#include <vector>

#include "core/rng.h"
#include "games/dracula/bots/baselines.h"
#include "games/dracula/bots/hunter_ai.h"
#include "games/dracula/bots/hunter_search.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/random_game.h"

namespace arena::dracula {
namespace {

struct Outcome {
  int illegal = 0;
  int teleports = 0;  // forced TELEPORTs (he had no other legal move)
  Winner winner = Winner::kNone;
  int rounds = 0;
  int score = 0;
  int blood = 0;
};

// One game (at most `max_rounds` rounds) of `dracula` against four hunters made by `hunter`
// (random legal moves when null), every seat given what the referee would send (FOD_SEED = game
// seed + seat).
Outcome play(uint64_t seed, Ai& dracula, std::unique_ptr<Ai> (*hunter)(), int max_rounds = 1000) {
  Outcome o;
  std::vector<std::unique_ptr<Ai>> hunters;
  for (int h = 0; h < 4 && hunter; ++h) hunters.push_back(hunter());
  Rng rng(seed);
  Record rec;
  while (!rec.state().is_over() && rec.state().round() < max_rounds) {
    const GameState& s = rec.state();
    const int seat = s.player();
    Move m;
    if (seat == kDraculaSeat) {
      MoveList legal;
      legal_moves(s, legal);
      if (legal.size() == 1 && legal[0].id == kTeleport) ++o.teleports;
      const Decision d = dracula.decide({rec.full(), rec.messages(), seed + kDraculaSeat});
      m = parse_move(d.move);
      if (d.move.size() != 2 || !is_legal(s, m)) ++o.illegal, m = random_move(s, rng);
    } else if (hunter) {
      m = parse_move(hunters[seat]->decide({rec.redacted(), rec.messages(), seed + seat}).move);
      if (!is_legal(s, m)) m = random_move(s, rng);
    } else {
      m = random_move(s, rng);
    }
    rec.play(m);
  }
  o.winner = rec.state().winner;
  o.rounds = rec.state().round();
  o.score = rec.state().score;
  o.blood = rec.state().blood;
  return o;
}

TEST(DraculaV1, LegalAndWinsAgainstRandomHunters) {
  int wins = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto dracula = make_dracula_v1();
    const Outcome o = play(seed, *dracula, nullptr);
    EXPECT_EQ(o.illegal, 0) << "seed " << seed;
    EXPECT_EQ(o.teleports, 0) << "seed " << seed;
    wins += o.winner == Winner::kDracula;
  }
  EXPECT_EQ(wins, 20);
}

// The search against random hunters: legal, never cornered, alive after 30 rounds.
TEST(SearchDracula, LegalAndAliveAgainstRandomHunters) {
  for (uint64_t seed = 1; seed <= 2; ++seed) {
    auto dracula = make_reference_dracula();
    const Outcome o = play(seed, *dracula, nullptr, 30);
    EXPECT_EQ(o.illegal, 0) << "seed " << seed;
    EXPECT_EQ(o.teleports, 0) << "seed " << seed;
    EXPECT_EQ(o.winner, Winner::kNone) << "seed " << seed;
  }
}

// Against hunter-v1 (today's strongest opponent for dracula-v1, which it catches by round ~25),
// the search is still free and unhurt at round 30 on these seeds.
TEST(SearchDracula, OutlastsHunterV1) {
  for (uint64_t seed : {1, 2}) {
    auto v1 = make_dracula_v1();
    const Outcome old = play(seed, *v1, make_hunter_v1, 30);
    auto dracula = make_reference_dracula();
    const Outcome now = play(seed, *dracula, make_hunter_v1, 30);
    EXPECT_EQ(now.illegal, 0);
    EXPECT_EQ(now.winner, Winner::kNone) << "seed " << seed;
    EXPECT_GT(now.blood, old.winner == Winner::kNone ? old.blood : 0) << "seed " << seed;
  }
}

// The reference Dracula plays only legal moves against `hunter` and is still free after
// `rounds` rounds on each of `seeds`.
void expect_free_at(std::initializer_list<uint64_t> seeds, std::unique_ptr<Ai> (*hunter)(),
                    int rounds) {
  for (uint64_t seed : seeds) {
    auto dracula = make_reference_dracula();
    const Outcome o = play(seed, *dracula, hunter, rounds);
    EXPECT_EQ(o.illegal, 0) << "seed " << seed;
    EXPECT_EQ(o.winner, Winner::kNone) << "seed " << seed;
  }
}

// Against hunters hunter-v2's judgement does not predict (here b-hunt-chase, who walk to where he
// was last seen), he does not trust play-outs of that model: with them he was caught by round 74
// and 36 on these seeds.
TEST(SearchDracula, SurvivesHuntersItsModelDoesNotPredict) {
  expect_free_at({1, 3}, make_hunt_chase, 80);
}

// Hunters who walk to where he was last seen are searched against with that rule as their model
// once it has made all their moves of three rounds: on his judgement alone, as before, b-hunt-chase
// caught him at rounds 67 and 130 on these seeds; now he wins both (at rounds 198 and 210).
TEST(SearchDracula, OutlastsHuntersWhoChase) {
  expect_free_at({41, 52}, make_hunt_chase, 140);
}

// Against hunters his model predicts nearly but not exactly (hunter-jitter), he searches: with
// dracula-v1's judgement, as when he searched only on an exact prediction, they caught him at
// rounds 21 and 35 on these seeds; he now wins both games.
TEST(SearchDracula, OutlastsHuntersItsModelNearlyPredicts) {
  expect_free_at({65, 57}, make_hunter_jitter, 80);
}

// The same hunters, longer: when his play-outs trusted the model's exact replies, plans that
// slipped past a hunter one move away were lost to the first deviation, and they caught him at
// rounds 84 and 66 on these seeds. Charging every play-out move in the hunters' reach
// (exposure_cost), he is free at round 100 on both (and outlasts the score on both).
TEST(SearchDracula, KeepsOutOfReachOfHuntersWhoDeviate) {
  expect_free_at({2, 3}, make_hunter_jitter, 100);
}

// Against hunters who play like his model without playing it (hunter-v3 picks among hunter-v2's
// cheapest moves by play-outs), the loose tier lets him search: on his judgement alone, as when
// only a near-exact fit was searched against, they caught him at rounds 19 and 37 on these seeds;
// now he is caught at round 134 on the first and wins the second.
TEST(SearchDracula, OutlastsHuntersWhoPlayLikeItsModel) {
  expect_free_at({2, 7}, make_hunter_v3, 100);
}

// Against the reference hunter, whose guard walks to the castle and stays there, he models the
// guard as staying and searches on the other three: on his judgement alone they caught him at
// rounds 38 and 25 on these seeds; he is now free at round 80 on both.
TEST(SearchDracula, OutlastsHuntersWithACastleGuard) {
  expect_free_at({1, 7}, make_reference_hunter, 80);
}

// Without a model, dracula-v1's judgement let random hunters near the castle keep him from it
// until he starved on these seeds (at rounds 155 and 180, after 0 and 2 castle turns); the castle
// now draws him when his blood is low and the hunters have long lost him.
TEST(SearchDracula, ReachesTheCastleAgainstRandomHunters) {
  for (uint64_t seed : {7, 14}) {
    auto dracula = make_reference_dracula();
    const Outcome o = play(seed, *dracula, make_hunt_random);
    EXPECT_EQ(o.illegal, 0) << "seed " << seed;
    EXPECT_EQ(o.winner, Winner::kDracula) << "seed " << seed;
  }
}

// Different seeds give different games: the opening and the tie-breaks come from the seed.
TEST(SearchDracula, SeedsMatter) {
  std::set<std::string> openings;
  Record rec;
  for (const char* h : {"MA", "PA", "MI", "KL"}) rec.play(parse_move(h));
  for (uint64_t seed = 1; seed <= 10; ++seed)
    openings.insert(make_reference_dracula()->decide({rec.full(), rec.messages(), seed}).move);
  EXPECT_GE(openings.size(), 3u);
}

// The first `plays` plays of hunter-v1 against dracula-v1 (seed 5): hunters the search's model
// predicts, so that every decision below is a search.
Record modelled_game(int plays) {
  std::vector<std::unique_ptr<Ai>> seats;
  for (int h = 0; h < 4; ++h) seats.push_back(make_hunter_v1());
  seats.push_back(make_dracula_v1());
  Record rec;
  while (!rec.state().is_over() && rec.plays() < plays) {
    const int seat = rec.state().player();
    const std::string text = seat == kDraculaSeat ? rec.full() : rec.redacted();
    rec.play(parse_move(seats[seat]->decide({text, rec.messages(), 5u + seat}).move));
  }
  return rec;
}

// Every decision of `warm` (a fresh instance when null) over the game `full` is a fresh
// instance's.
void expect_deterministic(std::unique_ptr<Ai> (*make)(), const Record& full, Ai* warm = nullptr) {
  const std::string text = full.full();
  Record rec;
  std::unique_ptr<Ai> own;
  if (!warm) own = make(), warm = own.get();
  int decisions = 0;
  for (int i = 0; i < full.plays(); ++i) {
    if (rec.state().player() == kDraculaSeat) {
      const TurnRequest req{rec.full(), rec.messages(), 99};
      const Decision a = warm->decide(req);
      const Decision b = make()->decide(req);
      ++decisions;
      EXPECT_EQ(a.move, b.move);
      EXPECT_EQ(a.message, b.message);
      EXPECT_TRUE(is_legal(rec.state(), parse_move(a.move)) ||
                  (a.move == "TP" && !is_legal(rec.state(), Move(kHide))));
    }
    rec.play(parse_move(std::string_view(text).substr(8 * i + 1, 2)));
  }
  EXPECT_GT(decisions, 10);
}

TEST(DraculaV1, Deterministic) {
  expect_deterministic(make_dracula_v1, random_game(11, 400));
}

// A warm instance (persistent mode, its model's tracker cached) and a fresh one (process mode)
// decide the same: against random hunters (no model, dracula-v1's judgement) and against hunter-v1
// (the search).
TEST(SearchDracula, Deterministic) {
  expect_deterministic(make_reference_dracula, random_game(11, 120));
  expect_deterministic(make_reference_dracula, modelled_game(150));
}

// An instance that played another game first (its log of how the hunters' moves fit the model
// is from that game) decides the next game as a fresh one does.
TEST(SearchDracula, AnotherGameOnTheSameInstanceStartsAfresh) {
  auto warm = make_reference_dracula();
  expect_deterministic(make_reference_dracula, modelled_game(150), warm.get());
  expect_deterministic(make_reference_dracula, random_game(11, 120), warm.get());
  expect_deterministic(make_reference_dracula, modelled_game(150), warm.get());
}

}  // namespace
}  // namespace arena::dracula
