// Spec §5.9, §5.10 and §4.9 over real sockets: every kind of bad input gets its ERROR reply (or
// is discarded when the sender is out of step), the pending query stays pending, and the game
// goes on with nothing else changed: the record file equals the one of a clean game with the
// same answers.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>

#include "tests/empire_wire.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

const std::string kAliceBuild =
    "(((34 12) (32 12)) ((32 12) (31 11)) ((31 11) (29 11)) ((29 11) (27 11)) ((27 11) (25 11)) "
    "((25 11) (23 11)) ((23 11) (21 11)))";
const std::string kAliceMove =
    "((acquire-good beer) (move-to-point (32 12)) (move-to-point (31 11)) (move-to-point (29 11)) "
    "(move-to-point (27 11)) (move-to-point (25 11)) (move-to-point (23 11)) (move-to-point (21 "
    "11)) (make-delivery 18 1))";

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Game {
  std::unique_ptr<ServerThread> server;
  std::unique_ptr<WireClient> alice, bob, console;
  std::string record;
};

// Registers alice and bob (autostart=2) and a console; reads both init logs.
Game start(std::vector<std::string> settings) {
  Game g;
  g.record = temp_dir() + "/record.txt";
  settings.push_back("seed=1");
  settings.push_back("autostart=2");
  settings.push_back("record=" + g.record);
  g.server = std::make_unique<ServerThread>(settings);
  g.console = std::make_unique<WireClient>(g.server->port());
  EXPECT_EQ(g.console->line(), "EMPIRE-BUILDER");
  g.alice = std::make_unique<WireClient>(g.server->port());
  g.alice->send("(register \"alice\")");
  g.alice->expect({"EMPIRE-BUILDER", "(REGISTERED \"alice\")"}, "alice");
  g.bob = std::make_unique<WireClient>(g.server->port());
  g.bob->send("(register bob)");
  g.bob->expect({"EMPIRE-BUILDER", "(REGISTERED \"BOB\")"}, "bob");
  EXPECT_TRUE(g.alice->skip_to("(INIT-END)"));
  EXPECT_TRUE(g.bob->skip_to("(INIT-END)"));
  return g;
}

// Sends `answer` once `query` is read (lines before it skipped).
void answer(WireClient& c, const std::string& query, const std::string& answer) {
  ASSERT_TRUE(c.skip_to(query)) << "waiting for " << query;
  c.send(answer);
}

// One round of play, turn_limit=1: `before_alice_build` misbehaves while alice's first build
// query is pending; the answers are then the clean ones.
std::string play(const std::vector<std::string>& settings,
                 const std::function<void(Game&)>& before_alice_build = nullptr) {
  Game g = start(settings);
  answer(*g.alice, "(CHOOSE-START)", "(34 12)");
  answer(*g.bob, "(CHOOSE-START)", "(33 19)");
  EXPECT_TRUE(g.alice->skip_to("(CHOOSE-BUILD)"));
  if (before_alice_build) before_alice_build(g);
  g.alice->send(kAliceBuild);
  answer(*g.alice, "(CHOOSE-BUILD)", "nil");
  answer(*g.alice, "(CHOOSE-MOVE)", kAliceMove);
  answer(*g.alice, "(CHOOSE-MOVE)", "()");
  answer(*g.bob, "(CHOOSE-BUILD)", "nil");
  answer(*g.bob, "(CHOOSE-MOVE)", "nil");
  EXPECT_TRUE(g.console->skip_to("(GAME-OVER (0) TURN-LIMIT ((0 52) (1 40)))"));
  EXPECT_EQ(g.server->status(), 0);
  return read_file(g.record);
}

const std::vector<std::string> kSettings = {"turn_limit=1"};

TEST(EmpireBadInput, CleanGameRecord) {
  std::string r = play(kSettings);
  EXPECT_EQ(r.rfind("(RECORD-VERSION 1)\n(MAP-FILE \"simple-game\")\n(SEED 1)\n(INIT-BEGIN)\n", 0),
            0u);
  EXPECT_NE(r.find("(ASKED 0 CHOOSE-BUILD)\n(ANSWERED 0 (((34 12) (32 12)) "), std::string::npos);
  EXPECT_NE(r.find("(REPLIED 0 (BUILD-TURN 1 2 1 1 1 1 5))\n"), std::string::npos);
  EXPECT_EQ(r.substr(r.size() - 43), "(GAME-OVER (0) TURN-LIMIT ((0 52) (1 40)))\n");
}

// Each row of §5.10, one after the other while alice's build query is pending.
TEST(EmpireBadInput, EveryRowOfTheMalformedInputTable) {
  const std::string clean = play(kSettings);
  auto error_kind = [](const std::string& line) { return line.substr(0, line.find(" \"")); };
  std::string r = play(kSettings, [&](Game& g) {
    g.alice->send("(((34 12) (32 12))");  // unbalanced
    EXPECT_EQ(error_kind(g.alice->line()), "(ERROR PARSE-ERROR");
    g.alice->send("(a) (b)");  // two data
    EXPECT_EQ(error_kind(g.alice->line()), "(ERROR PARSE-ERROR");
    g.alice->send("\"unterminated");
    EXPECT_EQ(error_kind(g.alice->line()), "(ERROR PARSE-ERROR");
    g.alice->send(std::string(70000, 'x'));  // over 65,536 bytes
    EXPECT_EQ(error_kind(g.alice->line()), "(ERROR LINE-TOO-LONG");
    g.alice->send("foo");
    EXPECT_EQ(error_kind(g.alice->line()), "(ERROR BAD-REPLY");
    g.alice->send("5");
    EXPECT_EQ(error_kind(g.alice->line()), "(ERROR BAD-REPLY");
    g.alice->send("");  // blank lines and comments are ignored
    g.alice->send("; a comment");
    g.bob->send("(((1 1) (3 1)))");  // not bob's turn
    std::string l;
    do l = g.bob->line();
    while (l.rfind("(ERROR", 0) != 0 && l[0] != '<');
    EXPECT_EQ(error_kind(l), "(ERROR NO-QUERY-PENDING");
    g.console->send("(fly)");
    EXPECT_EQ(error_kind(g.console->line()), "(ERROR UNKNOWN-COMMAND");
    g.console->send("(start-game)");
    EXPECT_EQ(g.console->line(), "(START-REFUSED ALREADY-STARTED)");
    g.bob->send("(sync)");
    EXPECT_TRUE(g.bob->skip_to("SYNCED"));
  });
  EXPECT_EQ(r, clean);
}

// The answer arrives in pieces (and with CR LF); a later player registering is refused.
TEST(EmpireBadInput, HalfLinesAndLateRegistration) {
  const std::string clean = play(kSettings);
  std::string r = play(kSettings, [&](Game& g) {
    WireClient late(g.server->port());
    late.send("(register \"carol\")");
    late.expect({"EMPIRE-BUILDER", "(REGISTER-REFUSED GAME-STARTED)", "<eof>"}, "late");
    g.alice->send_raw("(((34 12) (32");
    g.console->send("(status)");  // served while alice's half line waits
    EXPECT_EQ(g.console->line().rfind("(STATUS PLAYING 1 0 ", 0), 0u);
    g.alice->send_raw(" 12)) ((32 12) (31 11)))\r\n");
    EXPECT_TRUE(g.alice->skip_to("(BUILD-TURN 1 2)"));
    // The rest of the clean build goes on as the next answer (own edges cost 0).
  });
  // The same track in two requests: the records differ only in those requests.
  EXPECT_NE(r.find("(REPLIED 0 (BUILD-TURN 1 2))"), std::string::npos);
  EXPECT_NE(r.find("(REPLIED 0 (BUILD-TURN 0 0 1 1 1 1 5))"), std::string::npos);
  EXPECT_EQ(r.substr(r.find("(ASKED 1 CHOOSE-BUILD)")),
            clean.substr(clean.find("(ASKED 1 CHOOSE-BUILD)")));
}

// A flood of lines from the other player while alice thinks: answered, never blocking the game.
TEST(EmpireBadInput, AFloodingPlayerChangesNothing) {
  const std::string clean = play(kSettings);
  std::string r = play(kSettings, [&](Game& g) {
    std::string flood;
    for (int k = 0; k < 3000; ++k) flood += "(hello " + std::to_string(k) + ")\n";
    g.bob->send_raw(flood);
  });
  EXPECT_EQ(r, clean);
}

// Bob never answers his move query: TIMEOUT, counted as nil; his late answer is discarded until
// (sync); alice's game goes on.
TEST(EmpireBadInput, NoAnswerAndALateAnswer) {
  Game g = start({"turn_limit=2", "query_timeout_ms=300"});
  answer(*g.alice, "(CHOOSE-START)", "(34 12)");
  answer(*g.bob, "(CHOOSE-START)", "(33 19)");
  answer(*g.alice, "(CHOOSE-BUILD)", "nil");
  answer(*g.alice, "(CHOOSE-MOVE)", "nil");
  ASSERT_TRUE(g.bob->skip_to("(CHOOSE-BUILD)"));
  EXPECT_EQ(g.bob->line(), "(TIMEOUT)");
  // The move query waits for his (sync), which does not come: timed out unsent.
  EXPECT_EQ(g.bob->line(), "(TURN 2 0)");
  g.bob->send("(((33 19) (33 17)))");  // late: discarded silently
  g.bob->send("garbage((");            // out of step: discarded, no PARSE-ERROR
  answer(*g.alice, "(CHOOSE-BUILD)", "nil");
  answer(*g.alice, "(CHOOSE-MOVE)", "nil");
  // Bob's next query waits for his (sync), then is sent with a fresh deadline.
  g.bob->send("(sync)");
  std::vector<std::string> seen;
  ASSERT_TRUE(g.bob->skip_to("(CHOOSE-BUILD)", &seen));
  for (const std::string& l : seen) EXPECT_EQ(l.find("ERROR"), std::string::npos) << l;
  EXPECT_NE(std::find(seen.begin(), seen.end(), "SYNCED"), seen.end());
  g.bob->send("nil");
  answer(*g.bob, "(CHOOSE-MOVE)", "nil");
  EXPECT_TRUE(g.console->skip_to("(GAME-OVER (0 1) TURN-LIMIT ((0 40) (1 40)))"));
  std::string r = read_file(g.record);
  EXPECT_NE(r.find("(ASKED 1 CHOOSE-BUILD)\n(TIMED-OUT 1)\n"), std::string::npos);
}

// Bob leaves in the middle of his turn: PLAYER-LEFT, his queries count as nil, alice plays on;
// then alice leaves too: ABANDONED.
TEST(EmpireBadInput, DisconnectMidTurnThenAbandoned) {
  Game g = start({});
  answer(*g.alice, "(CHOOSE-START)", "(34 12)");
  answer(*g.bob, "(CHOOSE-START)", "(33 19)");
  answer(*g.alice, "(CHOOSE-BUILD)", kAliceBuild);
  answer(*g.alice, "(CHOOSE-BUILD)", "nil");
  answer(*g.alice, "(CHOOSE-MOVE)", "nil");
  answer(*g.bob, "(CHOOSE-BUILD)", "(((33 19) (33 17)))");
  ASSERT_TRUE(g.bob->skip_to("(CHOOSE-BUILD)"));
  g.bob->close();
  ASSERT_TRUE(g.alice->skip_to("(PLAYER-LEFT 1)"));
  EXPECT_EQ(g.alice->line(), "(TURN 2 0)");
  EXPECT_EQ(g.alice->line(), "(CHOOSE-BUILD)");
  g.console->send("(status)");
  EXPECT_EQ(g.console->line(),
            "(STATUS PLAYING 2 0 ((0 \"alice\" 28 FREIGHT CONNECTED) (1 \"BOB\" 39 FREIGHT "
            "DISCONNECTED)))");
  g.alice->send("nil");
  answer(*g.alice, "(CHOOSE-MOVE)", "nil");
  // Bob's turn passes at once.
  EXPECT_EQ(g.alice->line(), "(TURN 2 1)");
  EXPECT_EQ(g.alice->line(), "(TURN 3 0)");
  g.alice->close();
  EXPECT_TRUE(g.console->skip_to("(GAME-OVER NIL ABANDONED ((0 28) (1 39)))"));
  EXPECT_EQ(g.server->status(), 0);
  std::string r = read_file(g.record);
  EXPECT_NE(r.find("(PLAYER-LEFT 1)\n(ANSWERED 1 NIL)\n"), std::string::npos);
}

TEST(EmpireBadInput, RegistrationRefusals) {
  ServerThread server({"max_players=2"});
  WireClient a(server.port()), b(server.port()), c(server.port()), d(server.port()),
      console(server.port());
  a.send("(register \"ann\")");
  a.expect({"EMPIRE-BUILDER", "(REGISTERED \"ann\")"}, "ann");
  b.send("(register \"ANN\")");
  b.expect({"EMPIRE-BUILDER", "(REGISTER-REFUSED NAME-TAKEN)", "<eof>"}, "taken");
  c.send("(register \"no spaces allowed\")");
  c.expect({"EMPIRE-BUILDER", "(REGISTER-REFUSED BAD-NAME)", "<eof>"}, "bad");
  console.expect({"EMPIRE-BUILDER"}, "console");
  console.send("(start-game)");
  console.expect({"(START-REFUSED NOT-ENOUGH-PLAYERS)"}, "not enough");
  a.send("(hello)");
  EXPECT_EQ(a.line().rfind("(ERROR NO-QUERY-PENDING", 0), 0u);
  d.send("(register \"dan\")");
  d.expect({"EMPIRE-BUILDER", "(REGISTERED \"dan\")"}, "dan");
  WireClient e(server.port());
  e.send("(register \"eve\")");
  e.expect({"EMPIRE-BUILDER", "(REGISTER-REFUSED GAME-FULL)", "<eof>"}, "full");
  console.send("(quit)");
  EXPECT_EQ(console.line(), "<eof>");
  a.close();
  d.close();
  // Players that leave during registration are forgotten (§5.4).
  WireClient f(server.port());
  f.send("(start-game)");
  f.expect({"EMPIRE-BUILDER", "(START-REFUSED NOT-ENOUGH-PLAYERS)"}, "forgotten");
  f.send("(register \"f1\")");
  f.expect({"(REGISTERED \"f1\")"}, "f1");
  WireClient h(server.port());
  h.send("(register \"f2\")");
  h.expect({"EMPIRE-BUILDER", "(REGISTERED \"f2\")"}, "f2");
  WireClient t(server.port());
  t.send("(start-game)");
  t.expect({"EMPIRE-BUILDER", "GAME-STARTED"}, "start");
  f.close();
  h.close();
  EXPECT_TRUE(t.skip_to("(GAME-OVER NIL ABANDONED ((0 40) (1 40)))"));
  EXPECT_EQ(server.status(), 0);
}

}  // namespace
}  // namespace arena::testing
