// Walks the registry: every registered game is played with its own built-in bots through match/
// (as `arena play` plays it), its replay is checked by the game's own checker after a round trip
// through the file format, the same seed gives the same bytes (turn-based games) and another seed
// other bytes. A new game is covered by this test the moment it is registered. Each game is also
// played live (MatchSetup::on_line), and what it streamed must be its replay, line for line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

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

// One line as the replay file holds it (a bot's bad bytes become U+FFFD, never an exception).
std::string text(const Json& line) {
  return line.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::vector<std::string> game_names() {
  register_all_games();
  std::vector<std::string> names;
  for (const GameInfo& game : Registry::instance().games()) names.push_back(game.name);
  return names;
}

// Live spectating (docs/web.md): the referee streams its header first, as the replay's header
// will be (match/ puts the container's fields in front), then every line as it records it. The
// viewer builds its frames from them, so they must be the replay's own lines, the same bytes in
// the same order; only the seats' log lines, which match/ adds after the referee, and the result
// line come with the whole replay at the end. Plays one match live into `outcome` and checks what
// it streamed against its replay.
void expect_streams_its_replay(const GameInfo& game, MatchSetup setup, MatchOutcome& outcome) {
  std::vector<std::string> streamed;
  size_t headers = 0;
  setup.on_line = [&](const Json& line) {
    headers += line.value("type", "") == "header";
    streamed.push_back(text(line));
  };
  outcome = run_match(game, setup);
  const std::vector<Json>& events = outcome.replay.events;

  ASSERT_GE(streamed.size(), 2u) << "a header and at least one line";
  EXPECT_EQ(headers, 1u);
  EXPECT_EQ(streamed[0], text(outcome.replay.header));
  const size_t lines = streamed.size() - 1;
  ASSERT_LE(lines, events.size()) << "streamed more lines than the replay holds";
  for (size_t i = 0; i < lines; ++i)
    ASSERT_EQ(streamed[i + 1], text(events[i])) << "line " << i + 2 << " of the replay";
  for (size_t i = lines; i < events.size(); ++i)
    EXPECT_EQ(events[i].value("type", ""), "log") << "line " << i + 2 << " was never streamed";
}

class LiveStream : public testing::TestWithParam<std::string> {};

TEST_P(LiveStream, StreamsTheReplaysHeaderThenEachLineAsRecorded) {
  const GameInfo* game = Registry::instance().find(GetParam());
  ASSERT_NE(game, nullptr);
  MatchOutcome outcome;
  expect_streams_its_replay(*game, setup_for(*game, 3), outcome);
}

// A seat whose program cannot start: what the game makes of it (a drop, an absent player, default
// moves, a crash) is streamed in its place too, the header saying so as the replay's does.
TEST_P(LiveStream, StreamsAMatchWhoseLastSeatCannotStart) {
  const GameInfo* game = Registry::instance().find(GetParam());
  ASSERT_NE(game, nullptr);
  if (game->dynamics == Dynamics::real_time)
    GTEST_SKIP() << "its registration waits out its bound (10 s) for the missing team";
  MatchSetup setup = setup_for(*game, 3);
  SeatSpec& seat = setup.seats.at(game->roles[static_cast<size_t>(game->min_seats - 1)]);
  seat.builtin.clear();
  seat.text = "/nonexistent/arena-test-bot";
  seat.argv = {seat.text};
  MatchOutcome outcome;
  expect_streams_its_replay(*game, setup, outcome);
  ASSERT_EQ(outcome.warnings.size(), 1u);
  EXPECT_NE(outcome.warnings[0].find("cannot start"), std::string::npos) << outcome.warnings[0];
}

INSTANTIATE_TEST_SUITE_P(Games, LiveStream, testing::ValuesIn(game_names()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

}  // namespace
}  // namespace arena
