// Walks the registry: every registered game is played with its own built-in bots through match/
// (as `arena play` plays it), its replay is checked by the game's own checker after a round trip
// through the file format, the same seed gives the same bytes (turn-based games) and another seed
// other bytes. A new game is covered by this test the moment it is registered.
#include <gtest/gtest.h>

#include <string>

#include "core/registry.h"
#include "games/all_games.h"
#include "match/match.h"

namespace arena {
namespace {

// The first built-in bot made for `role` (directly or through one of its groups).
std::string bot_for(const GameInfo& game, const std::string& role) {
  for (const BotInfo& bot : game.bots) {
    if (bot.roles.empty()) return bot.name;
    for (const std::string& r : bot.roles) {
      if (r == role) return bot.name;
      auto group = game.role_groups.find(r);
      if (group == game.role_groups.end()) continue;
      for (const std::string& member : group->second)
        if (member == role) return bot.name;
    }
  }
  return "";
}

// The game's defaults, its first min_seats roles each filled by a built-in bot.
MatchSetup setup_for(const GameInfo& game, uint64_t seed) {
  MatchSetup setup;
  auto params = parse_params(game, {});
  EXPECT_TRUE(std::holds_alternative<ParamValues>(params)) << game.name;
  if (auto* p = std::get_if<ParamValues>(&params)) setup.params = *p;
  setup.seed = seed;
  setup.seed_given = true;
  setup.time_ms = game.default_time_ms;
  for (int i = 0; i < game.min_seats; ++i) {
    SeatSpec spec;
    spec.role = game.roles[static_cast<size_t>(i)];
    spec.builtin = bot_for(game, spec.role);
    spec.text = "bot:" + spec.builtin;
    EXPECT_FALSE(spec.builtin.empty()) << game.name << ": no built-in bot for " << spec.role;
    setup.seats[spec.role] = spec;
  }
  return setup;
}

// Plays one match and returns its replay without timings, after checking it.
std::string play_and_check(const GameInfo& game, uint64_t seed) {
  const MatchOutcome outcome = run_match(game, setup_for(game, seed));
  const std::string jsonl = outcome.replay.to_jsonl();
  auto parsed = Replay::parse(jsonl);
  if (auto* error = std::get_if<std::string>(&parsed)) {
    ADD_FAILURE() << game.name << " seed " << seed << ": " << *error;
    return "";
  }
  const Replay& replay = std::get<Replay>(parsed);
  EXPECT_EQ(replay.header["game"], game.name);
  EXPECT_EQ(replay.result["type"], "result");
  EXPECT_EQ(replay.result["winner"], outcome.winner ? Json(*outcome.winner) : Json(nullptr));
  EXPECT_EQ(replay.result["scores"].size(), outcome.scores.size()) << game.name;
  EXPECT_TRUE(outcome.warnings.empty()) << game.name;
  if (game.check_replay) {
    for (const std::string& problem : game.check_replay(replay))
      ADD_FAILURE() << game.name << " seed " << seed << ": " << problem;
  }
  if (game.export_replay) EXPECT_FALSE(game.export_replay(replay).is_null()) << game.name;
  return without_timings(jsonl);
}

TEST(EveryGame, PlaysWithItsBotsChecksAndReproduces) {
  register_all_games();
  ASSERT_FALSE(Registry::instance().games().empty());
  for (const GameInfo& game : Registry::instance().games()) {
    SCOPED_TRACE(game.name);
    ASSERT_FALSE(game.bots.empty()) << game.name << " registers no built-in bot";
    ASSERT_TRUE(game.referee && game.seat_plan) << game.name << " cannot be played";
    const std::string a = play_and_check(game, 1);
    const std::string b = play_and_check(game, 1);
    const std::string c = play_and_check(game, 2);
    ASSERT_FALSE(a.empty());
    // A real-time game's events depend on when its seats' frames arrive: only a turn-based game
    // must give the same bytes again. Each replay was still checked by the game's own checker.
    if (game.dynamics == Dynamics::turn_based)
      EXPECT_EQ(a, b) << game.name << ": the same seed gave other bytes";
    EXPECT_NE(a, c) << game.name << ": seed 2 replays seed 1";
  }
}

}  // namespace
}  // namespace arena
