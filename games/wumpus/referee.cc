#include "games/wumpus/referee.h"

#include <fmt/format.h>

#include "core/clock.h"
#include "games/wumpus/protocol.h"

namespace arena::wumpus {

namespace {

Json cell_json(const Cave& cave, int cell) {
  return Json::array({cave.x_of(cell), cave.y_of(cell)});
}

// One §8 turn entry, with the hero's state after the action.
Json turn_entry(int n, const std::string& percept) {
  Json t = Json::object();
  t["type"] = "turn";
  t["n"] = n;
  t["percept"] = percept;
  t["answer"] = nullptr;
  t["action"] = nullptr;
  t["ms"] = 0.0;
  return t;
}

}  // namespace

void add_state(Json& t, const State& s, const Step* step) {
  const Cave& cave = s.cave();
  t["pos"] = cell_json(cave, s.pos());
  t["dir"] = std::string(1, to_char(s.dir()));
  t["arrows"] = s.arrows();
  t["has_gold"] = s.has_gold();
  t["alive"] = s.alive();
  t["score"] = s.score();
  Json events = Json::array();
  if (step)
    for (auto name : event_names(step->events)) events.push_back(std::string(name));
  t["events"] = events;
  if (step && step->killed >= 0) t["killed"] = cell_json(cave, step->killed);
}

Json spec_header(const GameSetup& g) {
  const Cave& cave = g.cave;
  Json h = Json::object();
  h["format"] = 1;
  h["mode"] = std::string(to_string(g.mode));
  Params p = cave.params();
  h["params"] = {{"width", p.width},       {"height", p.height}, {"pit_percent", p.pit_percent},
                 {"wumpuses", p.wumpuses}, {"arrows", p.arrows}, {"turn_limit", p.turn_limit()}};
  if (g.advanced_input) {
    const AdvancedInput& a = *g.advanced_input;
    h["advanced_input"] = {{"width", a.width},
                           {"height", a.height},
                           {"pit_percent", a.pit_percent},
                           {"wumpuses", a.wumpuses},
                           {"arrows", a.arrows}};
  }
  h["map_code"] = to_map_code(cave);
  Json pits = Json::array(), wumpuses = Json::array();
  for (int c = 0; c < cave.cells(); ++c)
    if (cave.pits[c]) pits.push_back(cell_json(cave, c));
  for (int c : cave.wumpuses) wumpuses.push_back(cell_json(cave, c));
  h["cave"] = {{"pits", pits}, {"gold", cell_json(cave, cave.gold)}, {"wumpuses", wumpuses}};
  h["player"] = g.player;
  h["turn_timeout_ms"] = g.turn_timeout_ms;
  return h;
}

Json spec_result(const State& s) {
  return {{"score", s.score()},
          {"reason", std::string(to_string(s.reason()))},
          {"actions", s.actions()},
          {"gold_carried", s.has_gold()},
          {"wumpuses_killed", s.wumpuses_killed()},
          {"arrows_left", s.arrows()}};
}

RefereeRecord run_game(const GameSetup& setup, Seat& seat) {
  State state(setup.cave);
  RefereeRecord record;
  std::vector<Json>& turns = record.events;
  bool seat_alive = seat.start_error().empty();
  bool timed_out = false;

  seat.send(start_line(setup.cave.params()));
  for (int n = 1; !state.is_over(); ++n) {
    const std::string percept = percept_line(state.percept());
    seat.send(percept);
    Received r = seat.receive(Deadline::after_ms(setup.turn_timeout_ms));
    Json t = turn_entry(n, percept);
    t["ms"] = r.ms;
    std::optional<Action> action;
    if (r.ok()) {
      t["answer"] = escape_answer(r.message);
      action = parse_answer(r.message);
      t["verdict"] = action ? "ok" : "malformed";
      if (!action) {
        t["detail"] = "not one of go, rotateL, rotateR, shot, grab, exit";
        state.end_invalid(EndReason::invalid_action);
      }
    } else {
      t["verdict"] = std::string(to_string(r.verdict));
      t["detail"] = r.detail;
      switch (r.verdict) {
        case Verdict::timeout:
          timed_out = true;
          state.end_invalid(EndReason::timeout);
          break;
        case Verdict::malformed:
        case Verdict::too_long:
          state.end_invalid(EndReason::invalid_action);
          break;
        default:  // crashed, closed: the bot is gone
          seat_alive = false;
          state.end_invalid(EndReason::crash);
          break;
      }
    }
    Step step;
    if (action) {
      t["action"] = std::string(to_string(*action));
      step = state.apply(*action);
      // Spec §2.4 step 7 / §5.4: bytes already waiting beyond the answer, game not over.
      if (!state.is_over() && seat.bytes_waiting()) {
        t["detail"] = "extra output after the answer";
        state.end_invalid(EndReason::extra_output);
      }
    }
    add_state(t, state, action ? &step : nullptr);
    if (setup.on_turn) setup.on_turn(t);
    turns.push_back(std::move(t));
  }

  // Spec §5.2: `end` unless the bot is gone; then close its stdin, 1 s grace (none after a
  // timeout). match/ then records the seat's stderr and exit.
  if (seat_alive) seat.send(end_line(state.score()));
  seat.finish(timed_out ? 0 : 1000);

  const bool won = state.reason() == EndReason::exit_with_gold;
  record.scores["hero"] = state.score();
  if (won) record.winner = "hero";
  record.result = spec_result(state);
  record.stats["death"] =
      state.reason() == EndReason::death_pit || state.reason() == EndReason::death_wumpus ? 1.0
                                                                                          : 0.0;
  const EndReason why = state.reason();
  record.stats["invalid"] = why == EndReason::invalid_action || why == EndReason::extra_output ||
                                    why == EndReason::timeout || why == EndReason::crash ||
                                    why == EndReason::turn_limit
                                ? 1.0
                                : 0.0;
  record.summary = fmt::format("hero scored {} ({}, {} actions)\n", state.score(),
                               to_string(state.reason()), state.actions());
  return record;
}

}  // namespace arena::wumpus
