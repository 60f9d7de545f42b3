// `arena replay` for Fury of Dracula: re-checks a recorded game against the rules (§6.6: replaying
// past_plays must reproduce final_score, dracula_blood and hunter_health exactly), and exports the
// spec's own "fod-game-1" document.
#include <variant>

#include <fmt/format.h>

#include "core/rng.h"
#include "games/dracula/game.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/referee.h"

namespace arena::dracula {

namespace {

const char* const kSeatNames[] = {"G", "S", "H", "M", "D"};

const Json* member(const Json& j, const char* key) {
  return j.contains(key) ? &j[key] : nullptr;
}

std::string text_of(const Json& j, const char* key) {
  const Json* v = member(j, key);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

// The referee's judgement of a reply's move (referee.cc, judge): exactly a legal two-character
// code.
bool is_legal_reply(const MoveList& legal, const std::string& text) {
  if (text.size() != 2) return false;
  const Move m = parse_move(text);
  return m.id != kNowhere && legal.contains(m);
}

// The verdict of an asked turn without a counted move, from how the turn ended (referee.cc).
std::string verdict_for_end(const std::string& end) {
  if (end == "timeout") return "timeout";
  if (end == "crashed" || end == "closed") return "crashed";
  return "closed";
}

// Replays the turn lines through the rules: every move is re-derived (a seat's own move must be
// legal, a default move must be the one the seed's "default-move" stream draws, a teleport must be
// forced), every verdict must be the one its reply gives, and the per-seat figures, the
// disqualifications and the result line are recomputed from them.
class TurnChecker {
 public:
  TurnChecker(const Replay& replay, uint64_t seed, const std::vector<std::string>& messages,
              std::vector<std::string>& problems)
      : replay_(replay),
        messages_(messages),
        problems_(problems),
        rng_(named_stream(seed, "default-move")) {}

  // False when a turn cannot be replayed (the later turns would only repeat the first problem).
  bool run() {
    int n = 0;
    for (const Json& t : replay_.events) {
      if (t.value("type", "") != "turn") continue;
      if (record_.state().is_over()) {
        problem(fmt::format("turn {}", n), "the game was already over");
        return false;
      }
      if (!turn(t, n)) return false;
      ++n;
    }
    if (!record_.state().is_over()) {
      problems_.push_back(fmt::format("the {} turn lines do not end the game", n));
      return false;
    }
    return true;
  }

  const Record& record() const { return record_; }
  const Json& disqualified() const { return disqualified_; }
  int matured() const { return matured_; }
  int hospital_visits() const { return hospital_visits_; }

  // The result's per-seat figures as the referee counts them (referee.cc, seat_json), without the
  // measured times.
  Json seat_figures(int seat, const Json& header_seat) const {
    const Json mode = header_seat.value("mode", Json("process"));
    Json j =
        seat_counts_json(text_of(header_seat, "program"),
                         mode.is_string() ? mode.get<std::string>() : mode.dump(), stats_[seat]);
    if (!mode.is_string()) j["mode"] = mode;  // as recorded, so that the comparison names it
    return j;
  }

 private:
  struct Stats : SeatCounts {
    bool crashed_before = false;  // an earlier asked turn ended crashed or closed
  };

  const Json& seat_header(int seat) const { return replay_.header["seats"][kSeatNames[seat]]; }
  std::string mode_of(int seat) const {
    const Json& h = seat_header(seat);
    return h.contains("mode") && h["mode"].is_string() ? h["mode"].get<std::string>() : "process";
  }

  void problem(const std::string& where, const std::string& what) {
    problems_.push_back(where + ": " + what);
  }

  bool turn(const Json& t, int n) {
    const std::string where = fmt::format("turn {}", n);
    const GameState& s = record_.state();
    const int seat = s.player();
    Stats& st = stats_[seat];
    MoveList legal;
    legal_moves(s, legal);
    const bool forced_teleport =
        seat == kDraculaSeat && legal.size() == 1 && legal[0].id == kTeleport;

    compare_recorded(where, "play", member(t, "play"), n, problems_);
    compare_recorded(where, "seat", member(t, "seat"), kSeatNames[seat], problems_);
    const std::string verdict = text_of(t, "verdict"), source = text_of(t, "source");
    const std::string move_text = text_of(t, "move"), reason = text_of(t, "reason");
    const Json* end = member(t, "end");
    const std::string end_text = end && end->is_string() ? end->get<std::string>() : "";
    const bool asked = verdict != "not_asked";
    const std::string message = static_cast<size_t>(n) < messages_.size() ? messages_[n] : "";

    // Whether the seat was asked, and how its reply ended.
    if (asked && (!end || !end->is_string()))
      problem(where, "verdict is " + quote_json(t.value("verdict", Json(nullptr))) +
                         ", but no \"end\" of the reply is recorded");
    if (!asked && end) problem(where, "verdict is \"not_asked\", but a reply is recorded");
    // How a reply can end (seat_driver.h): "closed" only for a persistent program (a process-mode
    // EOF is the turn's end), "exited" only for a process-mode program.
    if (asked && end && end->is_string()) {
      const bool persistent = mode_of(seat) == "persistent";
      const bool program = text_of(seat_header(seat), "program").rfind("bot:", 0) != 0;
      if (end_text != "done" && end_text != "exited" && end_text != "idle" &&
          end_text != "crashed" && end_text != "closed" && end_text != "timeout")
        problem(where, "end is " + quote_json(*end) + ", not one a reply has");
      else if ((end_text == "closed" && !persistent) ||
               (end_text == "exited" && (persistent || !program)))
        problem(where, "end is \"" + end_text + "\", which a " +
                           (program ? "program" : "built-in bot") + " in " +
                           (persistent ? "persistent" : "process") + " mode never gives");
    }
    if (asked && st.disqualified_at >= 0)
      problem(where, fmt::format("seat {} was disqualified at play {} and is never asked again",
                                 kSeatNames[seat], st.disqualified_at));
    if (!asked && st.disqualified_at < 0 && !st.crashed_before)
      problem(where, "verdict is \"not_asked\", but the seat is neither disqualified nor gone");

    Move move;
    if (forced_teleport && source != "teleport")
      problem(where, "source is " + quote_json(Json(source)) +
                         ", but Dracula has no legal move: the move is a forced teleport");
    if (source == "ai") {
      if (verdict != "ok")
        problem(where, "verdict is " + quote_json(Json(verdict)) +
                           ", but the move is the seat's own (source \"ai\"), which needs \"ok\"");
      if (!is_legal_reply(legal, move_text)) {
        problem(where, "move " + quote_json(Json(move_text)) + " is not legal here");
        return false;
      }
      move = parse_move(move_text);
      if (member(t, "reason")) problem(where, "a move of the seat's own has no \"reason\"");
      ++st.ai_moves;
    } else if (source == "teleport") {
      if (!forced_teleport) {
        problem(where, "source is \"teleport\", but Dracula has other legal moves");
        return false;
      }
      move = Move(kTeleport);
      if (verdict != "ok" && verdict != "not_asked" && verdict != verdict_for_end(end_text))
        problem(where, "verdict is " + quote_json(Json(verdict)) + ", the reply's end \"" +
                           end_text + "\" gives \"" + verdict_for_end(end_text) + "\"");
    } else if (source == "default") {
      move = default_move(s, legal, rng_);
      if (!message.empty())
        problem(where, "a default move has the message " + quote_json(Json(message)));
      std::string expected_reason;
      if (verdict == "illegal") {
        expected_reason = "disqualified";
        const std::string answer = text_of(t, "answer");
        if (!member(t, "answer") || is_legal_reply(legal, answer))
          problem(where, "verdict is \"illegal\", but the answer " +
                             quote_json(t.value("answer", Json(nullptr))) +
                             " is not an illegal move");
        st.disqualified_at = n;
        disqualified_[kSeatNames[seat]] = {{"play", n}, {"move", answer}};
      } else if (verdict == "not_asked") {
        expected_reason = st.disqualified_at >= 0 ? "disqualified" : "crashed";
      } else if (verdict == "ok") {
        problem(where, "verdict is \"ok\", but the seat's move was replaced by a default move");
      } else if (asked) {
        compare_recorded(where, "verdict", member(t, "verdict"), verdict_for_end(end_text),
                         problems_);
        expected_reason = verdict_for_end(end_text) == "crashed" ? "crashed" : "no_reply";
      }
      if (!expected_reason.empty())
        compare_recorded(where, "reason", member(t, "reason"), expected_reason, problems_);
      ++st.default_moves;
    } else {
      problem(where, "source is " + quote_json(t.value("source", Json(nullptr))) +
                         ", expected \"ai\", \"default\" or \"teleport\"");
      return false;
    }
    if (verdict != "ok" && verdict != "illegal" && verdict != "timeout" && verdict != "crashed" &&
        verdict != "closed" && verdict != "not_asked")
      problem(where, "verdict is " + quote_json(t.value("verdict", Json(nullptr))) +
                         ", not one the referee gives");
    // The seed's default move, a forced teleport or the seat's own: the move of this play. After
    // a move that differs the games part, and later turns would only repeat it.
    const size_t known = problems_.size();
    compare_recorded(where, "move", member(t, "move"), std::string(move.code()), problems_);
    if (problems_.size() != known) return false;

    const Json* garbled = member(t, "garbled_lines");
    if (!garbled || !garbled->is_number_integer() || garbled->get<int64_t>() < 0 ||
        (!asked && garbled->get<int64_t>() != 0))
      problem(where, "garbled_lines is " + quote_json(t.value("garbled_lines", Json(nullptr))));
    else
      st.garbled += static_cast<int>(garbled->get<int64_t>());
    if (asked) {
      if (end_text == "timeout") ++st.timeouts;
      if (end_text == "crashed" || end_text == "closed") {
        ++st.crashes;
        st.crashed_before = true;
      }
    }
    // §6.1: the turn's stderr, at most 64 KiB.
    if (t.contains("stderr") &&
        (!t["stderr"].is_string() ||
         t["stderr"].get_ref<const std::string&>().size() > kStderrCapBytes))
      problem(where, "stderr is not a string of at most 64 KiB");
    if (t.contains("stderr_truncated") && !t["stderr_truncated"].is_boolean())
      problem(where, "stderr_truncated is not a boolean");

    const PlayText text = record_.play(move, message);
    if (seat < kDraculaSeat && ((record_.state().hospital >> seat) & 1)) ++hospital_visits_;
    if (seat == kDraculaSeat && text.c[5] == 'V') ++matured_;
    return true;
  }

  const Replay& replay_;
  const std::vector<std::string>& messages_;
  std::vector<std::string>& problems_;
  Rng rng_;
  Record record_;
  std::array<Stats, kNumSeats> stats_{};
  Json disqualified_ = Json::object();
  int matured_ = 0, hospital_visits_ = 0;
};

}  // namespace

std::vector<std::string> check_replay(const Replay& replay) {
  std::vector<std::string> problems;
  auto problem = [&](std::string p) { problems.push_back(std::move(p)); };
  const Json& h = replay.header;
  if (h.value("format", Json("")) != "fod-game-1") problem("header: format is not fod-game-1");
  const std::optional<uint64_t> seed =
      h["seed"].is_string() ? parse_seed(h["seed"].get<std::string>()) : std::nullopt;
  if (!seed) {
    problem("header: seed is " + h["seed"].dump() + ", a Dracula game records its seed");
    return problems;
  }
  const Json* seats = member(h, "seats");
  for (const char* role : kSeatNames)
    if (!seats->contains(role) || !(*seats)[role].is_object()) {
      problem(std::string("header: seats.") + role + " is missing");
      return problems;
    }
  const Json* time_ms = member(h["time_control"], "turn_ms");
  compare_recorded("header", "time_limit_ms", member(h, "time_limit_ms"),
                   time_ms ? *time_ms : Json(nullptr), problems);

  const Json empty = Json::object();
  const Json& r = replay.result.contains("result") && replay.result["result"].is_object()
                      ? replay.result["result"]
                      : empty;
  if (!r.contains("past_plays") || !r["past_plays"].is_string()) {
    problem("result line: no past_plays string");
    return problems;
  }
  std::vector<std::string> messages;
  if (r.contains("messages") && r["messages"].is_array()) {
    for (const Json& m : r["messages"]) {
      if (!m.is_string()) {
        problem("result line: messages must be strings");
        return problems;
      }
      messages.push_back(m.get<std::string>());
    }
  }
  const std::string past = r["past_plays"].get<std::string>();
  auto parsed = parse_full(past, messages);
  if (auto* err = std::get_if<ParseError>(&parsed)) {
    problem(fmt::format("result line: past_plays: play {}: {}", err->play, err->message));
    return problems;
  }
  const Record& record = std::get<Record>(parsed);
  if (messages.size() != static_cast<size_t>(record.plays()))
    problem(fmt::format("result line: {} messages for {} plays", messages.size(), record.plays()));
  if (!record.state().is_over()) problem("result line: past_plays does not end the game");

  TurnChecker turns(replay, *seed, messages, problems);
  if (!turns.run()) return problems;

  // §6.6: the game record and the result line are what the replayed turns give.
  const std::string where = "result line";
  const Record& replayed = turns.record();
  compare_recorded(where, "result.past_plays", member(r, "past_plays"), replayed.full(), problems);
  const Json fields = game_fields_from_plays(replayed.full(), replayed.messages());
  for (const auto& [key, value] : fields.items())
    compare_recorded(where, "result." + key, member(r, key.c_str()), value, problems);
  compare_recorded(where, "result.format", member(r, "format"), "fod-game-1", problems);
  compare_recorded(where, "result.seed", member(r, "seed"), std::to_string(*seed), problems);
  compare_recorded(where, "result.time_limit_ms", member(r, "time_limit_ms"),
                   time_ms ? *time_ms : Json(nullptr), problems);
  compare_recorded(where, "result.disqualified", member(r, "disqualified"), turns.disqualified(),
                   problems);
  compare_recorded(where, "result.matured_vampires", member(r, "matured_vampires"), turns.matured(),
                   problems);
  compare_recorded(where, "result.hospital_visits", member(r, "hospital_visits"),
                   turns.hospital_visits(), problems);
  for (int seat = 0; seat < kNumSeats; ++seat) {
    const std::string role = kSeatNames[seat];
    const Json* recorded =
        r.contains("seats") && r["seats"].is_object() && r["seats"].contains(role)
            ? &r["seats"][role]
            : nullptr;
    Json figures = turns.seat_figures(seat, (*seats)[role]);
    // Think times are measurements, not re-derivable: kept as recorded.
    if (recorded && recorded->is_object() && recorded->contains("ms"))
      figures["ms"] = (*recorded)["ms"];
    compare_recorded(where, "result.seats." + role, recorded, figures, problems);
  }
  const int score = replayed.state().score;
  Json scores = Json::object();
  for (int seat = 0; seat < kNumSeats; ++seat)
    scores[kSeatNames[seat]] = seat == kDraculaSeat ? kStartScore - score : score;
  compare_recorded(where, "scores", member(replay.result, "scores"), scores, problems);
  compare_recorded(where, "winner", member(replay.result, "winner"), fields["winner"], problems);
  return problems;
}

Json export_replay(const Replay& replay) {
  const Json r = replay.result.value("result", Json::object());
  Json out = Json::object();
  out["format"] = "fod-game-1";
  for (const char* k : {"seed", "time_limit_ms", "seats", "past_plays", "messages", "winner",
                        "final_score", "final_round", "plays", "dracula_blood", "hunter_health"})
    if (r.contains(k)) out[k] = r[k];
  Json turns = Json::array();
  for (const Json& t : replay.events) {
    if (t.value("type", "") != "turn") continue;
    Json e = Json::object();
    for (const char* k : {"play", "seat", "move", "source", "reason"})
      if (t.contains(k)) e[k] = t[k];
    e["think_ms"] = t.value("ms", 0.0);
    e["garbled_lines"] = t.value("garbled_lines", 0);
    turns.push_back(std::move(e));
  }
  out["turns"] = std::move(turns);
  out["disqualified"] = r.value("disqualified", Json::object());
  // §6.6: stderr is not part of the record; export_files writes it to a separate log file.
  return out;
}

std::vector<ExportFile> export_files(const Replay& replay, const std::string& document_name,
                                     Json& document) {
  // One JSON object per line: each turn's stderr excerpt, then what a seat wrote after its last
  // turn ("play": null; older replays kept a seat's whole stderr there).
  std::string text;
  auto add = [&](Json play, const Json& seat, const Json& stderr_text, bool truncated) {
    if (!stderr_text.is_string() ||
        (stderr_text.get_ref<const std::string&>().empty() && !truncated))
      return;
    Json line = Json::object();
    line["play"] = std::move(play);
    line["seat"] = seat;
    line["stderr"] = stderr_text;
    line["truncated"] = truncated;
    text += line.dump() + "\n";
  };
  for (const Json& t : replay.events)
    if (t.value("type", "") == "turn")
      add(t.value("play", Json(nullptr)), t.value("seat", Json("?")), t.value("stderr", Json("")),
          t.value("stderr_truncated", false));
  for (const Json& t : replay.events)
    if (t.value("type", "") == "log")
      add(Json(nullptr), t.value("seat", Json("?")), t.value("stderr", Json("")),
          t.value("stderr_truncated", false));
  if (text.empty()) return {};
  const std::string name = document_name + ".stderr.jsonl";
  document["stderr_log"] = name;
  return {{name, std::move(text)}};
}

}  // namespace arena::dracula
