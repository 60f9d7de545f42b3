// Empire Builder in the arena (spec §9.4): roles p1..p6 (at least two), each seat a program
// started with --host/--port that connects back and registers, or a built-in bot speaking the
// same bytes in process; the referee is the server's Table over those seats, and the replay holds
// the record of §9.3, re-checked through the rules by check_replay.
#include "games/empire/game.h"

#include <iostream>

#include "core/framers.h"
#include "core/live_lines.h"
#include "core/seat_spec.h"
#include "core/tcp.h"
#include "games/empire/astar_tool.h"
#include "games/empire/client.h"
#include "games/empire/record.h"
#include "games/empire/server.h"

namespace arena::empire {
namespace {

std::string role(int k) {
  return "p" + std::to_string(k);
}

// The rules' settings of §9.2 that a match takes as k=v (the server's own ones are host_params).
const std::vector<std::pair<std::string, std::string>> kRuleParams = {
    {"adjacency", "literal8"}, {"start_cash", "40"},  {"build_limit", "20"},
    {"upgrade_cost", "20"},    {"fee", "4"},          {"win_cash", "250"},
    {"turn_limit", "200"},     {"max_queries", "50"}, {"start_attempts", "3"}};

std::function<std::optional<std::string>(const std::string&)> setting_check(
    const std::string& name) {
  return [name](const std::string& v) -> std::optional<std::string> {
    ServerConfig c;
    auto e = apply_setting(c, name + "=" + v);
    if (!e) return std::nullopt;
    const std::string prefix = name + ": ";
    return e->rfind(prefix, 0) == 0 ? e->substr(prefix.size()) : *e;
  };
}

std::vector<ParamSpec> params() {
  std::vector<ParamSpec> out;
  out.push_back({"map", "simple-game",
                 "map file, or a shipped map (simple-game, seed-example), spec §3", nullptr});
  for (const auto& [name, def] : kRuleParams)
    out.push_back(
        {name, def, "spec §9.2 (arena matches use turn_limit=200, §9.4)", setting_check(name)});
  return out;
}

std::optional<std::string> check_params(ParamValues& p) {
  auto a = parse_adjacency(p.get("adjacency") == "hex6" ? "HEX6" : "LITERAL8");
  MapLoad load = load_map(p.get("map"), a.value_or(Adjacency::literal8));
  if (!load.map) return "map: " + load.error;
  return std::nullopt;
}

TableOptions table_options(const ParamValues& p, uint64_t seed) {
  ServerConfig c;
  for (const auto& [name, def] : kRuleParams) apply_setting(c, name + "=" + p.get(name));
  c.table.settings.seed = seed;
  return c.table;
}

std::unique_ptr<MessageBot> make_bot(const std::string& name, const std::string& as) {
  if (name != "reference" && name != "greedy") return nullptr;
  return std::make_unique<ClientBot>(as, make_strategy(name));
}

FramerFactory sexpr_framer() {
  return [] { return make_sexpr_framer(); };
}

SeatPlan seat_plan(const MatchSetup&, const SeatSpec& spec) {
  SeatPlan plan;
  plan.transport = SeatTransport::tcp;
  plan.from_bot = sexpr_framer();
  plan.to_bot = sexpr_framer();
  if (spec.is_builtin()) {
    if (!make_bot(spec.builtin, "x"))
      throw UsageError("--seat " + spec.role + "=" + spec.text + ": no built-in bot named '" +
                       spec.builtin + "' (bots: reference, greedy)");
    plan.make_bot = [name = spec.builtin] { return make_bot(name, name); };
  }
  return plan;
}

// The arena's seats as the Table's connections. What a seat did wrong goes into the replay as an
// event of its own beside the record's lines (which the record file has no room for): the
// (TIMEOUT) and (ERROR ...) lines it was sent (§5.9-5.10), and its connection closing, so that
// the replay names the cause. check_replay reads only the record's lines.
class SeatIo : public TableIo {
 public:
  SeatIo(std::vector<Seat*> seats, std::vector<std::string> roles, LiveLines* events)
      : seats_(std::move(seats)), roles_(std::move(roles)), events_(events) {}
  void attach(Table* table) { table_ = table; }
  void before_query(int seat) override {
    while (table_ && table_->connected(seat) && seats_[seat]->bytes_waiting()) {
      Received r = seats_[seat]->receive(Deadline::after_ms(0));
      if (r.verdict == Verdict::ok) {
        table_->unsolicited(seat, r.message);
      } else if (r.verdict == Verdict::too_long) {
        table_->unsolicited_too_long(seat, r.detail);
      } else if (r.verdict == Verdict::timeout) {
        return;  // half a line so far: it is the answer's beginning
      } else {
        conduct(seat, {{"verdict", std::string(to_string(r.verdict))}, {"detail", r.detail}});
        table_->left(seat);
        return;
      }
    }
  }
  void send(int seat, const std::string& line) override {
    if (line == "(TIMEOUT)" || line.rfind("(ERROR ", 0) == 0) conduct(seat, {{"sent", line}});
    seats_[seat]->send(line);
  }
  Incoming wait(int seat, Deadline deadline, bool) override {
    Received r = seats_[seat]->receive(deadline);
    switch (r.verdict) {
      case Verdict::ok:
        return {Incoming::Kind::line, r.message, r.ms};
      case Verdict::timeout:
        return {Incoming::Kind::timeout, "", r.ms};
      case Verdict::too_long:  // a line over 65,536 bytes; the stream goes on (§5.1)
        return {Incoming::Kind::too_long, r.detail, r.ms};
      default:
        conduct(seat, {{"verdict", std::string(to_string(r.verdict))}, {"detail", r.detail}});
        return {Incoming::Kind::closed, r.detail, r.ms};
    }
  }

 private:
  void conduct(int seat, Json fields) {
    Json e = {{"type", "event"}, {"seat", roles_[seat]}};
    e.update(fields);
    events_->add(std::move(e));
  }
  std::vector<Seat*> seats_;
  std::vector<std::string> roles_;
  LiveLines* events_;
  Table* table_ = nullptr;
};

RefereeRecord referee(RefereeContext& context) {
  const MatchSetup& setup = context.setup;
  TableOptions o = table_options(setup.params, setup.seed);
  o.query_timeout_ms = setup.time_ms;
  o.map_label = setup.params.get("map");
  std::vector<std::string> roles;
  std::vector<Seat*> seats;
  for (int k = 1; k <= kMaxPlayers; ++k) {
    auto it = context.seats.find(role(k));
    if (it == context.seats.end()) continue;
    roles.push_back(role(k));
    seats.push_back(it->second);
  }
  // §5.2, §5.4: the banner, then the seat's (register "NAME"); a seat that does not register
  // takes no part (its queries count as nil).
  for (size_t k = 0; k < seats.size(); ++k) {
    Seat& s = *seats[k];
    std::string name = roles[k];
    bool ok = false;
    if (s.start_error().empty()) {
      s.send("EMPIRE-BUILDER");
      Received r = s.receive(Deadline::after_ms(setup.time_ms));
      if (r.ok()) {
        auto d = read_sexpr(strip_cr(r.message));
        if (const Sexpr* x = std::get_if<Sexpr>(&d)) {
          if (x->kind == Sexpr::Kind::list && x->items.size() == 2 &&
              x->items[0].is_symbol("REGISTER") &&
              (x->items[1].kind == Sexpr::Kind::string ||
               x->items[1].kind == Sexpr::Kind::symbol) &&
              valid_name(x->items[1].text)) {
            name = x->items[1].text;
            ok = true;
          }
        }
      }
      s.send(ok ? "(REGISTERED \"" + name + "\")" : "(REGISTER-REFUSED BAD-NAME)");
    }
    o.names.push_back(name);
    o.absent.push_back(!ok);
  }
  const MapLoad load = load_map(o.map_label, o.settings.adjacency);
  if (!load.map) throw UsageError("map: " + load.error);
  // The header is known once the seats registered: live, it goes out before the record's lines.
  Json header = table_header(o, o.map_label);
  header["roles"] = roles;
  stream_header(setup.on_line, header);
  std::vector<std::string> lines;
  LiveLines events(setup.on_line);
  SeatIo io(seats, roles, &events);
  Table table(*load.map, o, io, [&](const std::string& line, double ms) {
    lines.push_back(line);
    events.add(record_event(line, ms));
  });
  io.attach(&table);
  table.run();
  RefereeRecord rec = outcome_of(lines, roles, o.names);
  rec.events = events.take();
  rec.header_fields = std::move(header);
  return rec;
}

int run_bot(const std::string& name, const BotArgs& args) {
  std::string as = name;
  for (size_t k = 0; k + 1 < args.extra.size(); ++k)
    if (args.extra[k] == "--name") as = args.extra[k + 1];
  auto bot = make_bot(name, as);
  if (!bot) return 2;
  if (args.port <= 0) {
    std::cerr << "arena bot empire: --port is needed (the server's port)\n";
    return 2;
  }
  auto framer = make_sexpr_framer();
  ClientBot& client = static_cast<ClientBot&>(*bot);
  run_bot_tcp(client, *framer, args.host, args.port);
  if (client.outcome().empty() || client.refused()) {
    std::cerr << "arena bot empire: "
              << (client.refused() ? client.outcome() : "the server closed before GAME-OVER")
              << "\n";
    return 1;
  }
  std::cout << client.outcome() << "\n";
  return 0;
}

int host(const HostArgs& args) {
  ServerConfig c;
  c.map_name = args.params.get("map");
  // The server's own defaults (§9.2, turn_limit 0) unless a value is given: `arena host empire`
  // is eb-server.
  for (const auto& [name, def] : kRuleParams)
    if (args.params.was_given(name)) apply_setting(c, name + "=" + args.params.get(name));
  for (const char* name : {"query_timeout", "min_players", "max_players", "autostart", "record"}) {
    if (args.params.was_given(name))
      apply_setting(c, std::string(name) + "=" + args.params.get(name));
  }
  if (args.port) c.port = *args.port;
  if (args.time_ms) c.table.query_timeout_ms = *args.time_ms;
  if (args.seed) {
    if (auto e = apply_setting(c, "seed=" + *args.seed)) {
      std::cerr << "arena: --seed: " << *e << "\n";
      return 2;
    }
  }
  return run_server(std::move(c), std::cout, std::cerr);
}

void eval_extras(const std::vector<MatchOutcome>& outcomes, Json& out) {
  if (outcomes.empty()) return;
  double rounds = 0, won = 0;
  Json cash = Json::object(), wins = Json::object();
  for (const MatchOutcome& o : outcomes) {
    if (o.stats.count("rounds_to_win")) rounds += o.stats.at("rounds_to_win"), won += 1;
  }
  for (int k = 1; k <= kMaxPlayers; ++k) {
    const std::string r = role(k);
    double c = 0, w = 0, n = 0;
    for (const MatchOutcome& o : outcomes) {
      if (!o.stats.count("cash:" + r)) continue;
      c += o.stats.at("cash:" + r);
      w += o.stats.at("win:" + r);
      n += 1;
    }
    if (n == 0) continue;
    cash[r] = c / n;
    wins[r] = w / n;
  }
  out["mean_rounds_to_win"] = won > 0 ? Json(rounds / won) : Json(nullptr);
  out["cash_goal_rate"] = won / static_cast<double>(outcomes.size());
  out["mean_final_cash"] = cash;
  out["win_rate"] = wins;
}

}  // namespace

GameInfo game_info() {
  GameInfo g;
  g.name = "empire";
  g.title = "Empire Builder: build track, carry goods, first to $250M, 2-6 players";
  g.transport = "TCP, one S-expression per line (register, queries, change log)";
  g.params = params();
  g.host_params = {
      {"query_timeout", "10", "seconds per query, 0 = none (spec §9.2; --time-ms overrides)",
       setting_check("query_timeout")},
      {"min_players", "2", "players needed to start", setting_check("min_players")},
      {"max_players", "6", "registration cap", setting_check("max_players")},
      {"autostart", "0", "start at this many registrations (0: by console)",
       setting_check("autostart")},
      {"record", "", "path of the record file (spec §9.3)", nullptr}};
  for (int k = 1; k <= kMaxPlayers; ++k) g.roles.push_back(role(k));
  g.min_seats = 2;
  g.default_time_ms = 10000;  // §5.9: query_timeout 10 s
  // docs/sandbox.md: path searches on the map; 200 rounds of queries at 10 s each.
  g.sandbox_limits = {
      .memory_mb = 2048, .processes = 64, .cpu_seconds = 3600, .open_files = 256, .file_mb = 64};
  g.min_time_ms = 1;
  g.max_time_ms = 3600 * 1000;
  g.time_control_key = "query_ms";
  for (const auto& [name, help] : builtin_strategies()) g.bots.push_back({name, help});
  g.bot_flags = {{"--name", true, [](const std::string& v) -> std::optional<std::string> {
                    if (!valid_name(v)) return "must be 1-32 letters, digits, '-', '_', '.'";
                    return std::nullopt;
                  }}};
  g.check_params = check_params;
  g.make_bot = [](const std::string& name, uint64_t) { return make_bot(name, name); };
  g.run_bot = run_bot;
  g.seat_plan = seat_plan;
  g.referee = referee;
  g.eval_extras = eval_extras;
  g.check_replay = check_replay;
  g.export_replay = export_replay;
  g.tools = {{"astar", "spec §7: eb-astar [MAP] [x1 y1 x2 y2 ...] [adjacency=..] [draw=1]",
              [](const std::vector<std::string>& args) { return run_astar_tool(args); }}};
  g.host = host;
  return g;
}

}  // namespace arena::empire
