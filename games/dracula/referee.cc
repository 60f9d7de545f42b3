#include "games/dracula/referee.h"

#include <algorithm>
#include <variant>

#include <fmt/format.h>

#include "core/live_lines.h"
#include "core/rng.h"
#include "games/dracula/bots/protocol_bot.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/seat_driver.h"
#include "games/dracula/view.h"

namespace arena::dracula {

namespace {

const char* const kSeatNames[] = {"G", "S", "H", "M", "D"};

struct SeatStats : SeatCounts {
  int stale = 0;
  std::string rejected;
  std::vector<double> think_ms;  // asked turns only
  bool dead = false;             // persistent program gone (§6.3 "Death")
};

}  // namespace

// §6.4 default moves. Hunters stay (JM in round 0); Dracula draws from the match's "default-move"
// stream over his legal moves in canonical order (round 0: the 70 places other than JM, which is
// what legal_moves gives there), TELEPORT when nothing is legal.
Json seat_counts_json(const std::string& program, std::string_view mode, const SeatCounts& c) {
  Json j = Json::object();
  j["program"] = program;
  j["mode"] = std::string(mode);
  j["in_process"] = program.rfind("bot:", 0) == 0;
  j["ai_moves"] = c.ai_moves;
  j["default_moves"] = c.default_moves;
  j["timeouts"] = c.timeouts;
  j["garbled_lines"] = c.garbled;
  j["crashes"] = c.crashes;
  j["disqualified_at"] = c.disqualified_at >= 0 ? Json(c.disqualified_at) : Json(nullptr);
  return j;
}

Move default_move(const GameState& s, const MoveList& legal, Rng& rng) {
  const int seat = s.player();
  if (seat < kDraculaSeat) {
    const PlaceId here = s.hunter_loc[seat];
    return Move(is_real(here) ? here : kHospital);
  }
  if (legal.empty() || (legal.size() == 1 && legal[0].id == kTeleport)) return Move(kTeleport);
  return legal[static_cast<int>(rng.below(static_cast<uint64_t>(legal.size())))];
}

namespace {

// A reply's `move` judged against the rules (§6.4): exactly a legal two-character code; TELEPORT
// is never legal while another move is (legal_moves only lists it when it is the only one).
std::optional<Move> judge(const GameState& s, const MoveList& legal, const std::string& text) {
  if (text.size() != 2) return std::nullopt;
  const Move m = parse_move(text);
  if (m.id == kNowhere || !legal.contains(m)) return std::nullopt;
  return m;
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t i = static_cast<size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

Json seat_json(const SeatSpec& spec, SeatMode mode, const SeatStats& st) {
  Json j = seat_counts_json(spec.text, to_string(mode), st);
  // Think times are measurements: kept under "ms" so that replays compare without them.
  j["ms"] = {
      {"median", percentile(st.think_ms, 0.5)},
      {"p99", percentile(st.think_ms, 0.99)},
      {"max",
       st.think_ms.empty() ? 0.0 : *std::max_element(st.think_ms.begin(), st.think_ms.end())}};
  return j;
}

std::string summary(const Json& r) {
  std::string out =
      fmt::format("{} after {} plays: final score {}, round {}, Dracula {} BP, hunters {} LP\n",
                  r["winner"] == "hunters" ? "hunters win" : "dracula wins", r["plays"].get<int>(),
                  r["final_score"].get<int>(), r["final_round"].get<int>(),
                  r["dracula_blood"].get<int>(), r["hunter_health"].dump());
  for (const auto& [seat, d] : r["disqualified"].items())
    out += fmt::format("seat {} disqualified at play {} for move {}\n", seat, d["play"].get<int>(),
                       d["move"].dump());
  out += "past plays (full form, one round per line):\n";
  const std::string& plays = r["past_plays"].get_ref<const std::string&>();
  for (size_t pos = 0; pos < plays.size(); pos += 40) out += "  " + plays.substr(pos, 39) + "\n";
  return out;
}

}  // namespace

std::optional<SeatMode> parse_seat_mode(std::string_view text) {
  if (text.empty() || text == "process") return SeatMode::kProcess;
  if (text == "persistent") return SeatMode::kPersistent;
  return std::nullopt;
}

std::string_view to_string(SeatMode mode) {
  return mode == SeatMode::kPersistent ? "persistent" : "process";
}

std::vector<std::pair<std::string, std::string>> seat_environment(const RefereeConfig& config,
                                                                  int seat) {
  return {{"FOD_SEAT", kSeatNames[seat]},
          {"FOD_TURN_LIMIT_MS", std::to_string(config.time_limit_ms)},
          {"FOD_SEED", std::to_string(config.seed + static_cast<uint64_t>(seat))},
          {"FOD_MODE", std::string(to_string(config.modes[seat]))}};
}

Json game_fields_from_plays(const std::string& past_plays,
                            const std::vector<std::string>& messages) {
  const View view(past_plays, messages);
  Json j = Json::object();
  auto parsed = parse_full(past_plays, messages);
  Winner w = Winner::kNone;
  if (auto* rec = std::get_if<Record>(&parsed)) w = rec->state().winner;
  j["winner"] = w == Winner::kHunters   ? Json("hunters")
                : w == Winner::kDracula ? Json("dracula")
                                        : Json(nullptr);
  j["final_score"] = view.score();
  j["final_round"] = view.plays() / kNumSeats;
  j["plays"] = view.plays();
  j["dracula_blood"] = view.health(kDraculaSeat);
  Json health = Json::array();
  for (int h = 0; h < 4; ++h) health.push_back(view.health(h));
  j["hunter_health"] = std::move(health);
  return j;
}

RefereeRecord run_referee(const std::array<Seat*, kNumSeats>& seats, const RefereeConfig& config) {
  std::array<std::unique_ptr<SeatDriver>, kNumSeats> drivers;
  for (int seat = 0; seat < kNumSeats; ++seat)
    drivers[seat] = make_seat_driver(*seats[seat], config.seats[seat].is_builtin(),
                                     config.modes[seat], config.time_limit_ms);

  RefereeRecord outcome;
  LiveLines turns(config.on_line);
  Record record;
  Rng default_rng = named_stream(config.seed, "default-move");
  std::array<SeatStats, 5> stats;
  Json disqualified = Json::object();
  int hospital_visits = 0, matured = 0;

  while (!record.state().is_over()) {
    const GameState& s = record.state();
    const int seat = s.player(), play = s.plays;
    SeatStats& st = stats[seat];
    MoveList legal;
    legal_moves(s, legal);
    const bool forced_teleport =
        seat == kDraculaSeat && legal.size() == 1 && legal[0].id == kTeleport;

    Json t = Json::object();
    t["type"] = "turn";
    t["play"] = play;
    t["seat"] = kSeatNames[seat];
    std::optional<TurnReply> reply;
    if (st.disqualified_at < 0 && !st.dead) {
      // §6.1 "drains stderr continuously": every seat lives on the match's one hub, so
      // persistent programs waiting for their next turn are drained while this seat is asked.
      reply = drivers[seat]->ask(play, record.for_current_seat(), record.messages());
      st.think_ms.push_back(reply->ms);
      st.garbled += reply->garbled;
      st.stale += reply->stale;
      if (reply->verdict == Verdict::timeout) ++st.timeouts;
      if (reply->verdict == Verdict::crashed || reply->verdict == Verdict::closed) ++st.crashes;
      st.dead = reply->dead;
    }

    Move move;
    std::string message, source = "ai", reason, verdict;
    if (!reply) {
      verdict = "not_asked";
    } else if (reply->counted) {
      verdict = "ok";
    } else {
      // No move line: the turn's verdict, where a closed persistent program counts as crashed
      // (§6.5) and a turn that ended as the protocol allows gave no move ("closed").
      verdict = reply->verdict == Verdict::timeout ? "timeout"
                : reply->verdict == Verdict::crashed || reply->verdict == Verdict::closed
                    ? "crashed"
                    : "closed";
    }
    if (forced_teleport) {
      // §2.7 / §6.5 row 17: whatever he answered; his message is kept.
      move = Move(kTeleport);
      source = "teleport";
      if (reply && reply->counted) {
        message = reply->counted->message;
        if (reply->counted->move != "TP") t["answer"] = reply->counted->move;
      }
    } else if (!reply || !reply->counted) {
      move = default_move(s, legal, default_rng);
      source = "default";
      reason = !reply                 ? (st.disqualified_at >= 0 ? "disqualified" : "crashed")
               : verdict == "crashed" ? "crashed"
                                      : "no_reply";
    } else if (auto m = judge(s, legal, reply->counted->move)) {
      move = *m;
      message = reply->counted->message;
    } else {
      // §6.4: illegal -> disqualified; this and every later turn gets the default move.
      verdict = "illegal";
      st.disqualified_at = play;
      st.rejected = reply->counted->move;
      disqualified[kSeatNames[seat]] = {{"play", play}, {"move", st.rejected}};
      drivers[seat]->retire();
      t["answer"] = st.rejected;
      move = default_move(s, legal, default_rng);
      source = "default";
      reason = "disqualified";
    }
    if (source == "default") ++st.default_moves;
    if (source == "ai") ++st.ai_moves;

    const PlayText text = record.play(move, message);
    if (seat < kDraculaSeat && ((record.state().hospital >> seat) & 1)) ++hospital_visits;
    if (seat == kDraculaSeat && text.c[5] == 'V') ++matured;

    t["move"] = std::string(move.code());
    t["source"] = source;
    if (!reason.empty()) t["reason"] = reason;
    t["verdict"] = verdict;
    t["garbled_lines"] = reply ? reply->garbled : 0;
    if (reply && reply->stale) t["stale_lines"] = reply->stale;
    if (reply) {
      t["end"] = std::string(end_name(*reply));
      if (!reply->counted && !reply->detail.empty() && end_name(*reply) != "idle")
        t["detail"] = reply->detail;
    }
    t["ms"] = reply ? reply->ms : 0.0;
    // §6.1: the turn's stderr, at most 64 KiB (the rest discarded).
    if (reply && !reply->stderr_text.empty()) t["stderr"] = reply->stderr_text;
    if (reply && reply->stderr_truncated) t["stderr_truncated"] = true;
    turns.add(std::move(t));
  }
  outcome.events = turns.take();
  for (auto& d : drivers) d->finish(config.end_grace_ms);

  // match/ adds a log line per seat with stderr left after its last turn, or a start error.

  // §6.6 top-level fields.
  const std::string& past = record.full();
  const Json fields = game_fields_from_plays(past, record.messages());
  Json r = Json::object();
  r["format"] = "fod-game-1";
  r["seed"] = std::to_string(config.seed);
  r["time_limit_ms"] = config.time_limit_ms;
  Json seat_results = Json::object();
  for (int seat = 0; seat < kNumSeats; ++seat)
    seat_results[kSeatNames[seat]] = seat_json(config.seats[seat], config.modes[seat], stats[seat]);
  r["seats"] = std::move(seat_results);
  r["past_plays"] = past;
  r["messages"] = record.messages();
  r["winner"] = record.state().winner == Winner::kHunters ? "hunters" : "dracula";
  for (const char* k : {"final_score", "final_round", "plays", "dracula_blood", "hunter_health"})
    r[k] = fields[k];
  r["disqualified"] = disqualified;
  r["matured_vampires"] = matured;
  r["hospital_visits"] = hospital_visits;

  const int score = record.state().score;
  const bool hunters_won = record.state().winner == Winner::kHunters;
  for (int seat = 0; seat < kDraculaSeat; ++seat) outcome.scores[kSeatNames[seat]] = score;
  outcome.scores["D"] = kStartScore - score;
  outcome.winner = hunters_won ? "hunters" : "dracula";

  auto& x = outcome.stats;
  x["final_score"] = score;
  x["final_round"] = record.plays() / kNumSeats;
  x["hunters_won"] = hunters_won ? 1 : 0;
  x["death_round"] = hunters_won ? (record.plays() - 1) / kNumSeats : -1;
  x["matured_vampires"] = matured;
  x["hospital_visits"] = hospital_visits;
  double illegal = 0, garbled = 0, crashes = 0, timeouts = 0, defaults = 0;
  std::vector<double> hunter_ms, dracula_ms;
  for (int seat = 0; seat < kNumSeats; ++seat) {
    const SeatStats& st = stats[seat];
    illegal += st.disqualified_at >= 0 ? 1 : 0;
    garbled += st.garbled;
    crashes += st.crashes;
    timeouts += st.timeouts;
    defaults += st.default_moves;
    auto& into = seat == kDraculaSeat ? dracula_ms : hunter_ms;
    into.insert(into.end(), st.think_ms.begin(), st.think_ms.end());
  }
  x["illegal_moves"] = illegal;
  x["garbled_lines"] = garbled;
  x["crashes"] = crashes;
  x["timeouts"] = timeouts;
  x["default_moves"] = defaults;
  x["hunters_think_p99_ms"] = percentile(hunter_ms, 0.99);
  x["hunters_think_max_ms"] =
      hunter_ms.empty() ? 0 : *std::max_element(hunter_ms.begin(), hunter_ms.end());
  x["dracula_think_p99_ms"] = percentile(dracula_ms, 0.99);
  x["dracula_think_max_ms"] =
      dracula_ms.empty() ? 0 : *std::max_element(dracula_ms.begin(), dracula_ms.end());

  outcome.summary = summary(r);
  outcome.result = r;
  return outcome;
}

}  // namespace arena::dracula
