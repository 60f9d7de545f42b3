// The tournament pages and their JSON over real sockets: a real tournament (Wumpus, the reference
// and random bots, played by the runner) in an SQLite file, a server on a free port reading it.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <filesystem>
#include <thread>

#include "core/replay.h"
#include "games/all_games.h"
#include "server/server.h"
#include "server/testing_http.h"
#include "server/tournament_db.h"
#include "server/tournament_routes.h"
#include "tournament/report.h"
#include "tournament/runner.h"
#include "tournament/schedule.h"

namespace arena::server {
namespace {

namespace fs = std::filesystem;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using namespace arena::tournament;

const GameInfo& wumpus() {
  static bool registered = [] {
    register_all_games();
    return true;
  }();
  (void)registered;
  return *Registry::instance().find("wumpus");
}

class TournamentRoutesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("arena_tournament_routes_test_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    db_ = (dir_ / "t.db").string();
    store_ = open_store(db_);
    play_tournament();
    // A tournament whose one match failed, and one with a name that needs encoding.
    Tournament broken = store_->create_tournament("broken", "wumpus", config());
    store_->insert_matches(broken.id, {schedule_[0]});
    auto row = store_->lease_next(broken.id, "me", std::chrono::minutes(1));
    store_->record_result(row->id, "me", {Json(), Json::object(), "cannot start", "", 1.0});
    store_->create_tournament(kOddName, "wumpus", config());

    ServeOptions o;
    o.port = 0;
    o.replays_dir = dir_.string();
    o.tournaments = std::make_shared<TournamentDb>("sqlite:" + db_);
    server_ = std::make_unique<Server>(o);
    port_ = server_->listen();
    thread_ = std::thread([this] { server_->run(); });
  }
  void TearDown() override {
    server_->stop();
    thread_.join();
    server_.reset();
    store_.reset();
    fs::remove_all(dir_);
  }

  static Json config() {
    return {{"game", "wumpus"},
            {"format", "round-robin"},
            {"entrants",
             {{{"label", "a"}, {"programs", {{"*", "bot:reference"}}}},
              {{"label", "b"}, {"programs", {{"*", "bot:random"}}}}}},
            {"games_per_pairing", 2},
            {"seed", "1"},
            {"seats", 1}};
  }

  // `arena tournament run t --game wumpus --bot a=bot:reference --bot b=bot:random
  // --games-per-pairing 2 --seed 1`, then one more match scheduled and not played.
  void play_tournament() {
    ScheduleConfig sc;
    sc.entrants =
        std::get<std::vector<Entrant>>(parse_entrants({"a=bot:reference", "b=bot:random"}));
    sc.games_per_pairing = 2;
    sc.seed = 1;
    sc.seats = 1;
    schedule_ = std::get<std::vector<MatchSpec>>(make_schedule(wumpus(), sc));
    ASSERT_EQ(schedule_.size(), 4u);
    t_ = store_->create_tournament("t", "wumpus", config());
    store_->insert_matches(t_.id, schedule_);
    MatchArgs base;
    base.sandbox = "none";
    RunSummary s = run_tournament(*store_, t_, wumpus(), base, RunOptions{});
    ASSERT_EQ(s.played, 4);
    MatchSpec extra = schedule_[0];
    extra.index = 4;
    store_->insert_matches(t_.id, {extra});
  }

  http::response<http::string_body> get(const std::string& target) {
    return http_get(port_, target);
  }

  static constexpr const char* kOddName = "cup/1 é <b>";
  static constexpr const char* kOddEncoded = "cup%2F1%20%C3%A9%20%3Cb%3E";

  fs::path dir_;
  std::string db_;
  std::unique_ptr<Store> store_;
  std::vector<MatchSpec> schedule_;
  Tournament t_;
  std::unique_ptr<Server> server_;
  std::thread thread_;
  int port_ = 0;
};

TEST_F(TournamentRoutesTest, ListsEveryTournamentWithItsProgress) {
  auto api = get("/api/tournaments");
  ASSERT_EQ(api.result_int(), 200);
  EXPECT_EQ(api[http::field::content_type], "application/json");
  Json list = Json::parse(api.body());
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0]["name"], "broken");
  EXPECT_EQ(list[0]["matches"]["failed"], 1);
  EXPECT_EQ(list[1]["name"], kOddName);
  EXPECT_EQ(list[1]["matches"]["total"], 0);
  EXPECT_EQ(list[2]["name"], "t");
  EXPECT_EQ(list[2]["game"], "wumpus");
  EXPECT_EQ(list[2]["format"], "round-robin");
  EXPECT_EQ(list[2]["matches"],
            Json({{"total", 5}, {"done", 4}, {"failed", 0}, {"queued", 1}, {"leased", 0}}));

  auto page = get("/tournaments");
  ASSERT_EQ(page.result_int(), 200);
  EXPECT_EQ(page[http::field::content_type], "text/html; charset=utf-8");
  const std::string& html = page.body();
  EXPECT_NE(html.find("<a href=\"/tournament/t\">t</a></td><td>wumpus</td><td>round-robin</td>"
                      "<td>4 / 5</td>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<td>1 / 1 (1 failed)</td>"), std::string::npos);
  // A name from the database is a URL segment in the link and escaped text on the page.
  EXPECT_NE(
      html.find(std::string("<a href=\"/tournament/") + kOddEncoded + "\">cup/1 é &lt;b&gt;</a>"),
      std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  // `/` links the list.
  EXPECT_NE(get("/").body().find("<a href=\"/tournaments\" id=\"tournaments-link\">"),
            std::string::npos);
}

TEST_F(TournamentRoutesTest, TheJsonIsTheReportOfTournamentReportPlusTheMatches) {
  auto res = get("/api/tournament/t");
  ASSERT_EQ(res.result_int(), 200);
  Json j = Json::parse(res.body());
  EXPECT_EQ(j["tournament"], "t");
  EXPECT_EQ(j["config"], config());
  const auto rows = store_->list_matches(t_.id, false);
  EXPECT_EQ(j["report"], report_json(wumpus(), t_, rows));
  EXPECT_EQ(j["report"]["kind"], "single-seat");
  ASSERT_EQ(j["report"]["standings"].size(), 2u);
  EXPECT_EQ(j["report"]["standings"][0]["entrant"], "a");  // the reference bot beats random
  EXPECT_EQ(j["report"]["standings"][0]["games"], 2);
  ASSERT_EQ(j["matches"].size(), 5u);
  for (size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(j["matches"][i], match_json(rows[i], false));
  EXPECT_FALSE(j["matches"][0].contains("replay"));
  EXPECT_EQ(j["matches"][4]["state"], "queued");
  // The odd name, percent-encoded.
  auto odd = get(std::string("/api/tournament/") + kOddEncoded);
  ASSERT_EQ(odd.result_int(), 200) << odd.body();
  EXPECT_EQ(Json::parse(odd.body())["tournament"], kOddName);
}

TEST_F(TournamentRoutesTest, ThePageShowsStandingsAndLinksEachPlayedMatchToTheViewer) {
  auto res = get("/tournament/t");
  ASSERT_EQ(res.result_int(), 200);
  const std::string& html = res.body();
  const Json report = report_json(wumpus(), t_, store_->list_matches(t_.id, false));
  const Json& first = report["standings"][0];
  // rank, entrant, mean ± its 95% half-width, score, games, faults
  const std::string row = fmt::format(
      "<tr><td>1</td><td>a</td><td>{:.1f} ± {:.1f}</td><td>{:.1f}</td><td>2</td><td>none</td></tr>",
      first["mean_score"].get<double>(),
      first["ci95"][1].get<double>() - first["mean_score"].get<double>(),
      first["mean_score"].get<double>());
  EXPECT_NE(html.find(row), std::string::npos) << row << "\n" << html;
  EXPECT_NE(html.find("<p id=\"summary\">wumpus, round-robin: 4 of 5 matches played"),
            std::string::npos);
  for (int i = 0; i < 4; ++i)
    EXPECT_NE(html.find("<a href=\"/tournament/t/match/" + std::to_string(i) + "\">view</a>"),
              std::string::npos)
        << i;
  EXPECT_EQ(html.find("/tournament/t/match/4"), std::string::npos);  // queued: nothing to view
  EXPECT_NE(html.find("<td>4</td><td>1</td><td>hero=a</td><td>queued</td><td></td>"),
            std::string::npos);
}

TEST_F(TournamentRoutesTest, AMatchsReplayIsTheStoredOneAndItsViewerIsThePage) {
  const auto rows = store_->list_matches(t_.id, true);
  for (int i = 0; i < 4; ++i) {
    auto res = get("/api/tournament/t/replay/" + std::to_string(i));
    ASSERT_EQ(res.result_int(), 200) << res.body();
    EXPECT_EQ(res[http::field::content_type], "application/x-ndjson; charset=utf-8");
    EXPECT_EQ(res.body(), rows[i].result->replay);
    auto parsed = Replay::parse(res.body());
    ASSERT_TRUE(std::holds_alternative<Replay>(parsed));
    EXPECT_EQ(std::get<Replay>(parsed).header["seed"], std::to_string(rows[i].spec.seed));
  }
  auto view = get("/tournament/t/match/2");
  EXPECT_EQ(view.result_int(), 200);
  EXPECT_NE(view.body().find("<script src=\"/shell.js\"></script>"), std::string::npos);
  EXPECT_NE(view.body().find("<script src=\"/games/wumpus.js\"></script>"), std::string::npos);
}

TEST_F(TournamentRoutesTest, BadNamesAndIndexesAreRefusedWithOneLine) {
  const std::pair<const char*, std::pair<int, const char*>> cases[] = {
      {"/tournament/nope", {404, "no tournament named 'nope'\n"}},
      {"/api/tournament/nope", {404, "no tournament named 'nope'\n"}},
      {"/api/tournament/nope/replay/0", {404, "no tournament named 'nope'\n"}},
      {"/tournament/t'%20OR%20'1'='1", {404, "no tournament named 't' OR '1'='1'\n"}},
      {"/tournament/%ZZ", {400, "bad percent-encoding in the tournament name\n"}},
      {"/tournament/a%00b", {400, "control character in the tournament name\n"}},
      {"/tournament/a%0Ab", {400, "control character in the tournament name\n"}},
      {"/tournament/", {400, "empty tournament name\n"}},
      {"/api/tournament/t/replay/99", {404, "tournament 't' has no match 99 (it has 5)\n"}},
      {"/tournament/t/match/99", {404, "tournament 't' has no match 99 (it has 5)\n"}},
      {"/api/tournament/t/replay/4", {404, "match 4 of 't' is not played yet (queued)\n"}},
      {"/api/tournament/broken/replay/0",
       {404, "match 0 of 'broken' left no replay: cannot start\n"}},
      {"/api/tournament/t/replay/-1", {400, "a match index is a number from 0: '-1' is not\n"}},
      {"/api/tournament/t/replay/0x1", {400, "a match index is a number from 0: '0x1' is not\n"}},
      {"/api/tournament/t/replay/", {400, "a match index is a number from 0: '' is not\n"}},
      {"/api/tournament/t/replay/1234567890",
       {400, "a match index is a number from 0: '1234567890' is not\n"}},
      {"/tournament/t/replay/0", {404, "not found: /tournament/t/replay/0\n"}},
      {"/api/tournament/t/match/0", {404, "not found: /api/tournament/t/match/0\n"}},
      {"/tournament/t/match/0/more", {404, "not found: /tournament/t/match/0/more\n"}},
  };
  for (const auto& [target, expected] : cases) {
    auto res = get(target);
    EXPECT_EQ(res.result_int(), expected.first) << target;
    EXPECT_EQ(res.body(), expected.second) << target;
  }
  // A name or an index past the first segment: "/tournament/../t" is the name "..", not a path.
  EXPECT_EQ(get("/tournament/..%2Ft").body(), "no tournament named '../t'\n");
}

TEST_F(TournamentRoutesTest, WhatARunnerRecordsIsShownAtTheNextRequest) {
  EXPECT_EQ(Json::parse(get("/api/tournaments").body())[2]["matches"]["done"], 4);
  auto row = store_->lease_next(t_.id, "another worker", std::chrono::minutes(1));
  ASSERT_TRUE(row);
  EXPECT_EQ(Json::parse(get("/api/tournaments").body())[2]["matches"]["leased"], 1);
  ASSERT_TRUE(store_->record_result(
      row->id, "another worker", {Json{{"scores", {{"hero", 7}}}}, Json::object(), "", "x\n", 1}));
  EXPECT_EQ(Json::parse(get("/api/tournaments").body())[2]["matches"]["done"], 5);
  EXPECT_EQ(get("/api/tournament/t/replay/4").body(), "x\n");
}

TEST(TournamentRoutes, WithoutADatabaseEveryTournamentRouteSaysHowToGiveOne) {
  ServeOptions o;
  o.replays_dir = ".";
  for (const char* target : {"/tournaments", "/api/tournaments", "/tournament/t",
                             "/api/tournament/t/replay/0", "/tournament/t/match/0"}) {
    Response r = handle_get(o, target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_EQ(r.body,
              "no tournament database: start arena serve with --db URL, or where arena.db is\n");
  }
  EXPECT_EQ(handle_get(o, "/").body.find("tournaments-link"), std::string::npos);
}

TEST(TournamentRoutes, NamesAndIndexesFromTheUrl) {
  EXPECT_FALSE(bad_tournament_name("cup/1 é"));
  EXPECT_EQ(bad_tournament_name(""), "empty tournament name");
  EXPECT_EQ(bad_tournament_name(std::string(1001, 'x')), "tournament name longer than 1000 bytes");
  EXPECT_FALSE(bad_tournament_name(std::string(1000, 'x')));
  EXPECT_EQ(bad_tournament_name("a\x7f"), "control character in the tournament name");
  EXPECT_EQ(parse_match_index("0"), 0);
  EXPECT_EQ(parse_match_index("007"), 7);
  EXPECT_EQ(parse_match_index("999999999"), 999999999);
  EXPECT_FALSE(parse_match_index("1000000000"));
  EXPECT_FALSE(parse_match_index("+1"));
  EXPECT_FALSE(parse_match_index(" 1"));
  EXPECT_FALSE(parse_match_index(""));
}

TEST(TournamentRoutes, ADatabaseThatCannotBeOpenedIsRefusedAndNeverCreated) {
  const fs::path missing = fs::temp_directory_path() / "arena_no_such_dir_x" / "none.db";
  try {
    TournamentDb db(missing.string());
    FAIL() << "opened";
  } catch (const StoreError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot open the database " + missing.string() + ": no such file");
  }
  EXPECT_FALSE(fs::exists(missing));
}

}  // namespace
}  // namespace arena::server
