#include "server/tournament_pages.h"

#include <gtest/gtest.h>

namespace arena::server {
namespace {

// A two-sided report in the shape of `arena tournament report --json` (docs/tournament.md).
const Json kDracula = Json::parse(R"({
  "tournament": "cup", "game": "dracula", "config": {},
  "report": {"tournament": "cup", "game": "dracula", "format": "round-robin", "kind": "two-sided",
    "rating": "bradley-terry", "matches": {"total": 3, "done": 2, "failed": 1, "queued": 0},
    "standings": [
      {"entrant": "v1", "games": 2, "points": 1.5, "score": 0.75, "wins": 1, "draws": 1,
       "losses": 0, "elo": 95.4, "elo_error95": 196.6, "rank": 1},
      {"entrant": "<rnd>", "games": 2, "points": 0.5, "score": 0.25, "wins": 0, "draws": 1,
       "losses": 1, "elo": -95.4, "elo_error95": 196.6, "rank": 2}],
    "matrix": {"v1": {"<rnd>": {"games": 2, "points": 1.5}}, "<rnd>": {"v1": {"games": 2, "points": 0.5}}},
    "roles": {"D": {"games": 2, "mean_score": 10, "ci95": [5, 15], "win_rate": 0.5}},
    "sides": {"hunters": {"v1": {"games": 1, "score": 1.0}, "<rnd>": {"games": 1, "score": 0.5}},
              "D": {"v1": {"games": 1, "score": 0.5}}},
    "faults": {"v1": {}, "<rnd>": {"timeout": 3, "crashed": 1}}},
  "matches": [
    {"index": 0, "seed": "11", "seats": [{"role": "G", "entrant": "v1"}, {"role": "D", "entrant": "<rnd>"}],
     "state": "done", "result": {"scores": {"G": 1, "D": 0}, "winner": "hunters"}, "error": null},
    {"index": 1, "seed": "11", "seats": [{"role": "G", "entrant": "<rnd>"}, {"role": "D", "entrant": "v1"}],
     "state": "done", "result": null, "error": "cannot start <x>"},
    {"index": 2, "seed": "12", "seats": [], "state": "leased"}]})");

bool has(const std::string& html, const std::string& part) {
  return html.find(part) != std::string::npos;
}

TEST(TournamentPages, TwoSidesShowEloWonDrawnLostTheMatrixAndTheSides) {
  const std::string html = tournament_page(kDracula);
  EXPECT_TRUE(has(html, "<th>Elo ± 95%</th><th>score (won–drawn–lost)</th>"));
  EXPECT_TRUE(has(html,
                  "<tr><td>1</td><td>v1</td><td>+95.4 ± 196.6</td><td>0.750 (1–1–0)</td>"
                  "<td>2</td><td>none</td></tr>"))
      << html;
  EXPECT_TRUE(has(html,
                  "<tr><td>2</td><td>&lt;rnd&gt;</td><td>-95.4 ± 196.6</td><td>0.250 "
                  "(0–1–1)</td><td>2</td><td>timeout 3, crashed 1</td></tr>"));
  EXPECT_TRUE(has(html, "<tr><th>v1</th><td>—</td><td>1.5/2</td></tr>"));
  EXPECT_TRUE(has(html, "<tr><th>&lt;rnd&gt;</th><td>0.5/2</td><td>—</td></tr>"));
  EXPECT_TRUE(has(html, "<thead><tr><th>entrant</th><th>hunters</th><th>D</th></tr></thead>"));
  EXPECT_TRUE(has(html, "<tr><td>&lt;rnd&gt;</td><td>0.500 (1)</td><td>—</td></tr>"));
  EXPECT_TRUE(has(html,
                  "<p id=\"summary\">dracula, round-robin: 2 of 3 matches played, 1 failed; "
                  "rated by bradley-terry</p>"));
  // Matches: a result, a failure without a link, one being played.
  EXPECT_TRUE(has(html,
                  "<tr><td>0</td><td>11</td><td>G=v1, D=&lt;rnd&gt;</td><td>winner "
                  "hunters; scores G 1, D 0</td><td><a href=\"/tournament/cup/match/0\">"
                  "view</a></td></tr>"));
  EXPECT_TRUE(has(html, "<td>failed: cannot start &lt;x&gt;</td><td></td></tr>"));
  EXPECT_TRUE(has(html, "<td>playing</td><td></td></tr>"));
  EXPECT_FALSE(has(html, "<rnd>"));
}

TEST(TournamentPages, MoreSidesShowTheOrdinalWithMuAndSigma) {
  Json t = kDracula;
  t["report"]["kind"] = "multi-player";
  t["report"]["standings"] = Json::parse(
      R"([{"entrant": "s", "games": 3, "points": 3, "score": 0.5, "mu": 25.43, "sigma": 7.71,
           "ordinal": 2.31, "rank": 1}])");
  const std::string html = tournament_page(t);
  EXPECT_TRUE(has(html,
                  "<tr><td>1</td><td>s</td><td>2.31 (μ 25.43, σ 7.71)</td><td>0.500</td>"
                  "<td>3</td><td>none</td></tr>"))
      << html;
}

TEST(TournamentPages, TheListLinksEachTournamentByItsEncodedName) {
  const std::string html = tournaments_page(Json::parse(
      R"([{"name": "a b/c", "game": "wumpus", "format": "gauntlet",
           "matches": {"total": 4, "done": 3, "failed": 1, "queued": 1, "leased": 0}}])"));
  EXPECT_TRUE(has(html,
                  "<tr><td><a href=\"/tournament/a%20b%2Fc\">a b/c</a></td><td>wumpus</td>"
                  "<td>gauntlet</td><td>3 / 4 (1 failed)</td></tr>"))
      << html;
  EXPECT_TRUE(has(tournaments_page(Json::array()), "No tournaments in this database."));
}

}  // namespace
}  // namespace arena::server
