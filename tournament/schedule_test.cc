#include "tournament/schedule.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

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

GameInfo evolution_like() {
  GameInfo g;
  g.name = "evolution";
  g.roles = {"p1", "p2", "p3", "p4", "p5"};
  g.min_seats = 3;
  g.max_seed = 0xffffffffu;
  return g;
}

std::vector<MatchSpec> schedule(const GameInfo& g, const ScheduleConfig& c) {
  auto s = make_schedule(g, c);
  if (auto* err = std::get_if<std::string>(&s)) ADD_FAILURE() << *err;
  return std::get<std::vector<MatchSpec>>(s);
}

std::vector<Entrant> entrants(const std::vector<std::string>& words) {
  auto e = parse_entrants(words);
  EXPECT_TRUE(std::holds_alternative<std::vector<Entrant>>(e));
  return std::get<std::vector<Entrant>>(e);
}

TEST(Schedule, SidesFollowGroups) {
  auto sides = game_sides(dracula_like(), 5);
  ASSERT_EQ(sides.size(), 2u);
  EXPECT_EQ(sides[0].name, "hunters");
  EXPECT_EQ(sides[0].roles, (std::vector<std::string>{"G", "S", "H", "M"}));
  EXPECT_EQ(sides[1].name, "D");
  EXPECT_EQ(game_sides(evolution_like(), 4).size(), 4u);
}

TEST(Schedule, ParsesEntrantsWithRoles) {
  auto e = entrants({"t1:hunters=./h1", "t1:D=./d1", "t2=bot:x"});
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].label, "t1");
  EXPECT_EQ(e[0].specs.at("hunters"), "./h1");
  EXPECT_EQ(e[1].specs.at(""), "bot:x");
  EXPECT_NE(std::get<std::string>(parse_entrants({"a=x", "a=y"})).find("already has"),
            std::string::npos);
  EXPECT_NE(std::get<std::string>(parse_entrants({"noequals"})).find("LABEL=SPEC"),
            std::string::npos);
  EXPECT_NE(std::get<std::string>(parse_entrants({"a b=x"})).find("label"), std::string::npos);
}

// Dracula: each pairing plays A's hunters against B's Dracula and B's hunters against A's Dracula
// on the same seeds.
TEST(Schedule, DraculaPairingsSwapSidesOnSameSeeds) {
  ScheduleConfig c;
  c.entrants = entrants({"a:hunters=ha", "a:dracula=da", "b:hunters=hb", "b:D=db", "c=cc"});
  c.games_per_pairing = 3;
  c.seed = 100;
  auto m = schedule(dracula_like(), c);
  ASSERT_EQ(m.size(), 3u /*pairings*/ * 2 /*arrangements*/ * 3 /*seeds*/);
  // (table, seed) -> the entrant holding D in each arrangement
  std::map<std::pair<std::string, uint64_t>, std::set<std::string>> dracula_of;
  for (const MatchSpec& x : m) {
    ASSERT_EQ(x.seats.size(), 5u);
    EXPECT_EQ(x.seats[4].role, "D");
    for (int i = 0; i < 4; ++i) EXPECT_EQ(x.seats[i].entrant, x.seats[0].entrant);
    EXPECT_NE(x.seats[0].entrant, x.seats[4].entrant);
    dracula_of[{x.table, x.seed}].insert(x.seats[4].entrant);
    if (x.seats[0].entrant == "a") {
      EXPECT_EQ(x.seats[0].spec, "ha");
    }
    if (x.seats[4].entrant == "a") {
      EXPECT_EQ(x.seats[4].spec, "da");
    }
    if (x.seats[4].entrant == "b") {
      EXPECT_EQ(x.seats[4].spec, "db");
    }
  }
  EXPECT_EQ(dracula_of.size(), 9u);
  for (const auto& [key, who] : dracula_of) EXPECT_EQ(who.size(), 2u) << key.first;
  for (size_t i = 0; i < m.size(); ++i) EXPECT_EQ(m[i].index, static_cast<int>(i));
}

// Multi-player: every table of N entrants plays each seed in the N rotations of the seat order,
// so every entrant holds every seat once per seed.
TEST(Schedule, MultiPlayerRotatesSeats) {
  ScheduleConfig c;
  c.entrants = entrants({"a=x", "b=y", "c=z", "d=w"});
  c.games_per_pairing = 2;
  c.seats = 3;
  auto m = schedule(evolution_like(), c);
  ASSERT_EQ(m.size(), 4u /*C(4,3)*/ * 3 * 2);
  std::map<std::pair<std::string, uint64_t>, std::set<std::pair<std::string, std::string>>> seen;
  for (const MatchSpec& x : m) {
    ASSERT_EQ(x.seats.size(), 3u);
    for (const SeatEntry& s : x.seats) seen[{x.table, x.seed}].insert({s.entrant, s.role});
  }
  for (const auto& [key, pairs] : seen) EXPECT_EQ(pairs.size(), 9u) << key.first;
}

TEST(Schedule, GauntletMeetsTheFirstOnly) {
  ScheduleConfig c;
  c.format = Format::gauntlet;
  c.entrants = entrants({"champ=x", "b=y", "c=z"});
  auto m = schedule(dracula_like(), c);
  ASSERT_EQ(m.size(), 4u);
  for (const MatchSpec& x : m) EXPECT_NE(x.table.find("champ"), std::string::npos);
}

TEST(Schedule, SingleSeatEveryEntrantSameSeeds) {
  GameInfo g;
  g.name = "wumpus";
  g.roles = {"hero"};
  ScheduleConfig c;
  c.entrants = entrants({"a=x", "b=y"});
  c.games_per_pairing = 3;
  c.seed = 7;
  auto m = schedule(g, c);
  ASSERT_EQ(m.size(), 6u);
  std::map<std::string, std::set<uint64_t>> seeds;
  for (const MatchSpec& x : m) seeds[x.seats.at(0).entrant].insert(x.seed);
  EXPECT_EQ(seeds["a"], (std::set<uint64_t>{7, 8, 9}));
  EXPECT_EQ(seeds["a"], seeds["b"]);
}

TEST(Schedule, Deterministic) {
  ScheduleConfig c;
  c.entrants = entrants({"a=x", "b=y", "c=z", "d=w"});
  c.games_per_pairing = 2;
  c.seats = 4;
  auto m1 = schedule(evolution_like(), c), m2 = schedule(evolution_like(), c);
  ASSERT_EQ(m1.size(), m2.size());
  for (size_t i = 0; i < m1.size(); ++i) {
    EXPECT_EQ(m1[i].seed, m2[i].seed);
    EXPECT_EQ(m1[i].table, m2[i].table);
    for (size_t s = 0; s < m1[i].seats.size(); ++s)
      EXPECT_EQ(m1[i].seats[s].entrant, m2[i].seats[s].entrant);
  }
}

TEST(Schedule, PreciseErrors) {
  ScheduleConfig c;
  c.entrants = entrants({"a:hunters=x", "b=y"});
  EXPECT_NE(
      std::get<std::string>(make_schedule(dracula_like(), c)).find("a has no program for role D"),
      std::string::npos);
  c.entrants = entrants({"a:wolves=x", "b=y"});
  EXPECT_NE(
      std::get<std::string>(make_schedule(dracula_like(), c)).find("no role or group 'wolves'"),
      std::string::npos);
  c.entrants = entrants({"a=x"});
  EXPECT_NE(std::get<std::string>(make_schedule(dracula_like(), c)).find("at least 2 entrants"),
            std::string::npos);
  c.entrants = entrants({"a=x", "b=y", "c=z"});
  c.seats = 9;
  EXPECT_NE(std::get<std::string>(make_schedule(evolution_like(), c)).find("3 to 5 seats"),
            std::string::npos);
  c.seats = 0;
  c.seed = 0xffffffffu;
  c.games_per_pairing = 2;
  EXPECT_NE(std::get<std::string>(make_schedule(evolution_like(), c)).find("largest seed"),
            std::string::npos);
  c.seed = 0;
  c.games_per_pairing = 1;
  c.rounds = 2;
  EXPECT_NE(std::get<std::string>(make_schedule(evolution_like(), c)).find("for --format swiss"),
            std::string::npos);
  c.format = Format::swiss;
  EXPECT_NE(std::get<std::string>(make_schedule(evolution_like(), c)).find("has 3 sides"),
            std::string::npos);
  c.entrants = entrants({"a=x"});
  EXPECT_NE(std::get<std::string>(make_schedule(dracula_like(), c)).find("at least 2 entrants"),
            std::string::npos);
}

// Swiss, two sides: each round's pairs play every seed in both arrangements, the same seeds in
// every round; indices run on from round to round.
TEST(Schedule, SwissRoundsPlayBothSidesOnTheSameSeeds) {
  ScheduleConfig c;
  c.format = Format::swiss;
  c.entrants = entrants({"a=x", "b=y", "c=z", "d=w", "e=v"});
  c.games_per_pairing = 2;
  c.seed = 50;
  EXPECT_EQ(swiss_rounds(c), 3);
  EXPECT_EQ(swiss_round_size(dracula_like(), c), 2 /*pairs*/ * 2 /*sides*/ * 2 /*seeds*/);
  auto first = schedule(dracula_like(), c);
  ASSERT_EQ(first.size(), 8u);
  // Round 1 by seeding: a-c, b-d, e has the bye.
  std::map<std::pair<std::string, uint64_t>, std::set<std::string>> dracula_of;
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].index, static_cast<int>(i));
    EXPECT_EQ(first[i].round, 0);
    EXPECT_TRUE(first[i].table == "a|c" || first[i].table == "b|d") << first[i].table;
    dracula_of[{first[i].table, first[i].seed}].insert(first[i].seats[4].entrant);
  }
  EXPECT_EQ(dracula_of.size(), 4u);
  for (const auto& [key, who] : dracula_of) EXPECT_EQ(who.size(), 2u) << key.first;
  const auto third = swiss_round_matches(dracula_like(), c, 2, SwissRound{{{0, 4}, {1, 2}}, 3});
  ASSERT_EQ(third.size(), 8u);
  EXPECT_EQ(third[0].index, 16);
  EXPECT_EQ(third[0].round, 2);
  EXPECT_EQ(third[0].table, "a|e");
  EXPECT_EQ(third[0].seed, 50u);
  EXPECT_EQ(third[1].table, "a|e");
  EXPECT_EQ(third[2].table, "b|c");
  EXPECT_EQ(third[4].seed, 51u);
  c.rounds = 400;
  c.games_per_pairing = 1000;
  EXPECT_NE(std::get<std::string>(make_schedule(dracula_like(), c)).find("at most"),
            std::string::npos);
}

// Swiss, one side (Wumpus): the two of a pair each play the seed alone.
TEST(Schedule, SwissOneSideEachOfThePairAlone) {
  GameInfo g;
  g.name = "wumpus";
  g.roles = {"hero"};
  ScheduleConfig c;
  c.format = Format::swiss;
  c.entrants = entrants({"a=x", "b=y"});
  c.rounds = 2;
  c.seed = 7;
  auto m = schedule(g, c);
  ASSERT_EQ(m.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(m[i].table, "a|b");
    EXPECT_EQ(m[i].seed, 7u);
    ASSERT_EQ(m[i].seats.size(), 1u);
    EXPECT_EQ(m[i].seats[0].entrant, i == 0 ? "a" : "b");
    EXPECT_EQ(m[i].seats[0].spec, i == 0 ? "x" : "y");
  }
}

}  // namespace
}  // namespace arena::tournament
