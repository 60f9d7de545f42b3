#include "games/evolution/cards.h"

#include <random>

namespace arena::evolution {
namespace {

constexpr std::array<std::string_view, kTraitCount> kNames = {
    "ambush",       "burrowing", "carnivore",  "climbing",    "cooperation", "fat-tissue",
    "fertile",      "foraging",  "hard-shell", "herding",     "horns",       "long-neck",
    "pack-hunting", "scavenger", "symbiosis",  "warning-call"};

std::array<Card, kDeckSize> build_deck() {
  std::array<Card, kDeckSize> deck{};
  int k = 0;
  for (int t = 0; t < kTraitCount; ++t) {
    const Trait trait = static_cast<Trait>(t);
    const int m = max_food_value(trait);
    for (int v = -m; v <= m; ++v) deck[k++] = Card{static_cast<int8_t>(v), trait};
  }
  return deck;
}

}  // namespace

std::string_view trait_name(Trait t) {
  return kNames[static_cast<size_t>(t)];
}

std::optional<Trait> parse_trait(std::string_view name) {
  for (int t = 0; t < kTraitCount; ++t) {
    if (kNames[t] == name) return static_cast<Trait>(t);
  }
  return std::nullopt;
}

const std::array<Card, kDeckSize>& ordered_deck() {
  static const std::array<Card, kDeckSize> deck = build_deck();
  return deck;
}

std::vector<Card> shuffled_deck(uint32_t seed) {
  const auto& base = ordered_deck();
  std::vector<Card> deck(base.begin(), base.end());
  // std::mt19937 is fully specified by the standard; only its distributions are not.
  std::mt19937 gen(seed);
  for (uint32_t i = kDeckSize - 1; i >= 1; --i) {
    const uint32_t r = static_cast<uint32_t>(gen());
    std::swap(deck[i], deck[r % (i + 1)]);
  }
  return deck;
}

}  // namespace arena::evolution
