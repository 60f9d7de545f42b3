// Spec §5.11's example session over real sockets, line for line: alice, bob and a telnet console
// against the server (simple-game, seed 1; the timeout part with a one-second query timeout, so
// SETTINGS reads (QUERY-TIMEOUT 1)).
#include <gtest/gtest.h>

#include "tests/empire_wire.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

TEST(EmpireSession, ExampleSessionLineForLine) {
  ServerThread server({"seed=1", "query_timeout_ms=1000"});
  WireClient alice(server.port());
  alice.expect({"EMPIRE-BUILDER"}, "banner");
  alice.send("(register \"alice\")");
  alice.expect({"(REGISTERED \"alice\")"}, "alice registers");
  WireClient bob(server.port());
  bob.expect({"EMPIRE-BUILDER"}, "banner");
  bob.send("(register \"bob\")");
  bob.expect({"(REGISTERED \"bob\")"}, "bob registers");
  WireClient telnet(server.port());
  telnet.expect({"EMPIRE-BUILDER"}, "banner");
  telnet.send("(status)");
  telnet.expect(
      {"(STATUS REGISTRATION 0 -1 ((0 \"alice\" 40 FREIGHT CONNECTED) (1 \"bob\" 40 FREIGHT "
       "CONNECTED)))"},
      "status");
  telnet.send("(start-game)");
  telnet.expect({"GAME-STARTED"}, "start");

  // Initialisation log as alice receives it.
  alice.expect({"(INIT-BEGIN)",
                "(SETTINGS (ADJACENCY LITERAL8) (START-CASH 40) (BUILD-LIMIT 20) (WIN-CASH 250) "
                "(FEE 4) (UPGRADE-COST 20) (TURN-LIMIT 0) (QUERY-TIMEOUT 1) (MAX-QUERIES 50))",
                "(MAP-SIZE 59 21)"},
               "init");
  EXPECT_EQ(
      alice.line().rfind("(MOUNTAINS (4 13) (4 14) (4 17) (4 18) (4 19) (4 20) (5 9) (5 10) ", 0),
      0u);
  EXPECT_EQ(alice.line().rfind("(INVALID (0 4) (0 5) (0 6) (0 7) (0 8) (0 9) (0 10) (0 11) ", 0),
            0u);
  alice.expect({"(CITY SEATTLE (FISH LUMBER) ((3 19)))", "(CITY PORTLAND (LUMBER WHEAT) ((2 16)))"},
               "cities");
  std::vector<std::string> cities;
  ASSERT_TRUE(alice.skip_to("(CITY BOSTON (FISH) ((54 16)))", &cities));
  EXPECT_EQ(cities.size(), 27u);
  EXPECT_EQ(cities[1], "(CITY LOS-ANGELES (OIL FRUIT) ((6 8) (7 7)))");
  const std::string demands = alice.line();
  EXPECT_EQ(demands.rfind("(DEMANDS (SEATTLE COAL 32) (SEATTLE TEXTILES 50) ", 0), 0u);
  alice.expect(
      {"(TRAIN-TYPES (FREIGHT 9 2) (FAST-FREIGHT 12 2) (SUPERFREIGHT 12 3))",
       "(PLAYER 0 \"alice\")", "(PLAYER 1 \"bob\")", "(YOU 0)", "(CASH 0 40 40 START)",
       "(CASH 1 40 40 START)", "(TRAIN 0 FREIGHT)", "(TRAIN 1 FREIGHT)",
       "(CARD 0 15 ((0 HOUSTON COPPER 27) (1 DULUTH OIL 26) (2 SAN-FRANCISCO MACHINERY 44)))",
       "(CARD 1 1 HIDDEN)",
       "(CARD 0 18 ((0 BILLINGS MACHINERY 27) (1 DENVER BEER 24) (2 SALT-LAKE-CITY LUMBER 23)))",
       "(CARD 1 6 HIDDEN)",
       "(CARD 0 10 ((0 PORTLAND TEXTILES 48) (1 NEW-YORK WINE 57) (2 LOS-ANGELES TEXTILES 41)))",
       "(CARD 1 16 HIDDEN)", "(INIT-END)"},
      "init tail");
  ASSERT_TRUE(bob.skip_to("(YOU 1)"));
  bob.expect({"(CASH 0 40 40 START)", "(CASH 1 40 40 START)", "(TRAIN 0 FREIGHT)",
              "(TRAIN 1 FREIGHT)", "(CARD 0 15 HIDDEN)",
              "(CARD 1 1 ((0 BOSTON COPPER 50) (1 SALT-LAKE-CITY TOBACCO 45) (2 MINNEAPOLIS COAL "
              "21)))"},
             "bob's init");
  ASSERT_TRUE(bob.skip_to("(INIT-END)"));

  // Round 0.
  alice.expect({"(TURN 0 0)", "(CHOOSE-START)"}, "round 0");
  alice.send("(4 5)");
  alice.expect({"INVALID-START-LOCATION", "(CHOOSE-START)"}, "bad start");
  alice.send("(34 12)");
  alice.expect({"(START 0 (34 12))", "LOCATION-SET", "(TURN 0 1)"}, "alice starts");
  bob.expect({"(TURN 0 0)", "(START 0 (34 12))", "(TURN 0 1)", "(CHOOSE-START)"}, "bob round 0");
  bob.send("(33 19)");
  bob.expect({"(START 1 (33 19))", "LOCATION-SET", "(TURN 1 0)"}, "bob starts");
  alice.expect({"(START 1 (33 19))", "(TURN 1 0)", "(CHOOSE-BUILD)"}, "alice sees bob");

  // Round 1, alice.
  alice.send("(upgrade-train)");
  alice.expect({"(BUILD-TURN INVALID-UPGRADE-TIME)", "(CHOOSE-BUILD)"}, "upgrade refused");
  alice.send(
      "(((34 12) (32 12)) ((32 12) (31 11)) ((31 11) (29 11)) ((29 11) (27 11)) ((27 11) (25 "
      "11)) ((25 11) (23 11)) ((23 11) (21 11)))");
  const std::vector<std::string> alice_track = {
      "(TRACK 0 (34 12) (32 12) 1)", "(CASH 0 39 -1 BUILD)",        "(TRACK 0 (32 12) (31 11) 2)",
      "(CASH 0 37 -2 BUILD)",        "(TRACK 0 (31 11) (29 11) 1)", "(CASH 0 36 -1 BUILD)",
      "(TRACK 0 (29 11) (27 11) 1)", "(CASH 0 35 -1 BUILD)",        "(TRACK 0 (27 11) (25 11) 1)",
      "(CASH 0 34 -1 BUILD)",        "(TRACK 0 (25 11) (23 11) 1)", "(CASH 0 33 -1 BUILD)",
      "(TRACK 0 (23 11) (21 11) 5)", "(CASH 0 28 -5 BUILD)"};
  alice.expect(alice_track, "alice builds");
  alice.expect({"(BUILD-TURN 1 2 1 1 1 1 5)", "(CHOOSE-BUILD)"}, "build reply");
  alice.send("nil");
  alice.expect({"(CHOOSE-MOVE)"}, "nil gets no reply");
  alice.send(
      "((acquire-good beer) (move-to-point (32 12)) (move-to-point (31 11)) (move-to-point (29 "
      "11)) (move-to-point (27 11)) (move-to-point (25 11)) (move-to-point (23 11)) "
      "(move-to-point (21 11)) (make-delivery 18 1))");
  std::vector<std::string> run = {
      "(CARGO 0 (BEER))",     "(POSITION 0 (32 12))",    "(POSITION 0 (31 11))",
      "(POSITION 0 (29 11))", "(POSITION 0 (27 11))",    "(POSITION 0 (25 11))",
      "(POSITION 0 (23 11))", "(POSITION 0 (21 11))",    "(DELIVERED 0 18 1 DENVER BEER 24)",
      "(CARGO 0 NIL)",        "(CASH 0 52 24 DELIVERY)", "(DISCARD 0 18)"};
  alice.expect(run, "alice's run");
  alice.expect({"(CARD 0 3 ((0 SEATTLE TEXTILES 50) (1 NEW-YORK FRUIT 26) (2 DETROIT FRUIT 27)))",
                "(MOVE-TURN (BEER) 1 1 1 1 1 1 1 NIL)", "(CHOOSE-MOVE)"},
               "delivery");
  alice.send("nil");
  alice.expect({"(TURN 1 1)"}, "bob's turn");
  bob.expect(alice_track, "bob sees alice's track");
  bob.expect(run, "bob sees alice's run");
  bob.expect({"(CARD 0 3 HIDDEN)", "(TURN 1 1)", "(CHOOSE-BUILD)"}, "hidden card");

  // Round 1, bob.
  bob.send("(((33 19) (33 17)) ((33 17) (32 16)) ((32 14) (31 13)))");
  bob.expect({"(TRACK 1 (33 19) (33 17) 1)", "(CASH 1 39 -1 BUILD)", "(TRACK 1 (33 17) (32 16) 1)",
              "(CASH 1 38 -1 BUILD)", "(BUILD-TURN 1 1 INVALID-START)", "(CHOOSE-BUILD)"},
             "unconnected edge");
  bob.send("(((32 16) (32 14)) ((32 14) (32 12)) ((32 12) (30 12)))");
  bob.expect({"(TRACK 1 (32 16) (32 14) 1)", "(CASH 1 37 -1 BUILD)", "(TRACK 1 (32 14) (32 12) 1)",
              "(CASH 1 36 -1 BUILD)", "(TRACK 1 (32 12) (30 12) 5)", "(CASH 1 31 -5 BUILD)",
              "(BUILD-TURN 1 1 5)", "(CHOOSE-BUILD)"},
             "bob builds");
  bob.send("(((32 12) (34 12)))");
  bob.expect({"(BUILD-TURN OWNED)", "(CHOOSE-BUILD)"}, "owned");
  bob.send("nil");
  bob.expect({"(CHOOSE-MOVE)"}, "bob moves");
  bob.send(
      "((acquire-good iron) (move-to-point (33 17)) (move-to-point (32 16)) (move-to-point (32 "
      "14)) (move-to-point (32 12)) (move-to-point (30 12)) (make-delivery 16 1) (fly-to-moon))");
  bob.expect(
      {"(CARGO 1 (IRON))", "(POSITION 1 (33 17))", "(POSITION 1 (32 16))", "(POSITION 1 (32 14))",
       "(POSITION 1 (32 12))", "(POSITION 1 (30 12))", "(DELIVERED 1 16 1 KANSAS-CITY IRON 20)",
       "(CARGO 1 NIL)", "(CASH 1 51 20 DELIVERY)", "(DISCARD 1 16)",
       "(CARD 1 14 ((0 ST-LOUIS IRON 20) (1 DETROIT CORN 20) (2 EL-PASO POTATOES 27)))",
       "(MOVE-TURN (IRON) 1 1 1 1 1 NIL INVALID-COMMAND)", "(CHOOSE-MOVE)"},
      "bob's delivery");
  bob.send(
      "((move-to-point (32 12)) (move-to-point (34 12)) (move-to-point (32 12)) (move-to-point "
      "(31 11)) (move-to-point (29 11)))");
  bob.expect({"(MOVE-TURN TOO-MANY-COMMANDS)", "(CHOOSE-MOVE)"}, "too many");
  bob.send(
      "((move-to-point (32 12)) (move-to-point (34 12)) (acquire-good fish) (acquire-good beer))");
  bob.expect({"(POSITION 1 (32 12))", "(CASH 1 47 -4 FEE-PAID)", "(CASH 0 56 4 FEE-EARNED)",
              "(POSITION 1 (34 12))", "(CARGO 1 (BEER))",
              "(MOVE-TURN 1 1 INVALID-ACQUISITION (BEER))", "(CHOOSE-MOVE)"},
             "fee");
  bob.send("nil");
  bob.expect({"(TURN 2 0)"}, "round 2");
  ASSERT_TRUE(alice.skip_to("(CARD 1 14 HIDDEN)"));
  ASSERT_TRUE(alice.skip_to("(CASH 0 56 4 FEE-EARNED)"));
  alice.expect({"(POSITION 1 (34 12))", "(CARGO 1 (BEER))", "(TURN 2 0)", "(CHOOSE-BUILD)"},
               "alice round 2");

  // Round 2: alice upgrades, then lets the move query time out and resynchronises.
  alice.send("(upgrade-train)");
  alice.expect({"(TRAIN 0 FAST-FREIGHT)", "(CASH 0 36 -20 UPGRADE)", "(BUILD-TURN 20 BUILD-LIMIT)",
                "(CHOOSE-MOVE)", "(TIMEOUT)", "(TURN 2 1)"},
               "upgrade and timeout");
  bob.expect({"(TRAIN 0 FAST-FREIGHT)", "(CASH 0 36 -20 UPGRADE)", "(TURN 2 1)", "(CHOOSE-BUILD)"},
             "bob round 2");
  alice.send("(sync)");
  alice.expect({"SYNCED"}, "sync");
  telnet.send("(status)");
  telnet.expect({"(STATUS PLAYING 2 1 ((0 \"alice\" 36 FAST-FREIGHT CONNECTED) (1 \"bob\" 47 "
                 "FREIGHT CONNECTED)))"},
                "status while playing");
  // The end: both leave, the console hears GAME-OVER.
  alice.close();
  bob.expect({"(PLAYER-LEFT 0)"}, "alice left");
  bob.close();
  telnet.expect({"(GAME-OVER NIL ABANDONED ((0 36) (1 47)))"}, "abandoned");
  EXPECT_EQ(telnet.line(), "<eof>");
  EXPECT_EQ(server.status(), 0);
  EXPECT_NE(server.out().find("(GAME-OVER NIL ABANDONED ((0 36) (1 47)))"), std::string::npos);
}

}  // namespace
}  // namespace arena::testing

namespace arena::testing {
namespace {

std::string eb_server() {
  return arena_bin().substr(0, arena_bin().size() - 5) + "eb-server";  // beside `arena`
}

// §9.1: usage errors exit 64, map errors 2, each with a precise message.
TEST(EmpireSession, ServerCommandLineErrors) {
  struct Case {
    std::vector<std::string> args;
    int status;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{}, 64, "usage: eb-server MAP PORT [name=value ...]"},
      {{"simple-game", "80"}, 64, "PORT must be 1025..65535, or 0"},
      {{"simple-game", "0", "bogus=1"}, 64, "unknown setting 'bogus'"},
      {{"simple-game", "0", "fee=-1"}, 64, "fee: must be an integer 0..1000000000, got '-1'"},
      {{"simple-game", "0", "adjacency=hex4"}, 64, "adjacency: must be literal8 or hex6"},
      {{"no-such-map", "0"}, 2, "no-such-map:0:0: error: cannot open file"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = {eb_server()};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    CommandResult r = run_command(argv);
    EXPECT_EQ(r.status, c.status) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace arena::testing

namespace arena::testing {
namespace {

// §8.2: eb-client strategy=manual prompts, sends each typed line as it is and prints each reply,
// like the seed's transcript (the typed lines are not echoed: they come from stdin here).
TEST(EmpireSession, ManualClientTranscript) {
  ServerThread server({"seed=1", "min_players=1", "autostart=1", "turn_limit=1"});
  const std::string client = arena_bin().substr(0, arena_bin().size() - 5) + "eb-client";
  CommandResult r =
      run_command({client, "127.0.0.1", std::to_string(server.port()), "me", "strategy=manual"},
                  "(4 5)\n(34 12)\n(upgrade-train)\n(((34 12) (32 12)))\nnil\n"
                  "((acquire-good beer) (move-to-point (32 12)))\nnil\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "Start Location: INVALID-START-LOCATION\n"
            "Start Location: LOCATION-SET\n"
            "Build Command: (BUILD-TURN INVALID-UPGRADE-TIME)\n"
            "Build Command: (BUILD-TURN 1)\n"
            "Build Command: Move Command: (MOVE-TURN (BEER) 1)\n"
            "Move Command: (GAME-OVER (0) TURN-LIMIT ((0 39)))\n");
  EXPECT_EQ(server.status(), 0);
}

}  // namespace
}  // namespace arena::testing
