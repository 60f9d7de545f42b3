// Evolution's cards (spec §2): the sixteen traits, the 122-card deck in card order, and the
// seeded shuffle of §2.5, bit for bit.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace arena::evolution {

// Declared in card order (§2.4): the enum order equals the byte-wise order of the names, so
// comparing enumerators compares names.
enum class Trait : uint8_t {
  ambush,
  burrowing,
  carnivore,
  climbing,
  cooperation,
  fat_tissue,
  fertile,
  foraging,
  hard_shell,
  herding,
  horns,
  long_neck,
  pack_hunting,
  scavenger,
  symbiosis,
  warning_call,
};
constexpr int kTraitCount = 16;
constexpr int kDeckSize = 122;

// The spec's name of a trait ("fat-tissue", ...).
std::string_view trait_name(Trait t);
// The trait named exactly `name`, if any.
std::optional<Trait> parse_trait(std::string_view name);

struct Card {
  int8_t value = 0;
  Trait trait = Trait::ambush;

  friend bool operator==(const Card&, const Card&) = default;
};

// Card order (§2.4): trait name first, then food value.
inline bool card_less(const Card& a, const Card& b) {
  if (a.trait != b.trait) return a.trait < b.trait;
  return a.value < b.value;
}

// The food values a card of this trait may carry: -8..8 for carnivore, -3..3 otherwise.
inline int max_food_value(Trait t) {
  return t == Trait::carnivore ? 8 : 3;
}
inline bool is_valid_card(int value, Trait t) {
  return value >= -max_food_value(t) && value <= max_food_value(t);
}

// The 122 cards in card order (the listing of §2.3).
const std::array<Card, kDeckSize>& ordered_deck();

// The deck of a standalone game (§2.5): card order, then Fisher-Yates driven by MT19937(seed)
// with j = r mod (i+1). Not std::shuffle: its draws differ between standard libraries.
std::vector<Card> shuffled_deck(uint32_t seed);

}  // namespace arena::evolution
