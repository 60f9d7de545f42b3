#include "games/dungeon/game.h"

#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/framers.h"
#include "core/live_lines.h"
#include "core/seat_spec.h"
#include "games/dungeon/bots.h"
#include "games/dungeon/server.h"
#include "games/dungeon/tools.h"
#include "games/dungeon/viewer_files.h"

namespace arena::dungeon {
namespace {

const char* const kRoles[] = {"team0", "team1"};
constexpr int kDefaultPort = 7777;
// Arena's own bound on registration in `arena play` (docs/dungeon.md): every seat's connections
// are open by then (SeatPlan::connect_ms), so six StartRequests need only moments.
constexpr int kRegistrationMs = 10000;

int team_of_role(const std::string& role) {
  for (int t = 0; t < 2; ++t)
    if (role == kRoles[t]) return t;
  throw UsageError("dungeon has no seat " + role + " (team0, team1)");
}

std::optional<std::string> check_int(const std::string& v, long lo, long hi) {
  long x = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (v.empty() || ec != std::errc() || p != v.data() + v.size())
    return "expected a whole number, got '" + v + "'";
  if (x < lo || x > hi)
    return "must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + v;
  return std::nullopt;
}

std::vector<ParamSpec> param_specs() {
  auto range = [](long lo, long hi) {
    return [lo, hi](const std::string& v) { return check_int(v, lo, hi); };
  };
  return {
      {"sat_mode", "planted", "trap instances: planted (always a 0-trap setting) or uniform",
       [](const std::string& v) -> std::optional<std::string> {
         if (parse_sat_mode(v)) return std::nullopt;
         return "expected planted or uniform, got '" + v + "'";
       }},
      {"switches", "100", "switches per crossing (3..100000)", range(3, 100000)},
      {"traps", "426", "traps per crossing (0..300000)", range(0, 300000)},
      {"time_limit_s", "600", "seconds from the start to a draw; 0 = no limit", range(0, 1000000)},
      {"min_cross_ms", "0", "a solution resolves no sooner than this after its MoveRequest",
       range(0, 1000000)},
  };
}

// A team's seat: six connections, --player T after --host/--port; bot:NAME is six in-process
// agents sharing their team's state.
SeatPlan seat_plan(const MatchSetup& setup, const SeatSpec& spec) {
  const int team = team_of_role(spec.role);
  SeatPlan plan;
  plan.transport = SeatTransport::tcp;
  plan.from_bot = [] { return make_binary_framer(kMaxFrame); };
  plan.to_bot = plan.from_bot;
  plan.connections = kAgentsPerTeam;
  plan.extra_args = {"--player", std::to_string(team)};
  if (spec.is_builtin()) {
    std::shared_ptr<TeamFactory> factory =
        TeamFactory::make(spec.builtin, team, bot_seed(setup.seed, spec.role));
    if (!factory)
      throw UsageError("--seat " + spec.role + "=" + spec.text + ": no built-in bot named '" +
                       spec.builtin + "'");
    plan.make_bot = [factory] { return factory->next_agent(); };
  }
  return plan;
}

Json result_fields(const ServerResult& r) {
  const Json& last = r.records.back();
  Json result = {{"winner", r.winner},
                 {"reason", r.reason},
                 {"duration_ms", last["duration_ms"]},
                 {"crossings", last["crossings"]},
                 {"deaths", last["deaths"]}};
  Json seats = Json::object();
  for (int t = 0; t < 2; ++t)
    seats[kRoles[t]] = {{"registered", r.registered[t]},
                        {"illegal", r.counts[t].illegal},
                        {"malformed", r.counts[t].malformed},
                        {"closed", r.counts[t].closed},
                        {"slow", r.counts[t].slow}};
  result["seats"] = seats;
  return result;
}

RefereeRecord referee(RefereeContext& context) {
  const Params params = params_of(context.setup.params);
  const Dungeon d = generate_dungeon(context.setup.seed);
  // §10: the viewer files right after generation, before any agent is served.
  auto out = context.setup.params.values.find("out");
  if (out != context.setup.params.values.end() && !out->second.empty())
    if (auto e = write_viewer_files(d, out->second))
      throw UsageError("out=" + out->second + ": " + *e);
  ServerOptions options;
  options.registration_ms = kRegistrationMs;
  // Live spectating (docs/dungeon.md "Live spectating"): the header now; then each record becomes
  // its container line the moment the server writes it, instead of all of them at the end, so
  // the records are not also kept. Nobody watching: no hook, and the hot path is as before.
  stream_header(context.setup.on_line, header_fields(d, params));
  LiveLines events(context.setup.on_line);
  if (events.live()) {
    options.keep_records = false;
    options.on_record = [&events](const Json& rec) {
      if (!is_result(rec)) events.add(container_event(rec));
    };
  }
  Server server(context.hub, d, params, options);
  for (int t = 0; t < 2; ++t) {
    auto it = context.seats.find(kRoles[t]);
    if (it == context.seats.end()) continue;
    const auto conns = it->second->connections();
    for (size_t i = 0; i < conns.size(); ++i)
      server.add_connection(conns[i], t, std::string(kRoles[t]) + "#" + std::to_string(i));
  }
  ServerResult r = server.run();

  RefereeRecord record;
  std::array<double, 2> s = scores(r.winner);
  if (r.reason == "registration" && r.winner < 0) s = {0.5, 0.5};
  record.scores = {{"team0", s[0]}, {"team1", s[1]}};
  if (r.winner >= 0) record.winner = kRoles[r.winner];
  record.result = result_fields(r);
  const Json& last = r.records.back();
  record.stats = {{"duration_ms", last["duration_ms"].get<double>()},
                  {"crossings", last["crossings"].get<double>()},
                  {"draw", r.winner < 0 ? 1.0 : 0.0},
                  {"began", r.began ? 1.0 : 0.0}};
  int errors = 0;
  for (const TeamCounts& c : r.counts) errors += c.illegal + c.malformed;
  record.stats["protocol_errors"] = errors;
  record.summary = r.winner >= 0 ? std::string(kRoles[r.winner]) + " wins (" + r.reason + ")"
                                 : "draw (" + r.reason + ")";
  if (!events.live())
    for (const Json& rec : r.records)
      if (!is_result(rec)) events.add(container_event(rec));
  record.events = events.take();
  record.header_fields = header_fields(d, params);
  return record;
}

std::unique_ptr<MessageBot> make_bot(const std::string& name, uint64_t seed) {
  // One agent alone (a team of one): `bot:NAME` seats go through seat_plan's team factory.
  auto factory = TeamFactory::make(name, 0, seed);
  return factory ? factory->next_agent() : nullptr;
}

std::optional<int> player_of(const std::vector<std::string>& extra) {
  for (size_t i = 0; i + 1 < extra.size(); ++i)
    if (extra[i] == "--player") return std::stoi(extra[i + 1]);
  return std::nullopt;
}

int run_bot(const std::string& name, const BotArgs& args) {
  auto player = player_of(args.extra);
  if (!player) {
    std::cerr << "arena bot dungeon: --player 0|1 is required\n";
    return 2;
  }
  return run_team_program(name, *player, args.seed, args.host,
                          args.port > 0 ? args.port : kDefaultPort);
}

// The standalone server of `serve` and `arena host dungeon`.
int run_server(const std::string& bind, int port, uint64_t seed, const std::string& out_dir,
               const std::string& log_path, const Params& params, bool log_frames,
               bool log_instances) {
  Dungeon d;
  try {
    d = generate_dungeon(seed);
  } catch (const GenerationError& e) {
    std::cerr << "arena dungeon serve: " << e.what() << "\n";
    return 1;
  }
  if (auto e = write_viewer_files(d, out_dir)) {
    std::cerr << "arena dungeon serve: " << *e << "\n";
    return 1;
  }
  std::ofstream log(log_path, std::ios::binary | std::ios::trunc);
  if (!log) {
    std::cerr << "arena dungeon serve: cannot write " << log_path << "\n";
    return 1;
  }
  Hub hub;
  ServerOptions options;
  options.keep_records = false;  // streamed to the log file instead
  options.log_frames = log_frames;
  options.log_instances = log_instances;
  try {
    options.listener = hub.listen(bind, port, [] { return make_binary_framer(kMaxFrame); });
  } catch (const std::exception& e) {
    std::cerr << "arena dungeon serve: " << e.what() << "\n";
    return 1;
  }
  std::cout << hub.port(*options.listener) << std::endl;  // first, so that --port 0 can be used
  auto last_flush = Clock::now();
  options.on_record = [&](const Json& r) {
    log << r.dump() << "\n";
    // §11.1: flushed at least every 100 ms while records come.
    if (Clock::now() - last_flush >= std::chrono::milliseconds(100)) {
      log.flush();
      last_flush = Clock::now();
    }
  };
  // §11.2: the header is record 0; the server's records follow from 1.
  Json header = {{"seq", 0}, {"t_us", 0}, {"ev", "header"}};
  header.update(header_fields(d, params));
  header["arena_version"] = kArenaVersion;
  header["game"] = "dungeon";
  header["seed"] = std::to_string(seed);
  header["seats"] = Json::object();
  options.first_seq = 1;
  log << header.dump() << "\n";
  Server server(hub, d, params, options);
  ServerResult r = server.run();
  log.flush();
  std::cout << "winner " << r.winner << " " << r.reason << std::endl;
  return 0;
}

uint64_t entropy_seed() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count());
}

int host(const HostArgs& args) {
  uint64_t seed = entropy_seed();
  if (args.seed) {
    auto s = parse_seed(*args.seed);
    if (!s) {
      std::cerr << "arena host dungeon: --seed wants a decimal number, got '" << *args.seed
                << "'\n";
      return 2;
    }
    seed = *s;
  }
  // The log goes to --replay FILE if given, else game.jsonl; graph and npc beside it.
  const std::string log_path = args.replay_path.empty() ? "game.jsonl" : args.replay_path;
  std::string dir = std::filesystem::path(log_path).parent_path().string();
  if (dir.empty()) dir = ".";
  return run_server("0.0.0.0", args.port.value_or(kDefaultPort), seed, dir, log_path,
                    params_of(args.params), args.params.get("log_frames") == "1",
                    args.params.get("log_instances") == "1");
}

}  // namespace

Params params_of(const ParamValues& v) {
  Params p;
  p.sat_mode = *parse_sat_mode(v.get("sat_mode"));
  p.switches = v.get_int("switches");
  p.traps = v.get_int("traps");
  p.time_limit_s = v.get_int("time_limit_s");
  p.min_cross_ms = v.get_int("min_cross_ms");
  return p;
}

std::optional<Params> params_of_json(const Json& params, std::string& error) {
  if (!params.is_object()) {
    error = "header: params is not an object";
    return std::nullopt;
  }
  ParamValues values;
  for (const ParamSpec& spec : param_specs()) {
    auto it = params.find(spec.name);
    if (it == params.end() || !it->is_string()) {
      error = "header: params." + spec.name + " is missing or not a string";
      return std::nullopt;
    }
    if (auto why = spec.check(it->get<std::string>())) {
      error = "header: params." + spec.name + ": " + *why;
      return std::nullopt;
    }
    values.values[spec.name] = it->get<std::string>();
  }
  return params_of(values);
}

int serve(const std::vector<std::string>& args) {
  std::string bind = "127.0.0.1", out = ".";
  int port = kDefaultPort;
  std::optional<uint64_t> seed;
  bool log_frames = false, log_instances = false;
  std::vector<std::string> words;
  auto usage = [](const std::string& why) {
    std::cerr << "arena dungeon serve: " << why << "\n";
    return 2;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--log-frames") {
      log_frames = true;
    } else if (a == "--log-instances") {
      log_instances = true;
    } else if (a == "--port" || a == "--bind" || a == "--seed" || a == "--out") {
      if (i + 1 >= args.size()) return usage(a + " needs a value");
      const std::string& v = args[++i];
      if (a == "--port") {
        if (auto e = check_int(v, 0, 65535)) return usage("--port " + *e);
        port = std::stoi(v);
      } else if (a == "--bind") {
        bind = v;
      } else if (a == "--out") {
        out = v;
      } else {
        seed = parse_seed(v);
        if (!seed) return usage("--seed wants a decimal number, got '" + v + "'");
      }
    } else if (a.find('=') != std::string::npos) {
      words.push_back(a);
    } else {
      return usage("unknown argument " + a);
    }
  }
  auto parsed = parse_params(game_info(), words);
  if (auto* e = std::get_if<std::string>(&parsed)) return usage(*e);
  return run_server(bind, port, seed.value_or(entropy_seed()), out,
                    (std::filesystem::path(out) / "game.jsonl").string(),
                    params_of(std::get<ParamValues>(parsed)), log_frames, log_instances);
}

GameInfo game_info() {
  GameInfo g;
  g.name = "dungeon";
  g.title = "Dungeon Race: two teams of six race their heirs through a trapped dungeon";
  g.transport = "TCP, six connections per team, binary frames (spec §8)";
  g.dynamics = Dynamics::real_time;
  // docs/sandbox.md: six agents solving at once for the whole 600 s game, as threads or processes.
  g.sandbox_limits = {
      .memory_mb = 2048, .processes = 128, .cpu_seconds = 3600, .open_files = 256, .file_mb = 64};
  g.roles = {"team0", "team1"};
  g.min_seats = 2;
  g.params = param_specs();
  // Not a rule (so not in the log's params): where `arena play` writes `graph` and `npc` (§10),
  // as serve's --out DIR does.
  g.params.push_back(
      {"out", "",
       "arena play: write the graph and npc files (§10) into this "
       "directory; empty = none",
       [](const std::string&) -> std::optional<std::string> { return std::nullopt; }});
  g.export_files = [](const Replay& replay, const std::string&, Json&) {
    // The viewer files of the replay's dungeon, next to the exported document.
    std::vector<ExportFile> files;
    auto seed = parse_seed(replay.header.value("seed", std::string()));
    if (!seed) return files;
    const Dungeon d = generate_dungeon(*seed);
    files.push_back({"graph", graph_file_text(d)});
    files.push_back({"npc", npc_file_text(d)});
    return files;
  };
  auto flag = [](const std::string& v) -> std::optional<std::string> {
    if (v == "0" || v == "1") return std::nullopt;
    return "expected 0 or 1, got '" + v + "'";
  };
  // §11.2's debug flags for `arena host dungeon`, which takes only k=v words of its own.
  g.host_params = {
      {"log_frames", "0", "1: log every frame sent (`sent` records), as serve --log-frames", flag},
      {"log_instances", "0", "1: the traps in every `move` record, as serve --log-instances",
       flag}};
  for (const auto& [name, help] : bot_catalog()) g.bots.push_back({name, help, {}});
  g.bot_flags = {{"--player", true, [](const std::string& v) -> std::optional<std::string> {
                    if (v == "0" || v == "1") return std::nullopt;
                    return "--player: expected 0 or 1, got '" + v + "'";
                  }}};
  g.make_bot = make_bot;
  g.run_bot = run_bot;
  g.seat_plan = seat_plan;
  g.referee = referee;
  g.check_replay = check_replay;
  g.export_replay = export_replay;
  g.import_log = import_serve_log;
  g.host = host;
  g.tools = dungeon_tools();
  g.tools.push_back({"serve",
                     "serve [--port 7777] [--bind ADDR] [--seed N] [--out DIR] [--log-frames] "
                     "[--log-instances] [k=v ...]: a standalone server; prints its port first, "
                     "`winner W REASON` at the end",
                     serve});
  return g;
}

}  // namespace arena::dungeon
