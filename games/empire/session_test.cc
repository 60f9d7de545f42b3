// The rules part of spec §5.11's example session, line for line: simple-game, seed 1, alice and
// bob. The queries and the network are the referee's; here answers go through the codec and the
// engine, and each change-log line is printed as the acting player sees it, then the reply.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/empire/codec.h"

namespace arena::empire {
namespace {

class Session {
 public:
  Session() : map_(load()), game_(map_, Settings{}, 2, &init_) {}

  static Map load() {
    MapLoad r = load_map_text(*builtin_map_text("simple-game"), "simple-game");
    EXPECT_TRUE(r.map.has_value()) << r.error;
    return *r.map;
  }

  Sexpr read(const std::string& text) {
    auto r = read_sexpr(text);
    EXPECT_TRUE(std::holds_alternative<Sexpr>(r)) << text;
    return std::holds_alternative<Sexpr>(r) ? std::get<Sexpr>(r) : Sexpr{};
  }

  void flush(int viewer) {
    for (const Event& e : events_) lines_.push_back(event_line(e, game_, viewer));
    events_.clear();
  }

  void begin_turn() {
    game_.begin_turn(&events_);
    flush(game_.current());
  }

  void start(const std::string& answer) {
    auto p = parse_start(read(answer));
    bool ok = p && game_.choose_start(*p, &events_);
    flush(game_.current());
    lines_.push_back(ok ? "LOCATION-SET" : "INVALID-START-LOCATION");
    if (ok) game_.end_turn(&events_);
  }

  // Returns false when the answer ended the phase with no reply (nil).
  void build(const std::string& answer) {
    BuildAnswer a = classify_build(read(answer));
    if (a.kind == BuildAnswer::Kind::nil) {
      game_.end_build();
      return;
    }
    ASSERT_NE(a.kind, BuildAnswer::Kind::bad_reply);
    BuildReply r = a.kind == BuildAnswer::Kind::upgrade ? game_.upgrade(&events_)
                                                        : game_.build(a.edges, &events_);
    flush(game_.current());
    lines_.push_back(build_reply_line(r));
    if (r.limit) game_.end_build();
  }

  void move(const std::string& answer) {
    MoveAnswer a = classify_move(read(answer), map_);
    if (a.kind == MoveAnswer::Kind::nil) {
      game_.end_turn(&events_);
      flush(game_.current());
      return;
    }
    MoveReply r = game_.move(a.commands, &events_);
    flush(game_.current());
    lines_.push_back(move_reply_line(r, map_));
  }

  Map map_;
  Events init_;
  Game game_;
  Events events_;
  std::vector<std::string> lines_;
};

TEST(Session, InitialisationLogEntries) {
  Session s;
  std::vector<std::string> alice, bob;
  for (const Event& e : s.init_) {
    alice.push_back(event_line(e, s.game_, 0));
    bob.push_back(event_line(e, s.game_, 1));
  }
  std::vector<std::string> want = {
      "(CASH 0 40 40 START)",
      "(CASH 1 40 40 START)",
      "(TRAIN 0 FREIGHT)",
      "(TRAIN 1 FREIGHT)",
      "(CARD 0 15 ((0 HOUSTON COPPER 27) (1 DULUTH OIL 26) (2 SAN-FRANCISCO MACHINERY 44)))",
      "(CARD 1 1 HIDDEN)",
      "(CARD 0 18 ((0 BILLINGS MACHINERY 27) (1 DENVER BEER 24) (2 SALT-LAKE-CITY LUMBER 23)))",
      "(CARD 1 6 HIDDEN)",
      "(CARD 0 10 ((0 PORTLAND TEXTILES 48) (1 NEW-YORK WINE 57) (2 LOS-ANGELES TEXTILES 41)))",
      "(CARD 1 16 HIDDEN)",
  };
  EXPECT_EQ(alice, want);
  EXPECT_EQ(bob[4], "(CARD 0 15 HIDDEN)");
  EXPECT_EQ(bob[5],
            "(CARD 1 1 ((0 BOSTON COPPER 50) (1 SALT-LAKE-CITY TOBACCO 45) (2 "
            "MINNEAPOLIS COAL 21)))");
}

// §5.11 shows the map part of alice's initialisation log with the two long lists shortened.
TEST(Session, MapPartOfTheInitialisationLog) {
  Session s;
  std::vector<std::string> lines = map_log_lines(s.map_);
  ASSERT_EQ(lines.size(), 3u + 30u + 2u);
  EXPECT_EQ(lines[0], "(MAP-SIZE 59 21)");
  auto starts_ends = [](const std::string& line, const std::string& head, const std::string& tail,
                        size_t pairs) {
    EXPECT_EQ(line.rfind(head, 0), 0u) << line.substr(0, 80);
    EXPECT_EQ(line.substr(line.size() - tail.size()), tail);
    EXPECT_EQ(static_cast<size_t>(std::count(line.begin(), line.end(), '(')), pairs + 1);
  };
  starts_ends(lines[1], "(MOUNTAINS (4 13) (4 14) (4 17) (4 18) (4 19) (4 20) (5 9) (5 10) ",
              " (56 18) (56 19))", 147);
  starts_ends(lines[2], "(INVALID (0 4) (0 5) (0 6) (0 7) (0 8) (0 9) (0 10) (0 11) ",
              " (58 4) (58 5))", 279);
  EXPECT_EQ(lines[3], "(CITY SEATTLE (FISH LUMBER) ((3 19)))");
  EXPECT_EQ(lines[4], "(CITY PORTLAND (LUMBER WHEAT) ((2 16)))");
  EXPECT_EQ(lines[6], "(CITY LOS-ANGELES (OIL FRUIT) ((6 8) (7 7)))");
  EXPECT_EQ(lines[32], "(CITY BOSTON (FISH) ((54 16)))");
  starts_ends(lines[33], "(DEMANDS (SEATTLE COAL 32) (SEATTLE TEXTILES 50) ",
              " (BOSTON COAL 23) (BOSTON COPPER 50))", 60);
  EXPECT_EQ(lines[34], "(TRAIN-TYPES (FREIGHT 9 2) (FAST-FREIGHT 12 2) (SUPERFREIGHT 12 3))");
  // Every line reads back as one datum.
  for (const std::string& l : lines) EXPECT_TRUE(std::holds_alternative<Sexpr>(read_sexpr(l)));
}

TEST(Session, ExampleSessionRoundsZeroToTwo) {
  Session s;
  s.begin_turn();
  s.start("(4 5)");
  s.start("(34 12)");
  s.begin_turn();
  s.start("(33 19)");
  // Round 1, alice.
  s.begin_turn();
  s.build("(upgrade-train)");
  s.build(
      "(((34 12) (32 12)) ((32 12) (31 11)) ((31 11) (29 11)) ((29 11) (27 11)) ((27 11) (25 "
      "11)) ((25 11) (23 11)) ((23 11) (21 11)))");
  s.build("nil");
  s.move(
      "((acquire-good beer) (move-to-point (32 12)) (move-to-point (31 11)) (move-to-point (29 "
      "11)) (move-to-point (27 11)) (move-to-point (25 11)) (move-to-point (23 11)) "
      "(move-to-point (21 11)) (make-delivery 18 1))");
  s.move("nil");
  // Round 1, bob.
  s.begin_turn();
  s.build("(((33 19) (33 17)) ((33 17) (32 16)) ((32 14) (31 13)))");
  s.build("(((32 16) (32 14)) ((32 14) (32 12)) ((32 12) (30 12)))");
  s.build("(((32 12) (34 12)))");
  s.build("nil");
  s.move(
      "((acquire-good iron) (move-to-point (33 17)) (move-to-point (32 16)) (move-to-point (32 "
      "14)) (move-to-point (32 12)) (move-to-point (30 12)) (make-delivery 16 1) (fly-to-moon))");
  s.move(
      "((move-to-point (32 12)) (move-to-point (34 12)) (move-to-point (32 12)) (move-to-point "
      "(31 11)) (move-to-point (29 11)))");
  s.move(
      "((move-to-point (32 12)) (move-to-point (34 12)) (acquire-good fish) (acquire-good "
      "beer))");
  s.move("nil");
  // Round 2, alice upgrades.
  s.begin_turn();
  s.build("(upgrade-train)");
  std::vector<std::string> want = {
      "(TURN 0 0)",
      "INVALID-START-LOCATION",
      "(START 0 (34 12))",
      "LOCATION-SET",
      "(TURN 0 1)",
      "(START 1 (33 19))",
      "LOCATION-SET",
      "(TURN 1 0)",
      "(BUILD-TURN INVALID-UPGRADE-TIME)",
      "(TRACK 0 (34 12) (32 12) 1)",
      "(CASH 0 39 -1 BUILD)",
      "(TRACK 0 (32 12) (31 11) 2)",
      "(CASH 0 37 -2 BUILD)",
      "(TRACK 0 (31 11) (29 11) 1)",
      "(CASH 0 36 -1 BUILD)",
      "(TRACK 0 (29 11) (27 11) 1)",
      "(CASH 0 35 -1 BUILD)",
      "(TRACK 0 (27 11) (25 11) 1)",
      "(CASH 0 34 -1 BUILD)",
      "(TRACK 0 (25 11) (23 11) 1)",
      "(CASH 0 33 -1 BUILD)",
      "(TRACK 0 (23 11) (21 11) 5)",
      "(CASH 0 28 -5 BUILD)",
      "(BUILD-TURN 1 2 1 1 1 1 5)",
      "(CARGO 0 (BEER))",
      "(POSITION 0 (32 12))",
      "(POSITION 0 (31 11))",
      "(POSITION 0 (29 11))",
      "(POSITION 0 (27 11))",
      "(POSITION 0 (25 11))",
      "(POSITION 0 (23 11))",
      "(POSITION 0 (21 11))",
      "(DELIVERED 0 18 1 DENVER BEER 24)",
      "(CARGO 0 NIL)",
      "(CASH 0 52 24 DELIVERY)",
      "(DISCARD 0 18)",
      "(CARD 0 3 ((0 SEATTLE TEXTILES 50) (1 NEW-YORK FRUIT 26) (2 DETROIT FRUIT 27)))",
      "(MOVE-TURN (BEER) 1 1 1 1 1 1 1 NIL)",
      "(TURN 1 1)",
      "(TRACK 1 (33 19) (33 17) 1)",
      "(CASH 1 39 -1 BUILD)",
      "(TRACK 1 (33 17) (32 16) 1)",
      "(CASH 1 38 -1 BUILD)",
      "(BUILD-TURN 1 1 INVALID-START)",
      "(TRACK 1 (32 16) (32 14) 1)",
      "(CASH 1 37 -1 BUILD)",
      "(TRACK 1 (32 14) (32 12) 1)",
      "(CASH 1 36 -1 BUILD)",
      "(TRACK 1 (32 12) (30 12) 5)",
      "(CASH 1 31 -5 BUILD)",
      "(BUILD-TURN 1 1 5)",
      "(BUILD-TURN OWNED)",
      "(CARGO 1 (IRON))",
      "(POSITION 1 (33 17))",
      "(POSITION 1 (32 16))",
      "(POSITION 1 (32 14))",
      "(POSITION 1 (32 12))",
      "(POSITION 1 (30 12))",
      "(DELIVERED 1 16 1 KANSAS-CITY IRON 20)",
      "(CARGO 1 NIL)",
      "(CASH 1 51 20 DELIVERY)",
      "(DISCARD 1 16)",
      "(CARD 1 14 ((0 ST-LOUIS IRON 20) (1 DETROIT CORN 20) (2 EL-PASO POTATOES 27)))",
      "(MOVE-TURN (IRON) 1 1 1 1 1 NIL INVALID-COMMAND)",
      "(MOVE-TURN TOO-MANY-COMMANDS)",
      "(POSITION 1 (32 12))",
      "(CASH 1 47 -4 FEE-PAID)",
      "(CASH 0 56 4 FEE-EARNED)",
      "(POSITION 1 (34 12))",
      "(CARGO 1 (BEER))",
      "(MOVE-TURN 1 1 INVALID-ACQUISITION (BEER))",
      "(TURN 2 0)",
      "(TRAIN 0 FAST-FREIGHT)",
      "(CASH 0 36 -20 UPGRADE)",
      "(BUILD-TURN 20 BUILD-LIMIT)",
  };
  EXPECT_EQ(s.lines_, want);
  for (size_t i = 0; i < std::min(s.lines_.size(), want.size()); ++i) {
    if (s.lines_[i] != want[i]) {
      ADD_FAILURE() << "first difference at line " << i << ": " << s.lines_[i] << " vs " << want[i];
      break;
    }
  }
  // The upgrade applies in the same turn (§4.5).
  EXPECT_EQ(s.game_.phase(), Phase::move);
  EXPECT_EQ(s.game_.moves_left(), 12);
  // Bob saw alice's new card hidden.
  Event c;
  c.kind = Event::Kind::card;
  c.player = 0;
  c.a = 3;
  EXPECT_EQ(event_line(c, s.game_, 1), "(CARD 0 3 HIDDEN)");
}

}  // namespace
}  // namespace arena::empire
