#include "tournament/report.h"

#include <gtest/gtest.h>

namespace arena::tournament {
namespace {

GameInfo dracula_like() {
  GameInfo g;
  g.name = "dracula";
  g.roles = {"G", "S", "H", "M", "D"};
  g.min_seats = 5;
  g.role_groups = {{"hunters", {"G", "S", "H", "M"}}, {"dracula", {"D"}}};
  return g;
}

MatchRow done_row(std::vector<SeatEntry> seats, Json result) {
  MatchRow r;
  r.spec.seats = std::move(seats);
  r.state = MatchState::done;
  MatchResult res;
  res.result = std::move(result);
  r.result = res;
  return r;
}

MatchRow dracula_row(const std::string& hunters, const std::string& dracula, Json winner) {
  std::vector<SeatEntry> seats;
  for (std::string role : {"G", "S", "H", "M"}) seats.push_back({role, hunters, "x"});
  seats.push_back({"D", dracula, "y"});
  return done_row(seats, {{"scores", {{"G", 1}, {"S", 1}, {"H", 1}, {"M", 1}, {"D", 2}}},
                          {"winner", winner},
                          {"result", Json::object()}});
}

TEST(Report, TwoSidesTheWinnersGroupPlacesFirst) {
  auto p = match_places(dracula_like(), dracula_row("a", "b", "dracula"));
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].side, "hunters");
  EXPECT_EQ(p[0].entrant, "a");
  EXPECT_EQ(p[0].score, 4);
  EXPECT_EQ(p[0].rank, 2);
  EXPECT_EQ(p[1].rank, 1);
  EXPECT_EQ(place_share(p, 1), 1);
  auto h = match_places(dracula_like(), dracula_row("a", "b", "hunters"));
  EXPECT_EQ(h[0].rank, 1);
  auto draw = match_places(dracula_like(), dracula_row("a", "b", nullptr));
  EXPECT_EQ(draw[0].rank, draw[1].rank);
  EXPECT_EQ(place_share(draw, 0), 0.5);
}

TEST(Report, MultiPlayerRanksByScoreWithTies) {
  GameInfo g;
  g.name = "evolution";
  g.roles = {"p1", "p2", "p3"};
  g.min_seats = 3;
  auto row =
      done_row({{"p1", "a", "x"}, {"p2", "b", "x"}, {"p3", "c", "x"}},
               {{"scores", {{"p1", 5}, {"p2", 9}, {"p3", 5}}}, {"winner", "p2"}, {"result", {}}});
  auto p = match_places(g, row);
  EXPECT_EQ(p[0].rank, 2);
  EXPECT_EQ(p[1].rank, 1);
  EXPECT_EQ(p[2].rank, 2);
  EXPECT_EQ(place_share(p, 1), 1.0);
  EXPECT_EQ(place_share(p, 0), 0.25);  // beat nobody, level with one: (0 + 0.5) / 2
}

TEST(Report, FailedMatchesAreNotRatedButTheirFaultsCount) {
  MatchRow failed;
  failed.spec.seats = {{"hero", "a", "x"}};
  failed.state = MatchState::done;
  MatchResult res;
  res.error = "boom";
  res.verdicts = {{"hero", {{"crashed", 1}}}};
  failed.result = res;
  GameInfo g;
  g.name = "wumpus";
  g.roles = {"hero"};
  EXPECT_TRUE(match_places(g, failed).empty());
  Tournament t;
  t.name = "t";
  t.game = "wumpus";
  t.config = {{"format", "round-robin"}, {"seats", 1}, {"entrants", {{{"label", "a"}}}}};
  auto ok = done_row({{"hero", "a", "x"}},
                     {{"scores", {{"hero", 10}}}, {"winner", "hero"}, {"result", {}}});
  MatchRow queued;
  queued.spec.seats = {{"hero", "a", "x"}};
  Json r = report_json(g, t, {failed, ok, queued});
  EXPECT_EQ(r["kind"], "single-seat");
  EXPECT_EQ(r["matches"]["done"], 2);
  EXPECT_EQ(r["matches"]["failed"], 1);
  EXPECT_EQ(r["matches"]["queued"], 1);
  EXPECT_EQ(r["standings"][0]["games"], 1);
  EXPECT_EQ(r["standings"][0]["mean_score"], 10);
  EXPECT_EQ(r["faults"]["a"]["crashed"], 1);
  EXPECT_EQ(r["roles"]["hero"]["win_rate"], 1);
}

TEST(Report, TwoSidedStandingsAndMatrix) {
  Tournament t;
  t.name = "t";
  t.game = "dracula";
  t.config = {
      {"format", "round-robin"}, {"seats", 5}, {"entrants", {{{"label", "a"}}, {{"label", "b"}}}}};
  std::vector<MatchRow> rows = {dracula_row("a", "b", "hunters"), dracula_row("b", "a", "dracula"),
                                dracula_row("a", "b", "hunters"), dracula_row("b", "a", "hunters")};
  Json r = report_json(dracula_like(), t, rows);
  EXPECT_EQ(r["kind"], "two-sided");
  EXPECT_EQ(r["standings"][0]["entrant"], "a");
  EXPECT_EQ(r["standings"][0]["wins"], 3);
  EXPECT_EQ(r["standings"][0]["losses"], 1);
  EXPECT_GT(r["standings"][0]["elo"].get<double>(), 0);
  EXPECT_EQ(r["matrix"]["a"]["b"]["points"], 3);
  EXPECT_EQ(r["matrix"]["b"]["a"]["points"], 1);
  EXPECT_EQ(r["sides"]["hunters"]["a"]["games"], 2);
  EXPECT_EQ(r["sides"]["D"]["a"]["score"], 0.5);  // won as Dracula once of twice
  EXPECT_EQ(r["sides"]["hunters"]["a"]["score"], 1);
  EXPECT_EQ(r["roles"]["D"]["win_rate"], 0.25);
  EXPECT_NE(report_text(r).find("a"), std::string::npos);
}

}  // namespace
}  // namespace arena::tournament
