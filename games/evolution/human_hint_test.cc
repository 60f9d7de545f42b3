#include "games/evolution/human_hint.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace arena::evolution {
namespace {

// The example session of spec §8.9: a Silly client's answers are the hint's suggestions.
TEST(EvolutionHumanHint, StartSuggestsSillysAnswerToTheNextChoose) {
  const Json h = human_hint(R"([0,0,[[["food",0],["body",0],["population",1],["traits",[]]]],)"
                            R"([[3,"horns"],[-3,"pack-hunting"],[0,"cooperation"],[3,"fertile"]]])"
                            "\n");
  EXPECT_EQ(h["message"], "start");
  EXPECT_EQ(h["suggested"].dump(), "[2,[[1,1]],[],[[3,0]],[]]");
}

TEST(EvolutionHumanHint, FeedOffersEveryLegalAnswerAndSuggestsSillys) {
  const Json h =
      human_hint(R"([0,[[["food",0],["body",0],["population",1],["traits",[]]],)"
                 R"([["food",0],["body",1],["population",2],["traits",["horns"]]]],)"
                 R"([[3,"warning-call"],[1,"scavenger"]],4,)"
                 R"([[[["food",0],["body",0],["population",1],["traits",[]]],)"
                 R"([["food",0],["body",1],["population",2],["traits",["symbiosis"]]]],)"
                 R"([[["food",0],["body",0],["population",1],["traits",[]]],)"
                 R"([["food",0],["body",1],["population",2],["traits",["foraging"]]]]]])");
  EXPECT_EQ(h["message"], "feed");
  ASSERT_EQ(h["options"].size(), 3u);
  EXPECT_EQ(h["options"][0]["choice"], 0);
  EXPECT_EQ(h["options"][0]["text"], "feed board 0");
  EXPECT_EQ(h["options"][1]["choice"], 1);
  EXPECT_EQ(h["options"][2]["choice"], false);
  EXPECT_EQ(h["options"][2]["text"], "stop feeding this turn");
  EXPECT_EQ(h["suggested"], 1);  // §8.9: the Silly client answered 1
}

TEST(EvolutionHumanHint, AttacksAndFatAreOfferedOnlyWhereTheRulesAllow) {
  // Board 0 a hungry carnivore, board 1 fat-tissue with room for 3. The next player's board 0 is
  // plain (attackable), its board 1 climbing (not attackable without climbing).
  const Json h =
      human_hint(R"([0,[[["food",0],["body",2],["population",2],["traits",["carnivore"]]],)"
                 R"([["food",1],["body",3],["population",1],["traits",["fat-tissue"]]]],[],5,)"
                 R"([[[["food",0],["body",0],["population",1],["traits",[]]],)"
                 R"([["food",0],["body",0],["population",1],["traits",["climbing"]]]]]])");
  std::vector<std::string> texts;
  for (const Json& o : h["options"]) texts.push_back(o["text"]);
  EXPECT_EQ(texts, (std::vector<std::string>{"board 0 attacks board 0 of the player +1",
                                             "store 3 fat on board 1", "stop feeding this turn"}));
  EXPECT_EQ(h["options"][0]["choice"].dump(), "[0,0,0]");
  EXPECT_EQ(h["options"][1]["choice"].dump(), "[1,3]");
}

TEST(EvolutionHumanHint, SignUpChooseAndBadMessages) {
  EXPECT_EQ(human_hint("\"ok\"\n")["message"], "signed-up");
  EXPECT_EQ(human_hint("[[],[]]")["message"], "choose");
  EXPECT_THROW(human_hint("[1,2,3]"), std::invalid_argument);
  EXPECT_THROW(human_hint("{\"a\":1}"), std::invalid_argument);
  EXPECT_THROW(human_hint("[0,0,[],"), std::invalid_argument);
  EXPECT_THROW(human_hint("[0,0,7,[]]"), std::invalid_argument);
}

}  // namespace
}  // namespace arena::evolution
