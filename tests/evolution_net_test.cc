// Evolution over real sockets and real processes (spec §8): xserver with xclients and `arena host`
// reproduce xmain; `arena play` with TCP and in-process Silly seats reproduces xmain; every §8.8
// misbehaviour is ejected with a clear log line while the others are ranked; sign-up rules.
#include <gtest/gtest.h>
#include <poll.h>
#include <unistd.h>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/process.h"
#include "core/replay.h"
#include "core/seat_spec.h"
#include "core/tcp.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

std::string bin(const std::string& name) {
  return arena_bin().substr(0, arena_bin().size() - 5) + name;  // beside `arena`
}

std::string misbehave(const std::string& behaviour) {
  return "python3 " + source_path("tests/bots/evolution_misbehave.py") + " " + behaviour;
}

int listening_port(const std::string& err) {
  const std::string key = "listening on port ";
  size_t at = err.find(key);
  return at == std::string::npos ? -1 : std::stoi(err.substr(at + key.size()));
}

std::string xmain(int n, uint32_t seed) {
  CommandResult r = run_command({bin("xmain"), std::to_string(n), std::to_string(seed)});
  EXPECT_EQ(r.status, 0);
  return r.out;
}

// The ranking lines of xmain from `play --json`'s result.
std::string ranking_lines(const Json& result) {
  std::string out;
  for (const Json& k : result["ranking"])
    out += std::to_string(k["place"].get<int>()) +
           " player id: " + std::to_string(k["id"].get<int>()) +
           " score: " + std::to_string(k["score"].get<int>()) + "\n";
  return out;
}

// A replay's lines, and `arena replay` on lines (edited by a test).
std::vector<Json> read_lines(const std::string& file) {
  std::vector<Json> lines;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) lines.push_back(Json::parse(line));
  return lines;
}

CommandResult check_lines(const std::vector<Json>& lines) {
  const std::string path = temp_dir() + "/edited.jsonl";
  std::ofstream out(path);
  for (const Json& l : lines) out << l.dump() << "\n";
  out.close();
  return run_command({arena_bin(), "replay", path});
}

// A server (xserver or `arena host evolution`) with clients signed up one after the other, so
// that client k gets id k. Returns the server's stdout; `err` receives its stderr.
std::string serve(std::vector<std::string> server,
                  const std::vector<std::vector<std::string>>& clients, std::string* err = nullptr,
                  std::vector<int>* client_codes = nullptr) {
  server.insert(server.end(), {"--port", "0"});
  Proc s(server);
  EXPECT_TRUE(s.wait_err("listening on port")) << s.err();
  const std::string port = std::to_string(listening_port(s.err()));
  std::vector<std::unique_ptr<Proc>> procs;
  for (size_t i = 0; i < clients.size(); ++i) {
    std::vector<std::string> argv = clients[i];
    argv.insert(argv.end(), {"--host", "127.0.0.1", "--port", port});
    procs.push_back(std::make_unique<Proc>(argv));
    EXPECT_TRUE(s.wait_err("player " + std::to_string(i + 1) + " signed up")) << s.err();
  }
  EXPECT_EQ(s.finish(), 0) << s.err();
  for (auto& p : procs) {
    int code = p->finish();
    if (client_codes) client_codes->push_back(code);
  }
  if (err) *err = s.err();
  return s.out();
}

TEST(EvolutionNet, XserverWithThreeXclientsMatchesXmain) {
  for (uint32_t seed : {0u, 42u, 12345u}) {
    std::vector<int> codes;
    std::string out =
        serve({bin("xserver"), "--seed", std::to_string(seed), "--signup-window-s", "0"},
              {{bin("xclient")}, {bin("xclient")}, {bin("xclient")}}, nullptr, &codes);
    EXPECT_EQ(out, xmain(3, seed)) << "seed " << seed;
    EXPECT_EQ(codes, (std::vector<int>{0, 0, 0})) << "xclient exits 0 when the server closes";
  }
}

// Reads one line from a blocking socket ("" at EOF).
std::string socket_line(int fd) {
  std::string line;
  char c;
  while (::read(fd, &c, 1) == 1) {
    line.push_back(c);
    if (c == '\n') break;
  }
  return line;
}

TEST(EvolutionNet, TheWireCarriesTheExampleSessionOfTheSpec) {
  // Spec §8.9: seed 0, three clients, the first turn as client 1 sees it, byte for byte.
  Proc s({bin("xserver"), "--port", "0", "--signup-window-s", "0"});
  ASSERT_TRUE(s.wait_err("listening on port")) << s.err();
  const int port = listening_port(s.err());
  std::string error;
  int fd = tcp_connect("127.0.0.1", port, &error);
  ASSERT_GE(fd, 0) << error;
  ASSERT_EQ(::write(fd, "\"silly\"\n", 8), 8);
  EXPECT_EQ(socket_line(fd), "\"ok\"\n");
  std::vector<std::unique_ptr<Proc>> others;
  for (int i = 0; i < 2; ++i)
    others.push_back(std::make_unique<Proc>(std::vector<std::string>{
        bin("xclient"), "--host", "127.0.0.1", "--port", std::to_string(port)}));
  EXPECT_EQ(
      socket_line(fd),
      "[0,0,[[[\"food\",0],[\"body\",0],[\"population\",1],[\"traits\",[]]]],[[3,\"horns\"],[-3,"
      "\"pack-hunting\"],[0,\"cooperation\"],[3,\"fertile\"]]]\n");
  EXPECT_EQ(socket_line(fd),
            "[[],[[[[\"food\",0],[\"body\",0],[\"population\",1],[\"traits\",[]]]],[[[\"food\",0],["
            "\"body\","
            "0],[\"population\",1],[\"traits\",[]]]]]]\n");
  const std::string reply = "[2,[[1,1]],[],[[3,0]],[]]\n";
  ASSERT_EQ(::write(fd, reply.data(), reply.size()), static_cast<ssize_t>(reply.size()));
  ::close(fd);  // ejected at its next Choose; the others finish the game
  EXPECT_EQ(s.finish(), 0) << s.err();
  EXPECT_NE(s.err().find("player 1 (client1, \"silly\") ejected in turn 2: connection closed"),
            std::string::npos)
      << s.err();
  for (auto& p : others) EXPECT_EQ(p->finish(), 0);
}

TEST(EvolutionNet, XserverClosesTheListAtTheEighthSignUp) {
  // A long window: only the 8th sign-up can start the game in time.
  std::vector<std::vector<std::string>> clients(8, {bin("xclient")});
  std::string out = serve({bin("xserver"), "--seed", "5", "--signup-window-s", "600"}, clients);
  EXPECT_EQ(out, xmain(8, 5));
}

TEST(EvolutionNet, ArenaHostMatchesXmainAndWritesAValidReplay) {
  const std::string replay = temp_dir() + "/host.jsonl";
  std::vector<std::string> bot = {arena_bin(), "bot", "evolution", "silly"};
  std::string out = serve({arena_bin(), "host", "evolution", "signup_window_s=0", "--seed", "9",
                           "--time-ms", "2000", "--replay", replay},
                          {bot, bot, bot});
  EXPECT_EQ(out, xmain(3, 9));
  CommandResult r = run_command({arena_bin(), "replay", replay});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("valid"), std::string::npos) << r.out;
  // The result line is `arena play`'s: every seat's score and the winner beside the result.
  std::vector<Json> lines = read_lines(replay);
  ASSERT_FALSE(lines.empty());
  const Json result = lines.back();
  std::string text = read_file(replay);
  text.pop_back();  // the last newline
  const auto written = nlohmann::ordered_json::parse(text.substr(text.rfind('\n') + 1));
  std::vector<std::string> keys;  // in the order written
  for (const auto& [key, value] : written.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"type", "scores", "winner", "result"}));
  const Json& ranking = result["result"]["ranking"];
  ASSERT_EQ(ranking.size(), 3u);
  EXPECT_EQ(result["winner"], ranking[0]["seat"]);
  ASSERT_EQ(result["scores"].size(), 3u);
  for (const Json& k : ranking)
    EXPECT_EQ(result["scores"].value(k["seat"].get<std::string>(), Json(-1)), k["score"]);
  EXPECT_TRUE(result["scores"].contains("client1")) << result.dump();
  // ... and the replay check holds them to the replayed game.
  lines.back()["winner"] = ranking[1]["seat"];
  CommandResult bad = check_lines(lines);
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.err.find("winner"), std::string::npos) << bad.out << bad.err;
}

// `arena host GAME k=v`: the game's parameters and its own server settings, checked like play's.
TEST(EvolutionNet, ArenaHostTakesGameParameters) {
  const std::string replay = temp_dir() + "/host.jsonl";
  std::vector<std::string> bot = {arena_bin(), "bot", "evolution", "silly", "rules=instructor"};
  std::string out = serve({arena_bin(), "host", "evolution", "rules=instructor", "deck=unshuffled",
                           "signup_window_s=0", "--time-ms", "2000", "--replay", replay},
                          {bot, bot, bot});
  CommandResult instructor =
      run_command({bin("xmain"), "3", "0", "rules=instructor", "deck=unshuffled"});
  EXPECT_EQ(out, instructor.out) << "the instructor's xmain 3";
  CommandResult r = run_command({arena_bin(), "replay", replay});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  r = run_command({arena_bin(), "host", "evolution", "signup_window_s=soon"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "arena: signup_window_s: must be a number of seconds, 0..86400\n");
  r = run_command({arena_bin(), "host", "evolution", "colour=red"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("arena: colour: unknown parameter of evolution (known: rules, deck, "
                       "signup_window_s)"),
            std::string::npos)
      << r.err;
}

TEST(EvolutionNet, XserverEjectsACheatAndRanksTheOthers) {
  std::string err;
  std::string out =
      serve({bin("xserver"), "--seed", "1", "--signup-window-s", "0", "--timeout-ms", "500"},
            {{bin("xclient")},
             {"python3", source_path("tests/bots/evolution_misbehave.py"), "cheat"},
             {bin("xclient")}},
            &err);
  EXPECT_NE(err.find("player 2"), std::string::npos) << err;
  EXPECT_NE(err.find("ejected in turn 1: cheating"), std::string::npos) << err;
  EXPECT_EQ(out.find("player id: 2 "), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 2) << out;
}

struct Played {
  int status = -1;
  Json json;
  Json header;  // the replay's header line
  std::string err, replay_check;
  std::string replay;  // the replay file
};

Played play(const std::vector<std::string>& seats, const std::string& seed, int time_ms = 2000) {
  const std::string replay = temp_dir() + "/play.jsonl";
  std::vector<std::string> argv = {arena_bin(), "play",   "evolution", "--seed",
                                   seed,        "--json", "--time-ms", std::to_string(time_ms),
                                   "--replay",  replay};
  for (size_t i = 0; i < seats.size(); ++i) {
    argv.push_back("--seat");
    argv.push_back("p" + std::to_string(i + 1) + "=" + seats[i]);
  }
  CommandResult r = run_command(argv);
  Played p;
  p.status = r.status;
  p.err = r.err;
  p.replay = replay;
  if (r.status != 0) return p;
  p.json = Json::parse(r.out);
  const std::string text = read_file(replay);
  p.header = Json::parse(text.substr(0, text.find('\n')));
  CommandResult c = run_command({arena_bin(), "replay", replay});
  p.replay_check = c.status == 0 ? "ok" : c.out + c.err;
  return p;
}

TEST(EvolutionNet, ArenaPlayWithSillySeatsMatchesXmain) {
  // Programs over TCP (xclient, `arena bot`), and in process.
  struct Case {
    std::vector<std::string> seats;
    uint32_t seed;
  };
  const std::string arena_silly = arena_bin() + " bot evolution silly";
  std::vector<Case> cases = {
      {{bin("xclient"), bin("xclient"), bin("xclient")}, 0},
      {{arena_silly, "bot:silly", bin("xclient"), arena_silly, "bot:silly"}, 11},
      {std::vector<std::string>(8, "bot:silly"), 3},
      {std::vector<std::string>(4, "bot:silly"), 42},
  };
  for (const Case& c : cases) {
    Played p = play(c.seats, std::to_string(c.seed));
    ASSERT_EQ(p.status, 0) << p.err;
    EXPECT_EQ(ranking_lines(p.json["result"]), xmain(static_cast<int>(c.seats.size()), c.seed));
    EXPECT_EQ(p.replay_check, "ok");
    // The winner is the seat ranked first; scores are the spec's.
    const Json& first = p.json["result"]["ranking"][0];
    EXPECT_EQ(p.json["winner"], first["seat"]);
    EXPECT_EQ(p.json["scores"][first["seat"].get<std::string>()], first["score"]);
    // Who signed up as what: every seat, a built-in one (in process, over the same bytes) with
    // its bot's name as `arena bot` signs up.
    for (size_t k = 0; k < c.seats.size(); ++k) {
      const std::string seat = "p" + std::to_string(k + 1);
      ASSERT_TRUE(p.header["signups"].contains(seat)) << seat;
      EXPECT_TRUE(p.header["signups"][seat].is_string()) << seat;
      if (c.seats[k] == "bot:silly" || c.seats[k] == arena_silly)
        EXPECT_EQ(p.header["signups"][seat], "silly") << seat;
    }
    EXPECT_EQ(p.header["signups"].size(), c.seats.size());
  }
}

TEST(EvolutionNet, BuiltinBotsDecideAlikeInProcessAndOverTcp) {
  // A bot: seat's seed is bot_seed(match seed, role); `arena bot` takes it as --seed.
  const uint64_t seed = bot_seed(21, "p1");
  Played in_process = play({"bot:strategic", "bot:silly", "bot:silly"}, "21");
  Played tcp = play({arena_bin() + " bot evolution strategic --seed " + std::to_string(seed),
                     "bot:silly", arena_bin() + " bot evolution silly"},
                    "21");
  ASSERT_EQ(in_process.status, 0) << in_process.err;
  ASSERT_EQ(tcp.status, 0) << tcp.err;
  EXPECT_EQ(in_process.json["result"], tcp.json["result"]);
}

TEST(EvolutionNet, ReplayCheckFindsTamperedReplies) {
  const std::string dir = temp_dir();
  const std::string file = dir + "/r.jsonl";
  CommandResult r =
      run_command({arena_bin(), "play", "evolution", "--seat", "p1=bot:silly", "--seat",
                   "p2=bot:silly", "--seat", "p3=bot:silly", "--seed", "0", "--replay", file});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<Json> lines;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) lines.push_back(Json::parse(line));
  auto check = [&](const std::vector<Json>& ls) {
    const std::string path = dir + "/t.jsonl";
    std::ofstream out(path);
    for (const Json& l : ls) out << l.dump() << "\n";
    out.close();
    return run_command({arena_bin(), "replay", path});
  };
  EXPECT_EQ(check(lines).status, 0);
  // Another food card in the first choose changes everything after it.
  std::vector<Json> tampered = lines;
  for (Json& l : tampered) {
    if (l.value("call", "") == "choose") {
      l["reply"][0] = 1;
      break;
    }
  }
  CommandResult bad = check(tampered);
  EXPECT_NE(bad.status, 0) << bad.out;
  // A changed score in the result.
  tampered = lines;
  tampered.back()["result"]["ranking"][0]["score"] = 99;
  EXPECT_NE(check(tampered).status, 0);
  // The export holds the ranking lines of xmain.
  CommandResult ex = run_command({arena_bin(), "replay", file, "--export"});
  ASSERT_EQ(ex.status, 0) << ex.err;
  EXPECT_EQ(Json::parse(ex.out)["ranking_lines"], xmain(3, 0));
}

struct Misbehaviour {
  const char* behaviour;
  const char* reason;   // a part of the ejection reason
  const char* verdict;  // the failed call's verdict in the replay ("" when it answered, cheating)
};

class EvolutionMisbehaviour : public ::testing::TestWithParam<Misbehaviour> {};

TEST_P(EvolutionMisbehaviour, IsEjectedWhileTheGameGoesOn) {
  const Misbehaviour m = GetParam();
  Played p = play({"bot:silly", misbehave(m.behaviour), "bot:silly", "bot:silly"}, "3", 500);
  ASSERT_EQ(p.status, 0) << p.err;
  const Json& result = p.json["result"];
  ASSERT_EQ(result["ejected"].size(), 1u) << result.dump();
  EXPECT_EQ(result["ejected"][0]["seat"], "p2");
  const std::string reason = result["ejected"][0]["reason"];
  EXPECT_NE(reason.find(m.reason), std::string::npos) << reason;
  EXPECT_NE(p.err.find("player 2 (p2"), std::string::npos) << p.err;
  EXPECT_NE(p.err.find(m.reason), std::string::npos) << p.err;
  ASSERT_EQ(result["ranking"].size(), 3u);
  for (const Json& k : result["ranking"]) EXPECT_NE(k["seat"], "p2");
  EXPECT_EQ(p.json["scores"]["p2"], 0);
  EXPECT_EQ(p.replay_check, "ok");
  // The replay's call lines carry the core verdicts, the same names every game writes.
  std::vector<Json> lines = read_lines(p.replay);
  std::string verdict;
  size_t failed_line = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].value("seat", "") == "p2" && lines[i].contains("verdict")) {
      verdict = lines[i]["verdict"];
      failed_line = i;
    }
  }
  EXPECT_EQ(verdict, m.verdict);
  if (verdict.empty()) return;
  // A verdict that is not one of them is refused, and the names earlier versions wrote are named.
  lines[failed_line]["verdict"] = "shape";
  CommandResult bad = check_lines(lines);
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.err.find("verdict \"shape\" is not the verdict of a failed call (timeout, crashed, "
                         "closed, malformed, too_long); earlier versions wrote \"shape\" for what "
                         "is now \"malformed\""),
            std::string::npos)
      << bad.out << bad.err;
}

INSTANTIATE_TEST_SUITE_P(
    EvolutionNet, EvolutionMisbehaviour,
    ::testing::Values(
        Misbehaviour{"garbage", "not well-formed JSON", "malformed"},
        Misbehaviour{"half_silent", "no complete reply to choose within 500 ms", "timeout"},
        Misbehaviour{"half_close", "connection closed", "closed"},
        Misbehaviour{"oversized", "reaches 64 KiB without being complete", "too_long"},
        Misbehaviour{"slow", "no complete reply to choose within 500 ms", "timeout"},
        Misbehaviour{"cheat", "cheating", ""},
        // Well-formed JSON of the wrong shape is malformed (earlier replays said "shape").
        Misbehaviour{"labelled", "wrong shape, not a RemoteAction4", "malformed"},
        Misbehaviour{"shape", "wrong shape, not a RemoteAction4", "malformed"},
        Misbehaviour{"close", "connection closed", "closed"}),
    [](const auto& info) { return std::string(info.param.behaviour); });

TEST(EvolutionNet, SeatsThatDoNotSignUpAreDropped) {
  for (const char* behaviour : {"silent", "nonstring"}) {
    Played p = play({"bot:silly", misbehave(behaviour), "bot:silly", "bot:silly"}, "3", 500);
    ASSERT_EQ(p.status, 0) << p.err;
    EXPECT_NE(p.err.find("seat p2 dropped"), std::string::npos) << p.err;
    const Json& ranking = p.json["result"]["ranking"];
    ASSERT_EQ(ranking.size(), 3u);
    // The three others play as ids 1..3, as xmain 3 does.
    EXPECT_EQ(ranking_lines(p.json["result"]), xmain(3, 3));
    EXPECT_EQ(p.replay_check, "ok");
  }
}

TEST(EvolutionNet, UsageErrors) {
  CommandResult r =
      run_command({arena_bin(), "play", "evolution", "--seat", "p1=bot:silly", "--seat",
                   "p2=bot:silly", "--seat", "p3=bot:silly", "--seed", "4294967296"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("0..4294967295"), std::string::npos) << r.err;
  r = run_command(
      {arena_bin(), "play", "evolution", "--seat", "p1=bot:silly", "--seat", "p2=bot:silly"});
  EXPECT_EQ(r.status, 2) << r.err;
  r = run_command({arena_bin(), "play", "evolution", "--seat", "p1=bot:silly", "--seat",
                   "p2=bot:silly", "--seat", "p3=bot:nobody"});
  EXPECT_EQ(r.status, 2) << r.err;
  r = run_command({arena_bin(), "host", "evolution", "--seed", "99999999999"});
  EXPECT_EQ(r.status, 2) << r.err;
}

TEST(EvolutionNet, EvalReportsPerSeatStatistics) {
  CommandResult r = run_command({arena_bin(), "eval", "evolution", "--seat", "p1=bot:silly",
                                 "--seat", "p2=bot:strategic", "--seat", "p3=bot:silly", "--games",
                                 "4", "--seed", "10", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  Json j = Json::parse(r.out);
  EXPECT_EQ(j["games"], 4);
  ASSERT_TRUE(j["roles"].contains("p2"));
  EXPECT_EQ(j["roles"]["p1"]["scores"].size(), 4u);
  EXPECT_EQ(j["ejection_rate"]["p2"], 0.0);
  EXPECT_TRUE(j["mean_place"]["p1"].is_number());
  // Eval plays seed S+i: every one of them must fit the 32 bits of §2.5.
  r = run_command({arena_bin(), "eval", "evolution", "--seat", "p1=bot:silly", "--seat",
                   "p2=bot:silly", "--seat", "p3=bot:silly", "--games", "2", "--seed", "4294967295",
                   "--json"});
  EXPECT_EQ(r.status, 2) << "seed 2^32 for the second game is refused";
}

}  // namespace
}  // namespace arena::testing
