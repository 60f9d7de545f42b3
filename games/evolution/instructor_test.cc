// The instructor's rule set beside the spec's (docs/evolution.md "Two rule sets"): the rankings
// the instructor's `xmain N` prints on its unshuffled deck, and each of the ten rows that differ.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "games/evolution/dealer.h"
#include "games/evolution/engine.h"
#include "games/evolution/harness/harness.h"
#include "games/evolution/json.h"
#include "games/evolution/net/server.h"
#include "games/evolution/silly.h"

namespace arena::evolution {
namespace {

constexpr Variant kInstructorUnshuffled{Rules::instructor, DeckOrder::unshuffled};
constexpr Variant kSpecUnshuffled{Rules::spec, DeckOrder::unshuffled};

// "1. 3 7; 2. 2 7; 3. 1 5": place, player id, score, as the issue's table writes them.
std::string ranking_text(const std::vector<Engine::Rank>& ranking) {
  std::string out;
  for (const auto& r : ranking) {
    if (!out.empty()) out += "; ";
    out += std::to_string(r.place) + ". " + std::to_string(r.id) + " " + std::to_string(r.score);
  }
  return out;
}

Species species(int food, int body, int population, std::vector<Trait> traits, int fat = 0) {
  Species s;
  s.food = static_cast<int8_t>(food);
  s.body = static_cast<int8_t>(body);
  s.population = static_cast<int8_t>(population);
  s.fat_food = static_cast<int8_t>(fat);
  for (Trait t : traits) s.add_trait(t);
  return s;
}

// What the instructor's `xmain N` (Racket 8.7) prints, one row per N.
struct TableRow {
  int n;
  const char* instructor;
  const char* spec;  // the spec's rules on the same unshuffled deck: what our engine computes
};
constexpr TableRow kTable[] = {
    {3, "1. 3 7; 2. 2 7; 3. 1 5", "1. 2 7; 2. 3 7; 3. 1 5"},
    {4, "1. 2 2; 2. 1 2; 3. 4 1; 4. 3 0", "1. 1 2; 2. 2 2; 3. 4 1; 4. 3 0"},
    {5, "1. 2 5; 2. 3 4; 3. 1 4; 4. 4 3; 5. 5 1", "1. 2 5; 2. 3 5; 3. 1 4; 4. 4 3; 5. 5 1"},
    {6, "1. 3 5; 2. 5 5; 3. 2 4; 4. 4 4; 5. 6 2; 6. 1 1",
     "1. 5 5; 2. 3 5; 3. 4 4; 4. 2 4; 5. 6 2; 6. 1 1"},
    {7, "1. 2 3; 2. 1 3; 3. 5 3; 4. 4 3; 5. 3 2; 6. 7 2; 7. 6 2",
     "1. 4 3; 2. 5 3; 3. 1 3; 4. 2 3; 5. 6 2; 6. 7 2; 7. 3 2"},
    {8, "1. 2 1; 2. 1 1; 3. 8 1; 4. 7 1; 5. 6 1; 6. 5 1; 7. 4 1; 8. 3 1",
     "1. 3 1; 2. 4 1; 3. 5 1; 4. 6 1; 5. 7 1; 6. 8 1; 7. 1 1; 8. 2 1"},
};

class InstructorXmain : public ::testing::TestWithParam<TableRow> {};

TEST_P(InstructorXmain, InstructorRulesGiveTheInstructorsRanking) {
  const TableRow& row = GetParam();
  EXPECT_EQ(ranking_text(silly_ranking(row.n, 0, kInstructorUnshuffled)), row.instructor);
}

TEST_P(InstructorXmain, SpecRulesOnTheSameDeck) {
  const TableRow& row = GetParam();
  EXPECT_EQ(ranking_text(silly_ranking(row.n, 0, kSpecUnshuffled)), row.spec);
}

INSTANTIATE_TEST_SUITE_P(EvolutionInstructor, InstructorXmain, ::testing::ValuesIn(kTable),
                         [](const auto& info) {
                           return std::string(1, 'N') += std::to_string(info.param.n);
                         });

TEST(EvolutionInstructor, UnshuffledDeckIsCardOrderWhateverTheSeed) {
  const auto& ordered = ordered_deck();
  EXPECT_EQ(make_deck(DeckOrder::unshuffled, 0), Hand(ordered.begin(), ordered.end()));
  EXPECT_EQ(make_deck(DeckOrder::unshuffled, 42), make_deck(DeckOrder::unshuffled, 0));
  EXPECT_EQ(make_deck(DeckOrder::shuffled, 42), shuffled_deck(42));
  // The seed still matters for the shuffled deck, not for the unshuffled one.
  EXPECT_EQ(ranking_text(silly_ranking(5, 7, kInstructorUnshuffled)),
            ranking_text(silly_ranking(5, 0, kInstructorUnshuffled)));
}

TEST(EvolutionInstructor, TheDefaultsAreTheSpecsGame) {
  EXPECT_EQ(Variant{}, (Variant{Rules::spec, DeckOrder::shuffled}));
  for (uint32_t seed : {0u, 42u}) {
    EXPECT_EQ(format_ranking(silly_ranking(4, seed, Variant{})), run_silly_game(4, seed));
  }
  EXPECT_EQ(parse_rules("instructor"), Rules::instructor);
  EXPECT_EQ(parse_rules("Instructor"), std::nullopt);
  EXPECT_EQ(parse_deck_order("unshuffled"), DeckOrder::unshuffled);
  EXPECT_EQ(parse_deck_order("sorted"), std::nullopt);
}

// Row "score": bag + number of species + traits, against bag + population + traits.
TEST(EvolutionInstructor, ScoreCountsSpeciesNotPopulation) {
  PlayerState p;
  p.bag = 3;
  p.boards = {species(0, 1, 4, {Trait::horns, Trait::climbing}), species(0, 0, 2, {})};
  EXPECT_EQ(score(p, Rules::spec), 3 + 6 + 2);
  EXPECT_EQ(score(p, Rules::instructor), 3 + 2 + 2);
}

// Row "game over": a player without species counts 3 cards, not 4.
TEST(EvolutionInstructor, GameOverCountsThreeCardsForAPlayerWithoutSpecies) {
  Configuration c;
  c.players.resize(3);
  c.players[0].boards = {species(0, 0, 1, {})};  // needs 4 under both rule sets
  const auto& ordered = ordered_deck();
  for (size_t size : {10u, 11u, 12u}) {
    c.deck.assign(ordered.begin(), ordered.begin() + static_cast<long>(size));
    EXPECT_EQ(Engine(c, Rules::spec).game_over(), size < 12) << size;
    EXPECT_EQ(Engine(c, Rules::instructor).game_over(), size < 10) << size;
  }
}

// Row "ties in the ranking": reverse turn order.
TEST(EvolutionInstructor, TiesRankInReverseTurnOrder) {
  Configuration c;
  for (int id : {4, 2, 3, 1}) {
    PlayerState p;
    p.id = id;
    p.bag = id == 1 ? 5 : 2;
    c.players.push_back(p);
  }
  EXPECT_EQ(ranking_text(Engine(c, Rules::spec).ranking()), "1. 1 5; 2. 4 2; 3. 2 2; 4. 3 2");
  EXPECT_EQ(ranking_text(Engine(c, Rules::instructor).ranking()), "1. 1 5; 2. 3 2; 3. 2 2; 4. 4 2");
}

// Row "hard-shell": the attack must exceed body + 4; the attacker's own hard-shell adds 4.
TEST(EvolutionInstructor, HardShell) {
  const Species shell = species(0, 2, 1, {Trait::hard_shell});
  const Species six = species(0, 6, 1, {Trait::carnivore});
  const Species seven = species(0, 7, 1, {Trait::carnivore});
  const Species shelled_three = species(0, 3, 1, {Trait::carnivore, Trait::hard_shell});
  const Species pack = species(0, 3, 3, {Trait::carnivore, Trait::pack_hunting});  // size 6
  EXPECT_TRUE(attackable(shell, six, nullptr, nullptr, Rules::spec));
  EXPECT_FALSE(attackable(shell, six, nullptr, nullptr, Rules::instructor));
  EXPECT_TRUE(attackable(shell, seven, nullptr, nullptr, Rules::spec));
  EXPECT_TRUE(attackable(shell, seven, nullptr, nullptr, Rules::instructor));
  EXPECT_FALSE(attackable(shell, shelled_three, nullptr, nullptr, Rules::spec));
  EXPECT_TRUE(attackable(shell, shelled_three, nullptr, nullptr, Rules::instructor));
  EXPECT_TRUE(attackable(shell, pack, nullptr, nullptr, Rules::spec));
  EXPECT_FALSE(attackable(shell, pack, nullptr, nullptr, Rules::instructor));
}

// Row "herding": body + population against the herd when the attacker hunts in packs.
TEST(EvolutionInstructor, HerdingAgainstAPack) {
  const Species herd = species(0, 0, 3, {Trait::herding});
  const Species pack = species(0, 2, 2, {Trait::carnivore, Trait::pack_hunting});
  const Species lone = species(0, 2, 2, {Trait::carnivore});
  EXPECT_FALSE(attackable(herd, pack, nullptr, nullptr, Rules::spec));
  EXPECT_TRUE(attackable(herd, pack, nullptr, nullptr, Rules::instructor));
  EXPECT_FALSE(attackable(herd, lone, nullptr, nullptr, Rules::spec));
  EXPECT_FALSE(attackable(herd, lone, nullptr, nullptr, Rules::instructor));
}

// Row "symbiosis": no effect.
TEST(EvolutionInstructor, SymbiosisHasNoEffect) {
  const Boards row = {species(0, 1, 1, {Trait::symbiosis}), species(0, 3, 1, {})};
  const Species attacker = species(0, 0, 1, {Trait::carnivore});
  EXPECT_FALSE(attackable(attacker, row, 0, Rules::spec));
  EXPECT_TRUE(attackable(attacker, row, 0, Rules::instructor));
  // Through the engine's options as well.
  Configuration c;
  c.players.resize(3);
  c.players[0].boards = {attacker};
  c.players[1].boards = row;
  c.watering_hole = 5;
  EXPECT_EQ(Engine(c, Rules::spec).count_options(0, nullptr, 10), 1);  // board 1 only
  EXPECT_EQ(Engine(c, Rules::instructor).count_options(0, nullptr, 10), 2);
}

// Row "Silly's attack target on ties": the last of equally large targets.
TEST(EvolutionInstructor, SillyTakesTheLastOfEquallyLargeTargets) {
  const Boards own = {species(0, 1, 2, {Trait::carnivore})};
  const Lob others = {{species(0, 1, 1, {}), species(0, 1, 1, {})},
                      {species(0, 0, 1, {Trait::climbing}), species(0, 1, 1, {})}};
  EXPECT_EQ(silly_feed(own, 3, others, Rules::spec), FeedingChoice::attack(0, 0, 0));
  EXPECT_EQ(silly_feed(own, 3, others, Rules::instructor), FeedingChoice::attack(0, 1, 1));
  // A strictly larger target wins under both.
  const Lob larger = {{species(0, 1, 1, {}), species(1, 1, 1, {})}, {species(0, 1, 1, {})}};
  EXPECT_EQ(silly_feed(own, 3, larger, Rules::spec), FeedingChoice::attack(0, 0, 1));
  EXPECT_EQ(silly_feed(own, 3, larger, Rules::instructor), FeedingChoice::attack(0, 0, 1));
}

// Row "Silly's store-fat answer": the full need, not limited by the watering hole.
TEST(EvolutionInstructor, SillyStoresTheFullNeed) {
  const Boards own = {species(0, 5, 1, {Trait::fat_tissue}, 1)};
  EXPECT_EQ(silly_feed(own, 2, {}, Rules::spec), FeedingChoice::store_fat(0, 2));
  EXPECT_EQ(silly_feed(own, 2, {}, Rules::instructor), FeedingChoice::store_fat(0, 4));
  SillyPlayer instructor_silly(Rules::instructor);
  EXPECT_EQ(instructor_silly.feed_next(0, own, {}, 2, {}), FeedingChoice::store_fat(0, 4));
}

// Row "fat-tissue replaced by another trait": the stored fat stays.
TEST(EvolutionInstructor, ReplacedFatTissueKeepsItsFat) {
  Configuration c;
  c.players.resize(3);
  c.players[0].boards = {species(0, 4, 1, {Trait::fat_tissue}, 3)};
  c.players[0].hand = {Card{0, Trait::horns}, Card{1, Trait::ambush}};
  Action4 a;
  a.food_card = 1;
  a.rt.push_back({0, 0, 0});
  for (Rules rules : {Rules::spec, Rules::instructor}) {
    Engine e(c, rules);
    ASSERT_EQ(e.check_action(0, a), "");
    e.apply_card_actions(0, a);
    EXPECT_EQ(e.config().players[0].boards[0].fat_food, rules == Rules::spec ? 0 : 3);
  }
}

// The course harnesses take the rule set as an option; their spec command lines are unchanged.
TEST(EvolutionInstructor, XmainOptions) {
  const char* plain[] = {"xmain", "3"};
  const char* spec_words[] = {"xmain", "3", "0", "deck=shuffled", "rules=spec"};
  EXPECT_EQ(xmain(5, spec_words).out, xmain(2, plain).out);
  const char* instructor[] = {"xmain", "3", "rules=instructor", "deck=unshuffled"};
  HarnessResult r = xmain(4, instructor);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "1 player id: 3 score: 7\n2 player id: 2 score: 7\n3 player id: 1 score: 5\n");
  for (std::vector<const char*> bad :
       std::vector<std::vector<const char*>>{{"xmain", "rules=instructor"},
                                             {"xmain", "3", "rules=teacher"},
                                             {"xmain", "3", "deck=sorted"},
                                             {"xmain", "3", "rules=spec", "rules=spec"},
                                             {"xmain", "3", "rules=spec", "42"},
                                             {"xmain", "3", "seed=4"}}) {
    HarnessResult b = xmain(static_cast<int>(bad.size()), bad.data());
    EXPECT_EQ(b.status, 1) << bad.back();
    EXPECT_EQ(b.out, "");
    EXPECT_NE(b.err.find("rules=spec|instructor"), std::string::npos);
  }
}

TEST(EvolutionInstructor, XattackAndXfeedFollowTheRuleSet) {
  // Defender body 2 with hard-shell, attacker body 6: exactly body + 4.
  const std::string situation =
      R"([[["food",0],["body",2],["population",1],["traits",["hard-shell"]]],)"
      R"([["food",0],["body",6],["population",1],["traits",["carnivore"]]],false,false])";
  EXPECT_EQ(xattack(situation).out, "true\n");
  EXPECT_EQ(xattack(situation, Rules::instructor).out, "false\n");
  const std::string feeding = R"([[["id",1],["species",[[["food",0],["body",5],["population",1],)"
                              R"(["traits",["fat-tissue"]],["fat-food",1]]]],["bag",0]],2,[]])";
  EXPECT_EQ(xfeed(feeding).out, "[0,2]\n");
  EXPECT_EQ(xfeed(feeding, Rules::instructor).out, "[0,4]\n");
}

TEST(EvolutionInstructor, XserverTakesRulesAndDeck) {
  std::ostringstream err;
  auto o = parse_server_args({"--rules", "instructor", "--deck", "unshuffled", "--seed", "3"}, err);
  ASSERT_TRUE(o.has_value()) << err.str();
  EXPECT_EQ(o->variant, kInstructorUnshuffled);
  o = parse_server_args({"--seed", "3"}, err);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->variant, Variant{});
  EXPECT_FALSE(parse_server_args({"--deck", "sorted"}, err).has_value());
  EXPECT_NE(err.str().find("--deck: must be shuffled or unshuffled"), std::string::npos);
}

TEST(EvolutionInstructor, SerialisedEnginesKeepTheirRuleSet) {
  Engine e = Engine::new_game(3, make_deck(DeckOrder::unshuffled, 0), Rules::instructor);
  EXPECT_EQ(engine_from_json(engine_to_json(e)).rules(), Rules::instructor);
  Engine s = Engine::new_game(3, make_deck(DeckOrder::unshuffled, 0));
  EXPECT_FALSE(engine_to_json(s).contains("rules"));  // spec games serialise as before
  EXPECT_EQ(engine_from_json(engine_to_json(s)).rules(), Rules::spec);
}

}  // namespace
}  // namespace arena::evolution
