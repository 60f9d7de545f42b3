#include "games/evolution/dealer.h"

#include <exception>
#include <memory>

#include "games/evolution/silly.h"

namespace arena::evolution {
namespace {

Configuration fresh_configuration(size_t n, Hand deck) {
  Configuration c;
  c.players.resize(n);
  for (size_t i = 0; i < n; ++i) c.players[i].id = static_cast<int64_t>(i + 1);
  c.deck = std::move(deck);
  return c;
}

}  // namespace

Dealer::Dealer(std::vector<Player*> players, Hand deck, DealerOptions options)
    : Dealer(fresh_configuration(players.size(), std::move(deck)), players, options) {}

Dealer::Dealer(Configuration config, std::vector<Player*> players, DealerOptions options)
    : engine_(std::move(config), options.rules), options_(options) {
  const auto& ps = engine_.config().players;
  for (size_t i = 0; i < ps.size() && i < players.size(); ++i)
    players_.push_back({ps[i].id, players[i]});
}

Player* Dealer::player_at(int pos) const {
  const int64_t id = engine_.config().players[pos].id;
  for (const auto& [pid, player] : players_) {
    if (pid == id) return player;
  }
  return nullptr;
}

bool Dealer::overran(std::chrono::steady_clock::time_point since) const {
  if (options_.time_limit.count() <= 0) return false;
  return std::chrono::steady_clock::now() - since > options_.time_limit;
}

void Dealer::eject(int pos, std::string_view reason) {
  if (observer_) observer_->on_ejected(engine_.config().players[pos].id, reason);
  engine_.eject_pending();
}

void Dealer::drive() {
  using Phase = Engine::Phase;
  for (;;) {
    const Phase phase = engine_.phase();
    if (phase == Phase::setup) {
      if (observer_ && engine_.turn() > 0) observer_->on_turn_end(engine_.turn(), engine_.config());
      engine_.advance();
      continue;
    }
    if (phase == Phase::over || phase == Phase::step4_done) return;
    const int pos = engine_.pending();
    const PlayerState& me = engine_.config().players[pos];
    Player* player = player_at(pos);
    if (!player) {
      eject(pos, "no player object");
      continue;
    }
    try {
      if (phase == Phase::start) {
        player->start(engine_.config().watering_hole, me.bag, me.boards, me.hand);
        engine_.acknowledge_start();
      } else if (phase == Phase::choose) {
        const auto since = std::chrono::steady_clock::now();
        Action4 a = player->choose(engine_.boards_before(pos), engine_.boards_after(pos));
        if (overran(since)) {
          eject(pos, "time limit exceeded in choose");
          continue;
        }
        if (observer_) observer_->on_action(me.id, a);
        const int64_t id = me.id;
        std::string why;
        if (!engine_.submit_action(a, &why) && observer_)
          observer_->on_ejected(id, "cheating: " + why);
      } else {
        const auto since = std::chrono::steady_clock::now();
        FeedingChoice c = player->feed_next(me.bag, me.boards, me.hand,
                                            engine_.config().watering_hole, engine_.others(pos));
        if (overran(since)) {
          eject(pos, "time limit exceeded in feedNext");
          continue;
        }
        if (observer_) observer_->on_feeding(me.id, c);
        const int64_t id = me.id;
        std::string why;
        if (!engine_.submit_feeding(c, &why) && observer_)
          observer_->on_ejected(id, "cheating: " + why);
      }
    } catch (const std::exception& e) {
      eject(pos, std::string("exception: ") + e.what());
    } catch (...) {
      eject(pos, "exception");
    }
  }
}

void Dealer::run() {
  drive();
}

void Dealer::feed_once() {
  Engine& e = engine_;
  if (e.num_players() == 0 || e.config().watering_hole == 0) return;
  FeedingChoice single;
  const int options = e.count_options(0, &single);
  if (options == 0) return;
  if (options == 1) {
    e.apply_feeding(0, single);
    return;
  }
  Player* player = player_at(0);
  const PlayerState& me = e.config().players[0];
  try {
    FeedingChoice c =
        player->feed_next(me.bag, me.boards, me.hand, e.config().watering_hole, e.others(0));
    if (!e.check_feeding(0, c).empty()) {
      e.eject(0);
    } else {
      e.apply_feeding(0, c);
    }
  } catch (...) {
    e.eject(0);
  }
}

void Dealer::step4(std::vector<Action4> actions) {
  engine_.begin_step4(std::move(actions));
  drive();
}

std::string format_ranking(const std::vector<Engine::Rank>& ranking) {
  std::string out;
  for (const auto& r : ranking) {
    out += std::to_string(r.place) + " player id: " + std::to_string(r.id) +
           " score: " + std::to_string(r.score) + "\n";
  }
  return out;
}

std::vector<Engine::Rank> run_game(const std::vector<Player*>& players, uint32_t seed,
                                   DealerOptions options) {
  Dealer dealer(players, shuffled_deck(seed), options);
  dealer.run();
  return dealer.ranking();
}

std::string run_silly_game(int n, uint32_t seed) {
  return format_ranking(silly_ranking(n, seed, Variant{}));
}

std::vector<Engine::Rank> silly_ranking(int n, uint32_t seed, Variant variant) {
  std::vector<SillyPlayer> sillies(n, SillyPlayer(variant.rules));
  std::vector<Player*> players;
  for (auto& s : sillies) players.push_back(&s);
  DealerOptions options;
  options.rules = variant.rules;
  Dealer dealer(players, make_deck(variant.deck, seed), options);
  dealer.run();
  return dealer.ranking();
}

}  // namespace arena::evolution
