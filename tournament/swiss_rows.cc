#include "tournament/swiss_rows.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "tournament/report.h"

namespace arena::tournament {

namespace {

// "a|b" -> the two entrants' indices; false when the table is not a pair of known entrants.
bool parse_pair(const std::string& table, const std::map<std::string, int>& index, SwissPair& p) {
  const size_t bar = table.find('|');
  if (bar == std::string::npos) return false;
  auto a = index.find(table.substr(0, bar)), b = index.find(table.substr(bar + 1));
  if (a == index.end() || b == index.end() || a->second == b->second) return false;
  p = {std::min(a->second, b->second), std::max(a->second, b->second)};
  return true;
}

// The game points of a pairing from its rows (see stored_swiss_rounds).
SwissResult pairing_result(const GameInfo& game, const SwissPair& pair,
                           const std::vector<const MatchRow*>& rows,
                           const std::vector<std::string>& labels) {
  SwissResult r;
  r.pair = pair;
  const std::string& a = labels[pair.a];
  std::map<uint64_t, std::map<std::string, double>> alone;  // one side: seed -> entrant -> score
  for (const MatchRow* row : rows) {
    const std::vector<SidePlace> places = match_places(game, *row);
    if (places.size() == 1) {
      alone[row->spec.seed][places[0].entrant] = places[0].score;
      continue;
    }
    for (size_t i = 0; i < places.size(); ++i)
      (places[i].entrant == a ? r.a_games : r.b_games) += place_share(places, i);
  }
  for (const auto& [seed, scores] : alone) {
    if (scores.size() != 2) continue;  // one of the two failed: the seed counts for neither
    const double sa = scores.at(a), sb = scores.at(labels[pair.b]);
    r.a_games += sa > sb ? 1 : sa == sb ? 0.5 : 0;
    r.b_games += sb > sa ? 1 : sa == sb ? 0.5 : 0;
  }
  return r;
}

}  // namespace

std::vector<StoredSwissRound> stored_swiss_rounds(const GameInfo& game,
                                                  const std::vector<std::string>& labels,
                                                  const std::vector<MatchRow>& rows) {
  std::map<std::string, int> index;
  for (size_t i = 0; i < labels.size(); ++i) index[labels[i]] = static_cast<int>(i);
  const int n = static_cast<int>(labels.size());
  std::map<int64_t, std::vector<const MatchRow*>> by_round;
  for (const MatchRow& row : rows) by_round[row.spec.round].push_back(&row);
  std::vector<StoredSwissRound> out;
  for (int64_t r = 0; by_round.count(r); ++r) {
    StoredSwissRound round;
    round.complete = true;
    std::vector<std::vector<const MatchRow*>> of_pair;  // rows of each pair, board order
    std::vector<bool> seen(n, false);
    for (const MatchRow* row : by_round[r]) {
      round.complete = round.complete && row->state == MatchState::done;
      SwissPair p;
      if (!parse_pair(row->spec.table, index, p)) continue;
      auto it = std::find(round.pairing.pairs.begin(), round.pairing.pairs.end(), p);
      if (it == round.pairing.pairs.end()) {
        round.pairing.pairs.push_back(p);
        of_pair.emplace_back();
        it = round.pairing.pairs.end() - 1;
      }
      of_pair[it - round.pairing.pairs.begin()].push_back(row);
      seen[p.a] = seen[p.b] = true;
    }
    if (n % 2 == 1)
      for (int e = 0; e < n; ++e)
        if (!seen[e] && round.pairing.bye < 0) round.pairing.bye = e;
    round.played.bye = round.pairing.bye;
    for (size_t i = 0; i < round.pairing.pairs.size(); ++i)
      round.played.results.push_back(
          pairing_result(game, round.pairing.pairs[i], of_pair[i], labels));
    out.push_back(std::move(round));
  }
  return out;
}

std::string swiss_round_text(const std::vector<std::string>& labels, const SwissRound& round) {
  std::string out;
  for (const SwissPair& p : round.pairs)
    out += (out.empty() ? "" : ", ") + labels[p.a] + "|" + labels[p.b];
  if (round.bye >= 0) out += (out.empty() ? "bye " : ", bye ") + labels[round.bye];
  return out;
}

std::vector<PlayedRound> complete_rounds(const std::vector<StoredSwissRound>& rounds) {
  std::vector<PlayedRound> out;
  for (const StoredSwissRound& r : rounds) {
    if (!r.complete) break;
    out.push_back(r.played);
  }
  return out;
}

Json swiss_report_json(const GameInfo& game, const Tournament& t,
                       const std::vector<MatchRow>& rows) {
  std::vector<std::string> labels;
  for (const Json& e : t.config.value("entrants", Json::array()))
    labels.push_back(e.at("label").get<std::string>());
  const int n = static_cast<int>(labels.size());
  const std::vector<StoredSwissRound> rounds = stored_swiss_rounds(game, labels, rows);
  const std::vector<PlayedRound> played = complete_rounds(rounds);
  Json standings = Json::array();
  for (const SwissStanding& s : swiss_standings(n, played))
    standings.push_back({{"entrant", labels[s.entrant]},
                         {"rank", s.rank},
                         {"points", s.points},
                         {"buchholz", s.buchholz},
                         {"game_points", s.game_points},
                         {"pairings", s.pairings},
                         {"byes", s.byes}});
  Json list = Json::array();
  for (size_t r = 0; r < rounds.size(); ++r) {
    Json pairs = Json::array();
    for (const SwissResult& res : rounds[r].played.results) {
      Json p = {{"entrants", {labels[res.pair.a], labels[res.pair.b]}},
                {"games", {res.a_games, res.b_games}}};
      p["points"] = rounds[r].complete ? Json{res.a_points(), 1 - res.a_points()} : Json();
      pairs.push_back(p);
    }
    const int bye = rounds[r].pairing.bye;
    list.push_back({{"round", r + 1},
                    {"complete", rounds[r].complete},
                    {"pairs", pairs},
                    {"bye", bye >= 0 ? Json(labels[bye]) : Json()}});
  }
  return {{"rounds", t.config.value("rounds", 0)},
          {"played", played.size()},
          {"standings", standings},
          {"pairings", list}};
}

std::string swiss_report_text(const Json& report) {
  if (!report.contains("swiss")) return "";
  const Json& s = report["swiss"];
  std::string out =
      fmt::format("\nswiss: {} of {} rounds played (a pairing won 1 point, drawn 1/2, a bye 1)\n",
                  s["played"].get<int>(), s["rounds"].get<int>());
  out += fmt::format("{:>4}  {:<20} {:>7} {:>9} {:>7} {:>9} {:>5}\n", "rank", "entrant", "points",
                     "buchholz", "games", "pairings", "byes");
  for (const Json& x : s["standings"])
    out += fmt::format("{:>4}  {:<20} {:>7g} {:>9g} {:>7g} {:>9} {:>5}\n", x["rank"].get<int>(),
                       x["entrant"].get<std::string>(), x["points"].get<double>(),
                       x["buchholz"].get<double>(), x["game_points"].get<double>(),
                       x["pairings"].get<int>(), x["byes"].get<int>());
  for (const Json& r : s["pairings"]) {
    out += fmt::format("round {}{}:", r["round"].get<int>(), r["complete"] ? "" : " (playing)");
    std::string sep = " ";
    for (const Json& p : r["pairs"]) {
      out += fmt::format("{}{} {:g}-{:g} {}", sep, p["entrants"][0].get<std::string>(),
                         p["games"][0].get<double>(), p["games"][1].get<double>(),
                         p["entrants"][1].get<std::string>());
      sep = ", ";
    }
    if (r["bye"].is_string()) out += sep + "bye " + r["bye"].get<std::string>();
    out += "\n";
  }
  return out;
}

}  // namespace arena::tournament
