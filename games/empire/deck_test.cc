#include "games/empire/deck.h"

#include <gtest/gtest.h>

#include <string>

namespace arena::empire {
namespace {

Map simple_game() {
  MapLoad r = load_map_text(*builtin_map_text("simple-game"), "simple-game");
  EXPECT_TRUE(r.map.has_value()) << r.error;
  return *r.map;
}

std::string demand_str(const Map& m, int d) {
  const Demand& x = m.demands()[d];
  return m.cities()[x.city].name + " " + m.goods()[x.good] + " " + std::to_string(x.amount);
}

std::string card_str(const Map& m, const Card& c) {
  return demand_str(m, c.demands[0]) + " | " + demand_str(m, c.demands[1]) + " | " +
         demand_str(m, c.demands[2]);
}

// §11.4: the standard's value, which the spec relies on for portability.
TEST(Deck, Mt19937_64TenThousandthOutput) {
  std::mt19937_64 gen;
  uint64_t v = 0;
  for (int i = 0; i < 10000; ++i) v = gen();
  EXPECT_EQ(v, 9981545732273789042ull);
}

// §4.8's check value: simple-game, seed 1, two players.
TEST(Deck, CheckValueSeedOneTwoPlayers) {
  Map m = simple_game();
  DeckRng rng(1);
  std::vector<Card> cards = make_cards(m, 2, rng);
  ASSERT_EQ(cards.size(), 20u);
  Deck deck(static_cast<int>(cards.size()), rng);
  std::vector<int> hand[2];
  for (int round = 0; round < 3; ++round) {
    for (int p = 0; p < 2; ++p) hand[p].push_back(deck.draw(rng));
  }
  EXPECT_EQ(hand[0], (std::vector<int>{15, 18, 10}));
  EXPECT_EQ(hand[1], (std::vector<int>{1, 6, 16}));
  EXPECT_EQ(deck.peek(0), 3);
  EXPECT_EQ(deck.peek(1), 14);
  EXPECT_EQ(deck.peek(2), 11);
  EXPECT_EQ(deck.size(), 14);
  EXPECT_EQ(card_str(m, cards[15]),
            "HOUSTON COPPER 27 | DULUTH OIL 26 | SAN-FRANCISCO MACHINERY 44");
  EXPECT_EQ(card_str(m, cards[18]),
            "BILLINGS MACHINERY 27 | DENVER BEER 24 | SALT-LAKE-CITY LUMBER 23");
  EXPECT_EQ(card_str(m, cards[10]),
            "PORTLAND TEXTILES 48 | NEW-YORK WINE 57 | LOS-ANGELES TEXTILES 41");
  EXPECT_EQ(card_str(m, cards[1]),
            "BOSTON COPPER 50 | SALT-LAKE-CITY TOBACCO 45 | MINNEAPOLIS COAL 21");
  EXPECT_EQ(card_str(m, cards[6]), "ST-LOUIS FISH 32 | MINNEAPOLIS FRUIT 35 | RALEIGH OIL 30");
  EXPECT_EQ(card_str(m, cards[16]),
            "OMAHA LUMBER 30 | KANSAS-CITY IRON 20 | PITTSBURGH POTATOES 42");
  EXPECT_EQ(card_str(m, cards[3]), "SEATTLE TEXTILES 50 | NEW-YORK FRUIT 26 | DETROIT FRUIT 27");
  EXPECT_EQ(card_str(m, cards[14]), "ST-LOUIS IRON 20 | DETROIT CORN 20 | EL-PASO POTATOES 27");
  EXPECT_EQ(card_str(m, cards[11]), "KANSAS-CITY FRUIT 32 | RALEIGH CORN 26 | MEMPHIS POTATOES 38");
  // One copy uses every demand of the map exactly once.
  std::vector<int> used(m.demands().size(), 0);
  for (const Card& c : cards) {
    for (int d : c.demands) ++used[d];
  }
  for (int u : used) EXPECT_EQ(u, 1);
}

TEST(Deck, SixPlayersBuildTwoCopies) {
  Map m = simple_game();
  DeckRng rng(1);
  std::vector<Card> cards = make_cards(m, 6, rng);
  ASSERT_EQ(cards.size(), 40u);
  for (size_t i = 0; i < cards.size(); ++i) EXPECT_EQ(cards[i].id, static_cast<int>(i));
  // The first copy is the two-player deck's cards.
  DeckRng rng2(1);
  std::vector<Card> two = make_cards(m, 2, rng2);
  for (size_t i = 0; i < two.size(); ++i) EXPECT_EQ(cards[i], two[i]);
}

// Fill-ins and the "first entry not on the card" fallback: 4 demands, all at one city.
TEST(Deck, FillInsWhenThePoolRunsOut) {
  MapLoad r = load_map_text(
      "(5 5) () () ((A (X) (0 0)) (B (Y) (2 2)))\n"
      "((A Y 1) (A Y 2) (A Y 3) (B X 4))",
      "f");
  ASSERT_TRUE(r.map.has_value()) << r.error;
  DeckRng rng(7);
  std::vector<Card> cards = make_cards(*r.map, 1, rng);
  ASSERT_EQ(cards.size(), 4u);  // two copies of two cards
  for (const Card& c : cards) {
    EXPECT_NE(c.demands[0], c.demands[1]);
    EXPECT_NE(c.demands[0], c.demands[2]);
    EXPECT_NE(c.demands[1], c.demands[2]);
    // With B's single demand available, a card with an A entry takes it before a second A.
    bool has_b = false;
    for (int d : c.demands) has_b = has_b || d == 3;
    EXPECT_TRUE(has_b);
  }
}

TEST(Deck, ReshuffleMakesTheDiscardsTheNewDeck) {
  DeckRng rng(3);
  Deck deck(4, rng);
  std::vector<int> drawn;
  for (int i = 0; i < 4; ++i) drawn.push_back(deck.draw(rng));
  EXPECT_TRUE(deck.empty());
  deck.discard(drawn[2]);
  deck.discard(drawn[0]);
  int n = -1;
  int c = deck.draw(rng, &n);
  EXPECT_EQ(n, 2);
  EXPECT_TRUE(c == drawn[2] || c == drawn[0]);
  EXPECT_TRUE(deck.discards().empty());
  EXPECT_EQ(deck.size(), 1);
  // Same seed, same sequence.
  DeckRng a(5), b(5);
  EXPECT_EQ(Deck(30, a), Deck(30, b));
}

}  // namespace
}  // namespace arena::empire
