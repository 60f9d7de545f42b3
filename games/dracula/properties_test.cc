// The property tests of spec §8.5 on random games (arena::Rng, reproducible).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/dracula/past_plays.h"
#include "games/dracula/random_game.h"
#include "games/dracula/view.h"

namespace arena::dracula {
namespace {

std::vector<PlaceId> sorted(const PlaceList& l) {
  std::vector<PlaceId> v = l.to_vector();
  std::sort(v.begin(), v.end());
  return v;
}

// Checks every property against the record's state at this moment.
void check_moment(const Record& r) {
  const GameState& s = r.state();
  const std::string& full = r.full();
  View v(full);
  // 1. Replay.
  ASSERT_EQ(v.score(), s.score);
  for (int p = 0; p < 5; ++p) ASSERT_EQ(v.health(p), s.health(p)) << full;
  for (int h = 0; h < 4; ++h) ASSERT_EQ(v.location(h), s.hunter_loc[h]);
  ASSERT_EQ(v.location(4), s.dracula_loc());
  ASSERT_EQ(v.vampire_location(), s.vampire_loc());
  std::vector<PlaceId> traps;
  for (int i = 0; i < s.trail_len; ++i)
    if (s.trail[i].alive && s.trail[i].placed == Encounter::kTrap) traps.push_back(s.trail[i].loc);
  std::sort(traps.begin(), traps.end());
  ASSERT_EQ(sorted(v.trap_locations()), traps);
  if (s.is_over()) return;
  MoveList moves;
  legal_moves(s, moves);
  std::vector<PlaceId> engine;
  for (Move m : moves) engine.push_back(m.id);
  std::sort(engine.begin(), engine.end());
  if (s.player() == kDraculaSeat) {
    // 2. Legal moves, with the round-0 and TELEPORT conventions of §5.7.
    std::vector<PlaceId> view = sorted(v.dracula_valid_moves());
    if (s.round() == 0 || engine == std::vector<PlaceId>{kTeleport}) {
      ASSERT_TRUE(view.empty());
    } else {
      ASSERT_EQ(view, engine) << full;
    }
    return;
  }
  const std::string red = r.redacted();
  // 4. Redaction soundness.
  ASSERT_EQ(red.size(), full.size());
  for (size_t i = 0; i < full.size(); ++i) {
    const size_t play = i / 8, col = i % 8;
    if (play % 5 != 4 || (col != 1 && col != 2)) {
      ASSERT_EQ(red[i], full[i]);
      continue;
    }
    if (col == 2) continue;
    const PlaceId shown = code_to_id(red.substr(i, 2)), truth = code_to_id(full.substr(i, 2));
    if (is_real(shown)) {
      ASSERT_EQ(shown, truth);
    } else if (shown == kCityUnknown) {
      ASSERT_TRUE((is_real(truth) && is_land(truth)) || (truth == kHide && !r.revealed(play / 5)));
    } else if (shown == kSeaUnknown) {
      ASSERT_TRUE(is_real(truth) && is_sea(truth));
    } else {
      ASSERT_EQ(shown, truth);
    }
  }
  View hv(red);
  // 3. Hunter reach.
  if (s.round() >= 1) {
    ASSERT_EQ(sorted(hv.where_can_they_go(hv.player())), engine);
  }
  // 5. Redacted views.
  ASSERT_EQ(hv.score(), s.score);
  for (int p = 0; p < 5; ++p) ASSERT_EQ(hv.health(p), s.health(p));
  for (int h = 0; h < 4; ++h) ASSERT_EQ(hv.location(h), s.hunter_loc[h]);
}

void check_limits(const Record& r) {
  const GameState& s = r.state();
  ASSERT_LE(s.plays, kMaxPlays);
  ASSERT_EQ(r.full().size(), s.plays ? 8u * s.plays - 1 : 0u);
  int vampires = 0;
  for (int i = 0; i < s.trail_len; ++i) {
    const TrailEntry& e = s.trail[i];
    ASSERT_NE(e.loc, kHospital);
    if (!e.alive) continue;
    vampires += e.placed == Encounter::kVampire;
    ASSERT_TRUE(is_land(e.loc));
    ASSERT_LE(s.encounters_at(e.loc), 3);
  }
  ASSERT_LE(vampires, 1);
}

TEST(DraculaProperties, EveryPlayOfRandomGames) {
  for (uint64_t seed = 100; seed < 500; ++seed) {
    Rng rng = named_stream(seed, "properties");
    Record r;
    while (!r.state().is_over()) {
      ASSERT_NO_FATAL_FAILURE(check_moment(r));
      ASSERT_NO_FATAL_FAILURE(check_limits(r));
      r.play(random_move(r.state(), rng));
    }
    ASSERT_NO_FATAL_FAILURE(check_moment(r));
  }
}

TEST(DraculaProperties, FinalRecordsOfManyGames) {
  int hunters = 0, dracula = 0;
  for (uint64_t seed = 1; seed <= 2000; ++seed) {
    Record r = random_game(seed);
    ASSERT_NO_FATAL_FAILURE(check_limits(r));
    // 7. Record: the final string reproduces score, health and winner.
    View v(r.full());
    const GameState& s = r.state();
    ASSERT_EQ(v.score(), s.score);
    for (int p = 0; p < 5; ++p) ASSERT_EQ(v.health(p), s.health(p));
    ASSERT_TRUE(s.is_over());
    ASSERT_LE(s.score, 366);
    ASSERT_GE(s.score, -13);
    if (s.winner == Winner::kHunters) {
      ++hunters;
      ASSERT_LE(s.blood, 0);
    } else {
      ++dracula;
      ASSERT_LE(s.score, 0);
      ASSERT_GT(s.blood, 0);
    }
  }
  EXPECT_GT(hunters + dracula, 0);
}

}  // namespace
}  // namespace arena::dracula
