#include "games/empire/table.h"

#include <cmath>

#include "games/empire/codec.h"

namespace arena::empire {
namespace {

// §5.10: the detail is for humans and holds no '"' (nor a line break).
std::string clean_detail(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 200)) out += (c == '"' || c == '\n' || c == '\r') ? '\'' : c;
  return out;
}

}  // namespace

std::string strip_cr(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

Table::Table(const Map& map, TableOptions options, TableIo& io, RecordSink record)
    : map_(map),
      options_(std::move(options)),
      io_(io),
      record_(std::move(record)),
      driver_(map, options_.settings, static_cast<int>(options_.names.size()), options_.limits,
              &init_),
      gone_(options_.names.size(), false),
      out_of_step_(options_.names.size(), false) {
  options_.absent.resize(options_.names.size(), false);
}

std::string Table::settings_line() const {
  const Settings& s = options_.settings;
  // QUERY-TIMEOUT is in whole seconds on the wire; a sub-second limit (tests, the arena's
  // time control) is rounded up.
  const int timeout_s = (options_.query_timeout_ms + 999) / 1000;
  return "(SETTINGS (ADJACENCY " + std::string(to_string(s.adjacency)) + ") (START-CASH " +
         std::to_string(s.start_cash) + ") (BUILD-LIMIT " + std::to_string(s.build_limit) +
         ") (WIN-CASH " + std::to_string(s.win_cash) + ") (FEE " + std::to_string(s.fee) +
         ") (UPGRADE-COST " + std::to_string(s.upgrade_cost) + ") (TURN-LIMIT " +
         std::to_string(s.turn_limit) + ") (QUERY-TIMEOUT " + std::to_string(timeout_s) +
         ") (MAX-QUERIES " + std::to_string(options_.limits.max_queries) + "))";
}

std::string Table::status_line() const {
  const Game& g = driver_.game();
  std::string out = std::string("(STATUS ") + (g.over() ? "OVER " : "PLAYING ") +
                    std::to_string(g.round()) + " " + std::to_string(g.over() ? -1 : g.current()) +
                    " (";
  for (int p = 0; p < g.players(); ++p) {
    if (p) out += ' ';
    out += "(" + std::to_string(p) + " \"" + options_.names[p] + "\" " +
           std::to_string(g.player(p).cash) + " " + std::string(to_string(g.player(p).train)) +
           (gone_[p] ? " DISCONNECTED)" : " CONNECTED)");
  }
  return out + "))";
}

void Table::broadcast_line(const std::string& line, int only) {
  for (size_t p = 0; p < gone_.size(); ++p) {
    if (!gone_[p] && (only < 0 || only == static_cast<int>(p))) io_.send(static_cast<int>(p), line);
  }
}

void Table::broadcast(const Events& events) {
  for (const Event& e : events) {
    for (size_t p = 0; p < gone_.size(); ++p) {
      if (!gone_[p])
        io_.send(static_cast<int>(p), event_line(e, driver_.game(), static_cast<int>(p)));
    }
    std::string neutral = event_line(e, driver_.game(), -1);
    record(neutral);
    if (e.kind == Event::Kind::game_over) {
      game_over_ = neutral;
      io_.game_over(neutral);
    }
  }
}

void Table::error(int seat, std::string_view kind, std::string_view detail) {
  if (!gone_[seat])
    io_.send(seat, "(ERROR " + std::string(kind) + " \"" + clean_detail(detail) + "\")");
}

void Table::run() {
  const int n = static_cast<int>(options_.names.size());
  std::vector<std::string> common = {"(INIT-BEGIN)", settings_line()};
  for (std::string& l : map_log_lines(map_)) common.push_back(std::move(l));
  for (int p = 0; p < n; ++p)
    common.push_back("(PLAYER " + std::to_string(p) + " \"" + options_.names[p] + "\")");
  record("(RECORD-VERSION 1)");
  record("(MAP-FILE \"" + clean_detail(options_.map_label) + "\")");
  record("(SEED " + std::to_string(options_.settings.seed) + ")");
  for (const std::string& l : common) record(l);
  for (const Event& e : init_) record(event_line(e, driver_.game(), -1));
  record("(INIT-END)");
  for (int p = 0; p < n; ++p) {
    if (options_.absent[p]) continue;
    for (const std::string& l : common) io_.send(p, l);
    io_.send(p, "(YOU " + std::to_string(p) + ")");
    for (const Event& e : init_) io_.send(p, event_line(e, driver_.game(), p));
    io_.send(p, "(INIT-END)");
  }
  Events first;
  driver_.begin(&first);
  broadcast(first);
  for (int p = 0; p < n; ++p) {
    if (options_.absent[p]) left(p);
  }
  while (auto q = driver_.pending()) ask(*q);
}

void Table::left(int seat) {
  if (gone_[seat]) return;
  gone_[seat] = true;
  out_of_step_[seat] = false;
  const std::string line = "(PLAYER-LEFT " + std::to_string(seat) + ")";
  broadcast_line(line);
  record(line);
  for (bool g : gone_) {
    if (!g) return;
  }
  Events ev;
  driver_.abandon(&ev);
  broadcast(ev);
}

void Table::apply(const Pending& q, const Sexpr* datum, double ms) {
  record(datum ? "(ANSWERED " + std::to_string(q.seat) + " " + to_string(*datum) + ")"
               : "(TIMED-OUT " + std::to_string(q.seat) + ")",
         ms);
  Step s = driver_.answer(datum);
  broadcast(s.before);
  if (!s.reply.empty()) {
    if (!gone_[q.seat]) io_.send(q.seat, s.reply);
    record("(REPLIED " + std::to_string(q.seat) + " " + s.reply + ")");
  }
  broadcast(s.after);
}

// True when the line answered the query; false when it was refused and the query stays pending.
bool Table::answer_line(const Pending& q, const std::string& raw, double ms) {
  const std::string text = strip_cr(raw);
  auto r = read_sexpr(text);
  if (auto* e = std::get_if<SexprError>(&r)) {
    error(q.seat, "PARSE-ERROR", e->message);
    return false;
  }
  const Sexpr& datum = std::get<Sexpr>(r);
  if (datum.kind == Sexpr::Kind::list && datum.items.size() == 1 &&
      datum.items[0].is_symbol("SYNC")) {
    io_.send(q.seat, "SYNCED");
    return false;
  }
  if (driver_.bad_reply(datum)) {
    error(q.seat, "BAD-REPLY",
          "expected nil or a list answering (" + std::string(query_name(q.kind)) + "), got " +
              to_string(datum));
    return false;
  }
  apply(q, &datum, ms);
  return true;
}

void Table::ask(const Pending& q) {
  static const Sexpr kNil = Sexpr::make_list();
  auto deadline = [&] {
    return options_.query_timeout_ms > 0 ? Deadline::after_ms(options_.query_timeout_ms)
                                         : Deadline::never();
  };
  if (gone_[q.seat]) {
    // §4.9: every query due to a disconnected player counts as answered nil at once.
    record("(ASKED " + std::to_string(q.seat) + " " + std::string(query_name(q.kind)) + ")");
    apply(q, &kNil, 0);
    return;
  }
  if (out_of_step_[q.seat]) {
    // §5.9: the query waits for the (sync) of an out-of-step seat, or times out unsent.
    const Deadline until = deadline();
    while (out_of_step_[q.seat] && !gone_[q.seat]) {
      Incoming in = io_.wait(q.seat, until, true);
      if (in.kind == Incoming::Kind::closed) {
        left(q.seat);
      } else if (in.kind == Incoming::Kind::timeout) {
        apply(q, nullptr, in.ms);
        return;
      } else if (in.kind == Incoming::Kind::line) {
        unsolicited(q.seat, in.text);
      }
    }
    if (driver_.over()) return;
    if (gone_[q.seat]) return ask(q);
  }
  io_.before_query(q.seat);
  if (driver_.over()) return;
  if (gone_[q.seat]) return ask(q);
  io_.send(q.seat, "(" + std::string(query_name(q.kind)) + ")");
  record("(ASKED " + std::to_string(q.seat) + " " + std::string(query_name(q.kind)) + ")");
  const Deadline until = deadline();
  for (;;) {
    Incoming in = io_.wait(q.seat, until, false);
    if (driver_.over()) return;  // everyone else left meanwhile
    switch (in.kind) {
      case Incoming::Kind::line:
        if (answer_line(q, in.text, in.ms)) return;
        break;
      case Incoming::Kind::too_long:
        error(q.seat, "LINE-TOO-LONG", in.text);
        break;
      case Incoming::Kind::timeout:
        io_.send(q.seat, "(TIMEOUT)");
        out_of_step_[q.seat] = true;
        apply(q, nullptr, in.ms);
        return;
      case Incoming::Kind::closed:
        left(q.seat);
        if (!driver_.over()) apply(q, &kNil, in.ms);
        return;
    }
  }
}

void Table::unsolicited(int seat, const std::string& raw) {
  if (gone_[seat]) return;
  const std::string text = strip_cr(raw);
  auto r = read_sexpr(text);
  const Sexpr* datum = std::get_if<Sexpr>(&r);
  if (datum && datum->kind == Sexpr::Kind::list && datum->items.size() == 1 &&
      datum->items[0].is_symbol("SYNC")) {
    out_of_step_[seat] = false;
    io_.send(seat, "SYNCED");
    return;
  }
  if (out_of_step_[seat]) return;  // §5.9: discarded until (sync)
  if (!datum) {
    error(seat, "PARSE-ERROR", std::get<SexprError>(r).message);
    return;
  }
  error(seat, "NO-QUERY-PENDING", "no query is pending for you; got " + to_string(*datum));
}

void Table::unsolicited_too_long(int seat, const std::string& detail) {
  if (!gone_[seat] && !out_of_step_[seat]) error(seat, "LINE-TOO-LONG", detail);
}

}  // namespace arena::empire
