// The built-in strategies' clock is only a safety stop: a slow machine makes the same moves, and
// only a starved one reaches the stop, which still answers legally.
#include "games/empire/self_play.h"

#include <gtest/gtest.h>

#include <memory>

namespace arena::empire {
namespace {

const Map& simple_game() {
  static const Map m = *load_map("simple-game").map;
  return m;
}

// A clock that moves only when read, each reading `step` after the previous one. The strategies
// read it once per candidate plan they cost, so this is a machine on which costing one candidate
// takes `step`, whatever the real machine does.
StrategyLimits clock_step(std::chrono::microseconds step, StrategyStats* stats) {
  StrategyLimits limits;
  auto now = std::make_shared<std::chrono::steady_clock::time_point>();
  limits.clock = [now, step] { return *now += step; };
  limits.stats = stats;
  return limits;
}

Settings settings(uint64_t seed) {
  Settings s;
  s.seed = seed;
  s.turn_limit = 200;
  return s;
}

// Costing a candidate takes well under a millisecond on this machine (a query costs at most a
// few hundred candidates); at 2 ms per candidate no query of these games comes near the 2 s
// safety stop, so the games must be the very games of a clock that never moves.
TEST(StrategySafetyStop, ASlowMachineMakesTheSameMoves) {
  for (uint64_t seed : {3, 4}) {
    StrategyStats frozen[2], slow[2];
    const SelfPlayResult a = self_play(simple_game(), settings(seed), {"reference", "greedy"},
                                       {clock_step(std::chrono::microseconds(0), &frozen[0]),
                                        clock_step(std::chrono::microseconds(0), &frozen[1])},
                                       true);
    const SelfPlayResult b = self_play(simple_game(), settings(seed), {"reference", "greedy"},
                                       {clock_step(std::chrono::milliseconds(2), &slow[0]),
                                        clock_step(std::chrono::milliseconds(2), &slow[1])},
                                       true);
    EXPECT_EQ(a.reason, EndReason::cash_goal);
    EXPECT_EQ(a.record, b.record) << "seed " << seed;
    for (int p = 0; p < 2; ++p) {
      EXPECT_GT(slow[p].estimates, slow[p].queries) << "seed " << seed;
      EXPECT_EQ(frozen[p].estimates, slow[p].estimates);
      EXPECT_EQ(slow[p].safety_stops, 0) << "seed " << seed;
    }
  }
}

// The other side: at 300 ms per candidate the 2 s stop cuts the planning short (after seven
// candidates), and the bots still answer every query legally with the best plan found so far.
TEST(StrategySafetyStop, OnlyAStarvedMachineReachesTheStop) {
  StrategyStats frozen, starved;
  const SelfPlayResult a = self_play(simple_game(), settings(5), {"reference"},
                                     {clock_step(std::chrono::microseconds(0), &frozen)}, true);
  const SelfPlayResult b = self_play(simple_game(), settings(5), {"reference"},
                                     {clock_step(std::chrono::milliseconds(300), &starved)}, true);
  EXPECT_EQ(frozen.safety_stops, 0);
  EXPECT_GT(starved.safety_stops, 0);
  EXPECT_LE(starved.estimates, 7 * starved.queries);
  EXPECT_NE(a.record, b.record);
  EXPECT_TRUE(b.problems.empty()) << b.problems.front();
  EXPECT_NE(b.reason, EndReason::none);
}

// eb-client's think_ms sets the safety stop; anything but a whole number of milliseconds is refused
// before connecting.
TEST(StrategySafetyStop, ThinkMsIsChecked) {
  for (const char* bad : {"think_ms=abc", "think_ms=0", "think_ms=12x", "think_ms="}) {
    testing::internal::CaptureStderr();
    EXPECT_EQ(client_main({"127.0.0.1", "1", "x", bad}, "eb-client"), 64) << bad;
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("eb-client: think_ms must be a whole number of milliseconds from 1 to "
                       "3600000, not '" +
                       std::string(bad + 9) + "'"),
              std::string::npos)
        << err;
  }
}

}  // namespace
}  // namespace arena::empire
