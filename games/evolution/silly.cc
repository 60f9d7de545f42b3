#include "games/evolution/silly.h"

#include <algorithm>
#include <numeric>

#include "games/evolution/engine.h"

namespace arena::evolution {

bool larger(const Species& x, const Species& y) {
  if (x.population != y.population) return x.population > y.population;
  if (x.food != y.food) return x.food > y.food;
  return x.body > y.body;
}

std::optional<Action4> silly_choose(int boards, const Hand& hand) {
  if (hand.empty()) return std::nullopt;
  std::vector<int> c(hand.size());
  std::iota(c.begin(), c.end(), 0);
  std::stable_sort(c.begin(), c.end(), [&](int a, int b) { return card_less(hand[a], hand[b]); });
  Action4 a;
  a.food_card = c[0];
  if (c.size() >= 3) {
    a.bt.push_back({c[1], c[2]});
  } else if (c.size() == 2) {
    a.bt.push_back({c[1]});
  }
  if (c.size() > 3) a.gp.push_back({boards, c[3]});
  if (c.size() > 4) a.gb.push_back({boards, c[4]});
  if (c.size() > 5) a.rt.push_back({boards, 0, c[5]});
  return a;
}

std::optional<FeedingChoice> silly_feed(const Boards& boards, int64_t watering_hole,
                                        const Lob& others, Rules rules) {
  const bool instructor = rules == Rules::instructor;
  const int m = static_cast<int>(boards.size());
  // 1. fat: greatest need, then the larger species, then the lower index
  int fat = -1;
  for (int s = 0; s < m; ++s) {
    const int need = boards[s].fat_need();
    if (need <= 0) continue;
    if (fat < 0) {
      fat = s;
      continue;
    }
    const int best = boards[fat].fat_need();
    if (need > best || (need == best && larger(boards[s], boards[fat]))) fat = s;
  }
  if (fat >= 0) {
    const int64_t need = boards[fat].fat_need();
    const int64_t n = instructor ? need : std::min<int64_t>(need, watering_hole);
    return FeedingChoice::store_fat(fat, static_cast<int>(n));
  }
  // 2. the largest hungry vegetarian
  int veg = -1;
  for (int s = 0; s < m; ++s) {
    if (!boards[s].hungry() || boards[s].has(Trait::carnivore)) continue;
    if (veg < 0 || larger(boards[s], boards[veg])) veg = s;
  }
  if (veg >= 0) return FeedingChoice::feed(veg);
  // 3. hungry carnivores, largest first; the largest attackable target of the first that has one
  std::vector<int> carnivores;
  for (int s = 0; s < m; ++s) {
    if (boards[s].hungry() && boards[s].has(Trait::carnivore)) carnivores.push_back(s);
  }
  if (carnivores.empty()) return std::nullopt;
  std::stable_sort(carnivores.begin(), carnivores.end(),
                   [&](int a, int b) { return larger(boards[a], boards[b]); });
  for (int c : carnivores) {
    int bp = -1, bd = -1;
    for (int p = 0; p < static_cast<int>(others.size()); ++p) {
      for (int d = 0; d < static_cast<int>(others[p].size()); ++d) {
        if (!attackable(boards[c], others[p], d, rules)) continue;
        // On ties the spec keeps the first target, the instructor's Silly takes the later one.
        if (bp < 0 || larger(others[p][d], others[bp][bd]) ||
            (instructor && !larger(others[bp][bd], others[p][d])))
          bp = p, bd = d;
      }
    }
    if (bp >= 0) return FeedingChoice::attack(c, bp, bd);
  }
  return FeedingChoice::decline();
}

void SillyPlayer::start(int64_t, int64_t, const Boards& boards, const Hand& cards) {
  boards_ = static_cast<int>(boards.size());
  hand_ = cards;
}

Action4 SillyPlayer::choose(const Lob&, const Lob&) {
  // A real game always deals at least four cards; an empty hand can only answer with card 0,
  // which the dealer will reject.
  return silly_choose(boards_, hand_).value_or(Action4{});
}

FeedingChoice SillyPlayer::feed_next(int64_t, const Boards& boards, const Hand&,
                                     int64_t watering_hole, const Lob& others) {
  return silly_feed(boards, watering_hole, others, rules_).value_or(FeedingChoice::decline());
}

}  // namespace arena::evolution
