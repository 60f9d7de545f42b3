// The two rule sets and the two deck orders a game of Evolution can be played with
// (docs/evolution.md "Two rule sets"). The spec's rules and the shuffled deck are the defaults;
// the course instructor's dealer decided ten places differently, and a teacher or a student
// checking a result against the instructor's `xmain` needs that game too.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "games/evolution/state.h"

namespace arena::evolution {

enum class Rules : uint8_t {
  spec,        // shared/specs/evolution.md as written
  instructor,  // the course instructor's Racket dealer, where it differs from the spec
};

enum class DeckOrder : uint8_t {
  shuffled,    // §2.5: card order, then the MT19937 shuffle of the seed
  unshuffled,  // card order (§2.3), as the instructor's `xmain N` deals it; the seed is unused
};

std::string_view rules_name(Rules r);
std::optional<Rules> parse_rules(std::string_view text);
std::string_view deck_order_name(DeckOrder d);
std::optional<DeckOrder> parse_deck_order(std::string_view text);

// Both choices of a game; the defaults are the spec's game.
struct Variant {
  Rules rules = Rules::spec;
  DeckOrder deck = DeckOrder::shuffled;
  friend bool operator==(const Variant&, const Variant&) = default;
};

// The deck a new game starts with.
Hand make_deck(DeckOrder order, uint32_t seed);

}  // namespace arena::evolution
