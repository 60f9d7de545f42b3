// Demand cards and the deck (spec §4.8), bit for bit: the generator is std::mt19937_64 as the
// spec pins it (raw outputs only, so every standard library gives the same deck), not the
// project's Rng.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "games/empire/map.h"

namespace arena::empire {

// rand(n) = output mod n, and the spec's shuffle (i from n-1 down to 1, j = rand(i+1)).
class DeckRng {
 public:
  explicit DeckRng(uint64_t seed) : gen_(seed) {}
  uint64_t rand(uint64_t n) { return gen_() % n; }
  template <typename T>
  void shuffle(std::vector<T>& a) {
    for (size_t i = a.size(); i-- > 1;) {
      size_t j = static_cast<size_t>(rand(i + 1));
      std::swap(a[i], a[j]);
    }
  }
  bool operator==(const DeckRng&) const = default;

 private:
  std::mt19937_64 gen_;
};

// A card keeps its id and its three demands (indices in Map::demands) for the whole game.
struct Card {
  int id = 0;
  std::array<int16_t, 3> demands{};
  bool operator==(const Card&) const = default;
};

// Step 1 of "Building the deck": copies of the grouped, shuffled demand list until there are at
// least 4 x players cards; ids in creation order. None for a map of fewer than 3 demands (the
// loader never makes one).
std::vector<Card> make_cards(const Map& map, int players, DeckRng& rng);

// The draw pile and the discard pile, as card ids. The game owns the cards themselves.
class Deck {
 public:
  Deck() = default;
  // Shuffles the card ids 0..n-1 with `rng` into the draw pile (first = top).
  Deck(int cards, DeckRng& rng);

  bool empty() const { return next_ == pile_.size(); }
  int size() const { return static_cast<int>(pile_.size() - next_); }
  // The card `k` places below the top (0 = top), for tests and observers.
  int peek(int k = 0) const { return pile_[next_ + k]; }
  const std::vector<int16_t>& discards() const { return discard_; }

  void discard(int card) { discard_.push_back(static_cast<int16_t>(card)); }
  // Draws the top card. When the pile is empty, the discard pile is shuffled to become it first
  // and `reshuffled` receives the new size (else 0). Never called with both piles empty.
  int draw(DeckRng& rng, int* reshuffled = nullptr);

  bool operator==(const Deck&) const = default;

 private:
  std::vector<int16_t> pile_;
  size_t next_ = 0;
  std::vector<int16_t> discard_;
};

}  // namespace arena::empire
