#include "games/evolution/bots/strategic_sim.h"

#include <algorithm>

#include "games/evolution/silly.h"

namespace arena::evolution::strategic {
namespace {

double option_value(const Engine& e, int pos, const FeedingChoice& c, bool last_turn) {
  const Boards& row = e.config().players[pos].boards;
  switch (c.kind) {
    case FeedingChoice::Kind::feed: {
      const Species& s = row[c.s];
      double v = 10 + 0.1 * (s.population - s.food);
      if (s.food == 0) v += 4;  // a board that eats nothing dies at the end of the turn
      if (s.has(Trait::foraging)) v += 2;
      if (s.has(Trait::cooperation) && c.s + 1 < static_cast<int>(row.size()) &&
          row[c.s + 1].hungry())
        v += 2;
      return v;
    }
    case FeedingChoice::Kind::store_fat:
      // One store-fat choice can take many tokens at once, which also denies them to the others;
      // in the last turn the fat itself is worth nothing.
      return (last_turn ? 3 : 6) + 0.3 * std::min<int64_t>(c.n, e.config().watering_hole);
    case FeedingChoice::Kind::attack: {
      const Species& a = row[c.s];
      const Species& d = e.config().players[e.other_position(pos, c.p)].boards[c.d];
      double v = 9 + 0.1 * d.population;
      if (a.food == 0) v += 3;
      if (d.has(Trait::horns)) v -= a.population == 1 ? 40 : 5;
      return v;
    }
    default:
      return 0;
  }
}

}  // namespace

FeedingChoice greedy_feed(const Engine& e, int pos, bool last_turn) {
  const std::vector<FeedingChoice> options = e.feeding_options(pos);
  FeedingChoice best = FeedingChoice::decline();
  double best_value = 0;  // below this (a suicidal attack) declining is better
  for (const FeedingChoice& c : options) {
    const double v = option_value(e, pos, c, last_turn);
    if (v > best_value) best_value = v, best = c;
  }
  return best;
}

void play_out_turn(Engine& e, int me, bool last_turn) {
  using Phase = Engine::Phase;
  for (int guard = 0; guard < 10000; ++guard) {
    const Phase phase = e.phase();
    if (phase == Phase::choose) {
      const int pos = e.pending();
      const PlayerState& p = e.config().players[pos];
      e.submit_action(silly_choose(static_cast<int>(p.boards.size()), p.hand).value_or(Action4{}));
    } else if (phase == Phase::feed) {
      const int pos = e.pending();
      if (pos == me) {
        e.submit_feeding(greedy_feed(e, pos, last_turn));
      } else {
        const PlayerState& p = e.config().players[pos];
        e.submit_feeding(silly_feed(p.boards, e.config().watering_hole, e.others(pos))
                             .value_or(FeedingChoice::decline()));
      }
    } else if (phase == Phase::start) {
      e.acknowledge_start();
    } else {
      return;  // setup (the turn is over), over, step4_done
    }
  }
}

std::vector<int64_t> scores_by_id(const Configuration& c) {
  std::vector<int64_t> out;
  for (const PlayerState& p : c.players) {
    if (p.id >= static_cast<int64_t>(out.size())) out.resize(p.id + 1, 0);
    out[p.id] = score(p);
  }
  return out;
}

double evaluate(const Engine& e, int64_t me_id, const std::vector<int64_t>& before,
                const Weights& w) {
  const bool over = e.game_over();
  bool threatened = false;  // defensive traits matter next turn only if someone hunts
  for (const PlayerState& p : e.config().players) {
    if (p.id == me_id) continue;
    for (const Species& b : p.boards) threatened = threatened || b.has(Trait::carnivore);
  }
  double mine = -1e9;
  double others = 0;
  double leader = -1e9;
  for (const PlayerState& p : e.config().players) {
    const int64_t s = score(p);
    if (p.id != me_id) {
      if (p.id < static_cast<int64_t>(before.size())) others += s - before[p.id];
      leader = std::max(leader, static_cast<double>(s));
      continue;
    }
    mine = static_cast<double>(s);
    if (over) continue;
    mine += w.card * static_cast<double>(p.hand.size());
    for (const Species& b : p.boards) {
      mine += w.fat * b.fat_food;
      if (b.has(Trait::foraging)) mine += w.trait_bonus;
      if (b.has(Trait::long_neck)) mine += w.trait_bonus;
      if (b.has(Trait::cooperation)) mine += w.trait_bonus;
      if (b.has(Trait::fertile) && b.population < kMaxSize) mine += w.trait_bonus;
      if (b.has(Trait::carnivore)) mine += w.carn_body * b.body;
      if (threatened) {
        for (Trait t : {Trait::climbing, Trait::hard_shell, Trait::warning_call, Trait::burrowing,
                        Trait::herding, Trait::symbiosis, Trait::horns}) {
          if (b.has(t)) mine += w.defense;
        }
      }
    }
  }
  double v = mine - w.others * others;
  if (leader > -1e9) {
    v -= w.leader * leader;
    // After the last turn only a strict first place counts (a tie is not a win).
    if (over && mine > leader) v += w.win;
  }
  return v;
}

}  // namespace arena::evolution::strategic
