#include "games/empire/deck.h"

#include <algorithm>
#include <numeric>

namespace arena::empire {
namespace {

// Entries are map demand indices (their position identifies them, so a demand listed twice gives
// two entries). Picks from `from` the first entry whose city is new to the card and which is not
// on it, else the first entry not on it; -1 if there is none.
int pick(const Map& map, const std::vector<int>& from, const std::vector<int>& card) {
  auto on_card = [&](int e) { return std::find(card.begin(), card.end(), e) != card.end(); };
  for (size_t k = 0; k < from.size(); ++k) {
    int e = from[k];
    if (on_card(e)) continue;
    bool new_city = true;
    for (int c : card) new_city = new_city && map.demands()[c].city != map.demands()[e].city;
    if (new_city) return static_cast<int>(k);
  }
  for (size_t k = 0; k < from.size(); ++k) {
    if (!on_card(from[k])) return static_cast<int>(k);
  }
  return -1;
}

}  // namespace

std::vector<Card> make_cards(const Map& map, int players, DeckRng& rng) {
  std::vector<Card> cards;
  // A loaded map has at least 3 demands (§3.6); anything less cannot fill a card.
  if (map.demands().size() < 3) return cards;
  const size_t want = static_cast<size_t>(4 * std::max(players, 1));
  do {
    std::vector<int> s(map.demands().size());
    std::iota(s.begin(), s.end(), 0);
    rng.shuffle(s);
    std::vector<int> pool = s;
    size_t head = 0;  // pool = pool[head..], entries after head may be erased
    while (head < pool.size()) {
      std::vector<int> card = {pool[head++]};
      for (int extra = 0; extra < 2; ++extra) {
        if (head < pool.size()) {
          std::vector<int> rest(pool.begin() + static_cast<long>(head), pool.end());
          int k = pick(map, rest, card);
          if (k >= 0) {
            card.push_back(rest[k]);
            pool.erase(pool.begin() + static_cast<long>(head) + k);
            continue;
          }
        }
        int k = pick(map, s, card);  // a fill-in from all of S
        if (k >= 0) card.push_back(s[k]);
      }
      Card c;
      c.id = static_cast<int>(cards.size());
      for (size_t d = 0; d < 3; ++d) c.demands[d] = static_cast<int16_t>(card[d]);
      cards.push_back(c);
    }
  } while (cards.size() < want);
  return cards;
}

Deck::Deck(int cards, DeckRng& rng) {
  pile_.resize(static_cast<size_t>(cards));
  std::iota(pile_.begin(), pile_.end(), int16_t{0});
  rng.shuffle(pile_);
}

int Deck::draw(DeckRng& rng, int* reshuffled) {
  if (reshuffled) *reshuffled = 0;
  if (empty()) {
    pile_ = std::move(discard_);
    discard_.clear();
    next_ = 0;
    rng.shuffle(pile_);
    if (reshuffled) *reshuffled = static_cast<int>(pile_.size());
  }
  return pile_[next_++];
}

}  // namespace arena::empire
