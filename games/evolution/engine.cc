#include "games/evolution/engine.h"

#include <algorithm>

namespace arena::evolution {

bool attackable(const Species& defender, const Species& attacker, const Species* left,
                const Species* right, Rules rules) {
  const bool instructor = rules == Rules::instructor;
  if (!attacker.has(Trait::carnivore)) return false;
  const bool warned =
      (left && left->has(Trait::warning_call)) || (right && right->has(Trait::warning_call));
  if (warned && !attacker.has(Trait::ambush)) return false;
  if (defender.has(Trait::burrowing) && defender.food == defender.population) return false;
  if (defender.has(Trait::climbing) && !attacker.has(Trait::climbing)) return false;
  if (defender.has(Trait::hard_shell)) {
    int size = attacker.body;
    if (attacker.has(Trait::pack_hunting)) size += attacker.population;
    if (!instructor) {
      if (size < defender.body + 4) return false;
    } else {
      // The instructor's dealer: the attack must exceed body + 4, and an attacker's own
      // hard-shell adds 4 to its attack.
      if (attacker.has(Trait::hard_shell)) size += 4;
      if (size <= defender.body + 4) return false;
    }
  }
  if (defender.has(Trait::herding)) {
    int size = attacker.population;
    // The instructor's dealer compares the pack's attack (body + population) with herding.
    if (instructor && attacker.has(Trait::pack_hunting)) size += attacker.body;
    if (size <= defender.population) return false;
  }
  // The instructor's dealer gives symbiosis no effect.
  if (!instructor && defender.has(Trait::symbiosis) && right && right->body > defender.body)
    return false;
  return true;
}

bool attackable(const Species& attacker, const Boards& row, int d, Rules rules) {
  const int n = static_cast<int>(row.size());
  const Species* left = d > 0 ? &row[d - 1] : nullptr;
  const Species* right = d + 1 < n ? &row[d + 1] : nullptr;
  return attackable(row[d], attacker, left, right, rules);
}

int64_t score(const PlayerState& p, Rules rules) {
  int64_t s = p.bag;
  for (const Species& b : p.boards)
    s += (rules == Rules::instructor ? 1 : b.population) + b.trait_count;
  return s;
}

Engine Engine::new_game(int n, Hand deck, Rules rules) {
  Configuration c;
  c.players.resize(n);
  for (int i = 0; i < n; ++i) c.players[i].id = i + 1;
  c.deck = std::move(deck);
  Engine e(std::move(c), rules);
  e.advance();
  return e;
}

int Engine::pending() const {
  if (phase_ == Phase::feed) return queue_.empty() ? -1 : queue_.front();
  if (phase_ == Phase::start || phase_ == Phase::choose) return index_;
  return -1;
}

bool Engine::game_over() const {
  if (config_.players.empty()) return true;
  // The instructor's dealer counts 3 cards for a player without species, before it gets its board.
  const size_t least = rules_ == Rules::instructor ? 0 : 1;
  size_t need = 0;
  for (const PlayerState& p : config_.players) need += 3 + std::max(least, p.boards.size());
  return config_.deck.size() < need;
}

void Engine::deal() {
  auto& deck = config_.deck;
  for (PlayerState& p : config_.players) {
    if (p.boards.empty()) p.boards.emplace_back();
    const size_t k = std::min(deck.size(), 3 + p.boards.size());
    p.hand.insert(p.hand.begin(), deck.begin(), deck.begin() + k);
    deck.erase(deck.begin(), deck.begin() + k);
  }
}

void Engine::draw(int pos, int k) {
  auto& deck = config_.deck;
  auto& hand = config_.players[pos].hand;
  const size_t n = std::min(deck.size(), static_cast<size_t>(k));
  hand.insert(hand.begin(), deck.begin(), deck.begin() + n);
  deck.erase(deck.begin(), deck.begin() + n);
}

std::string Engine::check_action(int pos, const Action4& a) const {
  const PlayerState& p = config_.players[pos];
  const int h = static_cast<int>(p.hand.size());
  const int m = static_cast<int>(p.boards.size());
  const int total = m + static_cast<int>(a.bt.size());
  std::vector<char> used(h, 0);
  auto use_card = [&](int c, const char* what) -> std::string {
    if (c < 0 || c >= h)
      return std::string(what) + ": card index " + std::to_string(c) + " is not < " +
             std::to_string(h);
    if (used[c]) return std::string(what) + ": card index " + std::to_string(c) + " is used twice";
    used[c] = 1;
    return "";
  };
  auto board_ok = [&](int b) { return b >= 0 && b < total; };
  std::string e = use_card(a.food_card, "food card");
  if (!e.empty()) return e;
  for (const Growth& g : a.gp) {
    if (!(e = use_card(g.card, "GP")).empty()) return e;
    if (!board_ok(g.board))
      return "GP: board index " + std::to_string(g.board) + " is not < " + std::to_string(total);
  }
  for (const Growth& g : a.gb) {
    if (!(e = use_card(g.card, "GB")).empty()) return e;
    if (!board_ok(g.board))
      return "GB: board index " + std::to_string(g.board) + " is not < " + std::to_string(total);
  }
  // Trait lists of the row after the BTs, so that RTs can be checked in order.
  std::vector<Species> row(p.boards.begin(), p.boards.end());
  for (const auto& bt : a.bt) {
    if (bt.empty() || bt.size() > 1 + kMaxTraits) return "BT: must have 1 to 4 card indices";
    Species fresh;
    for (size_t k = 0; k < bt.size(); ++k) {
      if (!(e = use_card(bt[k], "BT")).empty()) return e;
      if (k == 0) continue;
      const Trait t = p.hand[bt[k]].trait;
      if (fresh.has(t)) return "BT: trait " + std::string(trait_name(t)) + " given twice";
      fresh.add_trait(t);
    }
    row.push_back(fresh);
  }
  for (const ReplaceTrait& r : a.rt) {
    if (!(e = use_card(r.card, "RT")).empty()) return e;
    if (!board_ok(r.board))
      return "RT: board index " + std::to_string(r.board) + " is not < " + std::to_string(total);
    Species& s = row[r.board];
    if (r.trait < 0 || r.trait >= s.trait_count)
      return "RT: board " + std::to_string(r.board) + " has no trait " + std::to_string(r.trait);
    const Trait t = p.hand[r.card].trait;
    for (int i = 0; i < s.trait_count; ++i) {
      if (i != r.trait && s.trait_slots[i] == t)
        return "RT: board " + std::to_string(r.board) + " would have " +
               std::string(trait_name(t)) + " twice";
    }
    s.trait_slots[r.trait] = t;
  }
  for (const Growth& g : a.gp) {
    if (++row[g.board].population > kMaxSize)
      return "GP: population of board " + std::to_string(g.board) + " would exceed 7";
  }
  for (const Growth& g : a.gb) {
    if (++row[g.board].body > kMaxSize)
      return "GB: body of board " + std::to_string(g.board) + " would exceed 7";
  }
  return "";
}

void Engine::apply_card_actions(int pos, const Action4& a) {
  PlayerState& p = config_.players[pos];
  for (const auto& bt : a.bt) {
    Species fresh;
    for (size_t k = 1; k < bt.size(); ++k) fresh.add_trait(p.hand[bt[k]].trait);
    p.boards.push_back(fresh);
  }
  for (const ReplaceTrait& r : a.rt) {
    Species& s = p.boards[r.board];
    s.trait_slots[r.trait] = p.hand[r.card].trait;
    // The instructor's dealer keeps the stored fat of a board that loses fat-tissue.
    if (!s.has(Trait::fat_tissue) && rules_ == Rules::spec) s.fat_food = 0;
  }
  for (const Growth& g : a.gp) ++p.boards[g.board].population;
  for (const Growth& g : a.gb) ++p.boards[g.board].body;
  const int food_value = p.hand[a.food_card].value;
  std::vector<char> used(p.hand.size(), 0);
  used[a.food_card] = 1;
  for (const Growth& g : a.gp) used[g.card] = 1;
  for (const Growth& g : a.gb) used[g.card] = 1;
  for (const auto& bt : a.bt) {
    for (int c : bt) used[c] = 1;
  }
  for (const ReplaceTrait& r : a.rt) used[r.card] = 1;
  size_t w = 0;
  for (size_t i = 0; i < p.hand.size(); ++i) {
    if (!used[i]) p.hand[w++] = p.hand[i];
  }
  p.hand.resize(w);
  config_.watering_hole = std::max<int64_t>(0, config_.watering_hole + food_value);
}

void Engine::automatic_effects() {
  for (PlayerState& p : config_.players) {
    for (Species& s : p.boards) {
      if (s.has(Trait::fertile) && s.population < kMaxSize) ++s.population;
    }
  }
  for (int pos = 0; pos < num_players(); ++pos) {
    for (size_t b = 0; b < config_.players[pos].boards.size(); ++b) {
      if (config_.players[pos].boards[b].has(Trait::long_neck))
        complete_feeding(pos, static_cast<int>(b));
    }
  }
  for (PlayerState& p : config_.players) {
    for (Species& s : p.boards) {
      if (!s.has(Trait::fat_tissue)) continue;
      const int n = std::min<int>(s.population - s.food, s.fat_food);
      if (n <= 0) continue;
      s.fat_food = static_cast<int8_t>(s.fat_food - n);
      s.food = static_cast<int8_t>(s.food + n);
    }
  }
}

void Engine::complete_feeding(int pos, int s) {
  Boards& row = config_.players[pos].boards;
  if (config_.watering_hole == 0 || row[s].full()) return;
  --config_.watering_hole;
  ++row[s].food;
  const bool cooperates = row[s].has(Trait::cooperation) && s + 1 < static_cast<int>(row.size());
  if (row[s].has(Trait::foraging) && config_.watering_hole > 0 && !row[s].full()) {
    --config_.watering_hole;
    ++row[s].food;
    if (cooperates) complete_feeding(pos, s + 1);
  }
  if (cooperates) complete_feeding(pos, s + 1);
}

int Engine::count_options(int pos, FeedingChoice* single, int limit) const {
  const Boards& row = config_.players[pos].boards;
  const int n = num_players();
  int count = 0;
  auto found = [&](const FeedingChoice& c) {
    if (++count == 1 && single) *single = c;
    return count >= limit;
  };
  for (int s = 0; s < static_cast<int>(row.size()); ++s) {
    const Species& sp = row[s];
    const bool carnivore = sp.has(Trait::carnivore);
    if (sp.hungry() && !carnivore && found(FeedingChoice::feed(s))) return count;
    const int need = sp.fat_need();
    if (need > 0 && found(FeedingChoice::store_fat(s, need))) return count;
    if (!carnivore || !sp.hungry()) continue;
    for (int p = 0; p < n - 1; ++p) {
      const Boards& target = config_.players[other_position(pos, p)].boards;
      for (int d = 0; d < static_cast<int>(target.size()); ++d) {
        if (attackable(sp, target, d, rules_) && found(FeedingChoice::attack(s, p, d)))
          return count;
      }
    }
  }
  return count;
}

std::vector<FeedingChoice> Engine::feeding_options(int pos) const {
  std::vector<FeedingChoice> out;
  const Boards& row = config_.players[pos].boards;
  for (int s = 0; s < static_cast<int>(row.size()); ++s) {
    const Species& sp = row[s];
    const bool carnivore = sp.has(Trait::carnivore);
    if (sp.hungry() && !carnivore) out.push_back(FeedingChoice::feed(s));
    if (sp.fat_need() > 0) out.push_back(FeedingChoice::store_fat(s, sp.fat_need()));
    if (!carnivore || !sp.hungry()) continue;
    for (int p = 0; p < num_players() - 1; ++p) {
      const Boards& target = config_.players[other_position(pos, p)].boards;
      for (int d = 0; d < static_cast<int>(target.size()); ++d) {
        if (attackable(sp, target, d, rules_)) out.push_back(FeedingChoice::attack(s, p, d));
      }
    }
  }
  return out;
}

std::string Engine::check_feeding(int pos, const FeedingChoice& c) const {
  const Boards& row = config_.players[pos].boards;
  const int m = static_cast<int>(row.size());
  if (c.kind == FeedingChoice::Kind::decline) return "";
  if (c.s < 0 || c.s >= m)
    return "board index " + std::to_string(c.s) + " is not < " + std::to_string(m);
  const Species& sp = row[c.s];
  switch (c.kind) {
    case FeedingChoice::Kind::feed:
      if (sp.has(Trait::carnivore)) return "board " + std::to_string(c.s) + " is a carnivore";
      if (!sp.hungry()) return "board " + std::to_string(c.s) + " is not hungry";
      return "";
    case FeedingChoice::Kind::store_fat:
      if (!sp.has(Trait::fat_tissue)) return "board " + std::to_string(c.s) + " has no fat-tissue";
      if (c.n < 1 || c.n > sp.fat_need())
        return "cannot store " + std::to_string(c.n) + " fat tokens on board " +
               std::to_string(c.s);
      return "";
    case FeedingChoice::Kind::attack: {
      if (!sp.has(Trait::carnivore)) return "board " + std::to_string(c.s) + " is not a carnivore";
      if (!sp.hungry()) return "board " + std::to_string(c.s) + " is not hungry";
      if (c.p < 0 || c.p >= num_players() - 1)
        return "player index " + std::to_string(c.p) + " is out of range";
      const Boards& target = config_.players[other_position(pos, c.p)].boards;
      if (c.d < 0 || c.d >= static_cast<int>(target.size()))
        return "defender index " + std::to_string(c.d) + " is out of range";
      if (!attackable(sp, target, c.d, rules_)) return "the attack is not allowed";
      return "";
    }
    default:
      return "";
  }
}

void Engine::apply_feeding(int pos, const FeedingChoice& c) {
  switch (c.kind) {
    case FeedingChoice::Kind::decline:
      return;
    case FeedingChoice::Kind::feed:
      complete_feeding(pos, c.s);
      return;
    case FeedingChoice::Kind::store_fat: {
      Species& sp = config_.players[pos].boards[c.s];
      const int64_t k = std::min<int64_t>(c.n, config_.watering_hole);
      sp.fat_food = static_cast<int8_t>(sp.fat_food + k);
      config_.watering_hole -= k;
      return;
    }
    case FeedingChoice::Kind::attack:
      break;
  }
  const int q = other_position(pos, c.p);
  Boards& defenders = config_.players[q].boards;
  const bool horns = defenders[c.d].has(Trait::horns);
  Species& d = defenders[c.d];
  --d.population;
  d.food = std::min(d.food, d.population);
  if (d.population == 0) {
    defenders.erase(defenders.begin() + c.d);
    draw(q, 2);
  }
  Boards& own = config_.players[pos].boards;
  if (horns) {
    Species& a = own[c.s];
    --a.population;
    a.food = std::min(a.food, a.population);
    if (a.population == 0) {
      own.erase(own.begin() + c.s);
      draw(pos, 2);
      return;
    }
  }
  complete_feeding(pos, c.s);
  const int n = num_players();
  for (int k = 0; k < n; ++k) {
    const int v = (pos + k) % n;
    for (size_t b = 0; b < config_.players[v].boards.size(); ++b) {
      if (config_.players[v].boards[b].has(Trait::scavenger))
        complete_feeding(v, static_cast<int>(b));
    }
  }
}

void Engine::end_of_turn() {
  for (int pos = 0; pos < num_players(); ++pos) {
    PlayerState& p = config_.players[pos];
    for (size_t b = 0; b < p.boards.size();) {
      Species& s = p.boards[b];
      s.population = s.food;
      if (s.population == 0) {
        p.boards.erase(p.boards.begin() + b);
        draw(pos, 2);
        continue;
      }
      p.bag += s.food;
      s.food = 0;
      ++b;
    }
  }
}

void Engine::rotate() {
  auto& ps = config_.players;
  if (ps.size() > 1) std::rotate(ps.begin(), ps.begin() + 1, ps.end());
}

void Engine::eject(int pos) {
  ejected_.push_back(config_.players[pos].id);
  config_.players.erase(config_.players.begin() + pos);
  if (phase_ == Phase::choose && pos < index_) {
    actions_.erase(actions_.begin() + pos);
    --index_;
  } else if (phase_ == Phase::start && pos < index_) {
    --index_;
  }
  std::vector<uint8_t> q;
  for (uint8_t v : queue_) {
    if (v == pos) continue;
    q.push_back(v > pos ? v - 1 : v);
  }
  queue_ = std::move(q);
}

bool Engine::anyone_in_queue_can_feed() const {
  for (uint8_t v : queue_) {
    if (count_options(v, nullptr, 1) > 0) return true;
  }
  return false;
}

void Engine::finish_turn() {
  queue_.clear();
  if (harness_mode_) {
    phase_ = Phase::step4_done;
    return;
  }
  end_of_turn();
  rotate();
  ++turn_;
  phase_ = Phase::setup;
}

void Engine::advance() {
  for (;;) {
    switch (phase_) {
      case Phase::setup:
        if (game_over()) {
          phase_ = Phase::over;
          return;
        }
        deal();
        phase_ = Phase::start;
        index_ = 0;
        actions_.clear();
        continue;
      case Phase::start:
        if (index_ < num_players()) return;
        phase_ = Phase::choose;
        index_ = 0;
        continue;
      case Phase::choose:
        if (index_ < num_players()) return;
        for (int pos = 0; pos < num_players(); ++pos) apply_card_actions(pos, actions_[pos]);
        actions_.clear();
        automatic_effects();
        queue_.clear();
        for (int pos = 0; pos < num_players(); ++pos) queue_.push_back(static_cast<uint8_t>(pos));
        phase_ = Phase::feed;
        continue;
      case Phase::feed: {
        if (config_.watering_hole == 0 || !anyone_in_queue_can_feed()) {
          finish_turn();
          // Pause between turns, so that drivers can observe the state after end of turn.
          if (phase_ == Phase::setup) return;
          continue;
        }
        const int head = queue_.front();
        FeedingChoice single;
        const int options = count_options(head, &single);
        if (options >= 2) return;
        if (options == 1) apply_feeding(head, single);
        std::rotate(queue_.begin(), queue_.begin() + 1, queue_.end());
        continue;
      }
      case Phase::step4_done:
      case Phase::over:
        return;
    }
  }
}

void Engine::acknowledge_start() {
  if (phase_ != Phase::start) return;
  ++index_;
  advance();
}

bool Engine::submit_action(const Action4& a, std::string* why) {
  if (phase_ != Phase::choose) return false;
  std::string error = check_action(index_, a);
  if (!error.empty()) {
    if (why) *why = error;
    eject(index_);
    advance();
    return false;
  }
  actions_.push_back(a);
  ++index_;
  advance();
  return true;
}

bool Engine::submit_feeding(const FeedingChoice& c, std::string* why) {
  if (phase_ != Phase::feed || queue_.empty()) return false;
  const int head = queue_.front();
  std::string error = check_feeding(head, c);
  if (!error.empty()) {
    if (why) *why = error;
    eject(head);
  } else if (c.kind == FeedingChoice::Kind::decline) {
    queue_.erase(queue_.begin());
  } else {
    apply_feeding(head, c);
    std::rotate(queue_.begin(), queue_.begin() + 1, queue_.end());
  }
  advance();
  return error.empty();
}

void Engine::eject_pending() {
  const int pos = pending();
  if (pos < 0) return;
  eject(pos);
  advance();
}

void Engine::begin_step4(std::vector<Action4> actions) {
  harness_mode_ = true;
  phase_ = Phase::choose;
  index_ = 0;
  actions_.clear();
  for (Action4& a : actions) {
    if (check_action(index_, a).empty()) {
      actions_.push_back(std::move(a));
      ++index_;
    } else {
      eject(index_);
    }
  }
  advance();
}

Lob Engine::boards_before(int pos) const {
  Lob out;
  for (int i = 0; i < pos; ++i) out.push_back(config_.players[i].boards);
  return out;
}

Lob Engine::boards_after(int pos) const {
  Lob out;
  for (int i = pos + 1; i < num_players(); ++i) out.push_back(config_.players[i].boards);
  return out;
}

Lob Engine::others(int pos) const {
  Lob out;
  for (int p = 0; p < num_players() - 1; ++p)
    out.push_back(config_.players[other_position(pos, p)].boards);
  return out;
}

std::vector<Engine::Rank> Engine::ranking() const {
  std::vector<Rank> out;
  for (const PlayerState& p : config_.players) out.push_back({0, p.id, score(p, rules_)});
  if (rules_ == Rules::instructor) std::reverse(out.begin(), out.end());
  std::stable_sort(out.begin(), out.end(),
                   [](const Rank& a, const Rank& b) { return a.score > b.score; });
  for (size_t i = 0; i < out.size(); ++i) out[i].place = static_cast<int>(i) + 1;
  return out;
}

void Engine::restore(Phase phase, int index, int turn, std::vector<Action4> actions,
                     std::vector<uint8_t> queue, std::vector<int64_t> ejected, bool harness_mode) {
  phase_ = phase;
  index_ = index;
  turn_ = turn;
  actions_ = std::move(actions);
  queue_ = std::move(queue);
  ejected_ = std::move(ejected);
  harness_mode_ = harness_mode;
}

}  // namespace arena::evolution
