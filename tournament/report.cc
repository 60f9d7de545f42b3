#include "tournament/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "tournament/ratings.h"
#include "tournament/swiss_rows.h"

namespace arena::tournament {

namespace {

bool side_has(const GameInfo& game, const Side& side, const std::string& winner) {
  if (side.name == winner) return true;
  if (std::find(side.roles.begin(), side.roles.end(), winner) != side.roles.end()) return true;
  if (auto g = game.role_groups.find(winner); g != game.role_groups.end())
    for (const std::string& r : g->second)
      if (std::find(side.roles.begin(), side.roles.end(), r) != side.roles.end()) return true;
  return false;
}

double number(const Json& j) {
  return j.is_number() ? j.get<double>() : 0.0;
}

// Mean and 95% half-width of a sample.
std::pair<double, double> mean_ci(const std::vector<double>& xs) {
  if (xs.empty()) return {0, 0};
  double sum = 0;
  for (double x : xs) sum += x;
  const double mean = sum / static_cast<double>(xs.size());
  if (xs.size() < 2) return {mean, 0};
  double ss = 0;
  for (double x : xs) ss += (x - mean) * (x - mean);
  const double sd = std::sqrt(ss / static_cast<double>(xs.size() - 1));
  return {mean, 1.96 * sd / std::sqrt(static_cast<double>(xs.size()))};
}

double round_to(double x, double unit) {
  return std::round(x / unit) * unit;
}

}  // namespace

std::vector<SidePlace> match_places(const GameInfo& game, const MatchRow& row) {
  std::vector<SidePlace> places;
  if (!row.result || !row.result->error.empty() || row.result->result.is_null()) return places;
  const Json& res = row.result->result;
  const std::vector<Side> sides = game_sides(game, static_cast<int>(row.spec.seats.size()));
  for (const Side& side : sides) {
    SidePlace p;
    p.side = side.name;
    for (const SeatEntry& s : row.spec.seats)
      if (std::find(side.roles.begin(), side.roles.end(), s.role) != side.roles.end()) {
        p.entrant = s.entrant;
        if (auto sc = res["scores"].find(s.role); sc != res["scores"].end()) p.score += number(*sc);
      }
    places.push_back(p);
  }
  if (places.size() == 2) {
    const Json& w = res["winner"];
    if (w.is_string()) {
      const bool first = side_has(game, sides[0], w.get<std::string>());
      places[0].rank = first ? 1 : 2;
      places[1].rank = first ? 2 : 1;
    }
  } else if (places.size() > 2) {
    for (SidePlace& p : places) {
      p.rank = 1;
      for (const SidePlace& q : places)
        if (q.score > p.score) ++p.rank;
    }
  }
  return places;
}

double place_share(const std::vector<SidePlace>& places, size_t i) {
  if (places.size() == 1) return places[0].score;
  double beaten = 0;
  for (size_t j = 0; j < places.size(); ++j) {
    if (j == i) continue;
    if (places[j].rank > places[i].rank) beaten += 1;
    if (places[j].rank == places[i].rank) beaten += 0.5;
  }
  return beaten / static_cast<double>(places.size() - 1);
}

Json match_json(const MatchRow& row, bool with_replay) {
  Json seats = Json::array();
  for (const SeatEntry& s : row.spec.seats)
    seats.push_back({{"role", s.role}, {"entrant", s.entrant}, {"spec", s.spec}});
  Json j = {{"index", row.spec.index},
            {"round", row.spec.round},
            {"seed", std::to_string(row.spec.seed)},
            {"pairing", row.spec.table},
            {"arrangement", row.spec.arrangement},
            {"seats", seats},
            {"state", to_string(row.state)},
            {"attempts", row.attempts}};
  if (row.result) {
    j["result"] = row.result->result;
    j["verdicts"] = row.result->verdicts;
    j["error"] = row.result->error.empty() ? Json() : Json(row.result->error);
    j["duration_ms"] = round_to(row.result->duration_ms, 0.001);
    if (with_replay) j["replay"] = row.result->replay;
  }
  return j;
}

Json report_json(const GameInfo& game, const Tournament& t, const std::vector<MatchRow>& rows) {
  std::vector<std::string> labels;
  for (const Json& e : t.config.value("entrants", Json::array()))
    labels.push_back(e.at("label").get<std::string>());
  std::map<std::string, int> index;
  for (size_t i = 0; i < labels.size(); ++i) index[labels[i]] = static_cast<int>(i);
  const int n = static_cast<int>(labels.size());
  const int seats = t.config.value("seats", game.min_seats);
  const std::vector<Side> sides = game_sides(game, seats);
  const int k = static_cast<int>(sides.size());
  const std::string kind = k == 1 ? "single-seat" : k == 2 ? "two-sided" : "multi-player";

  int done = 0, failed = 0, queued = 0;
  std::vector<PairResult> pairs;
  std::vector<SkillRating> skill(n);
  std::vector<int> games(n, 0), wins(n, 0), draws(n, 0), losses(n, 0);
  std::vector<double> share(n, 0);
  std::vector<std::vector<double>> scores(n);
  std::vector<std::vector<double>> m_games(n, std::vector<double>(n, 0)), m_points = m_games;
  // side -> entrant -> (games, share sum); role -> (scores, wins)
  std::map<std::string, std::vector<std::pair<int, double>>> by_side;
  std::map<std::string, std::vector<double>> role_scores;
  std::map<std::string, int> role_wins;
  Json faults = Json::object();
  for (const std::string& l : labels) faults[l] = Json::object();

  for (const MatchRow& row : rows) {
    if (row.state != MatchState::done) {
      ++queued;
      continue;
    }
    ++done;
    // Verdicts count for every match played, failed ones included.
    for (const SeatEntry& s : row.spec.seats)
      if (row.result && row.result->verdicts.contains(s.role))
        for (auto& [verdict, count] : row.result->verdicts[s.role].items())
          faults[s.entrant][verdict] = faults[s.entrant].value(verdict, 0) + count.get<int64_t>();
    auto places = match_places(game, row);
    if (places.empty()) {
      ++failed;
      continue;
    }
    const Json& res = row.result->result;
    for (auto& [role, sc] : res["scores"].items()) {
      role_scores[role].push_back(number(sc));
      if (res["winner"].is_string() &&
          (res["winner"] == role ||
           side_has(game, Side{role, {role}}, res["winner"].get<std::string>())))
        role_wins[role] += 1;
    }
    RankedMatch ranked;
    for (size_t i = 0; i < places.size(); ++i) {
      const int e = index.at(places[i].entrant);
      const double s = place_share(places, i);
      ++games[e];
      share[e] += s;
      scores[e].push_back(places[i].score);
      auto& side = by_side[places[i].side];
      side.resize(n);
      side[e].first += 1;
      side[e].second += s;
      ranked.players.push_back(e);
      ranked.ranks.push_back(places[i].rank);
      for (size_t j = 0; j < places.size(); ++j) {
        if (j == i) continue;
        const int o = index.at(places[j].entrant);
        const double pts = places[i].rank < places[j].rank    ? 1
                           : places[i].rank == places[j].rank ? 0.5
                                                              : 0;
        m_games[e][o] += 1;
        m_points[e][o] += pts;
      }
    }
    if (k == 2) {
      const double sa = places[0].rank < places[1].rank    ? 1
                        : places[0].rank == places[1].rank ? 0.5
                                                           : 0;
      pairs.push_back({index.at(places[0].entrant), index.at(places[1].entrant), sa});
      const int a = index.at(places[0].entrant), b = index.at(places[1].entrant);
      if (sa == 1) ++wins[a], ++losses[b];
      if (sa == 0) ++wins[b], ++losses[a];
      if (sa == 0.5) ++draws[a], ++draws[b];
    }
    if (k > 2) weng_lin_update(skill, ranked);
  }

  std::vector<EloRating> elo;
  if (k == 2) elo = bradley_terry(n, pairs, 1.0);
  Json standings = Json::array();
  for (int e = 0; e < n; ++e) {
    Json s = {{"entrant", labels[e]}, {"games", games[e]}};
    if (k == 1) {
      auto [mean, half] = mean_ci(scores[e]);
      s["mean_score"] = round_to(mean, 0.001);
      s["ci95"] = {round_to(mean - half, 0.001), round_to(mean + half, 0.001)};
    } else {
      s["points"] = share[e] * (k - 1);
      s["score"] = games[e] ? round_to(share[e] / games[e], 0.0001) : 0.0;
    }
    if (k == 2) {
      s["wins"] = wins[e];
      s["draws"] = draws[e];
      s["losses"] = losses[e];
      s["elo"] = round_to(elo[e].elo, 0.1);
      s["elo_error95"] = round_to(elo[e].error, 0.1);
    }
    if (k > 2) {
      s["mu"] = round_to(skill[e].mu, 0.001);
      s["sigma"] = round_to(skill[e].sigma, 0.001);
      s["ordinal"] = round_to(skill[e].ordinal(), 0.001);
    }
    standings.push_back(s);
  }
  const char* key = k == 1 ? "mean_score" : k == 2 ? "elo" : "ordinal";
  std::stable_sort(standings.begin(), standings.end(), [&](const Json& a, const Json& b) {
    return a[key].get<double>() > b[key].get<double>();
  });
  for (size_t i = 0; i < standings.size(); ++i) standings[i]["rank"] = i + 1;

  Json matrix = Json::object();
  if (k > 1)
    for (int e = 0; e < n; ++e) {
      Json row = Json::object();
      for (int o = 0; o < n; ++o)
        if (m_games[e][o] > 0)
          row[labels[o]] = {{"games", m_games[e][o]}, {"points", m_points[e][o]}};
      matrix[labels[e]] = row;
    }
  Json seat_stats = Json::object();
  for (auto& [role, xs] : role_scores) {
    auto [mean, half] = mean_ci(xs);
    seat_stats[role] = {
        {"games", xs.size()},
        {"mean_score", round_to(mean, 0.001)},
        {"ci95", {round_to(mean - half, 0.001), round_to(mean + half, 0.001)}},
        {"win_rate", round_to(role_wins[role] / static_cast<double>(xs.size()), 0.0001)}};
  }
  Json side_stats = Json::object();
  for (auto& [side, per] : by_side) {
    Json s = Json::object();
    for (int e = 0; e < n; ++e)
      if (per[e].first > 0)
        s[labels[e]] = {{"games", per[e].first},
                        {"score", round_to(per[e].second / per[e].first, 0.0001)}};
    side_stats[side] = s;
  }
  Json report = {{"tournament", t.name},
                 {"game", t.game},
                 {"format", t.config.value("format", "")},
                 {"kind", kind},
                 {"rating", k == 1   ? "mean score"
                            : k == 2 ? "bradley-terry"
                                     : "weng-lin plackett-luce"},
                 {"matches",
                  {{"total", static_cast<int>(rows.size())},
                   {"done", done},
                   {"failed", failed},
                   {"queued", queued}}},
                 {"standings", standings},
                 {"matrix", matrix},
                 {"roles", seat_stats},
                 {"sides", side_stats},
                 {"faults", faults}};
  if (t.config.value("format", "") == "swiss") report["swiss"] = swiss_report_json(game, t, rows);
  return report;
}

std::string report_text(const Json& r) {
  std::string out =
      fmt::format("{} ({}, {}): {}/{} matches played", r["tournament"].get<std::string>(),
                  r["game"].get<std::string>(), r["format"].get<std::string>(),
                  r["matches"]["done"].get<int>(), r["matches"]["total"].get<int>());
  if (r["matches"]["failed"].get<int>() > 0)
    out += fmt::format(", {} failed", r["matches"]["failed"].get<int>());
  out += "\n\n";
  const std::string kind = r["kind"];
  if (kind == "single-seat") {
    out += fmt::format("{:>4}  {:<20} {:>6} {:>10}  {}\n", "rank", "entrant", "games", "mean",
                       "95% CI");
    for (const Json& s : r["standings"])
      out += fmt::format("{:>4}  {:<20} {:>6} {:>10.2f}  [{:.2f}, {:.2f}]\n", s["rank"].get<int>(),
                         s["entrant"].get<std::string>(), s["games"].get<int>(),
                         s["mean_score"].get<double>(), s["ci95"][0].get<double>(),
                         s["ci95"][1].get<double>());
  } else if (kind == "two-sided") {
    out += fmt::format("{:>4}  {:<20} {:>8} {:>6} {:>6} {:>5} {:>5} {:>5} {:>6}\n", "rank",
                       "entrant", "elo", "+-95%", "games", "won", "drawn", "lost", "score");
    for (const Json& s : r["standings"])
      out +=
          fmt::format("{:>4}  {:<20} {:>8.1f} {:>6.1f} {:>6} {:>5} {:>5} {:>5} {:>6.3f}\n",
                      s["rank"].get<int>(), s["entrant"].get<std::string>(), s["elo"].get<double>(),
                      s["elo_error95"].get<double>(), s["games"].get<int>(), s["wins"].get<int>(),
                      s["draws"].get<int>(), s["losses"].get<int>(), s["score"].get<double>());
  } else {
    out += fmt::format("{:>4}  {:<20} {:>8} {:>7} {:>8} {:>6} {:>6}\n", "rank", "entrant", "mu",
                       "sigma", "mu-3sig", "games", "score");
    for (const Json& s : r["standings"])
      out += fmt::format(
          "{:>4}  {:<20} {:>8.2f} {:>7.2f} {:>8.2f} {:>6} {:>6.3f}\n", s["rank"].get<int>(),
          s["entrant"].get<std::string>(), s["mu"].get<double>(), s["sigma"].get<double>(),
          s["ordinal"].get<double>(), s["games"].get<int>(), s["score"].get<double>());
  }
  out += swiss_report_text(r);
  if (!r["matrix"].empty()) {
    out += "\nresults (points / games, row against column):\n";
    std::vector<std::string> labels;
    for (const Json& s : r["standings"]) labels.push_back(s["entrant"]);
    out += fmt::format("{:<20}", "");
    for (const std::string& l : labels) out += fmt::format(" {:>12}", l.substr(0, 12));
    out += "\n";
    for (const std::string& a : labels) {
      out += fmt::format("{:<20}", a.substr(0, 20));
      for (const std::string& b : labels) {
        const Json& row = r["matrix"][a];
        if (row.contains(b))
          out += fmt::format(" {:>12}", fmt::format("{:g}/{:g}", row[b]["points"].get<double>(),
                                                    row[b]["games"].get<double>()));
        else
          out += fmt::format(" {:>12}", "-");
      }
      out += "\n";
    }
  }
  out += "\nper role:\n";
  for (auto& [role, s] : r["roles"].items())
    out += fmt::format("  {:<10} games {:>5}, mean score {:.2f}, win rate {:.3f}\n", role,
                       s["games"].get<int>(), s["mean_score"].get<double>(),
                       s["win_rate"].get<double>());
  if (r["sides"].size() > 1) {
    out += "per side (score share by entrant):\n";
    for (auto& [side, per] : r["sides"].items()) {
      out += fmt::format("  {:<10}", side);
      for (auto& [e, v] : per.items())
        out += fmt::format(" {} {:.3f} ({})", e, v["score"].get<double>(), v["games"].get<int>());
      out += "\n";
    }
  }
  std::string faults;
  for (auto& [e, f] : r["faults"].items())
    if (!f.empty()) {
      faults += "  " + e + ":";
      for (auto& [v, c] : f.items()) faults += fmt::format(" {} {}", v, c.get<int64_t>());
      faults += "\n";
    }
  out += faults.empty() ? "no timeouts, crashes or bad answers\n"
                        : "timeouts, crashes and bad answers:\n" + faults;
  return out;
}

}  // namespace arena::tournament
