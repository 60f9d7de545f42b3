#include "games/empire/record.h"

#include <sstream>
#include <stdexcept>

#include "games/empire/codec.h"

namespace arena::empire {
namespace {

struct Mismatch {
  std::string problem;
};

// Feeds the recorded answers back to a Table in lockstep with the lines it makes.
class RecordIo : public TableIo {
 public:
  explicit RecordIo(const std::vector<std::string>& lines) : lines_(lines) {}
  void attach(Table* t) { table_ = t; }

  void made(const std::string& line) {
    if (at_ >= lines_.size())
      throw Mismatch{"the record ends early: replaying makes " + line + " after line " +
                     std::to_string(at_)};
    if (lines_[at_] != line)
      throw Mismatch{"record line " + std::to_string(at_ + 1) + " is " +
                     lines_[at_].substr(0, 120) + ", replaying gives " + line.substr(0, 120)};
    ++at_;
  }
  size_t at() const { return at_; }

  void send(int, const std::string&) override {}

  // A seat whose connection closed while nobody asked it (the arena's seats) left just before
  // its query.
  void before_query(int seat) override {
    if (at_ >= lines_.size() || !table_) return;
    if (lines_[at_] == "(PLAYER-LEFT " + std::to_string(seat) + ")") table_->left(seat);
  }

  Incoming wait(int seat, Deadline, bool for_sync) override {
    for (;;) {
      if (at_ >= lines_.size())
        throw Mismatch{"the record ends while seat " + std::to_string(seat) + " is asked"};
      auto r = read_sexpr(lines_[at_]);
      const Sexpr* d = std::get_if<Sexpr>(&r);
      auto is = [&](const char* head, size_t n) {
        return d && d->kind == Sexpr::Kind::list && d->items.size() == n &&
               d->items[0].is_symbol(head) && d->items[1].kind == Sexpr::Kind::integer;
      };
      if (is("PLAYER-LEFT", 2)) {
        const int who = d->items[1].integer;
        if (who == seat) return {Incoming::Kind::closed, "", 0};
        if (who < 0 || !table_ || who >= static_cast<int>(table_->driver().game().players()))
          throw Mismatch{"record line " + std::to_string(at_ + 1) + ": no such seat"};
        table_->left(who);
        if (table_->driver().over()) return {Incoming::Kind::closed, "", 0};
        continue;
      }
      if (is("TIMED-OUT", 2) && d->items[1].integer == seat)
        return {Incoming::Kind::timeout, "", 0};
      if (for_sync) return {Incoming::Kind::line, "(sync)", 0};
      if (is("ANSWERED", 3) && d->items[1].integer == seat)
        return {Incoming::Kind::line, to_string(d->items[2]), 0};
      throw Mismatch{"record line " + std::to_string(at_ + 1) + " is " +
                     lines_[at_].substr(0, 120) + ", replaying waits for an answer of seat " +
                     std::to_string(seat)};
    }
  }

 private:
  const std::vector<std::string>& lines_;
  Table* table_ = nullptr;
  size_t at_ = 0;
};

std::optional<Settings> settings_of(const Json& h, std::string* why) {
  try {
    Settings s;
    auto a = parse_adjacency(h.at("adjacency").get<std::string>());
    if (!a) throw std::runtime_error("adjacency");
    s.adjacency = *a;
    s.seed = std::stoull(h.at("seed").get<std::string>());
    s.start_cash = h.at("start_cash").get<int>();
    s.build_limit = h.at("build_limit").get<int>();
    s.upgrade_cost = h.at("upgrade_cost").get<int>();
    s.fee = h.at("fee").get<int>();
    s.win_cash = h.at("win_cash").get<int>();
    s.turn_limit = h.at("turn_limit").get<int>();
    return s;
  } catch (const std::exception& e) {
    *why = "header: settings are incomplete or malformed (" + error_text(e) + ")";
    return std::nullopt;
  }
}

}  // namespace

Json table_header(const TableOptions& o, const std::string& map_name) {
  const Settings& s = o.settings;
  Json h = Json::object();
  h["map"] = map_name;
  h["players"] = o.names;
  Json st = Json::object();
  st["adjacency"] = std::string(to_string(s.adjacency));
  st["seed"] = std::to_string(s.seed);
  st["start_cash"] = s.start_cash;
  st["build_limit"] = s.build_limit;
  st["upgrade_cost"] = s.upgrade_cost;
  st["fee"] = s.fee;
  st["win_cash"] = s.win_cash;
  st["turn_limit"] = s.turn_limit;
  st["query_timeout_ms"] = o.query_timeout_ms;
  st["max_queries"] = o.limits.max_queries;
  st["start_attempts"] = o.limits.start_attempts;
  h["settings"] = st;
  Json absent = Json::array();
  for (size_t k = 0; k < o.absent.size(); ++k)
    if (o.absent[k]) absent.push_back(static_cast<int>(k));
  h["absent"] = absent;
  return h;
}

Json record_event(const std::string& line, double ms) {
  Json e = {{"type", "event"}, {"line", line}};
  if (line.rfind("(ANSWERED ", 0) == 0) e["ms"] = ms;
  return e;
}

RefereeRecord outcome_of(const std::vector<std::string>& lines,
                         const std::vector<std::string>& roles,
                         const std::vector<std::string>& names) {
  RefereeRecord rec;
  const size_t n = roles.size();
  std::vector<int> cash(n, 0);
  std::vector<bool> won(n, false);
  std::string reason = "NONE";
  int last_round = 0;
  for (const std::string& l : lines) {
    auto r = read_sexpr(l);
    const Sexpr* d = std::get_if<Sexpr>(&r);
    if (!d || d->kind != Sexpr::Kind::list || d->items.empty()) continue;
    if (d->items[0].is_symbol("TURN") && d->items.size() == 3) last_round = d->items[1].integer;
    if (!d->items[0].is_symbol("GAME-OVER") || d->items.size() != 4) continue;
    for (const Sexpr& w : d->items[1].items)
      if (w.integer >= 0 && static_cast<size_t>(w.integer) < n) won[w.integer] = true;
    reason = d->items[2].text;
    for (const Sexpr& s : d->items[3].items)
      if (s.items.size() == 2 && s.items[0].integer >= 0 &&
          static_cast<size_t>(s.items[0].integer) < n)
        cash[s.items[0].integer] = s.items[1].integer;
  }
  Json winners = Json::array(), cash_json = Json::object();
  int count = 0;
  for (size_t k = 0; k < n; ++k) {
    rec.scores[roles[k]] = cash[k];
    cash_json[roles[k]] = cash[k];
    rec.stats["cash:" + roles[k]] = cash[k];
    rec.stats["win:" + roles[k]] = won[k] ? 1 : 0;
    if (won[k]) {
      winners.push_back(roles[k]);
      ++count;
      if (count == 1) rec.winner = roles[k];
    }
  }
  if (count != 1) rec.winner.reset();
  rec.stats["rounds"] = last_round;
  if (reason == "CASH-GOAL") rec.stats["rounds_to_win"] = last_round;
  rec.result = {
      {"reason", reason}, {"winners", winners}, {"rounds", last_round}, {"cash", cash_json}};
  std::ostringstream s;
  s << reason << " after round " << last_round << "\n";
  for (size_t k = 0; k < n; ++k)
    s << roles[k] << " (" << (k < names.size() ? names[k] : "?") << "): $" << cash[k] << "M"
      << (won[k] ? "  winner" : "") << "\n";
  rec.summary = s.str();
  return rec;
}

std::vector<std::string> check_replay(const Replay& replay) {
  std::vector<std::string> problems;
  const Json& h = replay.header;
  std::vector<std::string> lines;
  for (const Json& e : replay.events)
    if (e.value("type", "") == "event" && e.contains("line") && e["line"].is_string())
      lines.push_back(e["line"].get<std::string>());
  std::string why;
  if (!h.contains("settings") || !h.contains("map") || !h.contains("players")) {
    problems.push_back("header: map, players and settings are needed to replay the record");
    return problems;
  }
  auto s = settings_of(h["settings"], &why);
  if (!s) {
    problems.push_back(why);
    return problems;
  }
  TableOptions o;
  o.settings = *s;
  try {
    o.query_timeout_ms = h["settings"].at("query_timeout_ms").get<int>();
    o.limits.max_queries = h["settings"].at("max_queries").get<int>();
    o.limits.start_attempts = h["settings"].at("start_attempts").get<int>();
    o.names = h["players"].get<std::vector<std::string>>();
    o.map_label = h["map"].get<std::string>();
    o.absent.assign(o.names.size(), false);
    if (h.contains("absent"))
      for (const Json& a : h["absent"]) o.absent.at(a.get<size_t>()) = true;
  } catch (const std::exception& e) {
    problems.push_back("header: " + error_text(e));
    return problems;
  }
  if (o.names.empty() || o.names.size() > static_cast<size_t>(kMaxPlayers)) {
    problems.push_back("header: players must name 1..6 seats");
    return problems;
  }
  if (auto e = check_settings(o.settings, static_cast<int>(o.names.size()))) {
    problems.push_back("header: " + *e);
    return problems;
  }
  MapLoad load = load_map(o.map_label, o.settings.adjacency);
  if (!load.map) {
    problems.push_back("header: map: " + load.error);
    return problems;
  }
  RecordIo io(lines);
  Table table(*load.map, o, io, [&io](const std::string& line, double) { io.made(line); });
  io.attach(&table);
  try {
    table.run();
  } catch (const Mismatch& m) {
    problems.push_back(m.problem);
    return problems;
  }
  if (io.at() != lines.size())
    problems.push_back("the record goes on after GAME-OVER (line " + std::to_string(io.at() + 1) +
                       ")");
  // The result line must say what the record says.
  std::vector<std::string> roles;
  if (h.contains("roles") && h["roles"].is_array() && h["roles"].size() == o.names.size()) {
    for (const Json& r : h["roles"]) roles.push_back(r.is_string() ? r.get<std::string>() : "?");
  } else {
    for (size_t k = 0; k < o.names.size(); ++k) roles.push_back("p" + std::to_string(k + 1));
  }
  RefereeRecord want = outcome_of(lines, roles, o.names);
  Json scores = Json::object();
  for (const auto& [role, v] : want.scores) scores[role] = static_cast<int>(v);
  compare_recorded("result", "scores",
                   replay.result.contains("scores") ? &replay.result["scores"] : nullptr, scores,
                   problems);
  const Json winner = want.winner ? Json(*want.winner) : Json(nullptr);
  compare_recorded("result", "winner",
                   replay.result.contains("winner") ? &replay.result["winner"] : nullptr, winner,
                   problems);
  compare_recorded("result", "result",
                   replay.result.contains("result") ? &replay.result["result"] : nullptr,
                   want.result, problems);
  return problems;
}

Json export_replay(const Replay& replay) {
  // The spec's own form is the record file (§9.3): its lines, in order.
  std::string text;
  for (const Json& e : replay.events)
    if (e.value("type", "") == "event" && e.contains("line") && e["line"].is_string())
      text += e["line"].get<std::string>() + "\n";
  return {{"format", "empire-builder record (spec 9.3)"}, {"record", text}};
}

}  // namespace arena::empire
