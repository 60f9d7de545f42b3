#include "tournament/runner.h"

#include <gtest/gtest.h>
#include <unistd.h>

namespace arena::tournament {
namespace {

TEST(Runner, CountsEveryAnswerThatWasNotOkBySeat) {
  MatchOutcome o;
  o.scores = {{"G", 1}, {"D", 0}};
  o.winner = "hunters";
  o.replay.events = {
      {{"type", "turn"}, {"seat", "G"}, {"verdict", "ok"}},
      {{"type", "turn"}, {"seat", "G"}, {"verdict", "timeout"}},
      {{"type", "turn"}, {"seat", "G"}, {"verdict", "timeout"}},
      {{"type", "turn"}, {"seat", "D"}, {"verdict", "crashed"}},
      {{"type", "event"}, {"event", "ejected"}, {"seat", "D"}, {"reason", "time limit"}},
      {{"type", "log"}, {"seat", "D"}, {"start_error", "cannot start"}},
  };
  MatchResult r = match_result(o);
  EXPECT_EQ(r.verdicts["G"]["timeout"], 2);
  EXPECT_FALSE(r.verdicts["G"].contains("ok"));
  EXPECT_EQ(r.verdicts["D"]["crashed"], 1);
  EXPECT_EQ(r.verdicts["D"]["ejected"], 1);
  EXPECT_EQ(r.verdicts["D"]["start_error"], 1);
  EXPECT_EQ(r.result["winner"], "hunters");
  EXPECT_EQ(r.result["scores"]["G"], 1);
  EXPECT_NE(r.replay.find("\"verdict\":\"timeout\""), std::string::npos);
}

TEST(Runner, SingleSeatTurnsNeedNoSeatName) {
  MatchOutcome o;
  o.scores = {{"hero", -1}};
  o.replay.events = {{{"type", "turn"}, {"verdict", "malformed"}}};
  EXPECT_EQ(match_result(o).verdicts["hero"]["malformed"], 1);
}

TEST(Runner, StaleLeases) {
  const int64_t now = now_ms();
  const std::string me = this_worker_id();
  const std::string host = me.substr(0, me.find('/'));
  EXPECT_FALSE(lease_is_stale(me, now + 1000, now));
  EXPECT_TRUE(lease_is_stale(me, now - 1, now));  // expired, whoever holds it
  // Another machine's worker keeps its lease until it expires.
  EXPECT_FALSE(lease_is_stale("elsewhere.invalid/1/5", now + 1000, now));
  // This machine: a process that is gone (pid 0 is never a worker), or our own pid from an
  // earlier start.
  EXPECT_TRUE(lease_is_stale(host + "/0/5", now + 1000, now));
  EXPECT_TRUE(lease_is_stale(host + "/" + std::to_string(getpid()) + "/1", now + 1000, now));
  EXPECT_FALSE(lease_is_stale(host + "/" + std::to_string(getppid()) + "/1", now + 1000, now));
}

}  // namespace
}  // namespace arena::tournament
