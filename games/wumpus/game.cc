#include "games/wumpus/game.h"

#include <fmt/format.h>

#include "core/framers.h"
#include "core/live_lines.h"
#include "core/seat_spec.h"
#include "games/wumpus/bots/adapter.h"
#include "games/wumpus/protocol.h"
#include "games/wumpus/referee.h"
#include "games/wumpus/replay_check.h"
#include "games/wumpus/world.h"

namespace arena::wumpus {

namespace {

constexpr const char* kAdvancedNames[] = {"width", "height", "pit_percent", "wumpuses", "arrows"};

std::optional<std::string> check_int(const std::string& v) {
  if (v.empty() || v.size() > 9) return "must be an integer";
  size_t i = v[0] == '-' ? 1 : 0;
  if (i == v.size()) return "must be an integer";
  for (; i < v.size(); ++i)
    if (v[i] < '0' || v[i] > '9') return "must be an integer";
  return std::nullopt;
}

AdvancedInput advanced_input(const ParamValues& p) {
  return {p.get_int("width"), p.get_int("height"), p.get_int("pit_percent"), p.get_int("wumpuses"),
          p.get_int("arrows")};
}

// Cross checks (spec §7.2, §4.2) and loading of the custom map into the hidden `map_code` value.
std::optional<std::string> check_params(ParamValues& p) {
  Mode mode = *parse_mode(p.get("mode"));
  for (const char* name : kAdvancedNames) {
    if (p.was_given(name) && mode != Mode::advanced)
      return fmt::format("{}: only used with mode=advanced", name);
  }
  if (p.was_given("map") != (mode == Mode::custom))
    return mode == Mode::custom ? "map: mode=custom needs map=FILE (or map=- for stdin)"
                                : "map: only used with mode=custom";
  if (mode == Mode::advanced) {
    if (auto error = validate_advanced(advanced_input(p))) {
      // Spec §7.2 messages start with the parameter they are about, or name several.
      for (const char* name : kAdvancedNames)
        if (error->rfind(std::string(name) + " must be -1", 0) == 0)
          return fmt::format("{}: {}", name, *error);
      return "wumpus: " + *error;
    }
  }
  if (mode == Mode::custom) {
    std::string text;
    try {
      text = read_file(p.get("map"));
    } catch (const std::exception& e) {
      return std::string("map: ") + e.what();
    }
    auto cave = parse_map_code(text);
    if (auto* error = std::get_if<std::string>(&cave)) return *error;  // "map: ..." per spec §4.2
    p.values["map_code"] = to_map_code(std::get<Cave>(cave));
  }
  return std::nullopt;
}

std::vector<ParamSpec> params() {
  std::vector<ParamSpec> out;
  out.push_back({"mode", "classic", "classic | random | advanced | custom",
                 [](const std::string& v) -> std::optional<std::string> {
                   if (!parse_mode(v)) return "must be classic, random, advanced or custom";
                   return std::nullopt;
                 }});
  const char* helps[] = {"cave width, -1 = drawn (advanced)", "cave height, -1 = drawn (advanced)",
                         "pit percent, -1 = drawn (advanced)",
                         "wumpus count, -1 = drawn (advanced)", "arrows, -1 = drawn (advanced)"};
  for (int i = 0; i < 5; ++i) out.push_back({kAdvancedNames[i], "-1", helps[i], check_int});
  out.push_back({"map", "", "map code file for mode=custom (- for stdin)", nullptr});
  return out;
}

FramerFactory answer_framer() {
  return [] {
    LineFramerOptions o;
    o.max_line = kMaxAnswerBytes;  // the 65th byte without newline is invalid at once (spec §6)
    return make_line_framer(o);
  };
}

FramerFactory referee_line_framer() {
  return [] { return make_line_framer(LineFramerOptions{}); };
}

std::unique_ptr<MessageBot> make_bot(const std::string& name, uint64_t seed) {
  auto policy = make_policy(name, seed);
  if (!policy) return nullptr;
  return std::make_unique<HeroBotAdapter>(std::move(policy));
}

// Spec §5: one program for the whole game, lines both ways; bot:NAME in process, same bytes.
SeatPlan seat_plan(const MatchSetup& setup, const SeatSpec& spec) {
  SeatPlan plan;
  plan.transport = SeatTransport::process;
  plan.from_bot = answer_framer();
  plan.to_bot = referee_line_framer();
  if (spec.is_builtin()) {
    if (!make_bot(spec.builtin, 0))
      throw UsageError("--seat " + spec.role + "=" + spec.text + ": no built-in bot named '" +
                       spec.builtin + "'");
    const uint64_t seed = bot_seed(setup.seed, spec.role);
    plan.make_bot = [name = spec.builtin, seed] { return make_bot(name, seed); };
  }
  return plan;
}

RefereeRecord referee(RefereeContext& context) {
  const MatchSetup& setup = context.setup;
  const ParamValues& p = setup.params;
  GameSetup g;
  g.mode = *parse_mode(p.get("mode"));
  g.turn_timeout_ms = setup.time_ms;
  if (g.mode == Mode::custom) {
    g.cave = std::get<Cave>(parse_map_code(p.get("map_code")));
  } else {
    AdvancedInput in = advanced_input(p);
    if (g.mode == Mode::advanced) g.advanced_input = in;
    g.seed = setup.seed;
    g.cave = generate(g.mode, in, setup.seed);
  }
  const SeatSpec& spec = setup.seats.at("hero");
  g.player = {{"kind", spec.human ? "human" : "bot"},
              {"name", spec.is_builtin() ? spec.builtin : spec.text},
              {"version", spec.is_builtin() ? kArenaVersion : ""}};

  g.on_turn = setup.on_line;
  if (setup.on_line) {
    Json live = Json::object();
    if (!g.seed) live["seed"] = nullptr;  // as the replay's header: a custom map has no seed
    live.update(spec_header(g));
    stream_header(setup.on_line, live);
  }
  RefereeRecord record = run_game(g, *context.seats.at("hero"));
  record.seeded = g.seed.has_value();  // spec §3.4: a custom map has no seed
  record.header_fields = spec_header(g);
  return record;
}

int run_bot(const std::string& name, const BotArgs& args) {
  auto bot = make_bot(name, args.seed);
  if (!bot) return 2;
  auto input = make_line_framer(LineFramerOptions{});
  return run_bot_stdio(*bot, *input);
}

void eval_extras(const std::vector<MatchOutcome>& outcomes, Json& out) {
  double deaths = 0, invalid = 0;
  for (const MatchOutcome& o : outcomes) {
    deaths += o.stats.at("death");
    invalid += o.stats.at("invalid");
  }
  const double n = outcomes.empty() ? 1.0 : static_cast<double>(outcomes.size());
  out["death_rate"] = deaths / n;
  out["invalid_rate"] = invalid / n;
}

}  // namespace

GameInfo game_info() {
  GameInfo g;
  g.name = "wumpus";
  g.title = "Meridius Wumpus: one hero, a dark cave, pits, wumpuses and one bar of gold";
  g.transport = "one process per game, lines on stdin/stdout";
  g.params = params();
  g.roles = {"hero"};
  g.min_seats = 1;
  g.default_time_ms = 10000;
  // docs/sandbox.md: one small program; CPU for 96 turns at the default 10 s each.
  g.sandbox_limits = {
      .memory_mb = 1024, .processes = 64, .cpu_seconds = 1000, .open_files = 256, .file_mb = 64};
  g.min_time_ms = 100;  // spec §7.1: turn_timeout_ms 100..600000
  g.max_time_ms = 600000;
  g.bots = {{"reference",
             "exact beliefs over pits, gold and wumpuses, exact one-step look-ahead (spec §10)"},
            {"random", "uniformly random actions (--seed N)"}};
  g.check_params = check_params;
  g.make_bot = make_bot;
  g.run_bot = run_bot;
  g.seat_plan = seat_plan;
  g.referee = referee;
  g.eval_extras = eval_extras;
  g.check_replay = check_replay;
  g.export_replay = export_replay;
  return g;
}

}  // namespace arena::wumpus
