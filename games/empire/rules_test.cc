// Spec §11.5: each rule of the engine, on small maps where the outcome is plain to see.
#include "games/empire/rules.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "games/empire/codec.h"

namespace arena::empire {
namespace {

// 12 x 8. A is a two-node city; (10 6) and (8 6) are invalid (entry (11 7) also marks (9 7)).
constexpr const char* kSmall =
    "(12 8) ((5 5)) ((11 7))\n"
    "((A (X) (2 2) (3 3)) (B (Y) (8 2)) (C (Z) (6 6)))\n"
    "((A Y 5) (B X 6) (C X 7) (A Z 8))";

Map load(const char* text) {
  MapLoad r = load_map_text(text, "t");
  EXPECT_TRUE(r.map.has_value()) << r.error;
  return r.map ? *r.map : Map{};
}

EdgeRequest edge(Point a, Point b) {
  return {true, a, b};
}

MoveCommand to(Point p) {
  MoveCommand c;
  c.kind = MoveCommand::Kind::move_to;
  c.to = p;
  return c;
}

MoveCommand goods(MoveCommand::Kind k, int good) {
  MoveCommand c;
  c.kind = k;
  c.good = good;
  return c;
}

MoveCommand delivery(int card, int demand) {
  MoveCommand c;
  c.kind = MoveCommand::Kind::deliver;
  c.card = card;
  c.demand = demand;
  return c;
}

// Round 0 with the given start nodes, then round 1 begun for seat 0 (build phase).
Game started(const Map& m, Settings s, std::vector<Point> starts) {
  Game g(m, s, static_cast<int>(starts.size()));
  for (Point p : starts) {
    g.begin_turn();
    EXPECT_TRUE(g.choose_start(p));
    g.end_turn();
  }
  g.begin_turn();
  return g;
}

// Ends the current turn (whatever phase) and begins the next one.
void next_turn(Game& g) {
  g.end_build();
  g.end_turn();
  g.begin_turn();
}

std::string reply(const BuildReply& r) {
  return build_reply_line(r);
}

TEST(Rules, StartLocation) {
  Map m = load(kSmall);
  Game g(m, Settings{}, 2);
  g.begin_turn();
  EXPECT_EQ(g.phase(), Phase::start);
  EXPECT_FALSE(g.choose_start({4, 2}));   // plain
  EXPECT_FALSE(g.choose_start({20, 2}));  // off the board
  EXPECT_TRUE(g.choose_start({3, 3}));    // any node of any city
  EXPECT_EQ(g.player(0).position, m.dims().index({3, 3}));
  EXPECT_FALSE(g.choose_start({8, 2}));  // chosen once
  EXPECT_EQ(g.player(0).position, m.dims().index({3, 3}));
  g.end_turn();
  g.begin_turn();
  Events ev;
  g.auto_start(&ev);  // after the last failed attempt: first node of the first city
  EXPECT_EQ(g.player(1).position, m.dims().index({2, 2}));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(event_line(ev[0], g, 1), "(START 1 (2 2))");
  g.end_turn();
  EXPECT_EQ(g.round(), 1);
  EXPECT_EQ(g.current(), 0);
}

TEST(Rules, BuildErrorsInTheirOrder) {
  Map m = load(kSmall);
  Game g = started(m, Settings{}, {{2, 2}, {8, 2}});
  // 1-2. Shape and geometry.
  EXPECT_EQ(reply(g.build({{false, {}, {}}})), "(BUILD-TURN INVALID-EDGES)");
  EXPECT_EQ(reply(g.build({edge({0, 0}, {-2, 0})})), "(BUILD-TURN INVALID-EDGES)");
  EXPECT_EQ(reply(g.build({edge({6, 6}, {8, 6})})), "(BUILD-TURN INVALID-EDGES)");  // invalid
  EXPECT_EQ(reply(g.build({edge({2, 2}, {2, 2})})), "(BUILD-TURN INVALID-EDGES)");
  EXPECT_EQ(reply(g.build({edge({2, 2}, {5, 2})})), "(BUILD-TURN INVALID-EDGES)");
  // 3. Within city comes before the connection check.
  EXPECT_EQ(reply(g.build({edge({2, 2}, {3, 3})})), "(BUILD-TURN WITHIN-CITY)");
  // 5. Connection.
  EXPECT_EQ(reply(g.build({edge({5, 1}, {7, 1})})), "(BUILD-TURN INVALID-START)");
  // Processing stops at the first failing edge; the edges before it stay built.
  EXPECT_EQ(reply(g.build({edge({2, 2}, {4, 2}), edge({9, 5}, {11, 5}), edge({4, 2}, {6, 2})})),
            "(BUILD-TURN 1 INVALID-START)");
  EXPECT_EQ(g.edge_owner({2, 2}, {4, 2}), 0);
  EXPECT_EQ(g.edge_owner({4, 2}, {6, 2}), -1);
  EXPECT_EQ(g.spent_this_turn(), 1);
  next_turn(g);
  // 4. Ownership is checked before the connection: (4 2)-(2 2) is not on bob's network.
  EXPECT_EQ(reply(g.build({edge({4, 2}, {2, 2})})), "(BUILD-TURN OWNED)");
  EXPECT_EQ(g.current(), 1);
}

TEST(Rules, Hex6RefusesNorthSouthEdges) {
  Map m = load(kSmall);
  Settings s;
  s.adjacency = Adjacency::hex6;
  Game g = started(m, s, {{2, 2}});
  EXPECT_EQ(reply(g.build({edge({2, 2}, {2, 4})})), "(BUILD-TURN INVALID-EDGES)");
  EXPECT_EQ(reply(g.build({edge({2, 2}, {1, 3})})), "(BUILD-TURN 1)");
}

TEST(Rules, OwnEdgeCostsNothingReversedEdgesAndSameRequestNetwork) {
  Map m = load(kSmall);
  Game g = started(m, Settings{}, {{2, 2}});
  Events ev;
  // Built from the connected end whichever end comes first.
  BuildReply r = g.build({edge({4, 2}, {2, 2}), edge({4, 2}, {6, 2}), edge({6, 2}, {8, 2})}, &ev);
  EXPECT_EQ(reply(r), "(BUILD-TURN 1 1 5)");
  ASSERT_EQ(ev.size(), 6u);
  EXPECT_EQ(event_line(ev[0], g, 0), "(TRACK 0 (2 2) (4 2) 1)");
  EXPECT_EQ(event_line(ev[1], g, 0), "(CASH 0 39 -1 BUILD)");
  EXPECT_EQ(event_line(ev[4], g, 0), "(TRACK 0 (6 2) (8 2) 5)");
  EXPECT_TRUE(g.on_network(0, {6, 2}));
  ev.clear();
  // An edge already owned is accepted at cost 0, nothing changes, processing goes on.
  r = g.build({edge({2, 2}, {4, 2}), edge({8, 2}, {9, 3})}, &ev);
  EXPECT_EQ(reply(r), "(BUILD-TURN 0 1)");
  EXPECT_EQ(ev.size(), 2u);
  EXPECT_EQ(g.player(0).cash, 40 - 7 - 1);
}

TEST(Rules, MountainCostsTwo) {
  Map m = load(kSmall);
  Game g = started(m, Settings{}, {{3, 3}});
  EXPECT_EQ(m.type({5, 5}), NodeType::mountain);
  EXPECT_EQ(reply(g.build({edge({3, 3}, {4, 4}), edge({4, 4}, {5, 5})})), "(BUILD-TURN 1 2)");
}

TEST(Rules, BuildLimitExactAndByAnEdgeThatWouldPassIt) {
  Map m = load(kSmall);
  Settings s;
  s.build_limit = 2;
  Game g = started(m, s, {{2, 2}, {8, 2}});
  EXPECT_EQ(reply(g.build({edge({2, 2}, {4, 2}), edge({4, 2}, {6, 2}), edge({2, 2}, {0, 2})})),
            "(BUILD-TURN 1 1 BUILD-LIMIT)");
  EXPECT_TRUE(g.build_limit_reached());
  EXPECT_EQ(g.edge_owner({2, 2}, {0, 2}), -1);
  EXPECT_TRUE(g.build({edge({2, 2}, {0, 2})}).costs.empty());  // the phase is over
  next_turn(g);
  s.build_limit = 3;
  Game h = started(m, s, {{8, 2}});
  // 1 + 1, then a city edge (5) would pass 3: not built, BUILD-LIMIT, no error.
  EXPECT_EQ(reply(h.build({edge({8, 2}, {6, 2}), edge({6, 2}, {4, 2}), edge({4, 2}, {3, 3})})),
            "(BUILD-TURN 1 1 BUILD-LIMIT)");
  EXPECT_EQ(h.spent_this_turn(), 2);
  EXPECT_EQ(h.edge_owner({4, 2}, {3, 3}), -1);
}

TEST(Rules, InsufficientFundsComesBeforeTheLimit) {
  Map m = load(kSmall);
  Settings s;
  s.start_cash = 3;
  s.build_limit = 6;
  Game g = started(m, s, {{2, 2}});
  // The city edge fails both the funds (1 < 5) and the limit (2 + 5 > 6): funds come first.
  EXPECT_EQ(reply(g.build({edge({2, 2}, {4, 2}), edge({4, 2}, {6, 2}), edge({6, 2}, {8, 2})})),
            "(BUILD-TURN 1 1 INSUFFICIENT-FUNDS)");
  EXPECT_EQ(g.player(0).cash, 1);
  EXPECT_FALSE(g.build_limit_reached());
  EXPECT_EQ(reply(g.build({edge({2, 2}, {0, 2})})), "(BUILD-TURN 1)");
  EXPECT_EQ(g.player(0).cash, 0);
}

TEST(Rules, UpgradeErrorsAndOrder) {
  Map m = load(kSmall);
  Settings s;
  Game g = started(m, s, {{2, 2}});
  EXPECT_EQ(reply(g.upgrade()), "(BUILD-TURN INVALID-UPGRADE-TIME)");  // round 1
  next_turn(g);
  EXPECT_EQ(reply(g.build({edge({2, 2}, {4, 2})})), "(BUILD-TURN 1)");
  EXPECT_EQ(reply(g.upgrade()), "(BUILD-TURN INVALID-UPGRADE-TIME)");  // spent this turn
  next_turn(g);
  Events ev;
  EXPECT_EQ(reply(g.upgrade(&ev)), "(BUILD-TURN 20 BUILD-LIMIT)");
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(event_line(ev[0], g, 0), "(TRAIN 0 FAST-FREIGHT)");
  EXPECT_EQ(event_line(ev[1], g, 0), "(CASH 0 19 -20 UPGRADE)");
  EXPECT_TRUE(g.build_limit_reached());
  g.end_build();
  EXPECT_EQ(g.moves_left(), 12);  // at once, in this turn's move phase
  next_turn(g);
  EXPECT_EQ(reply(g.upgrade()), "(BUILD-TURN INSUFFICIENT-FUNDS)");  // 19 < 20
  EXPECT_EQ(g.player(0).train, TrainType::fast_freight);
  EXPECT_FALSE(g.build_limit_reached());  // an error leaves the phase open

  s.start_cash = 100;
  Game h = started(m, s, {{2, 2}});
  next_turn(h);
  EXPECT_EQ(reply(h.upgrade()), "(BUILD-TURN 20 BUILD-LIMIT)");
  next_turn(h);
  EXPECT_EQ(reply(h.upgrade()), "(BUILD-TURN 20 BUILD-LIMIT)");
  EXPECT_EQ(h.player(0).train, TrainType::superfreight);
  EXPECT_EQ(capacity(h.player(0).train), 3);
  next_turn(h);
  EXPECT_EQ(reply(h.upgrade()), "(BUILD-TURN TRAIN-MAXED-OUT)");
  EXPECT_EQ(h.player(0).cash, 60);
}

TEST(Rules, TooManyCommandsProcessesNothingAndInvalidCommandContinues) {
  Map m = load(kSmall);
  Game g = started(m, Settings{}, {{2, 2}});
  g.build({edge({2, 2}, {4, 2}), edge({4, 2}, {6, 2})});
  g.end_build();
  EXPECT_EQ(g.moves_left(), 9);
  std::vector<MoveCommand> ten;
  for (int i = 0; i < 5; ++i) {
    ten.push_back(to({4, 2}));
    ten.push_back(to({2, 2}));
  }
  Events ev;
  MoveReply r = g.move(ten, &ev);
  EXPECT_EQ(move_reply_line(r, m), "(MOVE-TURN TOO-MANY-COMMANDS)");
  EXPECT_TRUE(ev.empty());
  EXPECT_EQ(g.moves_left(), 9);
  EXPECT_EQ(g.player(0).position, m.dims().index({2, 2}));
  // Malformed elements are not moves: they give INVALID-COMMAND and the rest goes on.
  ten.pop_back();
  ten.insert(ten.begin() + 1, MoveCommand{});
  r = g.move(ten, &ev);
  std::string want = "(MOVE-TURN 1 INVALID-COMMAND 1 1 1 1 1 1 1 1)";
  EXPECT_EQ(move_reply_line(r, m), want);
  EXPECT_EQ(g.moves_left(), 0);
}

TEST(Rules, MovementNeedsTrackOrOneCityAndFailedMovesCostNothing) {
  Map m = load(kSmall);
  Game g = started(m, Settings{}, {{2, 2}});
  g.build({edge({3, 3}, {5, 3})});
  g.end_build();
  Events ev;
  MoveReply r =
      g.move({to({4, 2}), to({2, 4}), to({3, 3}), to({5, 3}), to({5, 3}), to({9, 9})}, &ev);
  EXPECT_EQ(move_reply_line(r, m),
            "(MOVE-TURN INVALID-MOVE INVALID-MOVE 1 1 INVALID-MOVE "
            "INVALID-MOVE)");
  EXPECT_EQ(g.moves_left(), 7);
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(event_line(ev[0], g, 0), "(POSITION 0 (3 3))");  // within the city, no track
  EXPECT_EQ(g.player(0).cash, 40 - 1);                       // and no fee
}

TEST(Rules, FeeOncePerOwnerPerTurnAndUnaffordable) {
  Map m = load(kSmall);
  Settings s;
  Game g = started(m, s, {{2, 2}, {8, 2}});
  g.build({edge({2, 2}, {4, 2}), edge({4, 2}, {6, 2})});
  next_turn(g);  // bob
  g.end_build();
  // Bob has no track: (8 2)->(6 2) is not built by anyone.
  EXPECT_EQ(move_reply_line(g.move({to({6, 2})}), m), "(MOVE-TURN INVALID-MOVE)");
  next_turn(g);  // alice builds to B so that bob can ride her track
  g.build({edge({6, 2}, {8, 2})});
  next_turn(g);  // bob
  g.end_build();
  Events ev;
  MoveReply r = g.move({to({6, 2}), to({4, 2}), to({6, 2}), to({8, 2})}, &ev);
  EXPECT_EQ(move_reply_line(r, m), "(MOVE-TURN 1 1 1 1)");
  std::vector<std::string> lines;
  for (const Event& e : ev) lines.push_back(event_line(e, g, 1));
  EXPECT_EQ(lines, (std::vector<std::string>{"(CASH 1 36 -4 FEE-PAID)", "(CASH 0 37 4 FEE-EARNED)",
                                             "(POSITION 1 (6 2))", "(POSITION 1 (4 2))",
                                             "(POSITION 1 (6 2))", "(POSITION 1 (8 2))"}));
  EXPECT_EQ(g.player(0).cash, 37);
  // The next turn the fee is due again.
  next_turn(g);
  next_turn(g);
  g.end_build();
  ev.clear();
  EXPECT_EQ(move_reply_line(g.move({to({6, 2})}, &ev), m), "(MOVE-TURN 1)");
  EXPECT_EQ(event_line(ev[0], g, 1), "(CASH 1 32 -4 FEE-PAID)");
}

TEST(Rules, FeeRefusedWhenUnaffordable) {
  Map m = load(kSmall);
  Settings s;
  s.start_cash = 6;
  Game g = started(m, s, {{2, 2}, {2, 2}});
  g.build({edge({2, 2}, {4, 2})});  // alice: cash 5
  next_turn(g);
  g.build({edge({2, 2}, {0, 2}), edge({0, 2}, {1, 1})});  // bob: cash 4
  g.build({edge({1, 1}, {0, 0}), edge({0, 0}, {2, 0})});  // bob: cash 2
  g.end_build();
  EXPECT_EQ(g.player(1).cash, 2);
  EXPECT_EQ(move_reply_line(g.move({to({4, 2})}), m), "(MOVE-TURN INVALID-MOVE)");
  EXPECT_EQ(move_reply_line(g.move({to({0, 2})}), m), "(MOVE-TURN 1)");  // his own track
  EXPECT_EQ(g.player(0).cash, 5);
}

TEST(Rules, GoodsAcquireDropAndDeliveryChecks) {
  Map m = load(kSmall);
  Game g = started(m, Settings{}, {{8, 2}});
  g.build({edge({8, 2}, {6, 2}), edge({6, 2}, {4, 2}), edge({4, 2}, {2, 2})});
  g.end_build();
  const int x = m.good_id("X"), y = m.good_id("Y"), z = m.good_id("Z");
  Events ev;
  MoveReply r = g.move({goods(MoveCommand::Kind::acquire, x), goods(MoveCommand::Kind::acquire, y),
                        goods(MoveCommand::Kind::acquire, y), goods(MoveCommand::Kind::acquire, y),
                        goods(MoveCommand::Kind::drop, z), goods(MoveCommand::Kind::drop, -1),
                        goods(MoveCommand::Kind::acquire, -1)},
                       &ev);
  EXPECT_EQ(move_reply_line(r, m),
            "(MOVE-TURN INVALID-ACQUISITION (Y) (Y Y) INVALID-ACQUISITION (Y Y) (Y Y) "
            "INVALID-ACQUISITION)");
  EXPECT_EQ(ev.size(), 2u);  // dropping a good not carried broadcasts nothing
  // Deliveries: card not held, bad demand id, wrong city, good not carried.
  const PlayerState& me = g.player(0);
  int held = me.hand[0];
  int not_held = 0;
  while (not_held == me.hand[0] || not_held == me.hand[1] || not_held == me.hand[2]) ++not_held;
  r = g.move({delivery(not_held, 0), delivery(held, 3), delivery(held, -1)});
  EXPECT_EQ(move_reply_line(r, m),
            "(MOVE-TURN INVALID-DELIVERY INVALID-DELIVERY INVALID-DELIVERY)");
  // Find a demand for Y at A in the hand; deliver it at B (wrong city), then at A.
  int card = -1, demand = -1;
  for (int c : me.hand) {
    for (int d = 0; d < 3; ++d) {
      const Demand& dm = m.demands()[g.card(c).demands[d]];
      if (dm.city == 0 && dm.good == y && card < 0) card = c, demand = d;
    }
  }
  if (card < 0) GTEST_SKIP() << "no A-Y demand dealt for this seed";
  r = g.move({delivery(card, demand)});
  EXPECT_EQ(move_reply_line(r, m), "(MOVE-TURN INVALID-DELIVERY)");
  ev.clear();
  r = g.move({to({6, 2}), to({4, 2}), to({2, 2}), delivery(card, demand), delivery(card, demand),
              goods(MoveCommand::Kind::drop, y)},
             &ev);
  EXPECT_EQ(move_reply_line(r, m), "(MOVE-TURN 1 1 1 (Y) INVALID-DELIVERY NIL)");
  std::vector<std::string> lines;
  for (const Event& e : ev) lines.push_back(event_line(e, g, 0));
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(lines[3],
            "(DELIVERED 0 " + std::to_string(card) + " " + std::to_string(demand) + " A Y 5)");
  EXPECT_EQ(lines[4], "(CARGO 0 (Y))");
  EXPECT_EQ(lines[5], "(CASH 0 38 5 DELIVERY)");
  EXPECT_EQ(lines[6], "(DISCARD 0 " + std::to_string(card) + ")");
  EXPECT_EQ(lines[7].rfind("(CARD 0 ", 0), 0u);
  EXPECT_EQ(lines[8], "(CARGO 0 NIL)");
  EXPECT_EQ(std::count(me.hand.begin(), me.hand.end(), card), 0);
  EXPECT_EQ(g.deck().discards().back(), card);
}

// Three demands make one card per copy: one player gets 4 cards, holds 3, so the second delivery
// finds the deck empty and reshuffles the two discards. A low win_cash then ends the game at the
// end of the turn, not at the delivery.
TEST(Rules, ReshuffleAndWinAtTheEndOfTheTurn) {
  Map m = load("(10 4) () () ((A (X) (0 0)) (B (Y) (4 0))) ((A Y 10) (B X 10) (A Y 20))");
  Settings s;
  s.win_cash = 60;
  Game g = started(m, s, {{4, 0}});
  ASSERT_EQ(g.card_count(), 4);
  EXPECT_EQ(g.deck().size(), 1);
  g.build({edge({4, 0}, {2, 0}), edge({2, 0}, {0, 0})});
  g.end_build();
  const int y = m.good_id("Y");
  auto a_y = [&](int card) {
    for (int d = 0; d < 3; ++d) {
      const Demand& dm = m.demands()[g.card(card).demands[d]];
      if (dm.city == 0 && dm.good == y && dm.amount == 20) return d;
    }
    return -1;
  };
  int c0 = g.player(0).hand[0], c1 = g.player(0).hand[1];
  Events ev;
  MoveReply r = g.move({goods(MoveCommand::Kind::acquire, y), goods(MoveCommand::Kind::acquire, y),
                        to({2, 0}), to({0, 0}), delivery(c0, a_y(c0)), delivery(c1, a_y(c1))},
                       &ev);
  EXPECT_EQ(move_reply_line(r, m), "(MOVE-TURN (Y) (Y Y) 1 1 (Y) NIL)");
  std::vector<std::string> lines;
  for (const Event& e : ev) lines.push_back(event_line(e, g, 0));
  auto it = std::find(lines.begin(), lines.end(), "(RESHUFFLE 2)");
  ASSERT_NE(it, lines.end());
  EXPECT_EQ(*(it - 1), "(DISCARD 0 " + std::to_string(c1) + ")");
  EXPECT_EQ((it + 1)->rfind("(CARD 0 ", 0), 0u);
  EXPECT_EQ(g.player(0).cash, 40 - 6 + 40);
  EXPECT_FALSE(g.over());  // the cash goal is checked at the end of the turn
  ev.clear();
  g.end_turn(&ev);
  ASSERT_TRUE(g.over());
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(event_line(ev[0], g, 0), "(GAME-OVER (0) CASH-GOAL ((0 74)))");
}

TEST(Rules, TurnLimitWithTiesAndAbandon) {
  Map m = load(kSmall);
  Settings s;
  s.turn_limit = 2;
  Game g = started(m, s, {{2, 2}, {8, 2}, {6, 6}});
  Events ev;
  for (int turn = 0; turn < 6; ++turn) {
    if (g.current() == 2 && g.round() == 1) g.build({edge({6, 6}, {7, 5})});  // plain: 1
    g.end_build();
    g.end_turn(&ev);
    if (turn < 5) {
      EXPECT_FALSE(g.over()) << turn;
      g.begin_turn();
    }
  }
  ASSERT_TRUE(g.over());
  EXPECT_EQ(event_line(ev.back(), g, 0), "(GAME-OVER (0 1) TURN-LIMIT ((0 40) (1 40) (2 39)))");
  Game h = started(m, Settings{}, {{2, 2}, {8, 2}});
  ev.clear();
  h.abandon(&ev);
  EXPECT_TRUE(h.over());
  EXPECT_EQ(event_line(ev.back(), h, 0), "(GAME-OVER NIL ABANDONED ((0 40) (1 40)))");
}

// Bots reuse one reply object: every call starts it afresh.
TEST(Rules, RepliesReusedAcrossCalls) {
  Map m = load(kSmall);
  Game g = started(m, Settings{}, {{2, 2}});
  BuildReply br;
  g.build({edge({2, 2}, {4, 2}), edge({9, 5}, {11, 5})}, br);
  EXPECT_EQ(reply(br), "(BUILD-TURN 1 INVALID-START)");
  g.build({edge({4, 2}, {6, 2})}, br);
  EXPECT_EQ(reply(br), "(BUILD-TURN 1)");
  g.end_build();
  g.build({edge({6, 2}, {8, 2})}, br);  // not the build phase: an empty reply
  EXPECT_EQ(reply(br), "(BUILD-TURN)");
  MoveReply mr;
  std::vector<MoveCommand> ten(10, to({4, 2}));
  g.move(ten, mr);
  EXPECT_EQ(move_reply_line(mr, m), "(MOVE-TURN TOO-MANY-COMMANDS)");
  g.move({to({4, 2}), MoveCommand{}}, mr);
  EXPECT_EQ(move_reply_line(mr, m), "(MOVE-TURN 1 INVALID-COMMAND)");
}

TEST(Rules, SettingsChecks) {
  EXPECT_FALSE(check_settings(Settings{}, 2).has_value());
  EXPECT_EQ(check_settings(Settings{}, 7), "players must be 1..6, got 7");
  EXPECT_EQ(check_settings(Settings{}, 0), "players must be 1..6, got 0");
  Settings s;
  s.build_limit = 0;
  EXPECT_EQ(check_settings(s, 2), "build_limit must be >= 1");
}

}  // namespace
}  // namespace arena::empire
