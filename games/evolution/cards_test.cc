#include "games/evolution/cards.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace arena::evolution {
namespace {

TEST(EvolutionCards, TraitOrderIsByteWiseNameOrder) {
  for (int t = 0; t + 1 < kTraitCount; ++t) {
    EXPECT_LT(trait_name(static_cast<Trait>(t)), trait_name(static_cast<Trait>(t + 1)));
  }
  for (int t = 0; t < kTraitCount; ++t) {
    EXPECT_EQ(parse_trait(trait_name(static_cast<Trait>(t))), static_cast<Trait>(t));
  }
  EXPECT_FALSE(parse_trait("Horns"));
  EXPECT_FALSE(parse_trait("fat_tissue"));
  EXPECT_FALSE(parse_trait(""));
}

TEST(EvolutionCards, DeckHas122DistinctCardsInCardOrder) {
  const auto& deck = ordered_deck();
  EXPECT_TRUE(std::is_sorted(deck.begin(), deck.end(), card_less));
  for (size_t i = 0; i + 1 < deck.size(); ++i) EXPECT_TRUE(card_less(deck[i], deck[i + 1]));
  int carnivores = 0;
  for (const Card& c : deck) {
    EXPECT_TRUE(is_valid_card(c.value, c.trait));
    carnivores += c.trait == Trait::carnivore;
  }
  EXPECT_EQ(carnivores, 17);
  EXPECT_EQ(deck[14], (Card{-8, Trait::carnivore}));
  EXPECT_EQ(deck.back(), (Card{3, Trait::warning_call}));
}

std::string show(const std::vector<Card>& cards, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on "[" + std::to_string(...).
    s.append("[").append(std::to_string(cards[i].value)).append(",\"");
    s.append(trait_name(cards[i].trait)).append("\"]");
  }
  return s;
}

TEST(EvolutionCards, ShuffleMatchesSpecSeeds) {
  EXPECT_EQ(
      show(shuffled_deck(0), 20),
      "[3,\"horns\"][-3,\"pack-hunting\"][0,\"cooperation\"][3,\"fertile\"][-1,\"scavenger\"]"
      "[1,\"climbing\"][3,\"burrowing\"][-2,\"horns\"][-2,\"scavenger\"][3,\"foraging\"]"
      "[6,\"carnivore\"][-8,\"carnivore\"][1,\"foraging\"][-1,\"burrowing\"][-3,\"hard-shell\"]"
      "[1,\"ambush\"][1,\"burrowing\"][1,\"scavenger\"][0,\"foraging\"][-3,\"herding\"]");
  EXPECT_EQ(show(shuffled_deck(42), 5),
            "[1,\"long-neck\"][4,\"carnivore\"][3,\"horns\"][0,\"scavenger\"][-1,\"fat-tissue\"]");
  auto d = shuffled_deck(7);
  std::sort(d.begin(), d.end(), card_less);
  EXPECT_TRUE(std::equal(d.begin(), d.end(), ordered_deck().begin()));
}

}  // namespace
}  // namespace arena::evolution
