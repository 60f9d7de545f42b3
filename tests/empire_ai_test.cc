// Spec §11.7: games of 2 to 6 reference AIs on simple-game with different seeds and
// turn_limit=200 finish without an ERROR reply, a TIMEOUT or a TOO-MANY-COMMANDS reply, and most
// end by CASH-GOAL. Played in process through match/ (the same bytes as programs), each replay
// re-checked through the rules.
#include <gtest/gtest.h>

#include <string>

#include "core/registry.h"
#include "games/all_games.h"
#include "match/match.h"

namespace arena {
namespace {

TEST(EmpireAi, ReferenceGamesOfTwoToSixPlayersAreClean) {
  register_all_games();
  const GameInfo* game = Registry::instance().find("empire");
  ASSERT_NE(game, nullptr);
  int games = 0, cash_goal = 0;
  for (int players = 2; players <= 6; ++players) {
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      MatchSetup setup;
      setup.params = std::get<ParamValues>(parse_params(*game, {}));
      setup.seed = seed + 100 * static_cast<uint64_t>(players);
      setup.seed_given = true;
      setup.time_ms = game->default_time_ms;
      for (int k = 1; k <= players; ++k) {
        SeatSpec s;
        s.role = "p" + std::to_string(k);
        s.builtin = "reference";
        s.text = "bot:reference";
        setup.seats[s.role] = s;
      }
      const MatchOutcome o = run_match(*game, setup);
      const std::string where =
          std::to_string(players) + " players, seed " + std::to_string(setup.seed);
      for (const Json& e : o.replay.events) {
        const std::string text = e.dump();
        EXPECT_EQ(text.find("ERROR"), std::string::npos) << where << ": " << text.substr(0, 200);
        EXPECT_EQ(text.find("TIMED-OUT"), std::string::npos) << where << ": " << text;
        EXPECT_EQ(text.find("TOO-MANY-COMMANDS"), std::string::npos) << where << ": " << text;
        EXPECT_EQ(text.find("PLAYER-LEFT"), std::string::npos) << where << ": " << text;
      }
      for (const std::string& problem : game->check_replay(o.replay))
        ADD_FAILURE() << where << ": " << problem;
      ++games;
      if (o.result["reason"] == "CASH-GOAL") ++cash_goal;
    }
  }
  EXPECT_GT(cash_goal * 2, games) << cash_goal << " of " << games << " games ended by CASH-GOAL";
}

}  // namespace
}  // namespace arena
