// The HTTP + WebSocket server over real sockets: routes, path safety, 404s, malformed replays,
// and a human's Wumpus seat over WebSocket.
#include "server/server.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "games/all_games.h"
#include "match/match.h"
#include "match/runner.h"
#include "server/human_hooks.h"
#include "server/paths.h"
#include "server/testing_http.h"

namespace arena::server {
namespace {

namespace fs = std::filesystem;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// A server on a free port over a fresh replay directory, run on a thread; stopped and joined.
class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    static bool registered = [] {
      register_all_games();
      return true;
    }();
    (void)registered;
    dir_ = fs::temp_directory_path() /
           ("arena_serve_test_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "replays");
    replays_ = (dir_ / "replays").string();
    write("replays/good.jsonl", replay_of(12));
    write("replays/broken.jsonl", "{\"type\":\"header\",\"game\":\"wumpus\"\n");
    write("secret.txt", "outside\n");
    fs::create_symlink(dir_ / "secret.txt", dir_ / "replays" / "escape.jsonl");
    fs::create_symlink(dir_ / "replays" / "good.jsonl", dir_ / "replays" / "alias.jsonl");
    ServeOptions o;
    o.port = 0;
    o.replays_dir = replays_;
    server_ = std::make_unique<Server>(o);
    port_ = server_->listen();
    thread_ = std::thread([this] { server_->run(); });
  }
  void TearDown() override {
    stop();
    fs::remove_all(dir_);
  }
  void stop() {
    if (!server_) return;
    server_->stop();
    thread_.join();
    server_.reset();  // ends and joins the matches
  }

  void write(const std::string& rel, const std::string& text) {
    std::ofstream(dir_ / rel, std::ios::binary) << text;
  }

  static MatchSetup setup_of(uint64_t seed, const std::string& seat) {
    MatchArgs args;
    args.seed = std::to_string(seed);
    args.seat_args = {"hero=" + seat};
    args.sandbox = "none";
    return std::get<MatchSetup>(build_setup(*Registry::instance().find("wumpus"), args));
  }
  static std::string replay_of(uint64_t seed) {
    return run_match(*Registry::instance().find("wumpus"), setup_of(seed, "bot:reference"))
        .replay.to_jsonl();
  }

  http::response<http::string_body> get(const std::string& target) {
    return http_get(port_, target);
  }

  fs::path dir_;
  std::string replays_;
  std::unique_ptr<Server> server_;
  std::thread thread_;
  int port_ = 0;
};

TEST_F(ServerTest, HomeListsTheReplayFilesAsViewerLinks) {
  auto res = get("/");
  EXPECT_EQ(res.result_int(), 200);
  EXPECT_EQ(res[http::field::content_type], "text/html; charset=utf-8");
  EXPECT_NE(res.body().find("<a href=\"/view/good.jsonl\">good.jsonl</a>"), std::string::npos);
  EXPECT_NE(res.body().find("<a href=\"/view/broken.jsonl\">"), std::string::npos);
  EXPECT_NE(res.body().find("<a href=\"/view/alias.jsonl\">"), std::string::npos);
  // A symlink out of the directory is not listed.
  EXPECT_EQ(res.body().find("escape.jsonl"), std::string::npos);
  // Every game module is loaded by the page.
  EXPECT_NE(res.body().find("<script src=\"/games/wumpus.js\"></script>"), std::string::npos);
}

TEST_F(ServerTest, ServesReplaysPagesAndEmbeddedFiles) {
  auto replay = get("/api/replay/good.jsonl");
  EXPECT_EQ(replay.result_int(), 200);
  EXPECT_EQ(replay.body(), read_file(replays_ + "/good.jsonl"));
  EXPECT_EQ(get("/api/replay/alias.jsonl").body(), replay.body());  // a symlink inside DIR
  auto view = get("/view/good.jsonl");
  EXPECT_EQ(view.result_int(), 200);
  EXPECT_NE(view.body().find("/shell.js"), std::string::npos);
  auto js = get("/games/wumpus.js");
  EXPECT_EQ(js.result_int(), 200);
  EXPECT_EQ(js[http::field::content_type], "text/javascript; charset=utf-8");
  EXPECT_NE(js.body().find("Arena.games.wumpus"), std::string::npos);
  EXPECT_EQ(get("/shell.css").result_int(), 200);
  auto list = get("/api/replays");
  EXPECT_EQ(list.body(), "[\"alias.jsonl\",\"broken.jsonl\",\"good.jsonl\"]\n");
}

TEST_F(ServerTest, RefusesEveryWayOutOfTheReplayDirectory) {
  const char* refused[] = {
      "/api/replay/..%2fsecret.txt",
      "/api/replay/%2e%2e%2fsecret.txt",
      "/api/replay/%2E%2E",
      "/api/replay/..",
      "/api/replay/../secret.txt",
      "/api/replay//etc/passwd",
      "/api/replay/%2fetc%2fpasswd",
      "/api/replay/escape.jsonl",
      "/api/check/escape.jsonl",
      "/api/replay/..%5csecret.txt",
      "/api/replay/good.jsonl%00.txt",
      "/api/replay/%zz",
  };
  for (const char* target : refused) {
    auto res = get(target);
    EXPECT_TRUE(res.result_int() == 400 || res.result_int() == 403 || res.result_int() == 404)
        << target << " gave " << res.result_int();
    EXPECT_EQ(res.body().find("outside\n"), std::string::npos) << target;
  }
  EXPECT_EQ(get("/api/replay/escape.jsonl").result_int(), 403);
  EXPECT_EQ(get("/api/replay/escape.jsonl").body(),
            "'escape.jsonl' points outside the replay directory\n");
  EXPECT_EQ(get("/api/replay/%2e%2e").result_int(), 400);
}

TEST_F(ServerTest, UnknownPathsAndFilesAre404) {
  EXPECT_EQ(get("/nothing-here").result_int(), 404);
  EXPECT_EQ(get("/games/nope.js").result_int(), 404);
  auto missing = get("/api/replay/missing.jsonl");
  EXPECT_EQ(missing.result_int(), 404);
  EXPECT_EQ(missing.body(), "no file named 'missing.jsonl' in the replay directory\n");
  // index.html is the page of /, not a file of its own.
  EXPECT_EQ(get("/index.htm").result_int(), 404);
}

TEST_F(ServerTest, MalformedReplayIsServedAsIsAndDiagnosed) {
  auto raw = get("/api/replay/broken.jsonl");
  EXPECT_EQ(raw.result_int(), 200);
  EXPECT_EQ(raw.body(), "{\"type\":\"header\",\"game\":\"wumpus\"\n");
  auto check = get("/api/check/broken.jsonl");
  EXPECT_EQ(check.result_int(), 200);
  Json j = Json::parse(check.body());
  EXPECT_FALSE(j["ok"].get<bool>());
  EXPECT_EQ(j["problems"][0],
            "line 1: not valid JSON (a replay is JSON Lines: one object per line)");
  EXPECT_TRUE(Json::parse(get("/api/check/good.jsonl").body())["ok"].get<bool>());
}

// A WebSocket client of /ws/play/...: reads JSON messages, sends replies.
class WsClient {
 public:
  WsClient(int port, const std::string& target) : ws_(ioc_) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    ws_.handshake("127.0.0.1", target);
  }
  Json read() {
    beast::flat_buffer b;
    ws_.read(b);
    return Json::parse(beast::buffers_to_string(b.data()));
  }
  // The next message of `type`, keeping the others seen on the way.
  Json read_type(const std::string& type) {
    for (;;) {
      Json m = read();
      seen.push_back(m);
      if (m["type"] == type) return m;
    }
  }
  void send(const std::string& text) { ws_.write(asio::buffer(text)); }
  void reply(const std::string& text) { send(Json{{"type", "reply"}, {"text", text}}.dump()); }
  void close() { ws_.close(websocket::close_code::normal); }
  std::vector<Json> seen;

 private:
  asio::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
};

TEST_F(ServerTest, HumanWumpusSeatPlaysTheSameCaveAsArenaPlay) {
  // The reference bot's game of seed 12, answered move for move by the "human".
  Json header;
  std::vector<std::string> actions;
  {
    auto replay = std::get<Replay>(Replay::parse(read_file(replays_ + "/good.jsonl")));
    header = replay.header;
    for (const Json& e : replay.events)
      if (e["type"] == "turn") actions.push_back(e["action"].get<std::string>());
  }
  WsClient ws(port_, "/ws/play/wumpus?mode=classic&seed=12");
  Json start = ws.read_type("start");
  EXPECT_EQ(start["role"], "hero");
  EXPECT_EQ(start["seed"], "12");
  EXPECT_EQ(start["deadline_ms"], 100000);  // spec §9
  Json first = ws.read_type("request");
  EXPECT_EQ(first["text"], "start 4 4 1 1 20 96\n");
  EXPECT_TRUE(first["hint"].is_null());
  for (size_t i = 0; i < actions.size(); ++i) {
    Json req = ws.read_type("request");
    EXPECT_EQ(req["role"], "hero");
    ws.reply(actions[i] + "\n");
    Json line = ws.read_type("line");
    EXPECT_EQ(line["line"]["n"], static_cast<int>(i + 1));
    EXPECT_EQ(line["line"]["action"], actions[i]);
  }
  Json end = ws.read_type("end");
  EXPECT_EQ(end["result"]["scores"]["hero"], 994);
  auto mine = std::get<Replay>(Replay::parse(end["replay"].get<std::string>()));
  EXPECT_EQ(mine.header["map_code"], header["map_code"]);
  EXPECT_EQ(mine.header["player"]["kind"], "human");
  // The replay is kept in the directory under the name the page links to.
  ASSERT_TRUE(end.contains("file"));
  EXPECT_EQ(read_file(replays_ + "/" + end["file"].get<std::string>()), end["replay"]);
}

TEST_F(ServerTest, BadRepliesAreTheGamesVerdictsAndBadMessagesAreErrors) {
  WsClient ws(port_, "/ws/play/wumpus?seed=12");
  ws.read_type("request");  // start
  ws.read_type("request");  // the first percept
  ws.send("not json");
  EXPECT_EQ(ws.read_type("error")["message"], "not a JSON object: not json");
  ws.reply("dance\n");
  Json line = ws.read_type("line");
  EXPECT_EQ(line["line"]["verdict"], "malformed");
  Json end = ws.read_type("end");
  EXPECT_EQ(end["result"]["result"]["reason"], "invalid_action");
}

TEST_F(ServerTest, ADisconnectedHumanCrashesAsAClosedBotWould) {
  {
    WsClient ws(port_, "/ws/play/wumpus?seed=12");
    ws.read_type("request");
    ws.read_type("request");
    ws.close();
  }
  stop();  // joins the match, which has written its replay
  std::vector<std::string> kept;
  for (const std::string& name : list_dir(replays_))
    if (name.rfind("wumpus-human-12-", 0) == 0) kept.push_back(name);
  ASSERT_EQ(kept.size(), 1u);
  auto replay = std::get<Replay>(Replay::parse(read_file(replays_ + "/" + kept[0])));
  EXPECT_EQ(replay.result["result"]["reason"], "crash");  // spec §6: closed stdout, -5000
  EXPECT_EQ(replay.result["scores"]["hero"], -5000);
}

// The replay a human game kept in the replay directory, by its file name's prefix.
Replay kept_replay(const std::string& dir, const std::string& prefix) {
  std::vector<std::string> kept;
  for (const std::string& name : list_dir(dir))
    if (name.rfind(prefix, 0) == 0) kept.push_back(name);
  EXPECT_EQ(kept.size(), 1u) << prefix;
  if (kept.empty()) return Replay{};
  return std::get<Replay>(Replay::parse(read_file(dir + "/" + kept[0])));
}

// Reads requests until one whose text starts with `prefix`.
Json read_request(WsClient& ws, const std::string& prefix) {
  for (;;) {
    Json m = ws.read_type("request");
    if (m["text"].get<std::string>().rfind(prefix, 0) == 0) return m;
  }
}

TEST_F(ServerTest, ADisconnectedHumanEvolutionPlayerIsEjectedAndTheOthersPlayOn) {
  {
    WsClient ws(port_, "/ws/play/evolution?seed=3");
    ws.read_type("start");
    ws.reply("\"human\"\n");
    Json choose = read_request(ws, "[[");  // a Choose: [before, after]
    EXPECT_EQ(choose["hint"]["message"], "choose");
    ws.close();
  }
  stop();  // joins the match, which has written its replay
  Replay replay = kept_replay(replays_, "evolution-human-3-");
  const Json& result = replay.result["result"];
  ASSERT_EQ(result["ejected"].size(), 1u) << result.dump();  // spec §8.8: a closed connection
  EXPECT_NE(result["ejected"].dump().find("p1"), std::string::npos) << result.dump();
  for (const Json& r : result["ranking"]) EXPECT_NE(r["seat"], "p1");
  EXPECT_EQ(result["ranking"].size(), 2u);
}

TEST_F(ServerTest, ADisconnectedHumanEmpirePlayerLeavesTheGame) {
  {
    WsClient ws(port_, "/ws/play/empire?seed=3");
    ws.read_type("start");
    ws.reply("(register \"human\")\n");
    read_request(ws, "(CHOOSE-START)");
    ws.close();
  }
  stop();
  Replay replay = kept_replay(replays_, "empire-human-3-");
  std::string record;
  for (const Json& e : replay.events)
    if (e.contains("line")) record += e["line"].get<std::string>() + "\n";
  EXPECT_NE(record.find("(PLAYER-LEFT 0)"), std::string::npos) << record.substr(0, 400);
  EXPECT_NE(record.find("(GAME-OVER"), std::string::npos);
}

// Spec §6.4 row 15: a persistent seat whose process is gone plays default moves for the rest of
// the game; a human's page that goes away is that seat.
TEST_F(ServerTest, ADisconnectedHumanHunterPlaysDefaultMovesForTheRestOfTheGame) {
  {
    WsClient ws(port_,
                "/ws/play/dracula?role=G&seed=3&bot.S=b-hunt-chase&bot.H=b-hunt-chase&"
                "bot.M=b-hunt-chase&bot.D=b-drac-loop");
    ws.read_type("request");
    ws.close();
  }
  stop();
  Replay replay = kept_replay(replays_, "dracula-human-3-");
  int g_turns = 0;
  for (const Json& e : replay.events) {
    if (e.value("type", "") != "turn" || e.value("seat", "") != "G") continue;
    ++g_turns;
    EXPECT_EQ(e["source"], "default") << e.dump();
  }
  EXPECT_GT(g_turns, 1);
  const Json& g = replay.result["result"]["seats"]["G"];
  EXPECT_EQ(g["ai_moves"], 0) << g.dump();
  EXPECT_EQ(g["disqualified_at"], nullptr) << g.dump();
}

TEST_F(ServerTest, BadGamesAndParametersAreErrorsInThePage) {
  EXPECT_EQ(WsClient(port_, "/ws/play/nogame").read_type("error")["message"],
            "unknown game 'nogame'");
  EXPECT_EQ(WsClient(port_, "/ws/play/wumpus?mode=weird").read_type("error")["message"],
            "mode: must be classic, random, advanced or custom");
  EXPECT_EQ(
      WsClient(port_, "/ws/play/wumpus?mode=custom&map=/etc/passwd").read_type("error")["message"],
      "map: a page cannot name a file of the server");
}

}  // namespace
}  // namespace arena::server

namespace arena::server {
namespace {

TEST_F(ServerTest, LiveMatchesStreamToEarlyAndLateWatchers) {
  const std::string id = server_->open_live("wumpus");
  WsClient early(port_, "/ws/live/" + id);
  server_->live_line(id, Json{{"type", "header"}, {"game", "wumpus"}});
  server_->live_line(id, Json{{"type", "turn"}, {"n", 1}});
  EXPECT_EQ(early.read()["line"]["type"], "header");
  EXPECT_EQ(early.read()["line"]["n"], 1);
  server_->live_line(id, Json{{"type", "turn"}, {"n", 2}});
  EXPECT_EQ(early.read()["line"]["n"], 2);
  server_->live_end(id, "the replay\n");
  Json end = early.read();
  EXPECT_EQ(end["type"], "end");
  EXPECT_EQ(end["replay"], "the replay\n");
  // A watcher that comes after the end gets every line, then the end.
  WsClient late(port_, "/ws/live/" + id);
  EXPECT_EQ(late.read()["line"]["type"], "header");
  EXPECT_EQ(late.read()["line"]["n"], 1);
  EXPECT_EQ(late.read()["line"]["n"], 2);
  EXPECT_EQ(late.read()["replay"], "the replay\n");
  EXPECT_EQ(WsClient(port_, "/ws/live/99").read()["message"], "no live match '99' on this server");
}

TEST_F(ServerTest, AHumanGameIsLiveWithItsHeaderForSpectatorsOnly) {
  WsClient player(port_, "/ws/play/wumpus?seed=12");
  Json start = player.read_type("start");
  player.read_type("request");
  player.read_type("request");
  player.reply("exit\n");
  player.read_type("end");
  for (const Json& m : player.seen)
    if (m["type"] == "line") EXPECT_NE(m["line"]["type"], "header");  // the cave stays hidden
  WsClient watcher(port_, "/ws/live/" + start["live"].get<std::string>());
  Json header = watcher.read()["line"];
  EXPECT_EQ(header["type"], "header");
  EXPECT_EQ(header["seed"], "12");
  EXPECT_EQ(header["player"]["kind"], "human");
  EXPECT_TRUE(header.contains("cave"));
  EXPECT_EQ(watcher.read()["line"]["action"], "exit");
  EXPECT_EQ(watcher.read()["type"], "end");
}

}  // namespace
}  // namespace arena::server

namespace arena::server {
namespace {

TEST_F(ServerTest, AGamesHintFunctionAnswersEachRequest) {
  register_human_hooks("wumpus", {100000,
                                  [](const std::string& role, std::string_view request) {
                                    if (request.rfind("start", 0) == 0)
                                      throw std::runtime_error("no hint before the first percept");
                                    return Json{{"role", role}, {"request", request}};
                                  },
                                  ""});
  WsClient ws(port_, "/ws/play/wumpus?seed=12");
  Json start = ws.read_type("request");
  Json percept = ws.read_type("request");
  register_human_hooks("wumpus", {100000, nullptr, ""});  // as human_hooks.cc has it
  EXPECT_EQ(start["hint"], (Json{{"error", "no hint before the first percept"}}));
  EXPECT_EQ(percept["hint"], (Json{{"role", "hero"}, {"request", "none\n"}}));
}

// Dracula's default seat is a process per turn, whose turn ends when it exits; a browser's seat
// never exits, so the human's seat speaks persistent mode (§6.3): each request carries its turn,
// and a reply with "done" ends the turn at once, not at the deadline.
TEST_F(ServerTest, AHumanDraculaSeatIsPersistentAndDoneEndsTheTurn) {
  WsClient ws(port_, "/ws/play/dracula?role=G&seed=3");
  Json first = ws.read_type("request");
  EXPECT_EQ(first["text"], "{\"turn\":0,\"past_plays\":\"\",\"messages\":[]}\n");
  EXPECT_EQ(first["hint"]["moves"][0], (Json{{"move", "AS"}, {"location", "AS"}}));
  ws.reply("{\"turn\":0,\"move\":\"AS\",\"message\":\"\",\"done\":true}\n");
  Json second = ws.read_type("request");
  Json req = Json::parse(second["text"].get<std::string>());
  EXPECT_EQ(req["turn"], 5);
  EXPECT_EQ(req["past_plays"].get<std::string>().substr(0, 8), "GAS.... ");
  ws.close();
}

}  // namespace
}  // namespace arena::server
