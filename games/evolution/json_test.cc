// Round trips and rejections of the §6 representations.
#include "games/evolution/json.h"

#include <gtest/gtest.h>

namespace arena::evolution {
namespace {

Json J(const char* text) {
  return parse_json_text(text);
}

TEST(EvolutionJson, SpeciesOutputRules) {
  Species s;
  s.food = 1;
  s.body = 3;
  s.population = 2;
  s.add_trait(Trait::fat_tissue);
  EXPECT_EQ(species_to_json(s).dump(),
            R"([["food",1],["body",3],["population",2],["traits",["fat-tissue"]]])");
  s.fat_food = 2;
  EXPECT_EQ(species_to_json(s).dump(),
            R"([["food",1],["body",3],["population",2],["traits",["fat-tissue"]],["fat-food",2]])");
  EXPECT_EQ(species_from_json(species_to_json(s)), s);
  // fat-food without fat-tissue is read and ignored; ["fat-food",0] is accepted.
  Species t = species_from_json(
      J(R"([["food",0],["body",3],["population",2],["traits",["horns"]],["fat-food",3]])"));
  EXPECT_EQ(t.fat_food, 0);
  EXPECT_EQ(species_to_json(t).dump(),
            R"([["food",0],["body",3],["population",2],["traits",["horns"]]])");
  EXPECT_NO_THROW(species_from_json(
      J(R"([["food",0],["body",3],["population",2],["traits",["fat-tissue"]],["fat-food",0]])")));
}

TEST(EvolutionJson, SpeciesRejections) {
  for (const char* bad : {
           R"([["food",0],["body",0],["population",1]])",
           R"([["body",0],["food",0],["population",1],["traits",[]]])",
           R"([["food",8],["body",0],["population",1],["traits",[]]])",
           R"([["food",-1],["body",0],["population",1],["traits",[]]])",
           R"([["food",0.5],["body",0],["population",1],["traits",[]]])",
           R"([["food",1.0],["body",0],["population",1],["traits",[]]])",
           R"([["food",true],["body",0],["population",1],["traits",[]]])",
           R"([["food",0],["body",0],["population",1],["traits",["horns","horns"]]])",
           R"([["food",0],["body",0],["population",1],["traits",["a","b","c","d"]]])",
           R"([["food",0],["body",0],["population",1],["traits",["Horns"]]])",
           R"([["food",0],["body",0],["population",1],["traits",[]],["fat",0]])",
           R"([["food",0],["body",0],["population",1],["traits",[]],["fat-food",0],7])",
           R"({"food":0})",
           R"("species")",
       }) {
    EXPECT_THROW(species_from_json(J(bad)), JsonShapeError) << bad;
  }
}

TEST(EvolutionJson, CardsAndPlayers) {
  EXPECT_EQ(card_from_json(J(R"([-8,"carnivore"])")), (Card{-8, Trait::carnivore}));
  EXPECT_THROW(card_from_json(J(R"([-4,"horns"])")), JsonShapeError);
  EXPECT_THROW(card_from_json(J(R"([9,"carnivore"])")), JsonShapeError);
  EXPECT_THROW(card_from_json(J(R"(["horns",1])")), JsonShapeError);
  PlayerState p = player_from_json(J(R"([["id",3],["species",[]],["bag",5],["cards",[]]])"));
  EXPECT_EQ(p.id, 3);
  EXPECT_EQ(p.bag, 5);
  EXPECT_EQ(player_to_json(p).dump(), R"([["id",3],["species",[]],["bag",5]])");
  p.hand.push_back({2, Trait::horns});
  EXPECT_EQ(player_from_json(player_to_json(p)), p);
  EXPECT_THROW(player_from_json(J(R"([["id",0],["species",[]],["bag",5]])")), JsonShapeError);
  EXPECT_THROW(player_from_json(J(R"([["id",1],["species",[]],["bag",-1]])")), JsonShapeError);
  EXPECT_THROW(player_from_json(J(R"([["id",1],["bag",0],["species",[]]])")), JsonShapeError);
  EXPECT_THROW(player_from_json(J(R"([["id",1],["species",[]],["bag",0],["hand",[]]])")),
               JsonShapeError);
}

TEST(EvolutionJson, ConfigurationRoundTrip) {
  const char* text =
      R"([[[["id",1],["species",[[["food",0],["body",3],["population",2],["traits",["fat-tissue","horns"]],["fat-food",1]]]],["bag",4],["cards",[[3,"ambush"]]]],)"
      R"([["id",2],["species",[]],["bag",0]]],5,[[-2,"ambush"],[8,"carnivore"]]])";
  Configuration c = configuration_from_json(J(text));
  EXPECT_EQ(configuration_to_json(c).dump(), text);
  EXPECT_EQ(configuration_from_json(configuration_to_json(c)), c);
  EXPECT_THROW(configuration_from_json(J("[[],-1,[]]")), JsonShapeError);
  EXPECT_THROW(configuration_from_json(J("[[],1]")), JsonShapeError);
}

TEST(EvolutionJson, Action4Forms) {
  Action4 a;
  a.food_card = 0;
  a.gp = {{1, 3}};
  a.gb = {{1, 4}};
  a.bt = {{1, 2}};
  a.rt = {{1, 0, 5}};
  EXPECT_EQ(action4_to_json(a).dump(),
            R"([0,[["population",1,3]],[["body",1,4]],[[1,2]],[[1,0,5]]])");
  EXPECT_EQ(remote_action4_to_json(a).dump(), R"([0,[[1,3]],[[1,4]],[[1,2]],[[1,0,5]]])");
  EXPECT_EQ(action4_from_json(action4_to_json(a), GrowthForm::labelled), a);
  EXPECT_EQ(action4_from_json(remote_action4_to_json(a), GrowthForm::pairs), a);
  EXPECT_EQ(action4_from_json(remote_action4_to_json(a), GrowthForm::either), a);
  EXPECT_EQ(action4_from_json(action4_to_json(a), GrowthForm::either), a);
  // A labelled growth over the wire is ill-formed, and vice versa.
  EXPECT_THROW(action4_from_json(action4_to_json(a), GrowthForm::pairs), JsonShapeError);
  EXPECT_THROW(action4_from_json(remote_action4_to_json(a), GrowthForm::labelled), JsonShapeError);
  for (const char* bad :
       {R"([0,[],[],[]])", R"([-1,[],[],[],[]])", R"([0.5,[],[],[],[]])",
        R"([0,[["body",1,2]],[],[],[]])", R"([0,[],[["population",1,2]],[],[]])",
        R"([0,[],[],[[]],[]])", R"([0,[],[],[[1,2,3,4,5]],[]])", R"([0,[],[],[],[[1,2]]])",
        R"([0,[],[],[],[[1,2,-3]]])", R"([0,[[1]],[],[],[]])", R"("x")"}) {
    EXPECT_THROW(action4_from_json(J(bad), GrowthForm::either), JsonShapeError) << bad;
  }
  // Huge naturals are accepted and kept out of range (cheating, not a crash).
  Action4 huge = action4_from_json(J("[12345678901234567890,[],[],[],[]]"), GrowthForm::either);
  EXPECT_EQ(huge.food_card, kIndexCap);
}

TEST(EvolutionJson, FeedingChoice) {
  EXPECT_EQ(feeding_choice_from_json(J("false")), FeedingChoice::decline());
  EXPECT_EQ(feeding_choice_from_json(J("2")), FeedingChoice::feed(2));
  EXPECT_EQ(feeding_choice_from_json(J("[1,3]")), FeedingChoice::store_fat(1, 3));
  EXPECT_EQ(feeding_choice_from_json(J("[0,2,1]")), FeedingChoice::attack(0, 2, 1));
  for (const auto& c : {FeedingChoice::decline(), FeedingChoice::feed(4),
                        FeedingChoice::store_fat(0, 7), FeedingChoice::attack(1, 0, 3)}) {
    EXPECT_EQ(feeding_choice_from_json(feeding_choice_to_json(c)), c);
  }
  for (const char* bad : {"true", "-1", "1.5", "[1,0]", "[1,8]", "[1]", "[1,2,3,4]", "\"1\"", "{}",
                          "null", "[1,-2,3]", "[[1],2]"}) {
    EXPECT_THROW(feeding_choice_from_json(J(bad)), JsonShapeError) << bad;
  }
}

TEST(EvolutionJson, RemoteMessages) {
  Boards b(1);
  Hand h = {{3, Trait::horns}};
  EXPECT_EQ(start_message(0, 0, b, h).dump(),
            R"([0,0,[[["food",0],["body",0],["population",1],["traits",[]]]],[[3,"horns"]]])");
  StartMessage s = start_from_json(start_message(4, 2, b, h));
  EXPECT_EQ(s.watering_hole, 4);
  EXPECT_EQ(s.bag, 2);
  EXPECT_EQ(s.boards, b);
  EXPECT_EQ(s.cards, h);
  ChooseMessage c = choose_from_json(choose_message({}, {b, b}));
  EXPECT_EQ(c.after.size(), 2u);
  StateMessage st = state_from_json(state_message(1, b, {}, 4, {b}));
  EXPECT_EQ(st.watering_hole, 4);
  EXPECT_EQ(st.others.size(), 1u);
  EXPECT_EQ(state_message(1, b, {}, 4, {}).dump(),
            R"([1,[[["food",0],["body",0],["population",1],["traits",[]]]],[],4,[]])");
  EXPECT_THROW(state_from_json(J("[1,[],[],0,[]]")), JsonShapeError);
  EXPECT_THROW(start_from_json(J("[1,[],[],[]]")), JsonShapeError);
}

TEST(EvolutionJson, NotJsonAndDeepNesting) {
  EXPECT_THROW(parse_json_text("[1,"), JsonShapeError);
  EXPECT_THROW(parse_json_text(""), JsonShapeError);
  EXPECT_THROW(parse_json_text("[1] [2]"), JsonShapeError);
  EXPECT_THROW(parse_json_text(std::string(100000, '[') + std::string(100000, ']')),
               JsonShapeError);
  EXPECT_EQ(parse_json_text(" \n[1]\n ").dump(), "[1]");
  EXPECT_EQ(parse_json_text("[\"[[[[\"]").dump(), "[\"[[[[\"]");
}

}  // namespace
}  // namespace arena::evolution
