#include "games/empire/codec.h"

namespace arena::empire {
namespace {

void append_int(std::string& out, int v) {
  out += std::to_string(v);
}

void append_point(std::string& out, Point p) {
  out += '(';
  append_int(out, p.x);
  out += ' ';
  append_int(out, p.y);
  out += ')';
}

bool as_point(const Sexpr& s, Point& p) {
  if (s.kind != Sexpr::Kind::list || s.items.size() != 2 ||
      s.items[0].kind != Sexpr::Kind::integer || s.items[1].kind != Sexpr::Kind::integer) {
    return false;
  }
  p = {s.items[0].integer, s.items[1].integer};
  return true;
}

void append_demand(std::string& out, const Map& map, int index) {
  const Demand& d = map.demands()[index];
  out += map.cities()[d.city].name;
  out += ' ';
  out += map.goods()[d.good];
  out += ' ';
  append_int(out, d.amount);
}

}  // namespace

std::string_view to_string(TrainType t) {
  switch (t) {
    case TrainType::freight:
      return "FREIGHT";
    case TrainType::fast_freight:
      return "FAST-FREIGHT";
    case TrainType::superfreight:
      return "SUPERFREIGHT";
  }
  return "?";
}

std::string_view to_string(CashReason r) {
  static constexpr std::string_view kNames[] = {"START",    "BUILD",      "UPGRADE",
                                                "FEE-PAID", "FEE-EARNED", "DELIVERY"};
  return kNames[static_cast<int>(r)];
}

std::string_view to_string(EndReason r) {
  static constexpr std::string_view kNames[] = {"NONE", "CASH-GOAL", "TURN-LIMIT", "ABANDONED"};
  return kNames[static_cast<int>(r)];
}

std::string_view to_string(BuildError e) {
  static constexpr std::string_view kNames[] = {
      "NONE",          "INVALID-EDGES",      "WITHIN-CITY",          "OWNED",
      "INVALID-START", "INSUFFICIENT-FUNDS", "INVALID-UPGRADE-TIME", "TRAIN-MAXED-OUT"};
  return kNames[static_cast<int>(e)];
}

std::string cargo_string(const Cargo& c, const Map& map) {
  if (c.size == 0) return "NIL";
  std::string out = "(";
  for (int i = 0; i < c.size; ++i) {
    if (i > 0) out += ' ';
    out += map.goods()[c.goods[i]];
  }
  out += ')';
  return out;
}

std::string event_line(const Event& e, const Game& game, int viewer) {
  const Map& map = game.map();
  std::string out = "(";
  auto head = [&](std::string_view name) {
    out += name;
    if (e.player >= 0) {
      out += ' ';
      append_int(out, e.player);
    }
  };
  switch (e.kind) {
    case Event::Kind::turn:
      out += "TURN ";
      append_int(out, e.a);
      out += ' ';
      append_int(out, e.player);
      break;
    case Event::Kind::start:
    case Event::Kind::position:
      head(e.kind == Event::Kind::start ? "START" : "POSITION");
      out += ' ';
      append_point(out, e.to);
      break;
    case Event::Kind::track:
      head("TRACK");
      out += ' ';
      append_point(out, e.from);
      out += ' ';
      append_point(out, e.to);
      out += ' ';
      append_int(out, e.a);
      break;
    case Event::Kind::cash:
      head("CASH");
      out += ' ';
      append_int(out, e.a);
      out += ' ';
      append_int(out, e.b);
      out += ' ';
      out += to_string(e.reason);
      break;
    case Event::Kind::train:
      head("TRAIN");
      out += ' ';
      out += to_string(e.train);
      break;
    case Event::Kind::cargo:
      head("CARGO");
      out += ' ';
      out += cargo_string(e.cargo, map);
      break;
    case Event::Kind::delivered:
      head("DELIVERED");
      out += ' ';
      append_int(out, e.a);
      out += ' ';
      append_int(out, e.b);
      out += ' ';
      append_demand(out, map, e.c);
      break;
    case Event::Kind::discard:
      head("DISCARD");
      out += ' ';
      append_int(out, e.a);
      break;
    case Event::Kind::card: {
      head("CARD");
      out += ' ';
      append_int(out, e.a);
      if (viewer >= 0 && viewer != e.player) {
        out += " HIDDEN";
        break;
      }
      out += " (";
      const Card& c = game.card(e.a);
      for (int k = 0; k < 3; ++k) {
        if (k > 0) out += ' ';
        out += '(';
        append_int(out, k);
        out += ' ';
        append_demand(out, map, c.demands[k]);
        out += ')';
      }
      out += ')';
      break;
    }
    case Event::Kind::reshuffle:
      out += "RESHUFFLE ";
      append_int(out, e.a);
      break;
    case Event::Kind::game_over: {
      out += "GAME-OVER ";
      std::string winners;
      for (int p = 0; p < game.players(); ++p) {
        if (!(e.winners >> p & 1)) continue;
        if (!winners.empty()) winners += ' ';
        winners += std::to_string(p);
      }
      out += winners.empty() ? "NIL" : "(" + winners + ")";
      out += ' ';
      out += to_string(e.end);
      out += " (";
      for (int p = 0; p < game.players(); ++p) {
        if (p > 0) out += ' ';
        out += '(';
        append_int(out, p);
        out += ' ';
        append_int(out, game.player(p).cash);
        out += ')';
      }
      out += ')';
      break;
    }
  }
  out += ')';
  return out;
}

std::vector<std::string> map_log_lines(const Map& map) {
  std::vector<std::string> out;
  std::string line = "(MAP-SIZE ";
  append_int(line, map.width());
  line += ' ';
  append_int(line, map.height());
  out.push_back(line + ")");
  for (NodeType t : {NodeType::mountain, NodeType::invalid}) {
    line = t == NodeType::mountain ? "(MOUNTAINS" : "(INVALID";
    for (int x = 0; x < map.width(); ++x) {
      for (int y = 0; y < map.height(); ++y) {
        if (map.type({x, y}) != t) continue;
        line += ' ';
        append_point(line, {x, y});
      }
    }
    out.push_back(line + ")");
  }
  for (const City& c : map.cities()) {
    line = "(CITY " + c.name + " ";
    if (c.goods.empty()) line += "NIL";
    for (size_t g = 0; g < c.goods.size(); ++g) {
      line += g == 0 ? "(" : " ";
      line += map.goods()[c.goods[g]];
    }
    if (!c.goods.empty()) line += ')';
    line += " (";
    for (size_t k = 0; k < c.nodes.size(); ++k) {
      if (k > 0) line += ' ';
      append_point(line, c.nodes[k]);
    }
    out.push_back(line + "))");
  }
  line = "(DEMANDS";
  for (size_t d = 0; d < map.demands().size(); ++d) {
    line += " (";
    append_demand(line, map, static_cast<int>(d));
    line += ')';
  }
  out.push_back(line + ")");
  line = "(TRAIN-TYPES";
  for (TrainType t : {TrainType::freight, TrainType::fast_freight, TrainType::superfreight}) {
    line += " (";
    line += to_string(t);
    line += ' ';
    append_int(line, speed(t));
    line += ' ';
    append_int(line, capacity(t));
    line += ')';
  }
  out.push_back(line + ")");
  return out;
}

std::string build_reply_line(const BuildReply& r) {
  std::string out = "(BUILD-TURN";
  for (int c : r.costs) {
    out += ' ';
    append_int(out, c);
  }
  if (r.error != BuildError::none) {
    out += ' ';
    out += to_string(r.error);
  }
  if (r.limit) out += " BUILD-LIMIT";
  out += ')';
  return out;
}

std::string move_reply_line(const MoveReply& r, const Map& map) {
  if (r.too_many_commands) return "(MOVE-TURN TOO-MANY-COMMANDS)";
  std::string out = "(MOVE-TURN";
  static constexpr std::string_view kInvalid[] = {
      "", "", "INVALID-MOVE", "INVALID-ACQUISITION", "INVALID-DELIVERY", "INVALID-COMMAND"};
  for (const MoveResult& x : r.results) {
    out += ' ';
    if (x.kind == MoveResult::Kind::moved) {
      out += '1';
    } else if (x.kind == MoveResult::Kind::cargo) {
      out += cargo_string(x.cargo, map);
    } else {
      out += kInvalid[static_cast<int>(x.kind)];
    }
  }
  out += ')';
  return out;
}

std::optional<Point> parse_start(const Sexpr& answer) {
  Point p;
  if (!as_point(answer, p)) return std::nullopt;
  return p;
}

BuildAnswer classify_build(const Sexpr& answer) {
  BuildAnswer a;
  if (answer.is_nil()) return a;
  if (answer.kind != Sexpr::Kind::list) {
    a.kind = BuildAnswer::Kind::bad_reply;
    return a;
  }
  if (answer.items.size() == 1 && answer.items[0].is_symbol("UPGRADE-TRAIN")) {
    a.kind = BuildAnswer::Kind::upgrade;
    return a;
  }
  a.kind = BuildAnswer::Kind::edges;
  a.edges.reserve(answer.items.size());
  for (const Sexpr& e : answer.items) {
    EdgeRequest r;
    r.well_formed = e.kind == Sexpr::Kind::list && e.items.size() == 2 &&
                    as_point(e.items[0], r.a) && as_point(e.items[1], r.b);
    a.edges.push_back(r);
  }
  return a;
}

MoveAnswer classify_move(const Sexpr& answer, const Map& map) {
  MoveAnswer a;
  if (answer.is_nil()) return a;
  if (answer.kind != Sexpr::Kind::list) {
    a.kind = MoveAnswer::Kind::bad_reply;
    return a;
  }
  a.kind = MoveAnswer::Kind::commands;
  a.commands.reserve(answer.items.size());
  for (const Sexpr& e : answer.items) {
    MoveCommand c;  // Kind::invalid unless well-formed below
    const auto& it = e.items;
    if (e.kind == Sexpr::Kind::list && !it.empty() && it[0].kind == Sexpr::Kind::symbol) {
      const std::string& h = it[0].text;
      if (h == "MOVE-TO-POINT" && it.size() == 2 && as_point(it[1], c.to)) {
        c.kind = MoveCommand::Kind::move_to;
      } else if ((h == "ACQUIRE-GOOD" || h == "DROP-GOOD") && it.size() == 2 &&
                 it[1].kind == Sexpr::Kind::symbol) {
        c.kind = h == "ACQUIRE-GOOD" ? MoveCommand::Kind::acquire : MoveCommand::Kind::drop;
        c.good = map.good_id(it[1].text);
      } else if (h == "MAKE-DELIVERY" && it.size() == 3 && it[1].kind == Sexpr::Kind::integer &&
                 it[2].kind == Sexpr::Kind::integer) {
        c.kind = MoveCommand::Kind::deliver;
        c.card = it[1].integer;
        c.demand = it[2].integer;
      }
    }
    a.commands.push_back(c);
  }
  return a;
}

}  // namespace arena::empire
