#include "server/tournament_pages.h"

#include <fmt/format.h>

#include "server/paths.h"

namespace arena::server {

namespace {

std::string esc(const Json& j) {
  return html_escape(j.is_string() ? j.get<std::string>() : j.dump());
}

double num(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}

// A whole document in the style of index.html (same header, same stylesheet), without script.
std::string document(const std::string& title, const std::string& where, const std::string& body) {
  return "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
         title +
         " — Arena</title>\n<link rel=\"stylesheet\" href=\"/shell.css\">\n</head>\n<body>\n"
         "<header><a href=\"/\" id=\"home-link\">Arena</a> <span id=\"where\">" +
         where + "</span></header>\n<main class=\"tournament\">\n" + body +
         "</main>\n</body>\n</html>\n";
}

std::string tournament_href(const std::string& name) {
  return "/tournament/" + html_escape(url_encode(name));
}

// "timeout 3, crashed 1", or "none".
std::string faults_text(const Json& faults) {
  std::string out;
  if (faults.is_object())
    for (auto& [verdict, count] : faults.items())
      out += (out.empty() ? "" : ", ") + html_escape(verdict) + " " + esc(count);
  return out.empty() ? "none" : out;
}

// The rating ± its 95% error and the score, as the report's kind defines them
// (docs/tournament.md, "report").
std::pair<std::string, std::string> rating_and_score(const std::string& kind, const Json& s) {
  if (kind == "single-seat") {
    const double mean = num(s, "mean_score");
    const double hi = s["ci95"].is_array() ? s["ci95"][1].get<double>() : mean;
    return {fmt::format("{:.1f} ± {:.1f}", mean, hi - mean), fmt::format("{:.1f}", mean)};
  }
  const std::string score = fmt::format("{:.3f}", num(s, "score"));
  if (kind == "two-sided")
    return {fmt::format("{:+.1f} ± {:.1f}", num(s, "elo"), num(s, "elo_error95")),
            fmt::format("{} ({:g}–{:g}–{:g})", score, num(s, "wins"), num(s, "draws"),
                        num(s, "losses"))};
  return {
      fmt::format("{:.2f} (μ {:.2f}, σ {:.2f})", num(s, "ordinal"), num(s, "mu"), num(s, "sigma")),
      score};
}

std::string standings_table(const Json& report) {
  const std::string kind = report.value("kind", "");
  const char* rating = kind == "single-seat" ? "mean score ± 95%"
                       : kind == "two-sided" ? "Elo ± 95%"
                                             : "μ − 3σ (μ, σ)";
  const char* score = kind == "single-seat" ? "mean score"
                      : kind == "two-sided" ? "score (won–drawn–lost)"
                                            : "score";
  std::string out = fmt::format(
      "<table id=\"standings\">\n<thead><tr><th>rank</th><th>entrant</th><th>{}</th><th>{}</th>"
      "<th>games</th><th>faults</th></tr></thead>\n<tbody>\n",
      rating, score);
  for (const Json& s : report["standings"]) {
    auto [r, sc] = rating_and_score(kind, s);
    const Json& faults = report["faults"].value(s["entrant"].get<std::string>(), Json::object());
    out += "<tr><td>" + esc(s["rank"]) + "</td><td>" + esc(s["entrant"]) + "</td><td>" + r +
           "</td><td>" + sc + "</td><td>" + esc(s["games"]) + "</td><td>" + faults_text(faults) +
           "</td></tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

// Row against column: points / games, in standings order.
std::string matrix_table(const Json& report) {
  const Json& m = report["matrix"];
  if (!m.is_object() || m.empty()) return "";
  std::vector<std::string> labels;
  for (const Json& s : report["standings"]) labels.push_back(s["entrant"].get<std::string>());
  std::string out =
      "<h2>Results</h2>\n<p>Points of the row's entrant against the column's, of the games they "
      "played together.</p>\n<table id=\"matrix\">\n<thead><tr><th></th>";
  for (const std::string& l : labels) out += "<th>" + html_escape(l) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const std::string& a : labels) {
    out += "<tr><th>" + html_escape(a) + "</th>";
    const Json& row = m.value(a, Json::object());
    for (const std::string& b : labels)
      out += row.contains(b)
                 ? fmt::format("<td>{:g}/{:g}</td>", num(row[b], "points"), num(row[b], "games"))
                 : std::string("<td>—</td>");
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

std::string roles_table(const Json& report) {
  const Json& roles = report["roles"];
  if (!roles.is_object() || roles.empty()) return "";
  std::string out =
      "<h2>Per role</h2>\n<table id=\"roles\">\n<thead><tr><th>role</th><th>games</th>"
      "<th>mean score (95%)</th><th>win rate</th></tr></thead>\n<tbody>\n";
  for (auto& [role, s] : roles.items())
    out += fmt::format(
        "<tr><td>{}</td><td>{:g}</td><td>{:.1f} [{:.1f}, {:.1f}]</td><td>{:.3f}</td></tr>\n",
        html_escape(role), num(s, "games"), num(s, "mean_score"), s["ci95"][0].get<double>(),
        s["ci95"][1].get<double>(), num(s, "win_rate"));
  return out + "</tbody>\n</table>\n";
}

// How each entrant did on each side (Dracula: as hunters and as Dracula): its score share there.
std::string sides_table(const Json& report) {
  const Json& sides = report["sides"];
  if (!sides.is_object() || sides.size() < 2) return "";
  std::string out =
      "<h2>Per side</h2>\n<p>Score share of each entrant on each side (games).</p>\n"
      "<table id=\"sides\">\n<thead><tr><th>entrant</th>";
  for (auto& [side, per] : sides.items()) out += "<th>" + html_escape(side) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const Json& s : report["standings"]) {
    const std::string e = s["entrant"].get<std::string>();
    out += "<tr><td>" + html_escape(e) + "</td>";
    for (auto& [side, per] : sides.items())
      out += per.contains(e)
                 ? fmt::format("<td>{:.3f} ({:g})</td>", num(per[e], "score"), num(per[e], "games"))
                 : std::string("<td>—</td>");
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

// "winner hero; scores hero 994", "failed: why", "queued", "playing".
std::string outcome_text(const Json& m) {
  const std::string state = m.value("state", "");
  if (state != "done") return state == "leased" ? "playing" : html_escape(state);
  if (m["error"].is_string()) return "failed: " + esc(m["error"]);
  const Json r = m.value("result", Json());
  if (!r.is_object()) return "done";
  std::string scores;
  const Json all = r.value("scores", Json::object());
  for (auto& [role, v] : all.items())
    scores += (scores.empty() ? "" : ", ") + html_escape(role) + " " + esc(v);
  const Json winner = r.value("winner", Json());
  return "winner " + (winner.is_string() ? esc(winner) : std::string("none")) + "; scores " +
         scores;
}

std::string matches_table(const std::string& name, const Json& matches) {
  std::string out =
      "<h2>Matches</h2>\n<table id=\"matches\">\n<thead><tr><th>match</th><th>seed</th>"
      "<th>seats</th><th>result</th><th>replay</th></tr></thead>\n<tbody>\n";
  for (const Json& m : matches) {
    std::string seats;
    for (const Json& s : m["seats"])
      seats += (seats.empty() ? "" : ", ") + esc(s["role"]) + "=" + esc(s["entrant"]);
    const bool viewable = m.value("state", "") == "done" && !m["error"].is_string();
    const std::string link = viewable ? "<a href=\"" + tournament_href(name) + "/match/" +
                                            esc(m["index"]) + "\">view</a>"
                                      : "";
    out += "<tr><td>" + esc(m["index"]) + "</td><td>" + esc(m["seed"]) + "</td><td>" + seats +
           "</td><td>" + outcome_text(m) + "</td><td>" + link + "</td></tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace

std::string tournaments_page(const Json& list) {
  std::string body = "<h1>Tournaments</h1>\n";
  if (list.empty())
    return document("Tournaments", "tournaments",
                    body +
                        "<p id=\"no-tournaments\">No tournaments in this "
                        "database.</p>\n");
  body +=
      "<table id=\"tournaments\">\n<thead><tr><th>tournament</th><th>game</th><th>format</th>"
      "<th>matches played</th></tr></thead>\n<tbody>\n";
  for (const Json& t : list) {
    const Json& c = t["matches"];
    std::string played = esc(c["done"]) + " / " + esc(c["total"]);
    if (num(c, "failed") > 0) played += " (" + esc(c["failed"]) + " failed)";
    body += "<tr><td><a href=\"" + tournament_href(t["name"].get<std::string>()) + "\">" +
            esc(t["name"]) + "</a></td><td>" + esc(t["game"]) + "</td><td>" + esc(t["format"]) +
            "</td><td>" + played + "</td></tr>\n";
  }
  body += "</tbody>\n</table>\n";
  return document("Tournaments", "tournaments", body);
}

std::string tournament_page(const Json& t) {
  const std::string name = t["tournament"].get<std::string>();
  const Json& report = t["report"];
  const Json& c = report["matches"];
  std::string body = "<p><a href=\"/tournaments\">All tournaments</a></p>\n<h1>" +
                     html_escape(name) + "</h1>\n<p id=\"summary\">" + esc(t["game"]) + ", " +
                     esc(report["format"]) + ": " + esc(c["done"]) + " of " + esc(c["total"]) +
                     " matches played";
  if (num(c, "failed") > 0) body += ", " + esc(c["failed"]) + " failed";
  body += "; rated by " + esc(report["rating"]) + "</p>\n<h2>Standings</h2>\n" +
          standings_table(report) + matrix_table(report) + roles_table(report) +
          sides_table(report) + matches_table(name, t["matches"]);
  return document(html_escape(name), html_escape(name), body);
}

}  // namespace arena::server
