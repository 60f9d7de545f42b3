#include "games/evolution/bots/strategic.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>

#include "core/rng.h"
#include "games/evolution/bots/strategic_sim.h"
#include "games/evolution/engine.h"
#include "games/evolution/silly.h"

namespace arena::evolution {
namespace {

using strategic::Weights;

constexpr int kSamples = 6;  // sampled hidden hands/decks per choose

int card_index(const Card& c) {
  const auto& deck = ordered_deck();
  for (int i = 0; i < kDeckSize; ++i) {
    if (deck[i] == c) return i;
  }
  return 0;
}

// A board that looks freshly dealt (step 1 adds one to a player without boards).
bool looks_fresh(const Species& s) {
  return s.food == 0 && s.body == 0 && s.population == 1 && s.trait_count == 0 && s.fat_food == 0;
}

// How one hand card is used by a plan. Boards b >= m are new boards (slot b - m).
struct Use {
  enum Kind : uint8_t { keep, food, gp, gb, pay, trait, rt };
  Kind kind = keep;
  int8_t board = 0;
  int8_t slot = 0;
  friend bool operator==(const Use&, const Use&) = default;
};
using Plan = std::vector<Use>;

constexpr int kNewSlots = 2;  // at most two new boards per turn are considered

// The Action4 of a plan for a player with m boards, or nullopt when the plan is incomplete
// (no food card, or traits/growth on a new board that nobody pays for).
std::optional<Action4> to_action(const Plan& plan, int m) {
  Action4 a;
  int food = -1;
  std::array<int, kNewSlots> pay{-1, -1};
  for (int c = 0; c < static_cast<int>(plan.size()); ++c) {
    if (plan[c].kind == Use::food) {
      if (food >= 0) return std::nullopt;
      food = c;
    } else if (plan[c].kind == Use::pay) {
      if (pay[plan[c].board] >= 0) return std::nullopt;
      pay[plan[c].board] = c;
    }
  }
  if (food < 0) return std::nullopt;
  a.food_card = food;
  std::array<int, kNewSlots> index{-1, -1};
  for (int k = 0; k < kNewSlots; ++k) {
    if (pay[k] < 0) continue;
    index[k] = m + static_cast<int>(a.bt.size());
    a.bt.push_back({pay[k]});
  }
  auto board_of = [&](int b) { return b < m ? b : index[b - m]; };
  for (int c = 0; c < static_cast<int>(plan.size()); ++c) {
    const Use& u = plan[c];
    switch (u.kind) {
      case Use::gp:
      case Use::gb: {
        const int b = board_of(u.board);
        if (b < 0) return std::nullopt;
        (u.kind == Use::gp ? a.gp : a.gb).push_back({b, c});
        break;
      }
      case Use::trait: {
        if (index[u.board] < 0) return std::nullopt;
        auto& bt = a.bt[index[u.board] - m];
        if (bt.size() > kMaxTraits) return std::nullopt;
        bt.push_back(c);
        break;
      }
      case Use::rt:
        a.rt.push_back({u.board, u.slot, c});
        break;
      default:
        break;
    }
  }
  return a;
}

class StrategicPlayer : public Player {
 public:
  StrategicPlayer(uint64_t seed, StrategicLimits limits)
      : rng_(named_stream(seed, "evolution-strategic")), limits_(std::move(limits)) {
    if (!limits_.clock) limits_.clock = [] { return std::chrono::steady_clock::now(); };
  }

  void start(int64_t watering_hole, int64_t bag, const Boards& boards, const Hand& cards) override {
    hole_ = watering_hole;
    bag_ = bag;
    boards_ = boards;
    hand_ = cards;
    for (const Card& c : cards) seen_[card_index(c)] = true;
    // Cards beyond the deal and what we kept came from extinctions: they left the deck too.
    const int dealt = 3 + static_cast<int>(boards.size());
    own_draws_ += std::max(0, static_cast<int>(cards.size()) - dealt - kept_);
  }

  Action4 choose(const Lob& before, const Lob& after) override;
  FeedingChoice feed_next(int64_t bag, const Boards& boards, const Hand& cards,
                          int64_t watering_hole, const Lob& others) override;

 private:
  void update_deck_estimate(const Lob& before, const Lob& after);
  std::vector<Card> unseen_cards() const {
    std::vector<Card> out;
    for (int i = 0; i < kDeckSize; ++i) {
      if (!seen_[i]) out.push_back(ordered_deck()[i]);
    }
    return out;
  }
  bool last_turn_guess(const Lob& all_boards) const {
    int need = 0;
    for (const Boards& b : all_boards) need += 3 + std::max<int>(1, static_cast<int>(b.size()));
    return deck_est_ < need;
  }

  Rng rng_;
  StrategicLimits limits_;
  Weights weights_;
  int64_t hole_ = 0;
  int64_t bag_ = 0;
  Boards boards_;
  Hand hand_;
  std::array<bool, kDeckSize> seen_{};
  int kept_ = 0;       // cards left in our hand by our last action
  int own_draws_ = 0;  // cards we drew through extinctions
  int64_t dealt_ = 0;  // cards dealt to everybody so far
  int opp_deaths_ = 0;
  std::vector<int> prev_counts_;  // others' board counts (others order) at the last choose
  // Others' bags (others order), inferred: at choose time a board's population is what it ate in
  // the last turn, and that went into the bag.
  std::vector<int64_t> est_bags_;
  int deck_est_ = kDeckSize;
  int turn_ = 0;
};

void StrategicPlayer::update_deck_estimate(const Lob& before, const Lob& after) {
  // The others in a stable cyclic order (starting after us), so that turns can be compared.
  std::vector<int> counts;
  int dealt = 3 + static_cast<int>(boards_.size());
  for (const Lob* l : {&after, &before}) {
    for (const Boards& b : *l) {
      dealt += 3 + static_cast<int>(b.size());
      const bool fresh = b.size() == 1 && looks_fresh(b[0]);
      counts.push_back(fresh ? 0 : static_cast<int>(b.size()));
    }
  }
  dealt_ += dealt;
  // Boards that vanished since the last turn drew 2 cards each; the others are assumed to have
  // made one new board per turn, as Silly does.
  if (prev_counts_.size() == counts.size()) {
    for (size_t k = 0; k < counts.size(); ++k)
      opp_deaths_ += std::max(0, prev_counts_[k] + 1 - counts[k]);
  }
  if (est_bags_.size() != counts.size()) est_bags_.assign(counts.size(), 0);
  size_t k = 0;
  for (const Lob* l : {&after, &before}) {
    for (const Boards& b : *l) {
      if (b.size() == 1 && looks_fresh(b[0])) {
        ++k;
        continue;
      }
      for (const Species& s : b) est_bags_[k] += s.population;
      ++k;
    }
  }
  prev_counts_.clear();
  for (const Lob* l : {&after, &before}) {
    for (const Boards& b : *l) prev_counts_.push_back(static_cast<int>(b.size()));
  }
  deck_est_ = std::max<int>(0, kDeckSize - static_cast<int>(dealt_) - own_draws_ - 2 * opp_deaths_);
}

Action4 StrategicPlayer::choose(const Lob& before, const Lob& after) {
  const auto since = limits_.clock();
  const int choose_budget = limits_.choose_budget;
  update_deck_estimate(before, after);
  ++turn_;
  const int pos = static_cast<int>(before.size());
  const int n = pos + 1 + static_cast<int>(after.size());
  const int m = static_cast<int>(boards_.size());
  const int h = static_cast<int>(hand_.size());
  Lob all = before;
  all.push_back(boards_);
  all.insert(all.end(), after.begin(), after.end());
  const bool last = last_turn_guess(all);

  // The sampled worlds: others' hands and the deck drawn from the cards we have not seen; the
  // players before us have already answered as Silly would.
  std::vector<Engine> worlds;
  std::vector<std::vector<int64_t>> scores_before;
  const std::vector<Card> pool0 = unseen_cards();
  for (int i = 0; i < kSamples; ++i) {
    std::vector<Card> pool = pool0;
    shuffle(pool, rng_);
    Configuration c;
    c.watering_hole = hole_;
    size_t next = 0;
    for (int p = 0; p < n; ++p) {
      PlayerState ps;
      ps.id = p + 1;
      ps.boards = all[p];
      if (p == pos) {
        ps.bag = bag_;
        ps.hand = hand_;
      } else {
        ps.bag = est_bags_[p < pos ? after.size() + p : p - pos - 1];
        const size_t k = std::min(pool.size() - next, 3 + all[p].size());
        ps.hand.assign(pool.begin() + next, pool.begin() + next + k);
        next += k;
      }
      c.players.push_back(std::move(ps));
    }
    const size_t deck = std::min<size_t>(pool.size() - next, deck_est_);
    c.deck.assign(pool.begin() + next, pool.begin() + next + deck);
    scores_before.push_back(strategic::scores_by_id(c));
    Engine e(std::move(c));
    e.restore(Engine::Phase::choose, 0, turn_, {}, {}, {}, false);
    for (int p = 0; p < pos; ++p) {
      const PlayerState& ps = e.config().players[p];
      e.submit_action(
          silly_choose(static_cast<int>(ps.boards.size()), ps.hand).value_or(Action4{}));
    }
    worlds.push_back(std::move(e));
  }

  const Action4 fallback = silly_choose(m, hand_).value_or(Action4{});
  int evaluations = 0;
  // Set once the safety stop has fired: every later candidate is refused, so the best plan found
  // so far is the answer.
  bool stopped = false;
  auto value_of = [&](const Plan& plan, Action4* out) -> std::optional<double> {
    auto a = to_action(plan, m);
    if (!a || !worlds[0].check_action(pos, *a).empty()) return std::nullopt;
    if (stopped || limits_.clock() - since >= limits_.safety_stop) {
      stopped = true;
      return std::nullopt;
    }
    ++evaluations;
    double total = 0;
    for (int i = 0; i < kSamples; ++i) {
      Engine e = worlds[i];
      e.submit_action(*a);
      strategic::play_out_turn(e, pos, last);
      total += strategic::evaluate(e, pos + 1, scores_before[i], weights_);
    }
    if (out) *out = std::move(*a);
    return total / kSamples;
  };

  // First start: keep everything but one food card (each card in turn).
  Plan best_plan;
  Action4 best_action = fallback;
  double best = -1e18;
  if (h > 0 && worlds[0].check_action(pos, fallback).empty()) {
    for (int f = 0; f < h; ++f) {
      Plan p(h);
      p[f].kind = Use::food;
      Action4 a;
      if (auto v = value_of(p, &a); v && *v > best) best = *v, best_plan = p, best_action = a;
    }
  }

  // Every use a card can have in this position.
  std::vector<Use> uses{{Use::keep, 0, 0}};
  for (int b = 0; b < m + kNewSlots; ++b) {
    uses.push_back({Use::gp, static_cast<int8_t>(b), 0});
    uses.push_back({Use::gb, static_cast<int8_t>(b), 0});
  }
  for (int k = 0; k < kNewSlots; ++k) {
    uses.push_back({Use::pay, static_cast<int8_t>(k), 0});
    uses.push_back({Use::trait, static_cast<int8_t>(k), 0});
  }
  for (int b = 0; b < m; ++b) {
    for (int i = 0; i < boards_[b].trait_count; ++i)
      uses.push_back({Use::rt, static_cast<int8_t>(b), static_cast<int8_t>(i)});
  }

  // First-improvement hill climbing over single-card changes and food swaps, in a sampled order,
  // until `budget` evaluations have been spent.
  auto climb = [&](Plan plan, double value, int budget) {
    bool improved = true;
    while (improved && evaluations < budget && !stopped) {
      improved = false;
      // (card, use index) gives the card that use; (card, -1 - other card) swaps two uses.
      std::vector<std::pair<int, int>> moves;
      for (int c = 0; c < h; ++c) {
        for (int d = c + 1; d < h; ++d) {
          if (!(plan[c] == plan[d])) moves.push_back({c, -1 - d});
        }
        if (plan[c].kind == Use::food) continue;
        for (int u = 0; u < static_cast<int>(uses.size()); ++u) {
          if (!(uses[u] == plan[c])) moves.push_back({c, u});
        }
      }
      shuffle(moves, rng_);
      for (const auto& [c, u] : moves) {
        if (evaluations >= budget || stopped) break;
        Plan p = plan;
        if (u < 0) {
          std::swap(p[c], p[-1 - u]);
        } else {
          p[c] = uses[u];
        }
        Action4 a;
        auto v = value_of(p, &a);
        if (!v || *v <= value + 1e-9) continue;
        value = *v, plan = std::move(p);
        if (value > best + 1e-9) best = value, best_plan = plan, best_action = std::move(a);
        improved = true;
        break;
      }
    }
  };
  if (!best_plan.empty()) {
    climb(best_plan, best, choose_budget / 3);
    // More starts: shapes that single-card moves reach only through weaker intermediate plans.
    // Silly's shape (a new board with one trait, grown), then a new board with up to three
    // traits paid with the cards of lowest value.
    std::vector<int> order(h);
    for (int c = 0; c < h; ++c) order[c] = c;
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return card_less(hand_[a], hand_[b]); });
    Plan p(h);
    const Use shape[] = {{Use::food, 0, 0},
                         {Use::pay, 0, 0},
                         {Use::trait, 0, 0},
                         {Use::gp, static_cast<int8_t>(m), 0},
                         {Use::gb, static_cast<int8_t>(m), 0}};
    for (int k = 0; k < h && k < 5; ++k) p[order[k]] = shape[k];
    Action4 a;
    if (auto v = value_of(p, &a)) {
      if (*v > best + 1e-9) best = *v, best_plan = p, best_action = a;
      climb(p, *v, 2 * choose_budget / 3);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return hand_[a].value < hand_[b].value; });
    Plan q(h);
    q[order[0]] = {Use::food, 0, 0};
    if (h > 1) q[order[1]] = {Use::pay, 0, 0};
    std::vector<Trait> chosen;
    for (int k = 2; k < h; ++k) {
      const Trait t = hand_[order[k]].trait;
      if (chosen.size() < kMaxTraits &&
          std::find(chosen.begin(), chosen.end(), t) == chosen.end()) {
        chosen.push_back(t);
        q[order[k]] = {Use::trait, 0, 0};
      }
    }
    if (auto v = value_of(q, &a)) {
      if (*v > best + 1e-9) best = *v, best_plan = q, best_action = a;
      climb(q, *v, choose_budget);
    }
  }

  // Whatever we answer must pass the dealer's checks.
  if (!worlds.empty() && !worlds[0].check_action(pos, best_action).empty()) best_action = fallback;
  int used =
      1 + static_cast<int>(best_action.gp.size() + best_action.gb.size() + best_action.rt.size());
  for (const auto& bt : best_action.bt) used += static_cast<int>(bt.size());
  kept_ = std::max(0, h - used);
  if (StrategicStats* st = limits_.stats) {
    ++st->decisions;
    st->evaluations += evaluations;
    st->max_evaluations = std::max(st->max_evaluations, evaluations);
    st->safety_stops += stopped;
  }
  return best_action;
}

FeedingChoice StrategicPlayer::feed_next(int64_t bag, const Boards& boards, const Hand& cards,
                                         int64_t watering_hole, const Lob& others) {
  // Feeding hides nothing that matters: simulate every option to the end of the turn with the
  // others as Silly and ourselves greedy, seated first in the (cyclic) queue.
  Configuration c;
  c.watering_hole = watering_hole;
  PlayerState me;
  me.id = 1;
  me.bag = bag;
  me.boards = boards;
  me.hand = cards;
  c.players.push_back(me);
  for (size_t k = 0; k < others.size(); ++k) {
    PlayerState p;
    p.id = static_cast<int64_t>(k + 2);
    p.boards = others[k];
    if (k < est_bags_.size()) p.bag = est_bags_[k];
    c.players.push_back(std::move(p));
  }
  std::vector<Card> pool = unseen_cards();
  pool.resize(std::min<size_t>(pool.size(), deck_est_));
  c.deck = std::move(pool);
  Lob all = others;
  all.push_back(boards);
  const bool last = last_turn_guess(all);
  const std::vector<int64_t> before = strategic::scores_by_id(c);
  Engine base(std::move(c));
  std::vector<uint8_t> queue;
  for (int p = 0; p < base.num_players(); ++p) queue.push_back(static_cast<uint8_t>(p));
  base.restore(Engine::Phase::feed, 0, turn_, {}, queue, {}, false);

  std::vector<FeedingChoice> options = base.feeding_options(0);
  options.push_back(FeedingChoice::decline());
  FeedingChoice best = strategic::greedy_feed(base, 0, last);
  double best_value = -1e18;
  for (const FeedingChoice& o : options) {
    Engine e = base;
    e.submit_feeding(o);
    strategic::play_out_turn(e, 0, last);
    // Declining must be clearly better: it gives up the rest of the feeding cycle.
    const double v = strategic::evaluate(e, 1, before, weights_) -
                     (o.kind == FeedingChoice::Kind::decline ? 0.5 : 0);
    if (v > best_value + 1e-9) best_value = v, best = o;
  }
  if (!base.check_feeding(0, best).empty())
    best = silly_feed(boards, watering_hole, others).value_or(FeedingChoice::decline());
  return best;
}

}  // namespace

std::unique_ptr<Player> make_strategic_player(uint64_t seed, StrategicLimits limits) {
  return std::make_unique<StrategicPlayer>(seed, std::move(limits));
}

}  // namespace arena::evolution
