#include "match/match.h"

#include <cmath>

#include "core/utf8.h"

namespace arena {

namespace {

// The log line of one seat after the match, or nullopt when it has nothing to say: why its
// program could not start, how it ended, and what it wrote on stderr that no turn took (a referee
// that keeps stderr per turn takes it as it goes). One policy for bad bytes: valid_utf8.
std::optional<Json> seat_log(const std::string& role, const Seat& seat) {
  const std::string err = seat.stderr_text();
  const std::string exit = seat.exit_description();
  const std::string start_error = seat.start_error();
  if (err.empty() && !seat.stderr_truncated() && exit.empty() && start_error.empty())
    return std::nullopt;
  Json log = Json::object();
  log["type"] = "log";
  log["seat"] = role;
  if (!start_error.empty()) log["start_error"] = start_error;
  if (!exit.empty()) log["exit"] = exit;
  log["stderr"] = valid_utf8(err);
  log["stderr_truncated"] = seat.stderr_truncated();
  return log;
}

Json given_params(const ParamValues& p) {
  Json out = Json::object();
  for (const auto& [k, v] : p.values)
    if (p.was_given(k)) out[k] = v;
  return out;
}

}  // namespace

Json score_json(double score) {
  if (std::isfinite(score) && score == std::floor(score) && std::fabs(score) < 9.0e15)
    return static_cast<int64_t>(score);
  return score;
}

Json result_line(const std::map<std::string, double>& scores,
                 const std::optional<std::string>& winner, const Json& result) {
  Json line = Json::object();
  line["type"] = "result";
  Json s = Json::object();
  for (const auto& [role, score] : scores) s[role] = score_json(score);
  line["scores"] = std::move(s);
  line["winner"] = winner ? Json(*winner) : Json(nullptr);
  line["result"] = result;
  return line;
}

MatchOutcome run_match(const GameInfo& game, const MatchSetup& setup) {
  // Every plan first: a seat that cannot be opened stops the match before any program starts.
  std::vector<std::pair<const SeatSpec*, SeatPlan>> plans;
  for (const std::string& role : game.roles) {
    auto it = setup.seats.find(role);
    if (it == setup.seats.end()) continue;
    SeatPlan plan = game.seat_plan(setup, it->second);
    plan.sandbox = setup.sandbox;  // a TCP seat's bot reaches its port alone (core/sandbox.h)
    plans.emplace_back(&it->second, std::move(plan));
  }

  // Live spectating: the referee's header line gets the container's fields in front, as the
  // replay's header will have them (the seats as given; the referee may refine them at the end).
  MatchSetup live_setup;
  if (setup.on_line) {
    live_setup = setup;
    live_setup.on_line = [&game, &setup](const Json& line) {
      if (line.value("type", "") != "header") return setup.on_line(line);
      Json seats = Json::object();
      for (const auto& [role, spec] : setup.seats) seats[role] = spec.text;
      Json header = Replay::make_header(game.name, given_params(setup.params),
                                        Json(std::to_string(setup.seed)), seats,
                                        {{game.time_control_key, setup.time_ms}});
      for (auto& [k, v] : line.items())
        if (k != "type") header[k] = v;
      setup.on_line(header);
    };
  }
  const MatchSetup& used = setup.on_line ? live_setup : setup;

  Hub hub;  // before the seats: they live on it
  std::vector<std::pair<std::string, std::unique_ptr<Seat>>> seats;
  RefereeContext context{hub, used, {}};
  for (auto& [spec, plan] : plans) {
    seats.emplace_back(spec->role, open_seat(hub, *spec, plan));
    context.seats[spec->role] = seats.back().second.get();
  }

  RefereeRecord record = game.referee(context);

  MatchOutcome outcome;
  // The referee gave each seat the end its spec defines (an end message, a grace period); what is
  // still running now is killed and reaped.
  for (auto& [role, seat] : seats) seat->finish(0);
  for (auto& [role, seat] : seats) {
    if (!seat->start_error().empty()) outcome.warnings.push_back(role + ": " + seat->start_error());
    if (auto log = seat_log(role, *seat)) record.events.push_back(std::move(*log));
  }

  Json header_seats = record.header_seats;
  if (header_seats.is_null()) {
    header_seats = Json::object();
    for (auto& [spec, plan] : plans) header_seats[spec->role] = spec->text;
  }
  Json header = Replay::make_header(
      game.name, record.match_params.is_null() ? given_params(setup.params) : record.match_params,
      record.seeded ? Json(std::to_string(setup.seed)) : Json(nullptr), header_seats,
      {{game.time_control_key, setup.time_ms}});
  for (auto& [k, v] : record.header_fields.items()) header[k] = v;

  outcome.replay.header = std::move(header);
  outcome.replay.result = result_line(record.scores, record.winner, record.result);
  outcome.replay.events = std::move(record.events);
  outcome.scores = std::move(record.scores);
  outcome.winner = std::move(record.winner);
  outcome.result = std::move(record.result);
  outcome.stats = std::move(record.stats);
  outcome.summary = std::move(record.summary);
  return outcome;
}

}  // namespace arena
