// `arena replay` for Fury of Dracula: re-checks a recorded game against the rules (§6.6: replaying
// past_plays must reproduce final_score, dracula_blood and hunter_health exactly), and exports the
// spec's own "fod-game-1" document.
#include <variant>

#include <fmt/format.h>

#include "games/dracula/game.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/referee.h"

namespace arena::dracula {

namespace {

const char* const kSeatNames[] = {"G", "S", "H", "M", "D"};

}  // namespace

std::vector<std::string> check_replay(const Replay& replay) {
  std::vector<std::string> problems;
  auto problem = [&](std::string p) { problems.push_back(std::move(p)); };
  if (replay.header.value("format", "") != "fod-game-1")
    problem("header: format is not fod-game-1");
  const Json r = replay.result.value("result", Json::object());
  if (!r.contains("past_plays") || !r["past_plays"].is_string()) {
    problem("result: no past_plays string");
    return problems;
  }
  std::vector<std::string> messages;
  if (r.contains("messages") && r["messages"].is_array()) {
    for (const Json& m : r["messages"]) {
      if (!m.is_string()) {
        problem("result: messages must be strings");
        return problems;
      }
      messages.push_back(m.get<std::string>());
    }
  }
  const std::string past = r["past_plays"].get<std::string>();
  auto parsed = parse_full(past, messages);
  if (auto* err = std::get_if<ParseError>(&parsed)) {
    problem(fmt::format("result: past_plays: play {}: {}", err->play, err->message));
    return problems;
  }
  const Record& record = std::get<Record>(parsed);
  if (messages.size() != static_cast<size_t>(record.plays()))
    problem(fmt::format("result: {} messages for {} plays", messages.size(), record.plays()));
  if (!record.state().is_over()) problem("result: past_plays does not end the game");

  const Json expected = game_fields_from_plays(past, messages);
  for (const auto& [key, value] : expected.items()) {
    if (!r.contains(key) || r[key] != value)
      problem(fmt::format("result: {} is {}, replaying past_plays gives {}", key,
                          r.value(key, Json(nullptr)).dump(), value.dump()));
  }

  int n = 0;
  for (const Json& t : replay.events) {
    if (t.value("type", "") != "turn") continue;
    const std::string where = fmt::format("turn {}", n);
    try {
      if (n >= record.plays()) {
        problem(where + ": more turns than plays");
        break;
      }
      if (t.at("play").get<int>() != n) problem(where + ": numbered " + t["play"].dump());
      if (t.at("seat").get<std::string>() != kSeatNames[n % kNumSeats])
        problem(where + ": seat " + t["seat"].dump());
      const std::string code = past.substr(static_cast<size_t>(n) * 8 + 1, 2);
      if (t.at("move").get<std::string>() != code)
        problem(fmt::format("{}: move {}, past_plays has {}", where, t["move"].dump(), code));
      const std::string source = t.at("source").get<std::string>();
      if (source != "ai" && source != "default" && source != "teleport")
        problem(where + ": unknown source " + t["source"].dump());
      if (source == "teleport" && code != "TP") problem(where + ": a teleport that is not TP");
      // §6.1: the turn's stderr, at most 64 KiB.
      if (t.contains("stderr") &&
          (!t["stderr"].is_string() ||
           t["stderr"].get_ref<const std::string&>().size() > kStderrCapBytes))
        problem(where + ": stderr is not a string of at most 64 KiB");
      if (t.contains("stderr_truncated") && !t["stderr_truncated"].is_boolean())
        problem(where + ": stderr_truncated is not a boolean");
    } catch (const std::exception& e) {
      problem(fmt::format("{}: malformed entry: {}", where, e.what()));
      break;
    }
    ++n;
  }
  if (n != record.plays()) problem(fmt::format("{} turn lines for {} plays", n, record.plays()));
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
