#include "games/empire/rules.h"

#include <algorithm>

namespace arena::empire {

bool Cargo::contains(int good) const {
  for (int i = 0; i < size; ++i) {
    if (goods[i] == good) return true;
  }
  return false;
}

void Cargo::push_front(int good) {
  for (int i = size; i > 0; --i) goods[i] = goods[i - 1];
  goods[0] = static_cast<int16_t>(good);
  ++size;
}

bool Cargo::remove_first(int good) {
  for (int i = 0; i < size; ++i) {
    if (goods[i] != good) continue;
    for (int k = i; k + 1 < size; ++k) goods[k] = goods[k + 1];
    --size;
    goods[size] = 0;
    return true;
  }
  return false;
}

std::optional<std::string> check_settings(const Settings& s, int players) {
  if (players < 1 || players > kMaxPlayers) {
    return "players must be 1.." + std::to_string(kMaxPlayers) + ", got " + std::to_string(players);
  }
  if (s.start_cash < 0) return "start_cash must be >= 0";
  if (s.build_limit < 1) return "build_limit must be >= 1";
  if (s.upgrade_cost < 0) return "upgrade_cost must be >= 0";
  if (s.fee < 0) return "fee must be >= 0";
  if (s.win_cash < 0) return "win_cash must be >= 0";
  if (s.turn_limit < 0) return "turn_limit must be >= 0";
  return std::nullopt;
}

Game::Game(const Map& map, const Settings& settings, int players, Events* init)
    : map_(&map),
      settings_(settings),
      players_(std::clamp(players, 1, kMaxPlayers)),
      rng_(settings.seed) {
  cards_ = std::make_shared<const std::vector<Card>>(make_cards(map, players_, rng_));
  deck_ = Deck(static_cast<int>(cards_->size()), rng_);
  edge_owner_.assign(static_cast<size_t>(map.dims().size()) * 4, -1);
  network_.assign(static_cast<size_t>(map.dims().size()), 0);
  for (int p = 0; p < players_; ++p) {
    state_[p].cash = settings.start_cash;
    Event e;
    e.kind = Event::Kind::cash;
    e.player = p;
    e.a = e.b = settings.start_cash;
    e.reason = CashReason::start;
    emit(init, e);
  }
  for (int p = 0; p < players_; ++p) {
    Event e;
    e.kind = Event::Kind::train;
    e.player = p;
    e.train = TrainType::freight;
    emit(init, e);
  }
  for (int k = 0; k < 3; ++k) {
    for (int p = 0; p < players_; ++p) {
      int c = deck_.draw(rng_);
      state_[p].hand[k] = static_cast<int16_t>(c);
      Event e;
      e.kind = Event::Kind::card;
      e.player = p;
      e.a = c;
      emit(init, e);
    }
  }
}

int Game::edge_index(Point a, Point b) const {
  const Dims& d = map_->dims();
  if (!d.on_board(a) || !d.on_board(b)) return -1;
  int dir = direction(a, b, settings_.adjacency);
  if (dir < 0) return -1;
  if (kEdgeSlot[dir] >= 0) return d.index(a) * 4 + kEdgeSlot[dir];
  return d.index(b) * 4 + kEdgeSlot[opposite(dir)];
}

int Game::edge_owner(Point a, Point b) const {
  int e = edge_index(a, b);
  return e < 0 ? -1 : edge_owner_[e];
}

bool Game::on_network(int p, Point n) const {
  return map_->dims().on_board(n) && (network_[map_->dims().index(n)] >> p & 1);
}

void Game::emit_cash(Events* ev, int p, int delta, CashReason why) const {
  if (!ev) return;
  Event e;
  e.kind = Event::Kind::cash;
  e.player = p;
  e.a = state_[p].cash;
  e.b = delta;
  e.reason = why;
  ev->push_back(e);
}

void Game::emit_cargo(Events* ev) const {
  if (!ev) return;
  Event e;
  e.kind = Event::Kind::cargo;
  e.player = current_;
  e.cargo = state_[current_].cargo;
  ev->push_back(e);
}

void Game::begin_turn(Events* ev) {
  if (over()) return;
  Event e;
  e.kind = Event::Kind::turn;
  e.player = current_;
  e.a = round_;
  emit(ev, e);
  spent_ = 0;
  paid_ = 0;
  moves_left_ = 0;
  build_over_ = false;
  phase_ = round_ == 0 ? Phase::start : Phase::build;
}

bool Game::choose_start(Point at, Events* ev) {
  // The start is chosen once (§4.3): a second call in the same turn changes nothing.
  if (phase_ != Phase::start || state_[current_].position >= 0) return false;
  if (map_->city_index_at(at) < 0) return false;
  state_[current_].position = map_->dims().index(at);
  Event e;
  e.kind = Event::Kind::start;
  e.player = current_;
  e.to = at;
  emit(ev, e);
  return true;
}

void Game::auto_start(Events* ev) {
  if (phase_ != Phase::start || state_[current_].position >= 0) return;
  Point at = map_->cities().front().nodes.front();
  state_[current_].position = map_->dims().index(at);
  Event e;
  e.kind = Event::Kind::start;
  e.player = current_;
  e.to = at;
  emit(ev, e);
}

void Game::build(const std::vector<EdgeRequest>& edges, BuildReply& r, Events* ev) {
  r.costs.clear();
  r.error = BuildError::none;
  r.limit = false;
  if (phase_ != Phase::build || build_over_) return;
  PlayerState& me = state_[current_];
  const Map& m = *map_;
  for (const EdgeRequest& req : edges) {
    // 1-2. Shape and geometry.
    int e = req.well_formed ? edge_index(req.a, req.b) : -1;
    if (e < 0 || m.type(req.a) == NodeType::invalid || m.type(req.b) == NodeType::invalid) {
      r.error = BuildError::invalid_edges;
      return;
    }
    // 3. Within city.
    int ca = m.city_index_at(req.a);
    if (ca >= 0 && ca == m.city_index_at(req.b)) {
      r.error = BuildError::within_city;
      return;
    }
    // 4. Ownership: another player's edge is refused, one's own is free.
    if (edge_owner_[e] >= 0 && edge_owner_[e] != current_) {
      r.error = BuildError::owned;
      return;
    }
    if (edge_owner_[e] == current_) {
      r.costs.push_back(0);
      continue;
    }
    // 5. Connection: either end, the first one first.
    auto connected = [&](Point p) { return m.city_index_at(p) >= 0 || on_network(current_, p); };
    Point from = req.a, to = req.b;
    if (!connected(req.a)) {
      if (!connected(req.b)) {
        r.error = BuildError::invalid_start;
        return;
      }
      std::swap(from, to);
    }
    // 6-8. Cost, funds, limit.
    int cost = m.cost(to);
    if (me.cash < cost) {
      r.error = BuildError::insufficient_funds;
      return;
    }
    if (spent_ + cost > settings_.build_limit) {
      r.limit = true;
      build_over_ = true;
      return;
    }
    // 9. Commit.
    edge_owner_[e] = static_cast<int8_t>(current_);
    network_[m.dims().index(from)] |= static_cast<uint8_t>(1u << current_);
    network_[m.dims().index(to)] |= static_cast<uint8_t>(1u << current_);
    me.cash -= cost;
    spent_ += cost;
    Event t;
    t.kind = Event::Kind::track;
    t.player = current_;
    t.from = from;
    t.to = to;
    t.a = cost;
    emit(ev, t);
    emit_cash(ev, current_, -cost, CashReason::build);
    r.costs.push_back(cost);
    // 10. Exactly at the limit.
    if (spent_ == settings_.build_limit) {
      r.limit = true;
      build_over_ = true;
      return;
    }
  }
  return;
}

BuildReply Game::build(const std::vector<EdgeRequest>& edges, Events* ev) {
  BuildReply r;
  build(edges, r, ev);
  return r;
}

BuildReply Game::upgrade(Events* ev) {
  BuildReply r;
  if (phase_ != Phase::build || build_over_) return r;
  PlayerState& me = state_[current_];
  if (spent_ > 0 || round_ == 1) {
    r.error = BuildError::invalid_upgrade_time;
  } else if (me.train == TrainType::superfreight) {
    r.error = BuildError::train_maxed_out;
  } else if (me.cash < settings_.upgrade_cost) {
    r.error = BuildError::insufficient_funds;
  }
  if (r.error != BuildError::none) return r;
  me.train = static_cast<TrainType>(static_cast<int>(me.train) + 1);
  me.cash -= settings_.upgrade_cost;
  Event t;
  t.kind = Event::Kind::train;
  t.player = current_;
  t.train = me.train;
  emit(ev, t);
  emit_cash(ev, current_, -settings_.upgrade_cost, CashReason::upgrade);
  r.costs.push_back(settings_.upgrade_cost);
  r.limit = true;
  build_over_ = true;
  return r;
}

void Game::end_build() {
  if (phase_ != Phase::build) return;
  build_over_ = true;
  phase_ = Phase::move;
  moves_left_ = speed(state_[current_].train);
}

void Game::move(const std::vector<MoveCommand>& commands, MoveReply& r, Events* ev) {
  r.too_many_commands = false;
  r.results.clear();
  if (phase_ != Phase::move) return;
  int moves = 0;
  for (const MoveCommand& c : commands) moves += c.kind == MoveCommand::Kind::move_to;
  if (moves > moves_left_) {
    r.too_many_commands = true;
    return;
  }
  r.results.reserve(commands.size());
  PlayerState& me = state_[current_];
  for (const MoveCommand& c : commands) {
    MoveResult res;
    switch (c.kind) {
      case MoveCommand::Kind::move_to:
        res = move_to(c.to, ev);
        break;
      case MoveCommand::Kind::acquire: {
        int city = me.position >= 0 ? map_->city_index_at(me.position) : -1;
        if (c.good < 0 || city < 0 || !map_->produces(city, c.good) ||
            me.cargo.size >= capacity(me.train)) {
          res.kind = MoveResult::Kind::invalid_acquisition;
          break;
        }
        me.cargo.push_front(c.good);
        emit_cargo(ev);
        res.kind = MoveResult::Kind::cargo;
        res.cargo = me.cargo;
        break;
      }
      case MoveCommand::Kind::drop:
        if (c.good >= 0 && me.cargo.remove_first(c.good)) emit_cargo(ev);
        res.kind = MoveResult::Kind::cargo;
        res.cargo = me.cargo;
        break;
      case MoveCommand::Kind::deliver:
        res = deliver(c.card, c.demand, ev);
        break;
      case MoveCommand::Kind::invalid:
        res.kind = MoveResult::Kind::invalid_command;
        break;
    }
    r.results.push_back(res);
  }
  return;
}

MoveReply Game::move(const std::vector<MoveCommand>& commands, Events* ev) {
  MoveReply r;
  move(commands, r, ev);
  return r;
}

MoveResult Game::move_to(Point to, Events* ev) {
  MoveResult res;
  res.kind = MoveResult::Kind::invalid_move;
  PlayerState& me = state_[current_];
  const Map& m = *map_;
  if (me.position < 0 || m.type(to) == NodeType::invalid) return res;
  Point at = m.dims().point(me.position);
  int e = edge_index(at, to);
  if (e < 0) return res;
  int owner = edge_owner_[e];
  int city = m.city_index_at(at);
  bool same_city = city >= 0 && city == m.city_index_at(to);
  if (owner < 0 && !same_city) return res;
  if (owner >= 0 && owner != current_ && !(paid_ >> owner & 1)) {
    if (me.cash < settings_.fee) return res;
    me.cash -= settings_.fee;
    state_[owner].cash += settings_.fee;
    paid_ |= static_cast<uint8_t>(1u << owner);
    emit_cash(ev, current_, -settings_.fee, CashReason::fee_paid);
    emit_cash(ev, owner, settings_.fee, CashReason::fee_earned);
  }
  me.position = m.dims().index(to);
  --moves_left_;
  Event p;
  p.kind = Event::Kind::position;
  p.player = current_;
  p.to = to;
  emit(ev, p);
  res.kind = MoveResult::Kind::moved;
  return res;
}

MoveResult Game::deliver(int card, int demand, Events* ev) {
  MoveResult res;
  res.kind = MoveResult::Kind::invalid_delivery;
  PlayerState& me = state_[current_];
  int slot = -1;
  for (int k = 0; k < 3; ++k) {
    if (me.hand[k] == card) slot = k;
  }
  if (slot < 0 || demand < 0 || demand > 2 || me.position < 0) return res;
  int index = (*cards_)[card].demands[demand];
  const Demand& d = map_->demands()[index];
  if (map_->city_index_at(me.position) != d.city || !me.cargo.contains(d.good)) return res;

  Event e;
  e.kind = Event::Kind::delivered;
  e.player = current_;
  e.a = card;
  e.b = demand;
  e.c = index;
  emit(ev, e);
  me.cargo.remove_first(d.good);
  emit_cargo(ev);
  me.cash += d.amount;
  emit_cash(ev, current_, d.amount, CashReason::delivery);
  Event dc;
  dc.kind = Event::Kind::discard;
  dc.player = current_;
  dc.a = card;
  emit(ev, dc);
  deck_.discard(card);
  int reshuffled = 0;
  int drawn = deck_.draw(rng_, &reshuffled);
  if (reshuffled > 0) {
    Event rs;
    rs.kind = Event::Kind::reshuffle;
    rs.a = reshuffled;
    emit(ev, rs);
  }
  // The new card takes the end of the hand: the hand stays in the order received.
  for (int k = slot; k < 2; ++k) me.hand[k] = me.hand[k + 1];
  me.hand[2] = static_cast<int16_t>(drawn);
  Event cd;
  cd.kind = Event::Kind::card;
  cd.player = current_;
  cd.a = drawn;
  emit(ev, cd);
  res.kind = MoveResult::Kind::cargo;
  res.cargo = me.cargo;
  return res;
}

void Game::finish(EndReason why, uint8_t winners, Events* ev) {
  phase_ = Phase::over;
  end_ = why;
  winners_ = winners;
  Event e;
  e.kind = Event::Kind::game_over;
  e.end = why;
  e.winners = winners;
  emit(ev, e);
}

void Game::end_turn(Events* ev) {
  if (over()) return;
  if (round_ >= 1 && state_[current_].cash >= settings_.win_cash) {
    finish(EndReason::cash_goal, static_cast<uint8_t>(1u << current_), ev);
    return;
  }
  if (round_ >= 1 && settings_.turn_limit > 0 && round_ == settings_.turn_limit &&
      current_ == players_ - 1) {
    int best = state_[0].cash;
    for (int p = 1; p < players_; ++p) best = std::max(best, state_[p].cash);
    uint8_t winners = 0;
    for (int p = 0; p < players_; ++p) {
      if (state_[p].cash == best) winners |= static_cast<uint8_t>(1u << p);
    }
    finish(EndReason::turn_limit, winners, ev);
    return;
  }
  if (++current_ == players_) {
    current_ = 0;
    ++round_;
  }
  phase_ = round_ == 0 ? Phase::start : Phase::build;
}

void Game::abandon(Events* ev) {
  if (!over()) finish(EndReason::abandoned, 0, ev);
}

}  // namespace arena::empire

namespace arena::empire {

Game Game::mirror(const Map& map, const Settings& settings, int players) {
  Settings s = settings;
  Game g(map, s, players);
  // Forget what the seed dealt: the mirror learns hands and cash from the log.
  for (int p = 0; p < g.players_; ++p) {
    g.state_[p] = PlayerState{};
    g.hand_size_[p] = 0;
  }
  g.deck_ = Deck();
  return g;
}

void Game::apply(const Event& e) {
  const int p = e.player;
  if (e.kind != Event::Kind::turn && e.kind != Event::Kind::reshuffle &&
      e.kind != Event::Kind::game_over && (p < 0 || p >= players_))
    return;
  switch (e.kind) {
    case Event::Kind::turn:
      round_ = e.a;
      current_ = std::clamp(p, 0, players_ - 1);
      phase_ = round_ == 0 ? Phase::start : Phase::build;
      spent_ = 0;
      paid_ = 0;
      moved_ = 0;
      moves_left_ = 0;
      build_over_ = false;
      break;
    case Event::Kind::start:
      if (map_->dims().on_board(e.to)) state_[p].position = map_->dims().index(e.to);
      break;
    case Event::Kind::position:
      if (map_->dims().on_board(e.to)) state_[p].position = map_->dims().index(e.to);
      if (p == current_) ++moved_;
      break;
    case Event::Kind::track: {
      int idx = edge_index(e.from, e.to);
      if (idx < 0) break;
      edge_owner_[idx] = static_cast<int8_t>(p);
      network_[map_->dims().index(e.from)] |= static_cast<uint8_t>(1u << p);
      network_[map_->dims().index(e.to)] |= static_cast<uint8_t>(1u << p);
      break;
    }
    case Event::Kind::cash:
      state_[p].cash = e.a;
      if (e.reason == CashReason::build && p == current_) spent_ -= e.b;
      if (e.reason == CashReason::fee_earned) paid_ |= static_cast<uint8_t>(1u << p);
      break;
    case Event::Kind::train:
      state_[p].train = e.train;
      break;
    case Event::Kind::cargo:
      state_[p].cargo = e.cargo;
      break;
    case Event::Kind::card:
      if (hand_size_[p] < 3) state_[p].hand[hand_size_[p]++] = static_cast<int16_t>(e.a);
      break;
    case Event::Kind::discard:
      for (int k = 0; k < hand_size_[p]; ++k) {
        if (state_[p].hand[k] != e.a) continue;
        for (int j = k; j + 1 < hand_size_[p]; ++j) state_[p].hand[j] = state_[p].hand[j + 1];
        --hand_size_[p];
        break;
      }
      break;
    case Event::Kind::game_over:
      phase_ = Phase::over;
      end_ = e.end;
      winners_ = e.winners;
      break;
    case Event::Kind::delivered:
    case Event::Kind::reshuffle:
      break;
  }
}

}  // namespace arena::empire
