#include "games/empire/driver.h"

#include "games/empire/codec.h"

namespace arena::empire {

std::string_view query_name(QueryKind k) {
  switch (k) {
    case QueryKind::start:
      return "CHOOSE-START";
    case QueryKind::build:
      return "CHOOSE-BUILD";
    case QueryKind::move:
      return "CHOOSE-MOVE";
  }
  return "?";
}

Driver::Driver(const Map& map, const Settings& settings, int players, const Limits& limits,
               Events* init)
    : game_(map, settings, players, init), limits_(limits) {}

void Driver::begin(Events* ev) {
  game_.begin_turn(ev);
}

std::optional<Pending> Driver::pending() const {
  if (game_.over()) return std::nullopt;
  Pending p;
  p.seat = game_.current();
  switch (game_.phase()) {
    case Phase::start:
      p.kind = QueryKind::start;
      break;
    case Phase::build:
      p.kind = QueryKind::build;
      break;
    case Phase::move:
      p.kind = QueryKind::move;
      break;
    case Phase::over:
      return std::nullopt;
  }
  return p;
}

bool Driver::bad_reply(const Sexpr& answer) const {
  auto p = pending();
  if (!p || p->kind == QueryKind::start) return false;
  return answer.kind != Sexpr::Kind::list;
}

void Driver::next_turn(Events* ev) {
  game_.end_turn(ev);
  attempts_ = 0;
  build_queries_ = 0;
  move_queries_ = 0;
  if (!game_.over()) game_.begin_turn(ev);
}

Step Driver::answer(const Sexpr* datum) {
  Step s;
  auto p = pending();
  if (!p) return s;
  switch (p->kind) {
    case QueryKind::start: {
      std::optional<Point> at = datum ? parse_start(*datum) : std::nullopt;
      if (at && game_.choose_start(*at, &s.before)) {
        s.reply = "LOCATION-SET";
        next_turn(&s.after);
        break;
      }
      // §5.9: a timed-out start answer is a failed attempt without a reply.
      if (datum) s.reply = "INVALID-START-LOCATION";
      if (++attempts_ >= limits_.start_attempts) {
        game_.auto_start(&s.after);
        next_turn(&s.after);
      }
      break;
    }
    case QueryKind::build: {
      ++build_queries_;
      BuildAnswer a = datum ? classify_build(*datum) : BuildAnswer{};
      if (a.kind == BuildAnswer::Kind::nil || a.kind == BuildAnswer::Kind::bad_reply) {
        game_.end_build();
        break;
      }
      BuildReply r = a.kind == BuildAnswer::Kind::upgrade ? game_.upgrade(&s.before)
                                                          : game_.build(a.edges, &s.before);
      s.reply = build_reply_line(r);
      if (r.limit || build_queries_ >= limits_.max_queries) game_.end_build();
      break;
    }
    case QueryKind::move: {
      ++move_queries_;
      MoveAnswer a = datum ? classify_move(*datum, game_.map()) : MoveAnswer{};
      if (a.kind != MoveAnswer::Kind::commands) {
        next_turn(&s.after);
        break;
      }
      MoveReply r = game_.move(a.commands, &s.before);
      s.reply = move_reply_line(r, game_.map());
      if (game_.moves_left() == 0 || move_queries_ >= limits_.max_queries) next_turn(&s.after);
      break;
    }
  }
  return s;
}

}  // namespace arena::empire
