#include "games/evolution/net/table.h"

#include <exception>
#include <map>

#include "games/evolution/cards.h"
#include "games/evolution/dealer.h"
#include "games/evolution/json.h"

namespace arena::evolution {

namespace {

// The dealer's hooks: turn lines, ejection lines, and the closing of an ejected client's
// connection. Event lines come from the RecordingPlayer around each participant.
class Recorder : public DealerObserver {
 public:
  Recorder(std::vector<Participant*> by_id, const TableOptions& options, TableResult& result)
      : by_id_(std::move(by_id)), options_(options), result_(result) {}

  int turn() const { return turn_; }
  void add(Json event) {
    if (!options_.record) return;
    if (options_.on_line) options_.on_line(event);
    result_.events.push_back(std::move(event));
  }

  void on_ejected(int64_t id, std::string_view dealer_reason) override {
    Participant& p = *by_id_.at(static_cast<size_t>(id - 1));
    // A client failure is its own precise reason; the dealer only saw an exception.
    std::string reason(dealer_reason);
    if (p.remote && p.remote->failed()) reason = p.remote->failure().detail;
    if (p.connection) p.connection->finish(100);  // §8.8: its connection is closed
    result_.ejections.push_back({id, p.seat, reason});
    if (options_.log) {
      options_.log("player " + std::to_string(id) + " (" + p.seat + ", " + Json(p.name).dump() +
                   ") ejected in turn " + std::to_string(turn_) + ": " + reason);
    }
    Json e = Json::object();
    e["type"] = "event";
    e["turn"] = turn_;
    e["event"] = "ejected";
    e["id"] = id;
    e["seat"] = p.seat;
    e["reason"] = reason;
    add(std::move(e));
  }

  void on_turn_end(int turn, const Configuration& c) override {
    turn_ = turn + 1;
    if (!options_.record) return;
    Json t = Json::object();
    t["type"] = "turn";
    t["turn"] = turn;
    t["configuration"] = configuration_to_json(c);
    add(std::move(t));
  }

 private:
  std::vector<Participant*> by_id_;
  const TableOptions& options_;
  TableResult& result_;
  int turn_ = 1;
};

// Records every call made to the participant as one event line: the message as the wire carries
// it, the reply (parsed, in the remote form), or why there is none.
class RecordingPlayer : public Player {
 public:
  RecordingPlayer(Player& inner, Recorder& rec, int64_t id, std::string seat)
      : inner_(inner), rec_(rec), id_(id), seat_(std::move(seat)) {}

  void start(int64_t watering_hole, int64_t bag, const Boards& boards, const Hand& cards) override {
    Json e = event("start", start_message(watering_hole, bag, boards, cards));
    call(e, [&] { inner_.start(watering_hole, bag, boards, cards); });
  }

  Action4 choose(const Lob& before, const Lob& after) override {
    Json e = event("choose", choose_message(before, after));
    Action4 a;
    call(e, [&] {
      a = inner_.choose(before, after);
      e["reply"] = remote_action4_to_json(a);
    });
    return a;
  }

  FeedingChoice feed_next(int64_t bag, const Boards& boards, const Hand& cards,
                          int64_t watering_hole, const Lob& others) override {
    Json e = event("feedNext", state_message(bag, boards, cards, watering_hole, others));
    FeedingChoice c;
    call(e, [&] {
      c = inner_.feed_next(bag, boards, cards, watering_hole, others);
      e["reply"] = feeding_choice_to_json(c);
    });
    return c;
  }

 private:
  Json event(const char* call, Json message) {
    Json e = Json::object();
    e["type"] = "event";
    e["turn"] = rec_.turn();
    e["id"] = id_;
    e["seat"] = seat_;
    e["call"] = call;
    e["message"] = std::move(message);
    return e;
  }

  template <class F>
  void call(Json& e, F&& f) {
    const auto since = Clock::now();
    try {
      f();
    } catch (const ClientFailure& x) {
      e["verdict"] = to_string(x.verdict());
      e["detail"] = x.what();
      e["ms"] = ms_since(since);
      rec_.add(std::move(e));
      throw;
    } catch (const std::exception& x) {
      // Not a client's failure but one on our side of its seat (e.g. out of memory): the call
      // died without an answer.
      e["verdict"] = to_string(Verdict::crashed);
      e["detail"] = std::string("exception: ") + x.what();
      e["ms"] = ms_since(since);
      rec_.add(std::move(e));
      throw;
    }
    e["ms"] = ms_since(since);
    rec_.add(std::move(e));
  }

  Player& inner_;
  Recorder& rec_;
  int64_t id_;
  std::string seat_;
};

bool takes_part(const Participant& p) {
  return p.dropped.empty() && p.player;
}

}  // namespace

Json players_json(const std::vector<Participant>& participants) {
  Json players = Json::array();
  for (const Participant& p : participants) {
    if (!takes_part(p)) continue;
    Json j = Json::object();
    j["id"] = players.size() + 1;
    j["seat"] = p.seat;
    j["name"] = p.name;
    players.push_back(std::move(j));
  }
  return players;
}

TableResult run_table(std::vector<Participant>& participants, const TableOptions& options) {
  TableResult result;
  result.players = players_json(participants);
  std::vector<Participant*> active;
  for (Participant& p : participants)
    if (takes_part(p)) active.push_back(&p);
  Recorder recorder(active, options, result);
  std::vector<std::unique_ptr<RecordingPlayer>> recording;
  std::vector<Player*> players;
  for (size_t i = 0; i < active.size(); ++i) {
    if (options.record) {
      recording.push_back(std::make_unique<RecordingPlayer>(
          *active[i]->player, recorder, static_cast<int64_t>(i + 1), active[i]->seat));
      players.push_back(recording.back().get());
    } else {
      players.push_back(active[i]->player.get());
    }
  }
  if (!players.empty()) {
    DealerOptions dealer_options;
    dealer_options.time_limit = options.time_limit;
    dealer_options.rules = options.variant.rules;
    Dealer dealer(players, make_deck(options.variant.deck, options.seed), dealer_options);
    dealer.set_observer(&recorder);
    dealer.run();
    result.ranking = dealer.ranking();
    result.turns = dealer.engine().turn();
  }
  // §8.7: no end message; every connection is closed, and started bots are given time to leave.
  for (Participant& p : participants) {
    if (p.connection) p.connection->finish(options.end_grace_ms);
  }
  for (Participant& p : participants) {
    if (!p.connection || !options.log_seats) continue;
    const Seat& s = *p.connection;
    if (s.stderr_text().empty() && s.exit_description().empty() && s.start_error().empty())
      continue;
    Json log = Json::object();
    log["type"] = "log";
    log["seat"] = p.seat;
    if (!s.start_error().empty()) log["start_error"] = s.start_error();
    if (!s.exit_description().empty()) log["exit"] = s.exit_description();
    log["stderr"] = s.stderr_text();
    log["stderr_truncated"] = s.stderr_truncated();
    if (options.on_line) options.on_line(log);
    result.events.push_back(std::move(log));
  }
  return result;
}

Json variant_json(const Variant& v) {
  Json j = Json::object();
  j["rules"] = rules_name(v.rules);
  j["deck"] = deck_order_name(v.deck);
  return j;
}

Json result_json(const TableResult& r) {
  Json ranking = Json::array();
  for (const Engine::Rank& k : r.ranking) {
    Json e = Json::object();
    e["place"] = k.place;
    e["id"] = k.id;
    e["seat"] = r.players.at(static_cast<size_t>(k.id - 1))["seat"];
    e["score"] = k.score;
    ranking.push_back(std::move(e));
  }
  Json ejected = Json::array();
  for (const Ejection& x : r.ejections) {
    Json e = Json::object();
    e["id"] = x.id;
    e["seat"] = x.seat;
    e["reason"] = x.reason;
    ejected.push_back(std::move(e));
  }
  Json j = Json::object();
  j["ranking"] = std::move(ranking);
  j["ejected"] = std::move(ejected);
  j["turns"] = r.turns;
  return j;
}

Json result_line(const TableResult& r, const std::vector<std::string>& seats) {
  std::map<std::string, int64_t> scores;  // keys in order: the same bytes for the same game
  for (const std::string& seat : seats) scores[seat] = 0;
  Json winner = nullptr;
  for (const Engine::Rank& k : r.ranking) {
    const std::string seat = r.players.at(static_cast<size_t>(k.id - 1))["seat"];
    scores[seat] = k.score;
    if (k.place == 1) winner = seat;
  }
  Json line = Json::object();
  line["type"] = "result";
  line["scores"] = Json::object();
  for (const auto& [seat, score] : scores) line["scores"][seat] = score;
  line["winner"] = std::move(winner);
  line["result"] = result_json(r);
  return line;
}

}  // namespace arena::evolution
