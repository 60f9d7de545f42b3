#include "games/empire/client.h"

#include <fstream>
#include <iostream>

#include "core/framers.h"
#include "core/tcp.h"

namespace arena::empire {
namespace {

bool point_of(const Sexpr& s, Point& p) {
  if (s.kind != Sexpr::Kind::list || s.items.size() != 2 ||
      s.items[0].kind != Sexpr::Kind::integer || s.items[1].kind != Sexpr::Kind::integer)
    return false;
  p = {s.items[0].integer, s.items[1].integer};
  return true;
}

int good_index(std::vector<std::string>& goods, const std::string& name) {
  for (size_t g = 0; g < goods.size(); ++g)
    if (goods[g] == name) return static_cast<int>(g);
  goods.push_back(name);
  return static_cast<int>(goods.size() - 1);
}

}  // namespace

bool Mirror::init_entry(const Sexpr& line) {
  const std::string& head = line.items[0].text;
  const auto& it = line.items;
  if (head == "INIT-BEGIN" || head == "INIT-END" || head == "TRAIN-TYPES") return true;
  if (head == "SETTINGS") {
    for (size_t k = 1; k < it.size(); ++k) {
      const Sexpr& kv = it[k];
      if (kv.kind != Sexpr::Kind::list || kv.items.size() != 2) continue;
      const std::string& name = kv.items[0].text;
      const Sexpr& v = kv.items[1];
      if (name == "ADJACENCY") {
        if (auto a = parse_adjacency(v.text)) settings_.adjacency = *a;
        continue;
      }
      if (v.kind != Sexpr::Kind::integer) continue;
      if (name == "START-CASH") settings_.start_cash = v.integer;
      if (name == "BUILD-LIMIT") settings_.build_limit = v.integer;
      if (name == "WIN-CASH") settings_.win_cash = v.integer;
      if (name == "FEE") settings_.fee = v.integer;
      if (name == "UPGRADE-COST") settings_.upgrade_cost = v.integer;
      if (name == "TURN-LIMIT") settings_.turn_limit = v.integer;
      if (name == "MAX-QUERIES") max_queries_ = v.integer;
    }
    return true;
  }
  if (head == "MAP-SIZE" && it.size() == 3) {
    dims_ = Dims{it[1].integer, it[2].integer};
    return true;
  }
  if (head == "MOUNTAINS" || head == "INVALID") {
    auto& list = head == "MOUNTAINS" ? mountains_ : invalid_;
    for (size_t k = 1; k < it.size(); ++k) {
      Point p;
      if (point_of(it[k], p)) list.push_back(p);
    }
    return true;
  }
  if (head == "CITY" && it.size() == 4) {
    City c;
    c.name = it[1].text;
    for (const Sexpr& g : it[2].items) c.goods.push_back(good_index(goods_, g.text));
    for (const Sexpr& n : it[3].items) {
      Point p;
      if (point_of(n, p)) c.nodes.push_back(p);
    }
    cities_.push_back(std::move(c));
    return true;
  }
  if (head == "DEMANDS") {
    for (size_t k = 1; k < it.size(); ++k) {
      const Sexpr& d = it[k];
      if (d.kind != Sexpr::Kind::list || d.items.size() != 3) continue;
      Demand dm;
      dm.good = good_index(goods_, d.items[1].text);
      dm.amount = d.items[2].integer;
      dm.city = -1;
      for (size_t c = 0; c < cities_.size(); ++c)
        if (cities_[c].name == d.items[0].text) dm.city = static_cast<int>(c);
      if (dm.city >= 0) demands_.push_back(dm);
    }
    return true;
  }
  if (head == "PLAYER" && it.size() == 3) {
    names_.push_back(it[2].text);
    return true;
  }
  if (head == "YOU" && it.size() == 2 && dims_) {
    me_ = it[1].integer;
    map_ = std::make_unique<Map>(
        assemble_map(*dims_, mountains_, invalid_, cities_, demands_, goods_));
    game_.emplace(Game::mirror(*map_, settings_, static_cast<int>(names_.size())));
    return true;
  }
  return false;
}

bool Mirror::apply(const Sexpr& line) {
  if (line.kind != Sexpr::Kind::list || line.items.empty() ||
      line.items[0].kind != Sexpr::Kind::symbol)
    return false;
  if (!game_) return init_entry(line);
  CardContents card;
  auto e = parse_event(line, *map_, &card);
  if (!e) return line.items[0].is_symbol("INIT-END") || line.items[0].is_symbol("PLAYER-LEFT");
  if (e->kind == Event::Kind::card && e->player == me_ && card.id >= 0) cards_[card.id] = card;
  if (e->kind == Event::Kind::discard && e->player == me_) cards_.erase(e->a);
  game_->apply(*e);
  return true;
}

ClientBot::ClientBot(std::string name, std::unique_ptr<Strategy> strategy)
    : name_(std::move(name)), strategy_(std::move(strategy)) {}

void ClientBot::on_open(std::string& out) {
  // The protocol has the client register on connecting; the banner it reads next is expected.
  out += "(register \"" + name_ + "\")\n";
}

std::string ClientBot::take_log() {
  std::string l = std::move(log_);
  log_.clear();
  return l + strategy_->take_log();
}

void ClientBot::on_message(std::string_view message, std::string& out) {
  std::string text(message);
  if (!text.empty() && text.back() == '\r') text.pop_back();
  auto r = read_sexpr(text);
  if (!std::holds_alternative<Sexpr>(r)) {
    log_ += "unreadable line from the server: " + text + "\n";
    return;
  }
  const Sexpr& d = std::get<Sexpr>(r);
  auto answer = [&](std::string a) { out += a + "\n"; };
  if (d.kind == Sexpr::Kind::symbol) {
    if (d.text == "LOCATION-SET" || d.text == "INVALID-START-LOCATION")
      strategy_->process_result(mirror_, d);
    return;  // EMPIRE-BUILDER, SYNCED
  }
  if (d.kind != Sexpr::Kind::list || d.items.empty() || d.items[0].kind != Sexpr::Kind::symbol)
    return;
  const std::string& head = d.items[0].text;
  if (head == "CHOOSE-START") return answer(strategy_->choose_start(mirror_));
  if (head == "CHOOSE-BUILD") return answer(strategy_->choose_build(mirror_));
  if (head == "CHOOSE-MOVE") return answer(strategy_->choose_move(mirror_));
  if (head == "BUILD-TURN" || head == "MOVE-TURN") return strategy_->process_result(mirror_, d);
  if (head == "TIMEOUT") {
    strategy_->timed_out();
    return answer("(sync)");
  }
  if (head == "REGISTERED") return;
  if (head == "REGISTER-REFUSED") {
    outcome_ = text;
    refused_ = true;
    finished_ = true;
    log_ += "registration refused: " + text + "\n";
    return;
  }
  if (head == "ERROR") {
    log_ += "server: " + text + "\n";
    return;
  }
  mirror_.apply(d);
  if (head == "GAME-OVER") {
    outcome_ = text;
    finished_ = true;
  }
}

}  // namespace arena::empire
