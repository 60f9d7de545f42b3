#include "games/evolution/game.h"

#include <cstdlib>

#include <iostream>

#include "core/live_lines.h"
#include "core/seat_spec.h"
#include "core/tcp.h"
#include "games/evolution/bots/bots.h"
#include "games/evolution/harness/harness.h"
#include "games/evolution/net/client.h"
#include "games/evolution/net/remote_player.h"
#include "games/evolution/net/replay_check.h"
#include "games/evolution/net/server.h"
#include "games/evolution/net/signup.h"
#include "games/evolution/net/table.h"

namespace arena::evolution {

namespace {

constexpr int kMaxPlayers = 8;
constexpr int kDefaultPort = 45678;
// A started program gets this long to connect (process start-up is not the bot's thinking time);
// its sign-up string must then come within the per-call limit (§8.4).
constexpr int kConnectMs = 5000;

std::string role(int k) {
  return "p" + std::to_string(k);
}

uint32_t checked_seed(uint64_t seed) {
  // §2.5: the shuffle's MT19937 takes an unsigned 32-bit seed; a larger one would silently change
  // meaning, so it is refused.
  if (seed > UINT32_MAX)
    throw UsageError("--seed: evolution seeds are 0..4294967295 (spec §2.5), got " +
                     std::to_string(seed));
  return static_cast<uint32_t>(seed);
}

// The game parameters rules= and deck= (docs/evolution.md "Two rule sets").
std::vector<ParamSpec> params() {
  std::vector<ParamSpec> out;
  out.push_back({"rules", "spec",
                 "spec | instructor: the spec's rules, or the course instructor's dealer's",
                 [](const std::string& v) -> std::optional<std::string> {
                   if (!parse_rules(v)) return "must be spec or instructor";
                   return std::nullopt;
                 }});
  out.push_back({"deck", "shuffled",
                 "shuffled | unshuffled: the seed's shuffle (spec §2.5), or card order as the "
                 "instructor's xmain deals it",
                 [](const std::string& v) -> std::optional<std::string> {
                   if (!parse_deck_order(v)) return "must be shuffled or unshuffled";
                   return std::nullopt;
                 }});
  return out;
}

Variant variant_of(const ParamValues& p) {
  Variant v;
  // Values were checked by params(); an absent value (a setup built by hand) is the default.
  if (p.values.count("rules")) v.rules = parse_rules(p.get("rules")).value_or(Rules::spec);
  if (p.values.count("deck"))
    v.deck = parse_deck_order(p.get("deck")).value_or(DeckOrder::shuffled);
  return v;
}

void log_line(const std::string& line) {
  std::cerr << "arena: evolution: " << line << "\n" << std::flush;
}

// A built-in player as the client a program would be: a PlayerBot that signs up with its name.
std::unique_ptr<MessageBot> make_bot(const std::string& name, uint64_t seed, Rules rules) {
  auto player = make_player(name, seed, rules);
  return player ? make_player_bot(std::move(player), name) : nullptr;
}

// §8.3-8.4: every seat is a TCP client, started with --host/--port; a built-in player is the same
// client in process, signing up and answering over the same bytes. Unknown built-in names and
// seeds the shuffle cannot take are usage errors before any program starts.
SeatPlan seat_plan(const MatchSetup& setup, const SeatSpec& spec) {
  const Variant variant = variant_of(setup.params);
  // Only the shuffle of §2.5 needs a 32-bit seed; the unshuffled deck ignores it (bots still get
  // their seeds from it), so any seed, an unseeded match's drawn one included, is fine there.
  if (variant.deck == DeckOrder::shuffled) checked_seed(setup.seed);
  SeatPlan plan;
  plan.transport = SeatTransport::tcp;
  plan.from_bot = reply_framer();
  plan.to_bot = bot_input_framer();
  plan.connect_ms = kConnectMs;
  if (spec.is_builtin()) {
    if (!make_player(spec.builtin, 0)) {
      std::string names;
      for (const auto& b : builtin_bots())
        names += (names.empty() ? "" : ", ") + std::string(b.name);
      throw UsageError("--seat " + spec.role + "=" + spec.text + ": no built-in bot named '" +
                       spec.builtin + "' (bots: " + names + ")");
    }
    const uint64_t seed = bot_seed(setup.seed, spec.role);
    plan.make_bot = [name = spec.builtin, seed, rules = variant.rules] {
      return make_bot(name, seed, rules);
    };
  }
  return plan;
}

// The seat of role pK, signed up (§8.4) within the per-call limit: a RemotePlayer on it, or
// dropped with the reason.
Participant join(Seat& seat, const SeatSpec& spec, const MatchSetup& setup) {
  Participant p;
  p.seat = spec.role;
  p.name = spec.text;
  p.connection = &seat;
  if (!seat.start_error().empty()) {
    p.dropped = seat.start_error();
  } else {
    std::string name, why;
    if (read_signup(seat, Deadline::after_ms(setup.time_ms), &name, &why)) {
      p.signup = name;
      auto remote = std::make_unique<RemotePlayer>(seat, std::chrono::milliseconds(setup.time_ms));
      p.remote = remote.get();
      p.player = std::move(remote);
      return p;
    }
    p.dropped = why;
  }
  seat.finish(0);
  log_line("seat " + p.seat + " dropped (not signed up): " + p.dropped);
  return p;
}

RefereeRecord referee(RefereeContext& context) {
  const MatchSetup& setup = context.setup;
  const Variant variant = variant_of(setup.params);
  const uint32_t seed = variant.deck == DeckOrder::shuffled ? checked_seed(setup.seed) : 0;
  std::vector<Participant> participants;
  for (int k = 1; context.seats.count(role(k)); ++k)
    participants.push_back(join(*context.seats.at(role(k)), setup.seats.at(role(k)), setup));

  // Everything in the header is known once the seats signed up (or were dropped): live, it goes
  // out now, then the drops, then the table's lines as they come.
  Json dropped = Json::array();
  Json signups = Json::object();  // who signed up as what (§8.4), built-in seats included
  LiveLines events(setup.on_line);
  for (const Participant& p : participants) {
    if (p.signup) signups[p.seat] = *p.signup;
    if (p.dropped.empty()) continue;
    dropped.push_back({{"seat", p.seat}, {"reason", p.dropped}});
  }
  const Json header_fields = {
      {"players", players_json(participants)}, {"dropped", dropped}, {"signups", signups}};
  Json live = {{"match_params", variant_json(variant)}};
  live.update(header_fields);
  stream_header(setup.on_line, live);
  for (const Json& d : dropped)
    events.add({{"type", "event"},
                {"turn", 0},
                {"event", "dropped"},
                {"seat", d["seat"]},
                {"reason", d["reason"]}});

  TableOptions to;
  to.seed = seed;
  to.variant = variant;
  to.time_limit = std::chrono::milliseconds(setup.time_ms);
  to.log = log_line;
  to.log_seats = false;  // match/ writes the seats' log lines
  to.on_line = setup.on_line;
  TableResult r = run_table(participants, to);

  RefereeRecord record;
  record.events = events.take();
  std::vector<std::string> all_seats;
  for (const Participant& p : participants) all_seats.push_back(p.seat);
  // Scores, winner and result as `arena host` writes them too (result_line, table.h).
  const Json line = result_line(r, all_seats);
  for (const auto& [seat, score] : line["scores"].items())
    record.scores[seat] = score.get<double>();
  if (line["winner"].is_string()) record.winner = line["winner"].get<std::string>();
  record.result = line["result"];
  for (const Participant& p : participants) {
    record.stats["ejected:" + p.seat] = 0;
    record.stats["place:" + p.seat] = 0;
  }
  for (Json& e : r.events) record.events.push_back(std::move(e));
  for (const Ejection& x : r.ejections) record.stats["ejected:" + x.seat] = 1;
  for (const Engine::Rank& k : r.ranking) {
    const std::string seat = r.players.at(static_cast<size_t>(k.id - 1))["seat"];
    record.stats["place:" + seat] = k.place;
    record.summary += std::to_string(k.place) + " " + seat + " (player id " + std::to_string(k.id) +
                      ") score: " + std::to_string(k.score) + "\n";
  }
  for (const Ejection& x : r.ejections) record.summary += x.seat + " ejected: " + x.reason + "\n";
  for (const Json& d : dropped)
    record.summary +=
        d["seat"].get<std::string>() + " dropped: " + d["reason"].get<std::string>() + "\n";

  record.match_params = variant_json(variant);
  record.header_fields = header_fields;
  return record;
}

int host(const HostArgs& args) {
  ServerOptions o;
  o.program = "arena host evolution";
  if (args.port) o.port = *args.port;
  if (args.time_ms) o.time_ms = *args.time_ms;
  o.variant = variant_of(args.params);
  o.signup_window_s = std::stod(args.params.get("signup_window_s"));
  o.replay_path = args.replay_path;
  if (args.seed) {
    uint64_t v = 0;
    bool ok = !args.seed->empty() && args.seed->size() <= 10;
    for (char c : *args.seed) ok = ok && c >= '0' && c <= '9';
    if (ok) v = std::stoull(*args.seed);
    if (!ok || v > UINT32_MAX) {
      std::cerr << "arena: --seed: evolution seeds are 0..4294967295 (spec §2.5)\n";
      return 2;
    }
    o.seed = static_cast<uint32_t>(v);
  }
  if (o.port < 0 || o.port > 65535 || o.time_ms < 1) {
    std::cerr << "arena: host evolution: --port 0..65535, --time-ms >= 1\n";
    return 2;
  }
  return run_server(o, std::cout, std::cerr);
}

int run_bot(const std::string& name, const BotArgs& args) {
  // `arena bot evolution NAME rules=instructor`: the bot plays by the instructor's rules (only
  // the words of bot_flags get here).
  Rules rules = Rules::spec;
  for (const std::string& x : args.extra) {
    if (x.rfind("rules=", 0) == 0) rules = parse_rules(x.substr(6)).value_or(rules);
  }
  auto player = make_player(name, args.seed, rules);
  if (!player) return 2;
  return run_client(*player, args.host, args.port > 0 ? args.port : kDefaultPort, name,
                    "arena bot evolution " + name);
}

void eval_extras(const std::vector<MatchOutcome>& outcomes, Json& out) {
  // Per seat: how often it was ejected, and its mean place among the ranked games.
  Json ejected = Json::object(), places = Json::object();
  if (outcomes.empty()) return;
  for (int k = 1; k <= kMaxPlayers; ++k) {
    const std::string seat = role(k);
    if (!outcomes.front().stats.count("ejected:" + seat)) continue;
    double ej = 0, place_sum = 0, ranked = 0;
    for (const MatchOutcome& o : outcomes) {
      ej += o.stats.at("ejected:" + seat);
      const double place = o.stats.at("place:" + seat);
      if (place > 0) place_sum += place, ranked += 1;
    }
    ejected[seat] = ej / static_cast<double>(outcomes.size());
    places[seat] = ranked > 0 ? Json(place_sum / ranked) : Json(nullptr);
  }
  out["ejection_rate"] = ejected;
  out["mean_place"] = places;
}

}  // namespace

// The course harnesses (spec §7, §9) as `arena evolution TOOL ...`: the same code and the same
// command lines as the executables xattack ... xmain.
std::vector<GameTool> tools() {
  using Harness = HarnessResult (*)(const std::string&, Rules);
  auto argv_of = [](const std::string& name, const std::vector<std::string>& args) {
    std::vector<const char*> argv = {name.c_str()};
    for (const std::string& a : args) argv.push_back(a.c_str());
    return argv;
  };
  auto rules_tool = [argv_of](const char* name, Harness h, const char* help) {
    return GameTool{name, help, [=](const std::vector<std::string>& args) {
                      const std::string program = std::string("arena evolution ") + name;
                      auto argv = argv_of(program, args);
                      return run_rules_harness(program.c_str(), static_cast<int>(argv.size()),
                                               argv.data(), h);
                    }};
  };
  auto stdin_tool = [](const char* name, HarnessResult (*h)(const std::string&), const char* help) {
    return GameTool{name, help, [=](const std::vector<std::string>& args) {
                      const std::string program = std::string("arena evolution ") + name;
                      if (!args.empty()) {
                        std::cerr << program << ": takes no arguments\n";
                        return 2;
                      }
                      return finish(program.c_str(), h(read_stdin()));
                    }};
  };
  return {
      rules_tool("xattack", xattack, "§7: may the attacker attack? (stdin: a Situation)"),
      rules_tool("xfeed", xfeed, "§7: Silly's feedNext answer (stdin: a Feeding)"),
      rules_tool("xstep", xstep, "§7: one feeding of the first player (stdin: a Configuration)"),
      rules_tool("xstep4", xstep4, "§7: all of step 4 (stdin: [Configuration, Step4])"),
      stdin_tool("xsilly", xsilly, "§7: Silly's choose (stdin: a Choice)"),
      stdin_tool("xstream", xstream, "§7: each JSON value of the stream, then a count"),
      GameTool{"xmain", "§7: xmain n [seed] [rules=..] [deck=..], a game of n Silly players",
               [argv_of](const std::vector<std::string>& args) {
                 auto argv = argv_of("arena evolution xmain", args);
                 return finish("arena evolution xmain",
                               xmain(static_cast<int>(argv.size()), argv.data()));
               }}};
}

GameInfo game_info() {
  GameInfo g;
  g.name = "evolution";
  g.title = "Evolution: species, traits, a watering hole and carnivores, 3-8 players";
  g.transport = "TCP, a stream of JSON values (sign-up, Start/Choose/State)";
  g.params = params();
  g.bot_flags = {{"rules=spec"}, {"rules=instructor"}};
  for (int k = 1; k <= kMaxPlayers; ++k) g.roles.push_back(role(k));
  g.min_seats = 3;
  g.default_time_ms = 1000;  // spec §8.2
  // docs/sandbox.md: a client with a few calls a turn at 1 s each, for some dozen turns.
  g.sandbox_limits = {
      .memory_mb = 1024, .processes = 64, .cpu_seconds = 300, .open_files = 256, .file_mb = 64};
  g.max_seed = UINT32_MAX;  // §2.5: the shuffle's MT19937 takes a 32-bit seed
  g.min_time_ms = 1;
  g.max_time_ms = 3600 * 1000;
  for (const auto& b : builtin_bots()) g.bots.push_back({b.name, b.help});
  g.make_bot = [](const std::string& name, uint64_t seed) {
    return make_bot(name, seed, Rules::spec);
  };
  g.run_bot = run_bot;
  g.seat_plan = seat_plan;
  g.referee = referee;
  g.time_control_key = "call_ms";
  g.eval_extras = eval_extras;
  g.check_replay = check_replay;
  g.export_replay = export_replay;
  g.tools = tools();
  g.host = host;
  g.host_params = {{"signup_window_s", "10",
                    "seconds sign-ups stay open once 3 players signed up (spec §8.4)",
                    [](const std::string& v) -> std::optional<std::string> {
                      char* end = nullptr;
                      const double w = std::strtod(v.c_str(), &end);
                      if (v.empty() || *end != '\0' || !(w >= 0 && w <= 86400))
                        return "must be a number of seconds, 0..86400";
                      return std::nullopt;
                    }}};
  return g;
}

}  // namespace arena::evolution
