#include "games/dracula/game.h"

#include <fmt/format.h>

#include "core/live_lines.h"
#include "games/dracula/bots/ai.h"
#include "games/dracula/bots/protocol_bot.h"
#include "games/dracula/engine.h"
#include "games/dracula/referee.h"
#include "games/dracula/seat_driver.h"

namespace arena::dracula {

namespace {

const char* const kRoles[] = {"G", "S", "H", "M", "D"};

// The referee's configuration of a match: its seed, limit and, per seat, the SPEC and mode.
RefereeConfig config_of(const MatchSetup& setup) {
  RefereeConfig config;
  config.seed = setup.seed;
  config.time_limit_ms = setup.time_ms;
  for (int seat = 0; seat < kNumSeats; ++seat) {
    const SeatSpec& spec = setup.seats.at(kRoles[seat]);
    auto mode = parse_seat_mode(spec.mode);
    if (!mode)
      throw UsageError(fmt::format("--mode {}={}: dracula modes are process and persistent",
                                   kRoles[seat], spec.mode));
    config.seats[seat] = spec;
    config.modes[seat] = *mode;
  }
  return config;
}

int seat_index(const std::string& role) {
  for (int seat = 0; seat < kNumSeats; ++seat)
    if (role == kRoles[seat]) return seat;
  throw UsageError("dracula has no seat " + role);
}

// The replay header's seats: role -> the program and its mode, in seat order (G, S, H, M, D).
Json header_seats(const RefereeConfig& config) {
  Json seats = Json::object();
  for (int seat = 0; seat < kNumSeats; ++seat)
    seats[kRoles[seat]] = {{"program", config.seats[seat].text},
                           {"mode", std::string(to_string(config.modes[seat]))}};
  return seats;
}

RefereeRecord referee(RefereeContext& context) {
  RefereeConfig config = config_of(context.setup);
  // §6.6 fields known before the game.
  const Json fields = {{"format", "fod-game-1"}, {"time_limit_ms", context.setup.time_ms}};
  // Live: the header as the replay will have it (its seats, not the container's SPEC texts).
  Json live = {{"seats", header_seats(config)}};
  live.update(fields);
  stream_header(context.setup.on_line, live);
  config.on_line = context.setup.on_line;

  std::array<Seat*, kNumSeats> seats{};
  for (int seat = 0; seat < kNumSeats; ++seat) seats[seat] = context.seats.at(kRoles[seat]);
  RefereeRecord record = run_referee(seats, config);
  record.header_seats = header_seats(config);
  record.header_fields = fields;
  return record;
}

std::unique_ptr<MessageBot> make_bot(const std::string& name, uint64_t seed) {
  return make_protocol_bot(name, seed, 1500, false);
}

double mean_of(const std::vector<MatchOutcome>& outcomes, const char* key) {
  double sum = 0;
  for (const MatchOutcome& o : outcomes) sum += o.stats.at(key);
  return outcomes.empty() ? 0 : sum / static_cast<double>(outcomes.size());
}

double sum_of(const std::vector<MatchOutcome>& outcomes, const char* key) {
  double sum = 0;
  for (const MatchOutcome& o : outcomes) sum += o.stats.at(key);
  return sum;
}

double max_of(const std::vector<MatchOutcome>& outcomes, const char* key) {
  double m = 0;
  for (const MatchOutcome& o : outcomes) m = std::max(m, o.stats.at(key));
  return m;
}

// The §7.6 metrics over an eval run.
void eval_extras(const std::vector<MatchOutcome>& outcomes, Json& out) {
  out["mean_round"] = mean_of(outcomes, "final_round");
  out["mean_final_score"] = mean_of(outcomes, "final_score");
  out["hunter_win_rate"] = mean_of(outcomes, "hunters_won");
  double death_sum = 0, wins = 0;
  for (const MatchOutcome& o : outcomes) {
    if (o.stats.at("hunters_won") == 0) continue;
    death_sum += o.stats.at("death_round");
    ++wins;
  }
  out["mean_death_round"] = wins > 0 ? Json(death_sum / wins) : Json(nullptr);
  out["matured_vampires_per_game"] = mean_of(outcomes, "matured_vampires");
  out["hospital_visits_per_game"] = mean_of(outcomes, "hospital_visits");
  out["illegal_moves"] = static_cast<int64_t>(sum_of(outcomes, "illegal_moves"));
  out["garbled_lines"] = static_cast<int64_t>(sum_of(outcomes, "garbled_lines"));
  out["crashes"] = static_cast<int64_t>(sum_of(outcomes, "crashes"));
  out["timeouts"] = static_cast<int64_t>(sum_of(outcomes, "timeouts"));
  out["default_moves"] = static_cast<int64_t>(sum_of(outcomes, "default_moves"));
  out["think_ms"] = {{"hunters_max_p99", max_of(outcomes, "hunters_think_p99_ms")},
                     {"hunters_max", max_of(outcomes, "hunters_think_max_ms")},
                     {"dracula_max_p99", max_of(outcomes, "dracula_think_p99_ms")},
                     {"dracula_max", max_of(outcomes, "dracula_think_max_ms")}};
}

}  // namespace

GameInfo game_info(InProcessBotMaker make_bot) {
  if (!make_bot) make_bot = make_protocol_bot;
  GameInfo g = game_info();
  g.seat_plan = [make_bot](const MatchSetup& setup, const SeatSpec& spec) {
    return seat_plan(config_of(setup), seat_index(spec.role), make_bot);
  };
  return g;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "dracula";
  g.title = "Fury of Dracula: four hunters chase Dracula across Europe, who moves in secret";
  g.transport = "one process per turn (or persistent with --mode ROLE=persistent), JSON lines";
  g.roles = {"G", "S", "H", "M", "D"};
  g.min_seats = 5;
  g.role_groups = {{"hunters", {"G", "S", "H", "M"}}, {"dracula", {"D"}}};
  g.default_time_ms = 1500;
  // docs/sandbox.md: course C programs; CPU for a persistent program's 366 rounds at 1.5 s.
  g.sandbox_limits = {
      .memory_mb = 1024, .processes = 64, .cpu_seconds = 600, .open_files = 256, .file_mb = 64};
  g.min_time_ms = 10;
  g.max_time_ms = 600000;
  for (const auto& [name, help] : ai_catalog()) {
    // hunter, hunter-*, b-hunt-* (not dracula-models-hunter)
    const bool hunter = name.starts_with("hunter") || name.starts_with("b-hunt-");
    g.bots.push_back({name, help, {hunter ? "hunters" : "dracula"}});
  }
  g.make_bot = make_bot;
  g.run_bot = run_protocol_bot;
  g.bot_flags = {{"--persistent"}};
  g.seat_plan = [](const MatchSetup& setup, const SeatSpec& spec) {
    return seat_plan(config_of(setup), seat_index(spec.role), make_protocol_bot);
  };
  g.referee = referee;
  g.eval_extras = eval_extras;
  g.check_replay = check_replay;
  g.export_replay = export_replay;
  g.export_files = export_files;
  return g;
}

}  // namespace arena::dracula
