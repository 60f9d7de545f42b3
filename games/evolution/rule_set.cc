#include "games/evolution/rule_set.h"

namespace arena::evolution {

std::string_view rules_name(Rules r) {
  return r == Rules::instructor ? "instructor" : "spec";
}

std::optional<Rules> parse_rules(std::string_view text) {
  if (text == "spec") return Rules::spec;
  if (text == "instructor") return Rules::instructor;
  return std::nullopt;
}

std::string_view deck_order_name(DeckOrder d) {
  return d == DeckOrder::unshuffled ? "unshuffled" : "shuffled";
}

std::optional<DeckOrder> parse_deck_order(std::string_view text) {
  if (text == "shuffled") return DeckOrder::shuffled;
  if (text == "unshuffled") return DeckOrder::unshuffled;
  return std::nullopt;
}

Hand make_deck(DeckOrder order, uint32_t seed) {
  if (order == DeckOrder::shuffled) return shuffled_deck(seed);
  const auto& base = ordered_deck();
  return Hand(base.begin(), base.end());
}

}  // namespace arena::evolution
