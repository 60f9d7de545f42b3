#include "games/wumpus/rules.h"

#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "core/rng.h"
#include "core/testing/allocation_counter.h"
#include "games/wumpus/protocol.h"
#include "games/wumpus/world.h"

namespace arena::wumpus {
namespace {

constexpr std::string_view kExample = "4\n4\n3\nW...\n._W.\n._._\n.$_.";

Cave cave_of(std::string_view code) {
  auto r = parse_map_code(code);
  if (auto* e = std::get_if<std::string>(&r)) {
    ADD_FAILURE() << *e;
    return Cave{};
  }
  return std::get<Cave>(r);
}

Action action_of(std::string_view word) {
  auto a = parse_answer(word);
  EXPECT_TRUE(a.has_value()) << word;
  return a.value_or(Action::grab);
}

// Plays the words and returns the final state.
State play(std::string_view code, std::initializer_list<std::string_view> words) {
  State s(cave_of(code));
  for (auto w : words) {
    EXPECT_FALSE(s.is_over()) << "game ended before " << w;
    if (s.is_over()) break;
    s.apply(action_of(w));
  }
  return s;
}

// ---- helpers of rules.h
// ---------------------------------------------------------------------------

TEST(WumpusRules, Names) {
  EXPECT_EQ(to_string(Action::rotateL), "rotateL");
  EXPECT_EQ(to_string(Action::exit), "exit");
  EXPECT_EQ(to_char(Dir::W), 'W');
  EXPECT_EQ(rotate_left(Dir::N), Dir::W);
  EXPECT_EQ(rotate_left(Dir::E), Dir::N);
  EXPECT_EQ(rotate_right(Dir::N), Dir::E);
  EXPECT_EQ(rotate_right(Dir::W), Dir::N);
  EXPECT_EQ(dx(Dir::E), 1);
  EXPECT_EQ(dy(Dir::S), -1);
  EXPECT_EQ(to_string(EndReason::exit_with_gold), "exit_with_gold");
  EXPECT_EQ(to_string(EndReason::crash), "crash");
  EXPECT_EQ(event_names(kShotKill | kMoved | kExit),
            (std::vector<std::string_view>{"moved", "shot_kill", "exit"}));
  EXPECT_EQ(event_names(0xFFFF).size(), 11u);
  EXPECT_EQ(event_names(0xFFFF).back(), "exit");
}

TEST(WumpusRules, InitialState) {
  const State s(cave_of(kExample));
  EXPECT_EQ(s.pos(), 0);
  EXPECT_EQ(s.dir(), Dir::N);
  EXPECT_EQ(s.arrows(), 3);
  EXPECT_FALSE(s.has_gold());
  EXPECT_TRUE(s.alive());
  EXPECT_EQ(s.score(), 0);
  EXPECT_EQ(s.actions(), 0);
  EXPECT_EQ(s.turn_limit(), 96);
  EXPECT_EQ(s.living_wumpuses().count(), 2u);
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.legal_moves().size(), 6u);
}

// ---- §5.5 full transcript ---------------------------------------------------------------------

TEST(WumpusRules, Transcript) {
  const Cave cave = cave_of(kExample);
  EXPECT_EQ(start_line(cave.params()), "start 4 4 3 2 27 96");
  State s(cave);
  EXPECT_EQ(percept_line(s.percept()), "none");
  struct Turn {
    std::string_view answer, percept;
    int score;
  };
  const std::vector<Turn> turns = {
      {"go", "breeze", -1},       {"go", "breeze stench", -2},   {"shot", "breeze scream", -18},
      {"rotateL", "breeze", -19}, {"go", "breeze bump", -20},    {"rotateL", "breeze", -21},
      {"go", "breeze", -22},      {"go", "none", -23},           {"grab", "none", -24},
      {"rotateL", "none", -25},   {"go", "breeze glitter", -26}, {"grab", "breeze", -27},
      {"rotateR", "breeze", -28}, {"rotateR", "breeze", -29},    {"go", "none", -30},
  };
  for (size_t i = 0; i < turns.size(); ++i) {
    SCOPED_TRACE(i + 1);
    const Step step = s.apply(action_of(turns[i].answer));
    EXPECT_FALSE(s.is_over());
    EXPECT_EQ(percept_line(s.percept()), turns[i].percept);
    EXPECT_EQ(s.score(), turns[i].score);
    EXPECT_EQ(s.actions(), static_cast<int>(i + 1));
    if (i == 2) {
      EXPECT_EQ(step.events, kShotKill);
      EXPECT_EQ(step.killed, cave.index(0, 3));
      EXPECT_EQ(s.arrows(), 2);
    }
    if (i == 4) EXPECT_EQ(step.events, kBump);
    if (i == 8) EXPECT_EQ(step.events, kGrabFailed);
    if (i == 11) EXPECT_EQ(step.events, kGrabbed);
  }
  EXPECT_EQ(s.pos(), 0);
  EXPECT_EQ(s.dir(), Dir::W);
  const Step last = s.apply(Action::exit);
  EXPECT_EQ(last.events, kExit);
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.reason(), EndReason::exit_with_gold);
  EXPECT_EQ(end_line(s.score()), "end 969");
  EXPECT_EQ(s.wumpuses_killed(), 1);
  EXPECT_EQ(s.arrows(), 2);
  EXPECT_TRUE(s.has_gold());
}

TEST(WumpusRules, TranscriptAlternativePit) {
  const State s = play(kExample, {"go", "go", "rotateR", "go"});
  EXPECT_EQ(s.reason(), EndReason::death_pit);
  EXPECT_EQ(s.last_events(), kMoved | kDeathPit);
  EXPECT_FALSE(s.alive());
  EXPECT_EQ(s.pos(), cave_of(kExample).index(1, 2));
  EXPECT_EQ(end_line(s.score()), "end -1004");
}

TEST(WumpusRules, TranscriptAlternativeWrongCase) {
  State s(cave_of(kExample));
  EXPECT_FALSE(parse_answer("Go"));
  s.end_invalid(EndReason::invalid_action);
  EXPECT_EQ(s.reason(), EndReason::invalid_action);
  EXPECT_EQ(s.actions(), 0);  // an invalid answer is not also charged -1
  EXPECT_EQ(end_line(s.score()), "end -5000");
}

TEST(WumpusRules, TranscriptAlternativeExtraOutput) {
  State s(cave_of(kExample));
  s.apply(Action::go);
  EXPECT_EQ(s.score(), -1);
  s.end_invalid(EndReason::extra_output);
  EXPECT_EQ(s.reason(), EndReason::extra_output);
  EXPECT_EQ(end_line(s.score()), "end -5001");
}

TEST(WumpusRules, TimeoutAfterTenActions) {
  State s(cave_of(kExample));
  for (int i = 0; i < 10; ++i) s.apply(Action::rotateL);
  s.end_invalid(EndReason::timeout);
  EXPECT_EQ(s.score(), -5010);
  EXPECT_EQ(s.reason(), EndReason::timeout);
  s.end_invalid(EndReason::crash);  // a finished game is not penalised twice
  EXPECT_EQ(s.score(), -5010);
  EXPECT_EQ(s.reason(), EndReason::timeout);
}

// ---- §2.7 reference values -------------------------------------------------------------------

TEST(WumpusRules, ImmediateExit) {
  const State s = play(kExample, {"exit"});
  EXPECT_EQ(s.score(), -1);
  EXPECT_EQ(s.reason(), EndReason::exit_without_gold);
  EXPECT_TRUE(s.alive());
}

TEST(WumpusRules, BestScoreGoldNorth) {
  const State s =
      play("4\n4\n1\n....\n....\n$...\n....", {"go", "grab", "rotateR", "rotateR", "go", "exit"});
  EXPECT_EQ(s.score(), 994);
  EXPECT_EQ(s.actions(), 6);
  EXPECT_EQ(s.reason(), EndReason::exit_with_gold);
}

TEST(WumpusRules, BestScoreGoldEast) {
  const State s = play("4\n4\n1\n....\n....\n....\n.$..",
                       {"rotateR", "go", "grab", "rotateR", "rotateR", "go", "exit"});
  EXPECT_EQ(s.score(), 993);
  EXPECT_EQ(s.actions(), 7);
}

TEST(WumpusRules, WorstScore) {
  for (std::string_view code : {kExample, std::string_view("4\n4\n1\n..W.\n....\n$...\n....")}) {
    State s(cave_of(code));
    const int arrows = s.arrows(), limit = s.turn_limit();
    while (!s.is_over()) s.apply(s.arrows() > 0 ? Action::shot : Action::rotateL);
    EXPECT_EQ(s.reason(), EndReason::turn_limit);
    EXPECT_EQ(s.actions(), limit);
    EXPECT_EQ(s.score(), -(limit + 15 * arrows + 5000));
  }
}

// ---- actions ----------------------------------------------------------------------------------

TEST(WumpusRules, ShotPassesPitsAndDeadWumpuses) {
  // Bottom row: entrance, pit, wumpus, pit, wumpus.
  const Cave cave = cave_of("5\n2\n3\n....$\n._W_W");
  State s(cave);
  EXPECT_EQ(percept_line(s.percept()), "breeze");
  s.apply(Action::rotateR);
  Step st = s.apply(Action::shot);
  EXPECT_EQ(st.events, kShotKill);
  EXPECT_EQ(st.killed, cave.index(2, 0));
  EXPECT_EQ(s.score(), -17);
  EXPECT_EQ(percept_line(s.percept()), "breeze scream");
  st = s.apply(Action::shot);
  EXPECT_EQ(st.events, kShotKill);
  EXPECT_EQ(st.killed, cave.index(4, 0));
  EXPECT_EQ(s.score(), -33);
  st = s.apply(Action::shot);
  EXPECT_EQ(st.events, kShotMiss);
  EXPECT_EQ(st.killed, -1);
  EXPECT_EQ(s.score(), -49);
  EXPECT_EQ(percept_line(s.percept()), "breeze");
  EXPECT_EQ(s.arrows(), 0);
  st = s.apply(Action::shot);
  EXPECT_EQ(st.events, kNoArrow);
  EXPECT_EQ(s.score(), -50);  // no arrow: only the -1
  EXPECT_EQ(s.wumpuses_killed(), 2);
  EXPECT_TRUE(s.living_wumpuses().none());
}

TEST(WumpusRules, ShotStartsInFrontAndStopsAtFirstLiving) {
  // Wumpuses at (0,1) and (0,2): the first shot north kills (0,1) only.
  const Cave cave = cave_of("1\n4\n2\n$\nW\nW\n.");
  State s(cave);
  EXPECT_EQ(percept_line(s.percept()), "stench");
  Step st = s.apply(Action::shot);
  EXPECT_EQ(st.killed, cave.index(0, 1));
  EXPECT_EQ(percept_line(s.percept()), "scream");  // (0,2) is not adjacent to the entrance
  st = s.apply(Action::shot);
  EXPECT_EQ(st.killed, cave.index(0, 2));
  // Out of arrows: the shot does nothing and costs only its -1.
  const int score = s.score();
  EXPECT_EQ(s.apply(Action::shot).events, kNoArrow);
  EXPECT_EQ(s.score(), score - 1);
}

TEST(WumpusRules, ShotAtWallMisses) {
  State s(cave_of("2\n2\n1\nW$\n.."));
  s.apply(Action::rotateL);  // facing W, into the wall
  const Step st = s.apply(Action::shot);
  EXPECT_EQ(st.events, kShotMiss);
  EXPECT_EQ(s.arrows(), 0);
  EXPECT_EQ(s.score(), -17);
  EXPECT_EQ(s.living_wumpuses().count(), 1u);
}

TEST(WumpusRules, WumpusOnGold) {
  EXPECT_EQ(play("2\n2\n1\nS.\n..", {"go"}).reason(), EndReason::death_wumpus);
  State s(cave_of("2\n2\n1\nS.\n.."));
  EXPECT_EQ(percept_line(s.percept()), "stench");
  s.apply(Action::shot);
  EXPECT_EQ(percept_line(s.percept()), "scream");
  s.apply(Action::go);
  EXPECT_TRUE(s.alive());
  EXPECT_EQ(percept_line(s.percept()), "glitter");
  for (auto w : {"grab", "rotateR", "rotateR", "go", "exit"}) s.apply(action_of(w));
  EXPECT_EQ(s.reason(), EndReason::exit_with_gold);
  EXPECT_EQ(s.score(), 1000 - 7 - 15);
}

TEST(WumpusRules, PitTakesPrecedenceOverWumpus) {
  const State s = play("2\n2\n1\nw$\n..", {"go"});
  EXPECT_EQ(s.reason(), EndReason::death_pit);
  EXPECT_EQ(s.last_events(), kMoved | kDeathPit);
  EXPECT_EQ(s.score(), -1001);
  // Killing the wumpus on a pit leaves the pit.
  const State t = play("2\n2\n1\nw$\n..", {"shot", "go"});
  EXPECT_EQ(t.reason(), EndReason::death_pit);
  EXPECT_EQ(t.score(), -1017);
}

TEST(WumpusRules, LivingWumpusKillsDeadOneDoesNot) {
  State s = play("2\n2\n1\nW$\n..", {"go"});
  EXPECT_EQ(s.reason(), EndReason::death_wumpus);
  EXPECT_EQ(s.last_events(), kMoved | kDeathWumpus);
  EXPECT_EQ(s.score(), -1001);
  EXPECT_EQ(percept_line(s.percept()), "stench");  // the own-cell case of §2.6
  State t = play("2\n2\n1\nW$\n..", {"shot", "go"});
  EXPECT_TRUE(t.alive());
  EXPECT_FALSE(t.is_over());
  EXPECT_EQ(percept_line(t.percept()), "none");  // a dead wumpus gives no stench
}

TEST(WumpusRules, Bump) {
  State s(cave_of(kExample));
  s.apply(Action::rotateL);
  const Step st = s.apply(Action::go);
  EXPECT_EQ(st.events, kBump);
  EXPECT_EQ(s.pos(), 0);
  EXPECT_EQ(s.dir(), Dir::W);
  EXPECT_EQ(percept_line(s.percept()), "bump");
  s.apply(Action::rotateR);
  EXPECT_EQ(percept_line(s.percept()), "none");  // only in the percept right after
  EXPECT_EQ(s.score(), -3);
}

TEST(WumpusRules, FailedActions) {
  State s(cave_of(kExample));
  EXPECT_EQ(s.apply(Action::grab).events, kGrabFailed);
  s.apply(Action::rotateR);
  s.apply(Action::go);  // (1,0): the gold
  EXPECT_EQ(percept_line(s.percept()), "breeze glitter");
  EXPECT_EQ(s.apply(Action::exit).events, kExitFailed);
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.apply(Action::grab).events, kGrabbed);
  EXPECT_EQ(s.apply(Action::grab).events, kGrabFailed);  // already carried
  EXPECT_EQ(s.score(), -6);
  EXPECT_TRUE(s.has_gold());
}

TEST(WumpusRules, FirstPerceptBreezeAtEntrance) {
  const State s(cave_of("2\n2\n0\n$.\n._"));
  EXPECT_EQ(percept_line(s.percept()), "breeze");
  const State t(cave_of("2\n2\n0\n$_\n.."));
  EXPECT_EQ(percept_line(t.percept()), "none");  // diagonal is not adjacent
  const State u(cave_of("2\n2\n0\n.$\n.w"));
  EXPECT_EQ(percept_line(u.percept()), "breeze stench");
}

TEST(WumpusRules, TurnLimitOnLastAction) {
  // 1x2 cave: L = 12.
  constexpr std::string_view kTiny = "1\n2\n0\n$\n.";
  State s(cave_of(kTiny));
  EXPECT_EQ(s.turn_limit(), 12);
  for (int i = 0; i < 11; ++i) s.apply(Action::rotateL);
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.score(), -11);
  s.apply(Action::rotateL);
  EXPECT_EQ(s.reason(), EndReason::turn_limit);
  EXPECT_EQ(s.score(), -12 - 5000);
}

TEST(WumpusRules, WinningExitOnLastAction) {
  constexpr std::string_view kTiny = "1\n2\n0\n$\n.";
  State s(cave_of(kTiny));
  for (auto w : {"go", "grab", "rotateR", "rotateR", "go"}) s.apply(action_of(w));
  while (s.actions() < 11) s.apply(Action::rotateL);
  s.apply(Action::exit);
  EXPECT_EQ(s.actions(), 12);
  EXPECT_EQ(s.reason(), EndReason::exit_with_gold);
  EXPECT_EQ(s.score(), 1000 - 12);

  State t(cave_of(kTiny));
  while (t.actions() < 11) t.apply(Action::rotateL);
  t.apply(Action::exit);
  EXPECT_EQ(t.reason(), EndReason::exit_without_gold);
  EXPECT_EQ(t.score(), -12);
}

TEST(WumpusRules, DeathOnLastActionIsNotTurnLimit) {
  // Pit at (0,1), L = 24: 23 failed grabs, then the 24th action walks into the pit.
  State s(cave_of("2\n2\n0\n_$\n.."));
  while (s.actions() < s.turn_limit() - 1) s.apply(Action::grab);
  EXPECT_FALSE(s.is_over());
  s.apply(Action::go);
  EXPECT_EQ(s.reason(), EndReason::death_pit);
  EXPECT_EQ(s.score(), -24 - 1000);
}

TEST(WumpusRules, ApplyAndPerceptDoNotAllocate) {
  const long probe = testing::allocations();
  const State copy(generate(Mode::random, {}, 1));
  ASSERT_GT(testing::allocations(), probe);  // the counter works
  Rng picker(3);
  long total_actions = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    State s(generate(Mode::random, {}, seed));
    const long before = testing::allocations();
    while (!s.is_over()) {
      const Action a = kAllActions[picker.below(5)];  // never exit: long games
      s.apply(a);
      const Percept p = s.percept();
      total_actions += 1 + p.bump;
    }
    EXPECT_EQ(testing::allocations(), before) << "seed " << seed;
  }
  EXPECT_GT(total_actions, 1000);
}

// ---- serialisation ----------------------------------------------------------------------------

TEST(WumpusRules, SerializeRoundTrip) {
  State s(cave_of(kExample));
  for (auto w : {"go", "go", "shot", "rotateL", "go"}) s.apply(action_of(w));
  const std::string text = s.serialize();
  State back(Cave{});
  std::string error;
  ASSERT_TRUE(State::deserialize(text, &back, &error)) << error << "\n" << text;
  EXPECT_EQ(back, s);
  EXPECT_EQ(back.serialize(), text);
  EXPECT_EQ(percept_line(back.percept()), "breeze bump");
}

TEST(WumpusRules, DeserializeRejectsGarbage) {
  State out(cave_of(kExample));
  const State before = out;
  std::string error;
  EXPECT_FALSE(State::deserialize("", &out, &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(State::deserialize("hello\nworld", &out, &error));
  State s(cave_of(kExample));
  s.apply(Action::shot);
  const std::string text = s.serialize();
  // Every proper prefix either fails or parses into something that serialises consistently.
  for (size_t n = 0; n < text.size(); ++n) {
    State t(cave_of(kExample));
    if (State::deserialize(text.substr(0, n), &t, &error)) {
      State u(cave_of(kExample));
      ASSERT_TRUE(State::deserialize(t.serialize(), &u, &error));
      EXPECT_EQ(t, u);
    }
  }
  // Byte mutations never crash.
  Rng rng(99);
  for (int i = 0; i < 5000; ++i) {
    std::string m = text;
    for (int k = 0; k < 3; ++k) m[rng.below(m.size())] = static_cast<char>(rng.below(256));
    State t(cave_of(kExample));
    if (State::deserialize(m, &t, &error)) {
      State u(cave_of(kExample));
      ASSERT_TRUE(State::deserialize(t.serialize(), &u, &error)) << error;
      EXPECT_EQ(t, u);
    }
  }
  EXPECT_EQ(out, before);  // failures leave the output untouched
  EXPECT_FALSE(State::deserialize(text + "\nmore", &out, &error));
}

// ---- property test -----------------------------------------------------------------------------

// Score delta of one step, recomputed from its events and the state after it.
int expected_delta(const Step& st, const State& after) {
  int d = -1;
  if (st.events & (kShotKill | kShotMiss)) d -= 15;
  if (st.events & (kDeathPit | kDeathWumpus)) d -= 1000;
  if ((st.events & kExit) && after.has_gold()) d += 1000;
  if (after.reason() == EndReason::turn_limit) d -= 5000;
  return d;
}

// Percepts recomputed from scratch, independent of State::percept().
Percept brute_percept(const State& s, const Step& st) {
  const Cave& c = s.cave();
  Percept p;
  const int x = c.x_of(s.pos()), y = c.y_of(s.pos());
  for (int cell = 0; cell < c.cells(); ++cell) {
    const int d = std::abs(c.x_of(cell) - x) + std::abs(c.y_of(cell) - y);
    if (d == 1 && c.pits.test(cell)) p.breeze = true;
    if (d <= 1 && s.living_wumpuses().test(cell)) p.stench = true;
  }
  p.glitter = c.gold == s.pos() && !s.has_gold();
  p.scream = (st.events & kShotKill) != 0;
  p.bump = (st.events & kBump) != 0;
  return p;
}

TEST(WumpusRules, RandomGamesProperty) {
  Rng picker = named_stream(12345, "wumpus-rules-test");
  int games_over_limit = 0, wins = 0, deaths = 0;
  for (uint64_t seed = 1; seed <= 4000; ++seed) {
    const Mode mode = seed % 4 == 0 ? Mode::classic : Mode::random;
    AdvancedInput adv;
    if (seed % 7 == 0) adv = {static_cast<int>(1 + picker.below(3)), -1, 40, 10, 10};
    const Cave cave = generate(seed % 7 == 0 ? Mode::advanced : mode, adv, seed);
    const std::string code = to_map_code(cave);
    auto parsed = parse_map_code(code);
    ASSERT_TRUE(std::holds_alternative<Cave>(parsed)) << std::get<std::string>(parsed);
    ASSERT_EQ(to_map_code(std::get<Cave>(parsed)), code);

    State s(cave);
    std::vector<Action> history;
    int score = 0, shots = 0;
    const int start_arrows = s.arrows(), k = static_cast<int>(cave.wumpuses.size());
    ASSERT_EQ(brute_percept(s, Step{}), s.percept());
    while (!s.is_over()) {
      // Mostly moves and turns, so that games travel; exit rarely so that some hit the limit.
      const uint64_t r = picker.below(100);
      const Action a = r < 45   ? Action::go
                       : r < 70 ? Action::rotateL
                       : r < 85 ? Action::rotateR
                       : r < 92 ? Action::shot
                       : r < 99 ? Action::grab
                                : Action::exit;
      const State before = s;
      State clone = s;
      const Step st = s.apply(a);
      history.push_back(a);
      EXPECT_EQ(clone.apply(a).events, st.events);
      ASSERT_EQ(clone, s);
      score += expected_delta(st, s);
      ASSERT_EQ(s.score(), score) << "seed " << seed;
      ASSERT_EQ(s.actions(), before.actions() + 1);
      ASSERT_LE(s.actions(), s.turn_limit());
      if (st.events & (kShotKill | kShotMiss)) ++shots;
      ASSERT_EQ(s.arrows() + shots, start_arrows);
      ASSERT_EQ(static_cast<int>(s.living_wumpuses().count()) + s.wumpuses_killed(), k);
      ASSERT_EQ(s.percept(), brute_percept(s, st));
      if (st.killed >= 0) ASSERT_TRUE(before.living_wumpuses().test(st.killed));
      ASSERT_EQ(s.alive(), (st.events & (kDeathPit | kDeathWumpus)) == 0);

      const std::string text = s.serialize();
      State back(Cave{});
      std::string error;
      ASSERT_TRUE(State::deserialize(text, &back, &error)) << error << "\n" << text;
      ASSERT_EQ(back, s);
    }
    ASSERT_GE(s.score(), -(s.turn_limit() + 15 * start_arrows + 5000));
    ASSERT_LE(s.score(), 994);
    games_over_limit += s.reason() == EndReason::turn_limit;
    wins += s.reason() == EndReason::exit_with_gold;
    deaths += !s.alive();

    // Determinism: replaying the history gives the same final state.
    State replay(cave);
    for (Action a : history) replay.apply(a);
    EXPECT_EQ(replay, s);
  }
  // The action mix must exercise every ending, or the test proves little.
  EXPECT_GT(games_over_limit, 0);
  EXPECT_GT(wins, 0);
  EXPECT_GT(deaths, 0);
}

}  // namespace
}  // namespace arena::wumpus
