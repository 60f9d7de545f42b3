// Evolution's value types (spec §2.1, §8.1): species boards, players, the dealer's configuration,
// the card actions of steps 2-3 (Action4) and the answers of the feeding cycle (FeedingChoice).
// Plain values, compact (a species is 8 bytes), cheap to copy for bots that search.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "games/evolution/cards.h"

namespace arena::evolution {

constexpr int kMaxTraits = 3;
constexpr int kMaxSize = 7;  // body and population

// One species board. A fresh board has food 0, body 0, population 1, no traits, fat-food 0.
struct Species {
  int8_t food = 0;
  int8_t body = 0;
  int8_t population = 1;
  int8_t fat_food = 0;  // stays 0 unless the board has fat-tissue
  uint8_t trait_count = 0;
  std::array<Trait, kMaxTraits> trait_slots{};  // the first trait_count are meaningful

  std::span<const Trait> traits() const { return {trait_slots.data(), trait_count}; }
  bool has(Trait t) const {
    for (int i = 0; i < trait_count; ++i) {
      if (trait_slots[i] == t) return true;
    }
    return false;
  }
  // Appends a trait; the caller keeps traits distinct and at most three.
  void add_trait(Trait t) { trait_slots[trait_count++] = t; }
  bool hungry() const { return food < population; }
  bool full() const { return food >= population; }
  int fat_need() const { return has(Trait::fat_tissue) ? body - fat_food : 0; }

  friend bool operator==(const Species& a, const Species& b) {
    if (a.food != b.food || a.body != b.body || a.population != b.population ||
        a.fat_food != b.fat_food || a.trait_count != b.trait_count)
      return false;
    for (int i = 0; i < a.trait_count; ++i) {
      if (a.trait_slots[i] != b.trait_slots[i]) return false;
    }
    return true;
  }
};

using Boards = std::vector<Species>;  // LOS: one player's boards, left to right
using Lob = std::vector<Boards>;      // LOB: the boards of several players
using Hand = std::vector<Card>;       // LOC: a hand or a deck, in order

// A player as the dealer (and the JSON Player+) sees it.
struct PlayerState {
  int64_t id = 1;
  Boards boards;
  int64_t bag = 0;
  Hand hand;

  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

// The dealer's public state (the JSON Configuration): players in turn order, the first being the
// first player of the current turn; the watering hole; the deck, dealt from the front.
struct Configuration {
  std::vector<PlayerState> players;
  int64_t watering_hole = 0;
  Hand deck;

  friend bool operator==(const Configuration&, const Configuration&) = default;
};

// Card indices and board indices of §6 are naturals; anything beyond this is clamped to it when
// read (it can never be a valid index, so the action stays cheating without overflow).
constexpr int kIndexCap = 1 << 30;

struct Growth {  // GP / GB: board b grows by one, paid with card c
  int board = 0;
  int card = 0;
  friend bool operator==(const Growth&, const Growth&) = default;
};
struct ReplaceTrait {  // RT: trait `trait` of board `board` becomes the trait of card `card`
  int board = 0;
  int trait = 0;
  int card = 0;
  friend bool operator==(const ReplaceTrait&, const ReplaceTrait&) = default;
};

// The answer to choose (§6 Action4). bt entries: payment card first, then 0-3 trait cards.
struct Action4 {
  int food_card = 0;
  std::vector<Growth> gp;
  std::vector<Growth> gb;
  std::vector<std::vector<int>> bt;
  std::vector<ReplaceTrait> rt;
  friend bool operator==(const Action4&, const Action4&) = default;
};

// The answer to feedNext (§6 FeedingChoice). `s` is the own board (the attacker for attacks),
// `n` the fat tokens to store, `p` the index in the others list, `d` the defender's board.
struct FeedingChoice {
  enum class Kind : uint8_t { decline, feed, store_fat, attack };
  Kind kind = Kind::decline;
  int s = 0;
  int n = 0;
  int p = 0;
  int d = 0;

  static FeedingChoice decline() { return {}; }
  static FeedingChoice feed(int s) { return {Kind::feed, s, 0, 0, 0}; }
  static FeedingChoice store_fat(int s, int n) { return {Kind::store_fat, s, n, 0, 0}; }
  static FeedingChoice attack(int c, int p, int d) { return {Kind::attack, c, 0, p, d}; }
  friend bool operator==(const FeedingChoice&, const FeedingChoice&) = default;
};

}  // namespace arena::evolution
