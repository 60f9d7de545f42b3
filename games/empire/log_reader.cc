// parse_event (codec.h): change-log lines read back by clients.
#include "games/empire/codec.h"

namespace arena::empire {
namespace {

bool point_of(const Sexpr& s, Point& p) {
  if (s.kind != Sexpr::Kind::list || s.items.size() != 2 ||
      s.items[0].kind != Sexpr::Kind::integer || s.items[1].kind != Sexpr::Kind::integer)
    return false;
  p = {s.items[0].integer, s.items[1].integer};
  return true;
}

bool int_of(const Sexpr& s, int& v) {
  if (s.kind != Sexpr::Kind::integer) return false;
  v = s.integer;
  return true;
}

std::optional<TrainType> train_of(const Sexpr& s) {
  if (s.is_symbol("FREIGHT")) return TrainType::freight;
  if (s.is_symbol("FAST-FREIGHT")) return TrainType::fast_freight;
  if (s.is_symbol("SUPERFREIGHT")) return TrainType::superfreight;
  return std::nullopt;
}

std::optional<CashReason> reason_of(const Sexpr& s) {
  static constexpr std::string_view kNames[] = {"START",    "BUILD",      "UPGRADE",
                                                "FEE-PAID", "FEE-EARNED", "DELIVERY"};
  for (int k = 0; k < 6; ++k)
    if (s.is_symbol(kNames[k])) return static_cast<CashReason>(k);
  return std::nullopt;
}

bool cargo_of(const Sexpr& s, const Map& map, Cargo& c) {
  if (s.kind != Sexpr::Kind::list || s.items.size() > 3) return false;
  c = Cargo{};
  c.size = static_cast<uint8_t>(s.items.size());
  for (size_t k = 0; k < s.items.size(); ++k) {
    if (s.items[k].kind != Sexpr::Kind::symbol) return false;
    c.goods[k] = static_cast<int16_t>(map.good_id(s.items[k].text));
  }
  return true;
}

}  // namespace

std::optional<Event> parse_event(const Sexpr& line, const Map& map, CardContents* card) {
  if (line.kind != Sexpr::Kind::list || line.items.empty() ||
      line.items[0].kind != Sexpr::Kind::symbol)
    return std::nullopt;
  const std::string& head = line.items[0].text;
  const auto& it = line.items;
  const size_t n = it.size();
  Event e;
  if (head != "TURN" && head != "RESHUFFLE" && head != "GAME-OVER") {
    if (n < 2 || !int_of(it[1], e.player)) return std::nullopt;
  }
  if (head == "TURN" && n == 3 && int_of(it[1], e.a) && int_of(it[2], e.player)) {
    e.kind = Event::Kind::turn;
  } else if ((head == "START" || head == "POSITION") && n == 3 && point_of(it[2], e.to)) {
    e.kind = head == "START" ? Event::Kind::start : Event::Kind::position;
  } else if (head == "TRACK" && n == 5 && point_of(it[2], e.from) && point_of(it[3], e.to) &&
             int_of(it[4], e.a)) {
    e.kind = Event::Kind::track;
  } else if (head == "CASH" && n == 5 && int_of(it[2], e.a) && int_of(it[3], e.b) &&
             reason_of(it[4])) {
    e.kind = Event::Kind::cash;
    e.reason = *reason_of(it[4]);
  } else if (head == "TRAIN" && n == 3 && train_of(it[2])) {
    e.kind = Event::Kind::train;
    e.train = *train_of(it[2]);
  } else if (head == "CARGO" && n == 3 && cargo_of(it[2], map, e.cargo)) {
    e.kind = Event::Kind::cargo;
  } else if (head == "DELIVERED" && n == 7 && int_of(it[2], e.a) && int_of(it[3], e.b)) {
    e.kind = Event::Kind::delivered;
  } else if (head == "DISCARD" && n == 3 && int_of(it[2], e.a)) {
    e.kind = Event::Kind::discard;
  } else if (head == "CARD" && n == 4 && int_of(it[2], e.a)) {
    e.kind = Event::Kind::card;
    if (card && it[3].kind == Sexpr::Kind::list && it[3].items.size() == 3) {
      card->id = e.a;
      for (int k = 0; k < 3; ++k) {
        const Sexpr& d = it[3].items[k];
        if (d.kind != Sexpr::Kind::list || d.items.size() != 4) return std::nullopt;
        Demand dm;
        dm.city = map.city_index(d.items[1].text);
        dm.good = map.good_id(d.items[2].text);
        if (!int_of(d.items[3], dm.amount)) return std::nullopt;
        card->demands[k] = dm;
      }
    } else if (card) {
      card->id = -1;
    }
  } else if (head == "RESHUFFLE" && n == 2 && int_of(it[1], e.a)) {
    e.kind = Event::Kind::reshuffle;
  } else if (head == "GAME-OVER" && n == 4) {
    e.kind = Event::Kind::game_over;
    if (it[1].kind == Sexpr::Kind::list) {
      for (const Sexpr& w : it[1].items)
        if (w.kind == Sexpr::Kind::integer && w.integer >= 0 && w.integer < kMaxPlayers)
          e.winners |= static_cast<uint8_t>(1u << w.integer);
    }
    if (it[2].is_symbol("CASH-GOAL")) e.end = EndReason::cash_goal;
    if (it[2].is_symbol("TURN-LIMIT")) e.end = EndReason::turn_limit;
    if (it[2].is_symbol("ABANDONED")) e.end = EndReason::abandoned;
  } else {
    return std::nullopt;
  }
  return e;
}

}  // namespace arena::empire
