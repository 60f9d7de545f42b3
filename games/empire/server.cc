#include "games/empire/server.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <random>

#include "core/framers.h"
#include "core/hub.h"

namespace arena::empire {
namespace {

bool parse_int(const std::string& v, long long lo, long long hi, long long& out) {
  if (v.empty() || v.size() > 19) return false;
  size_t i = v[0] == '-' ? 1 : 0;
  if (i == v.size()) return false;
  for (size_t k = i; k < v.size(); ++k)
    if (v[k] < '0' || v[k] > '9') return false;
  out = std::stoll(v);
  return out >= lo && out <= hi;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool is_call(const Sexpr& d, std::string_view head, size_t args) {
  return d.kind == Sexpr::Kind::list && d.items.size() == args + 1 && d.items[0].is_symbol(head);
}

struct Conn {
  bool player = false;  // registered
  std::string name;
  int seat = -1;
};

class Server : public TableIo {
 public:
  Server(ServerConfig config, const Map& map, std::ostream& out)
      : config_(std::move(config)), map_(map), out_(out) {}

  int run(std::ostream& err) {
    try {
      listener_ = hub_.listen(config_.host, config_.port, [] { return make_sexpr_framer(); });
    } catch (const std::exception& e) {
      err << "eb-server: " << e.what() << "\n";
      return 1;
    }
    if (!config_.record_path.empty()) {
      record_file_.open(config_.record_path);
      if (!record_file_) {
        err << "eb-server: record=" << config_.record_path << ": cannot write the file\n";
        return 2;
      }
    }
    out_ << "(LISTENING " << hub_.port(listener_) << ")\n" << std::flush;
    if (config_.on_listening) config_.on_listening(hub_.port(listener_));
    while (!started_) {
      auto ev = hub_.next(Deadline::never());
      if (ev) handle(*ev);
    }
    TableOptions t = config_.table;
    t.map_label = config_.map_name;
    for (ConnId c : seats_) t.names.push_back(conns_.at(c).name);
    table_ = std::make_unique<Table>(map_, t, *this, [this](const std::string& line, double) {
      if (record_file_) record_file_ << line << "\n" << std::flush;
    });
    table_->run();
    out_ << table_->game_over_line() << "\n" << std::flush;
    // After GAME-OVER the server closes every connection (§5.6), once what it said is written.
    for (auto& [c, _] : conns_) hub_.close_write_when_flushed(c);
    hub_.run_until(Deadline::after_ms(2000), [this] {
      for (auto& [c, _] : conns_)
        if (hub_.queued_output(c) > 0) return false;
      return true;
    });
    return 0;
  }

  void send(int seat, const std::string& line) override {
    hub_.send(seats_[static_cast<size_t>(seat)], line);
  }

  Incoming wait(int seat, Deadline deadline, bool for_sync) override {
    const ConnId want = seats_[static_cast<size_t>(seat)];
    const auto t0 = std::chrono::steady_clock::now();
    auto ms = [&] {
      return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
          .count();
    };
    for (;;) {
      auto ev = hub_.next(deadline);
      if (!ev) return {Incoming::Kind::timeout, "", ms()};
      if (ev->conn != want || ev->kind == HubEvent::Kind::accepted) {
        handle(*ev);
        continue;
      }
      switch (ev->kind) {
        case HubEvent::Kind::message:
          return {Incoming::Kind::line, ev->message, ms()};
        case HubEvent::Kind::error:
          if (for_sync) continue;  // out of step: discarded
          return {Incoming::Kind::too_long, ev->detail, ms()};
        case HubEvent::Kind::closed:
          conns_.erase(ev->conn);
          return {Incoming::Kind::closed, ev->detail, ms()};
        default:
          handle(*ev);
      }
    }
  }

  void game_over(const std::string& line) override {
    for (auto& [c, conn] : conns_)
      if (!conn.player) hub_.send(c, line);
  }

 private:
  int seat_of(ConnId c) const {
    auto it = std::find(seats_.begin(), seats_.end(), c);
    return it == seats_.end() ? -1 : static_cast<int>(it - seats_.begin());
  }

  void error(ConnId c, std::string_view kind, std::string detail) {
    for (char& ch : detail)
      if (ch == '"' || ch == '\n') ch = '\'';
    hub_.send(c, "(ERROR " + std::string(kind) + " \"" + detail.substr(0, 200) + "\")");
  }

  void handle(const HubEvent& ev) {
    switch (ev.kind) {
      case HubEvent::Kind::accepted:
        conns_[ev.conn] = Conn{};
        hub_.send(ev.conn, "EMPIRE-BUILDER");
        return;
      case HubEvent::Kind::timer:
        return;
      case HubEvent::Kind::closed: {
        const int seat = started_ ? seat_of(ev.conn) : -1;
        if (auto it = conns_.find(ev.conn); it != conns_.end()) {
          // §5.4: a player that leaves during registration is forgotten.
          if (!started_ && it->second.player)
            registered_.erase(std::find(registered_.begin(), registered_.end(), ev.conn));
          conns_.erase(it);
        }
        if (seat >= 0 && table_) table_->left(seat);
        return;
      }
      case HubEvent::Kind::error: {
        const int seat = started_ ? seat_of(ev.conn) : -1;
        if (seat >= 0 && table_) {
          table_->unsolicited_too_long(seat, ev.detail);
        } else {
          error(ev.conn, "LINE-TOO-LONG", ev.detail);
        }
        return;
      }
      case HubEvent::Kind::message:
        break;
    }
    if (!conns_.count(ev.conn)) return;
    const int seat = started_ ? seat_of(ev.conn) : -1;
    if (seat >= 0 && table_) {
      table_->unsolicited(seat, ev.message);
      return;
    }
    const std::string text = strip_cr(ev.message);
    auto r = read_sexpr(text);
    if (auto* e = std::get_if<SexprError>(&r)) {
      error(ev.conn, "PARSE-ERROR", e->message);
      return;
    }
    const Sexpr& d = std::get<Sexpr>(r);
    Conn& conn = conns_.at(ev.conn);
    if (conn.player) {
      // Registered, game not started (or a player without a seat).
      if (is_call(d, "SYNC", 0)) {
        hub_.send(ev.conn, "SYNCED");
      } else {
        error(ev.conn, "NO-QUERY-PENDING", "the game has not started; got " + to_string(d));
      }
      return;
    }
    console(ev.conn, conn, d);
  }

  void console(ConnId c, Conn& conn, const Sexpr& d) {
    if (is_call(d, "REGISTER", 1)) {
      const Sexpr& n = d.items[1];
      std::string name =
          (n.kind == Sexpr::Kind::string || n.kind == Sexpr::Kind::symbol) ? n.text : "";
      auto refuse = [&](const char* why) {
        hub_.send(c, std::string("(REGISTER-REFUSED ") + why + ")");
        hub_.close_write_when_flushed(c);
        conns_.erase(c);
      };
      if (started_) return refuse("GAME-STARTED");
      if (!valid_name(name)) return refuse("BAD-NAME");
      if (static_cast<int>(registered_.size()) >= config_.max_players) return refuse("GAME-FULL");
      for (ConnId o : registered_)
        if (upper(conns_.at(o).name) == upper(name)) return refuse("NAME-TAKEN");
      conn.player = true;
      conn.name = name;
      registered_.push_back(c);
      hub_.send(c, "(REGISTERED \"" + name + "\")");
      if (config_.autostart > 0 && static_cast<int>(registered_.size()) >= config_.autostart &&
          static_cast<int>(registered_.size()) >= config_.min_players)
        start();
      return;
    }
    if (is_call(d, "START-GAME", 0)) {
      if (started_) {
        hub_.send(c, "(START-REFUSED ALREADY-STARTED)");
      } else if (static_cast<int>(registered_.size()) < config_.min_players) {
        hub_.send(c, "(START-REFUSED NOT-ENOUGH-PLAYERS)");
      } else {
        hub_.send(c, "GAME-STARTED");
        start();
      }
      return;
    }
    if (is_call(d, "STATUS", 0)) {
      hub_.send(c, table_ ? table_->status_line() : registration_status());
      return;
    }
    if (is_call(d, "QUIT", 0)) {
      hub_.close(c);
      conns_.erase(c);
      return;
    }
    error(c, "UNKNOWN-COMMAND", "unknown console command " + to_string(d));
  }

  std::string registration_status() const {
    std::string out = "(STATUS REGISTRATION 0 -1 (";
    for (size_t k = 0; k < registered_.size(); ++k) {
      if (k) out += ' ';
      out += "(" + std::to_string(k) + " \"" + conns_.at(registered_[k]).name + "\" " +
             std::to_string(config_.table.settings.start_cash) + " FREIGHT CONNECTED)";
    }
    return out + "))";
  }

  void start() {
    started_ = true;
    seats_ = registered_;
  }

  ServerConfig config_;
  const Map& map_;
  std::ostream& out_;
  Hub hub_;
  ListenerId listener_ = -1;
  std::map<ConnId, Conn> conns_;
  std::vector<ConnId> registered_;
  std::vector<ConnId> seats_;
  bool started_ = false;
  std::unique_ptr<Table> table_;
  std::ofstream record_file_;
};

}  // namespace

bool valid_name(const std::string& name) {
  if (name.empty() || name.size() > 32) return false;
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
      return false;
  }
  return true;
}

const std::vector<std::string>& setting_names() {
  static const std::vector<std::string> kNames = {
      "seed",        "adjacency",      "start_cash",  "build_limit",   "upgrade_cost",
      "fee",         "win_cash",       "turn_limit",  "query_timeout", "query_timeout_ms",
      "max_queries", "start_attempts", "min_players", "max_players",   "autostart",
      "record"};
  return kNames;
}

std::optional<std::string> apply_setting(ServerConfig& c, const std::string& word) {
  const size_t eq = word.find('=');
  if (eq == std::string::npos || eq == 0)
    return word + ": expected name=value (settings: seed, adjacency, ... record)";
  const std::string name = word.substr(0, eq), v = word.substr(eq + 1);
  Settings& s = c.table.settings;
  long long n = 0;
  auto number = [&](long long lo, long long hi, auto set) -> std::optional<std::string> {
    if (!parse_int(v, lo, hi, n))
      return name + ": must be an integer " + std::to_string(lo) + ".." + std::to_string(hi) +
             ", got '" + v + "'";
    set(static_cast<int>(n));
    return std::nullopt;
  };
  if (name == "seed") {
    if (v == "random") {
      c.seed_random = true;
      return std::nullopt;
    }
    bool ok =
        !v.empty() && v.size() <= 20 && v.find_first_not_of("0123456789") == std::string::npos;
    if (ok) {
      try {
        s.seed = std::stoull(v);
      } catch (...) {
        ok = false;
      }
    }
    if (!ok) return "seed: must be an unsigned 64-bit integer or 'random', got '" + v + "'";
    c.seed_random = false;
    return std::nullopt;
  }
  if (name == "adjacency") {
    auto a = parse_adjacency(upper(v));
    if (!a) return "adjacency: must be literal8 or hex6, got '" + v + "'";
    s.adjacency = *a;
    return std::nullopt;
  }
  constexpr long long kBig = 1000000000;
  if (name == "start_cash") return number(0, kBig, [&](int x) { s.start_cash = x; });
  if (name == "build_limit") return number(1, kBig, [&](int x) { s.build_limit = x; });
  if (name == "upgrade_cost") return number(0, kBig, [&](int x) { s.upgrade_cost = x; });
  if (name == "fee") return number(0, kBig, [&](int x) { s.fee = x; });
  if (name == "win_cash") return number(0, kBig, [&](int x) { s.win_cash = x; });
  if (name == "turn_limit") return number(0, kBig, [&](int x) { s.turn_limit = x; });
  if (name == "query_timeout")
    return number(0, 86400, [&](int x) { c.table.query_timeout_ms = x * 1000; });
  // Not in §9.2: a sub-second limit for tests of the timeout path (QUERY-TIMEOUT rounds it up).
  if (name == "query_timeout_ms")
    return number(0, 86400000, [&](int x) { c.table.query_timeout_ms = x; });
  if (name == "max_queries")
    return number(1, 100000, [&](int x) { c.table.limits.max_queries = x; });
  if (name == "start_attempts")
    return number(1, 1000, [&](int x) { c.table.limits.start_attempts = x; });
  if (name == "min_players") return number(1, kMaxPlayers, [&](int x) { c.min_players = x; });
  if (name == "max_players") return number(1, kMaxPlayers, [&](int x) { c.max_players = x; });
  if (name == "autostart") return number(0, kMaxPlayers, [&](int x) { c.autostart = x; });
  if (name == "record") {
    if (v.empty()) return std::string("record: needs a file path");
    c.record_path = v;
    return std::nullopt;
  }
  return "unknown setting '" + name +
         "' (settings: seed, adjacency, start_cash, build_limit, "
         "upgrade_cost, fee, win_cash, turn_limit, query_timeout, max_queries, start_attempts, "
         "min_players, max_players, autostart, record)";
}

int run_server(ServerConfig config, std::ostream& out, std::ostream& err) {
  MapLoad load = load_map(config.map_name, config.table.settings.adjacency);
  for (const std::string& w : load.warnings) err << w << "\n";
  if (!load.map) {
    err << load.error << "\n";
    return 2;
  }
  if (config.min_players > config.max_players) {
    err << "eb-server: min_players must not exceed max_players\n";
    return 64;
  }
  if (config.seed_random) {
    // §9.2 seed=random: one seed from the system, recorded in the record file's (SEED n).
    std::random_device rd;
    config.table.settings.seed = (static_cast<uint64_t>(rd()) << 32) | rd();
  }
  Server server(std::move(config), *load.map, out);
  return server.run(err);
}

int server_main(const std::vector<std::string>& args, const std::string& program) {
  const std::string usage = "usage: " + program + " MAP PORT [name=value ...]";
  if (args.size() < 2) {
    std::cerr << usage << "\n";
    return 64;
  }
  ServerConfig c;
  c.map_name = args[0];
  long long port = 0;
  if (!parse_int(args[1], 0, 65535, port) || (port != 0 && port < 1025)) {
    std::cerr << program << ": PORT must be 1025..65535, or 0 for any free port; got '" << args[1]
              << "'\n"
              << usage << "\n";
    return 64;
  }
  c.port = static_cast<int>(port);
  for (size_t k = 2; k < args.size(); ++k) {
    if (auto e = apply_setting(c, args[k])) {
      std::cerr << program << ": " << *e << "\n";
      return 64;
    }
  }
  return run_server(std::move(c), std::cout, std::cerr);
}

}  // namespace arena::empire
