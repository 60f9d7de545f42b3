#include "games/evolution/net/replay_check.h"

#include "games/evolution/rule_set.h"

#include <optional>

#include "core/verdict.h"

#include "games/evolution/cards.h"
#include "games/evolution/engine.h"
#include "games/evolution/json.h"
#include "games/evolution/net/table.h"

namespace arena::evolution {

namespace {

// The lines the engine consumes, in order: calls, ejections and turn ends.
std::vector<const Json*> game_lines(const Replay& replay) {
  std::vector<const Json*> out;
  for (const Json& e : replay.events) {
    const std::string type = e.value("type", "");
    if (type == "turn" ||
        (type == "event" && (e.contains("call") || e.value("event", "") == "ejected")))
      out.push_back(&e);
  }
  return out;
}

bool is_ejection_of(const Json* line, int64_t id) {
  return line && line->value("event", "") == "ejected" && line->value("id", int64_t{0}) == id;
}

class Checker {
 public:
  explicit Checker(const Replay& replay) : replay_(replay), lines_(game_lines(replay)) {}

  std::vector<std::string> run() {
    const Json& h = replay_.header;
    if (!h.contains("players") || !h["players"].is_array() || h["players"].size() > 8)
      return {"header: \"players\" must be a list of at most 8 players"};
    if (auto err = check_line_types()) return {*err};
    if (auto err = check_header_rest()) return {*err};
    uint64_t seed = 0;
    try {
      seed = parse_seed(h["seed"].get<std::string>()).value();
    } catch (...) {
      return {"header: the seed is not a decimal string"};
    }
    // The rule set and deck the game was played with (match_params: rules=, deck=).
    Variant variant;
    const Json& mp = h.value("match_params", Json::object());
    if (mp.is_object()) {
      if (mp.contains("rules")) {
        auto r =
            mp["rules"].is_string() ? parse_rules(mp["rules"].get<std::string>()) : std::nullopt;
        if (!r)
          return {"header: match_params.rules is " + mp["rules"].dump() +
                  ", expected \"spec\" or \"instructor\""};
        variant.rules = *r;
      }
      if (mp.contains("deck")) {
        auto d =
            mp["deck"].is_string() ? parse_deck_order(mp["deck"].get<std::string>()) : std::nullopt;
        if (!d)
          return {"header: match_params.deck is " + mp["deck"].dump() +
                  ", expected \"shuffled\" or \"unshuffled\""};
        variant.deck = *d;
      }
    }
    // Only the shuffle of §2.5 takes the seed, and only 32 bits of it.
    if (variant.deck == DeckOrder::shuffled && seed > UINT32_MAX)
      return {"header: the seed exceeds 32 bits"};
    seed_ = seed;
    for (size_t i = 0; i < h["players"].size(); ++i) {
      const Json& p = h["players"][i];
      if (!p.is_object() || p.value("id", Json(nullptr)) != i + 1 || !p.contains("seat") ||
          !p["seat"].is_string() || !h["seats"].contains(p["seat"].get<std::string>()))
        return {"header: players[" + std::to_string(i) + "] is " + quote_json(p) +
                ", expected {\"id\": " + std::to_string(i + 1) +
                ", \"seat\": a seat of \"seats\"}"};
    }
    Configuration c;
    for (size_t i = 0; i < h["players"].size(); ++i) {
      PlayerState p;
      p.id = static_cast<int64_t>(i + 1);
      c.players.push_back(p);
    }
    c.deck = make_deck(variant.deck, static_cast<uint32_t>(seed));
    Engine e(std::move(c), variant.rules);
    try {
      if (!e.config().players.empty()) simulate(e);
    } catch (const std::exception& x) {
      problem(std::string("a recorded line cannot be read: ") + error_text(x));
    }
    if (problems_.empty() && next_ < lines_.size())
      problem("line after the end of the game: " + lines_[next_]->dump().substr(0, 120));
    try {
      if (problems_.empty()) check_result(e);
    } catch (const std::exception& x) {
      problem(std::string("result line: cannot be read: ") + error_text(x));
    }
    return problems_;
  }

 private:
  // The members the replay reads, with the JSON type each must have: named by line, not by the
  // JSON library.
  std::optional<std::string> check_line_types() const {
    static const std::pair<const char*, bool> kMembers[] = {
        {"call", true},    {"event", true}, {"seat", true}, {"reason", true},
        {"verdict", true}, {"id", false},   {"turn", false}};
    for (size_t i = 0; i < replay_.events.size(); ++i) {
      const Json& e = replay_.events[i];
      for (const auto& [key, is_string] : kMembers) {
        if (!e.contains(key)) continue;
        const Json& v = e[key];
        if (is_string ? v.is_string() : v.is_number_integer()) continue;
        return "line " + std::to_string(i + 2) + ": \"" + key + "\" is " + quote_json(v) +
               (is_string ? ", expected a string" : ", expected an integer");
      }
    }
    return std::nullopt;
  }

  // The time limit (a match parameter, not re-derivable, but a positive integer) and the seats
  // dropped before the game: the header's list is the replay's "dropped" events (game.cc; replays
  // written by `arena host` have none).
  std::optional<std::string> check_header_rest() const {
    const Json& h = replay_.header;
    const Json& tc = h["time_control"];
    if (!tc.contains("call_ms") || !tc["call_ms"].is_number_integer() ||
        tc["call_ms"].get<int64_t>() <= 0)
      return "header: time_control.call_ms is " +
             (tc.contains("call_ms") ? quote_json(tc["call_ms"]) : std::string("missing")) +
             ", expected a positive integer";
    if (!h.contains("dropped")) return std::nullopt;
    Json expected = Json::array();
    for (const Json& e : replay_.events)
      if (e.value("type", "") == "event" && e.value("event", "") == "dropped")
        expected.push_back({{"seat", e.value("seat", Json(nullptr))},
                            {"reason", e.value("reason", Json(nullptr))}});
    std::vector<std::string> found;
    compare_recorded("header", "dropped", &h["dropped"], expected, found);
    if (!found.empty()) return found.front();
    for (const Json& d : expected) {
      const Json& seat = d["seat"];
      bool playing = false;
      for (const Json& p : h["players"]) playing = playing || p.value("seat", Json()) == seat;
      if (!seat.is_string() || !h["seats"].contains(seat.get<std::string>()) || playing)
        return "header: dropped seat " + quote_json(seat) +
               " is not a seat of \"seats\" outside \"players\"";
    }
    return std::nullopt;
  }

  void problem(std::string p) {
    if (problems_.size() < 20) problems_.push_back(std::move(p));
  }
  const Json* peek() const { return next_ < lines_.size() ? lines_[next_] : nullptr; }
  const Json* take() { return next_ < lines_.size() ? lines_[next_++] : nullptr; }

  // The recorded call for the pending player; nullptr after reporting a problem.
  const Json* expect_call(const Engine& e, const char* call, const Json& message) {
    const int64_t id = e.config().players[e.pending()].id;
    const Json* line = take();
    const std::string where =
        "turn " + std::to_string(e.turn() + 1) + ", player " + std::to_string(id) + ", " + call;
    if (!line || line->value("call", "") != call || line->value("id", int64_t{0}) != id) {
      problem(where + ": expected this call, found " +
              (line ? line->dump().substr(0, 120) : "nothing"));
      return nullptr;
    }
    if (!line->contains("message") || (*line)["message"] != message) {
      // The first call's message holds the first hand: the deck the header's seed shuffles.
      problem(where + (next_ == 1 ? ": the recorded message is not what seed " +
                                        std::to_string(seed_) + " deals"
                                  : ": the recorded message differs"));
    }
    compare_recorded(where, "turn", line->contains("turn") ? &(*line)["turn"] : nullptr,
                     e.turn() + 1, problems_);
    compare_recorded(where, "seat", line->contains("seat") ? &(*line)["seat"] : nullptr,
                     seat_of(id), problems_);
    if (line->contains("verdict")) check_verdict(where, (*line)["verdict"].get<std::string>());
    if (line->contains("verdict") && line->contains("reply"))
      problem(where + ": a call with a verdict has no reply, yet one is recorded");
    if (!line->contains("verdict") && std::string(call) != "start" && !line->contains("reply"))
      problem(where + ": no reply and no verdict");
    return line;
  }

  // A failed call's verdict is one of the core verdicts a client's failure has (RemotePlayer,
  // table.cc), written by to_string(Verdict).
  void check_verdict(const std::string& where, const std::string& verdict) {
    static const Verdict kFailures[] = {Verdict::timeout, Verdict::crashed, Verdict::closed,
                                        Verdict::malformed, Verdict::too_long};
    std::string names;
    for (Verdict v : kFailures) {
      if (verdict == to_string(v)) return;
      names += (names.empty() ? "" : ", ") + std::string(to_string(v));
    }
    std::string was;
    if (verdict == "shape" || verdict == "cheating")
      was = "; earlier versions wrote \"" + verdict + "\" for what is now \"malformed\"";
    if (verdict == "exception") was = "; earlier versions wrote \"exception\" for \"crashed\"";
    problem(where + ": verdict " + Json(verdict).dump() + " is not the verdict of a failed call (" +
            names + ")" + was);
  }

  // After a failed call, or an answer the dealer refused for time: the ejection line.
  void expect_ejection(Engine& e, int64_t id) {
    const Json* line = take();
    if (!is_ejection_of(line, id)) {
      problem("player " + std::to_string(id) + ": ejection line missing");
    } else {
      ejected_.push_back(
          {{"id", id}, {"seat", seat_of(id)}, {"reason", line->value("reason", Json(""))}});
      const std::string where = "player " + std::to_string(id) + ", ejection";
      compare_recorded(where, "seat", line->contains("seat") ? &(*line)["seat"] : nullptr,
                       seat_of(id), problems_);
      compare_recorded(where, "turn", line->contains("turn") ? &(*line)["turn"] : nullptr,
                       e.turn() + 1, problems_);
    }
    e.eject_pending();
  }

  Json seat_of(int64_t id) const {
    const Json& players = replay_.header["players"];
    return id >= 1 && static_cast<size_t>(id) <= players.size()
               ? players[static_cast<size_t>(id - 1)].value("seat", Json(nullptr))
               : Json(nullptr);
  }

  void simulate(Engine& e) {
    while (problems_.empty()) {
      const Engine::Phase phase = e.phase();
      if (phase == Engine::Phase::setup) {
        if (e.turn() > 0) {
          const Json* t = take();
          if (!t || t->value("type", "") != "turn" || t->value("turn", -1) != e.turn()) {
            problem("turn " + std::to_string(e.turn()) + ": turn line missing");
          } else if (t->at("configuration") != configuration_to_json(e.config())) {
            problem("turn " + std::to_string(e.turn()) + ": the configuration differs");
          }
        }
        e.advance();
        continue;
      }
      if (phase == Engine::Phase::over || phase == Engine::Phase::step4_done) return;
      const int pos = e.pending();
      const PlayerState& me = e.config().players[pos];
      const int64_t id = me.id;
      const Json* line = nullptr;
      if (phase == Engine::Phase::start) {
        line = expect_call(e, "start",
                           start_message(e.config().watering_hole, me.bag, me.boards, me.hand));
      } else if (phase == Engine::Phase::choose) {
        line = expect_call(e, "choose", choose_message(e.boards_before(pos), e.boards_after(pos)));
      } else {
        line = expect_call(
            e, "feedNext",
            state_message(me.bag, me.boards, me.hand, e.config().watering_hole, e.others(pos)));
      }
      if (!line) return;
      if (line->contains("verdict")) {
        expect_ejection(e, id);
        continue;
      }
      if (phase == Engine::Phase::start) {
        e.acknowledge_start();
        continue;
      }
      // A reply refused for its time comes with an ejection that is not for cheating.
      const Json* after = peek();
      if (is_ejection_of(after, id) && after->value("reason", "").rfind("cheating", 0) != 0) {
        expect_ejection(e, id);
        continue;
      }
      const bool ok = phase == Engine::Phase::choose
                          ? e.submit_action(action4_from_json(line->at("reply"), GrowthForm::pairs))
                          : e.submit_feeding(feeding_choice_from_json(line->at("reply")));
      if (!ok) {
        const Json* eject = take();
        if (!is_ejection_of(eject, id))
          problem("player " + std::to_string(id) + ": cheating answer without an ejection line");
        else
          ejected_.push_back(
              {{"id", id}, {"seat", seat_of(id)}, {"reason", eject->value("reason", Json(""))}});
      }
    }
  }

  // The result line: what result_line (the function `arena play` and `arena host` write it with)
  // gives for the replayed game: ranking, ejections and turns, and the container's scores (a seat
  // not ranked scores 0) and winner. Replays written by `arena host` before it wrote scores and
  // winner have neither; they are then not required.
  void check_result(const Engine& e) {
    const Json& line = replay_.result;
    const std::string where = "result line";
    TableResult replayed;
    replayed.ranking = e.ranking();
    replayed.turns = e.turn();
    replayed.players = replay_.header["players"];
    for (const Json& x : ejected_)
      replayed.ejections.push_back(
          {x["id"].get<int64_t>(), x["seat"].get<std::string>(), x["reason"].get<std::string>()});
    std::vector<std::string> seats;
    for (const auto& [seat, name] : replay_.header["seats"].items()) seats.push_back(seat);
    const Json expected = result_line(replayed, seats);
    compare_recorded(where, "result", line.contains("result") ? &line["result"] : nullptr,
                     expected["result"], problems_);
    if (line.contains("scores") || line.contains("winner")) {
      compare_recorded(where, "scores", line.contains("scores") ? &line["scores"] : nullptr,
                       expected["scores"], problems_);
      compare_recorded(where, "winner", line.contains("winner") ? &line["winner"] : nullptr,
                       expected["winner"], problems_);
    }
  }

  const Replay& replay_;
  std::vector<const Json*> lines_;
  size_t next_ = 0;
  uint64_t seed_ = 0;
  Json ejected_ = Json::array();
  std::vector<std::string> problems_;
};

}  // namespace

std::vector<std::string> check_replay(const Replay& replay) {
  return Checker(replay).run();
}

Json export_replay(const Replay& replay) {
  Json doc = Json::object();
  doc["game"] = "evolution";
  doc["seed"] = replay.header.value("seed", Json(nullptr));
  doc["players"] = replay.header.value("players", Json::array());
  Json messages = Json::array(), turns = Json::array(), ejected = Json::array();
  for (const Json& e : replay.events) {
    const std::string type = e.value("type", "");
    if (type == "turn") {
      turns.push_back({{"turn", e.value("turn", Json(nullptr))},
                       {"configuration", e.value("configuration", Json(nullptr))}});
    } else if (type == "event" && e.contains("call")) {
      Json m = Json::object();
      for (const char* key : {"turn", "id", "call", "message", "reply", "verdict", "detail"})
        if (e.contains(key)) m[key] = e[key];
      messages.push_back(std::move(m));
    }
  }
  const Json result = replay.result.value("result", Json::object());
  doc["turns"] = std::move(turns);
  doc["messages"] = std::move(messages);
  doc["ejected"] = result.value("ejected", Json::array());
  doc["ranking"] = result.value("ranking", Json::array());
  // What xmain / xserver print for this game (§7).
  std::string lines;
  for (const Json& k : doc["ranking"])
    if (k.is_object())
      lines += std::to_string(k.value("place", 0)) +
               " player id: " + std::to_string(k.value("id", int64_t{0})) +
               " score: " + std::to_string(k.value("score", int64_t{0})) + "\n";
  doc["ranking_lines"] = lines;
  return doc;
}

}  // namespace arena::evolution
