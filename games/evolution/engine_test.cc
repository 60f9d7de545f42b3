// Cheating detection (§5.1, §5.2), ejection (§5.3, §5.4) and a few rules not covered by §10.
#include "games/evolution/engine.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

#include "games/evolution/dealer.h"
#include "games/evolution/json.h"
#include "games/evolution/silly.h"

namespace arena::evolution {
namespace {

Engine engine_of(const char* configuration) {
  return Engine(configuration_from_json(parse_json_text(configuration)));
}

Action4 A(const char* text) {
  return action4_from_json(parse_json_text(text), GrowthForm::either);
}

// Player 1: one board (body 6, population 6, traits horns, climbing), six cards.
const char* kChooser =
    R"([[[["id",1],["species",[[["food",0],["body",6],["population",6],["traits",["horns","climbing"]]]]],["bag",0],)"
    R"(["cards",[[0,"ambush"],[1,"ambush"],[0,"horns"],[0,"burrowing"],[1,"burrowing"],[0,"fat-tissue"]]]]],0,[]])";

TEST(EvolutionCheating, LegalActions) {
  Engine e = engine_of(kChooser);
  for (const char* ok : {
           "[0,[],[],[],[]]",
           "[5,[[0,1]],[[0,2]],[],[]]",              // population 7, body 7
           "[0,[],[],[[1,2,3,5]],[]]",               // a new board with three traits
           "[0,[[1,4]],[[1,3]],[[1,2]],[[1,0,5]]]",  // growth and RT on the new board
           "[0,[],[],[],[[0,1,3]]]",                 // climbing -> burrowing
           "[0,[],[],[],[[0,0,2]]]",                 // horns -> horns (same slot)
           "[0,[],[],[],[[0,0,3],[0,0,4]]]",         // RTs apply in order
       }) {
    EXPECT_EQ(e.check_action(0, A(ok)), "") << ok;
  }
}

TEST(EvolutionCheating, IllegalActions) {
  Engine e = engine_of(kChooser);
  EXPECT_NE(e.check_action(0, A("[6,[],[],[],[]]")), "");
  EXPECT_NE(e.check_action(0, A("[0,[[0,0]],[],[],[]]")), "");
  EXPECT_NE(e.check_action(0, A("[0,[],[],[[1,1]],[]]")), "");
  EXPECT_NE(e.check_action(0, A("[0,[[1,1]],[],[],[]]")), "");
  EXPECT_NE(e.check_action(0, A("[0,[[0,1],[0,2]],[],[],[]]")), "");
  EXPECT_NE(e.check_action(0, A("[0,[],[[0,1],[0,2]],[],[]]")), "");
  EXPECT_NE(e.check_action(0, A("[0,[],[],[[1,3,4]],[]]")), "");
  EXPECT_NE(e.check_action(0, A("[0,[],[],[],[[0,2,3]]]")), "");
  EXPECT_NE(e.check_action(0, A("[0,[],[],[],[[0,1,2]]]")), "");          // horns twice
  EXPECT_NE(e.check_action(0, A("[1,[],[],[],[[0,0,3],[0,1,4]]]")), "");  // burrowing twice
  EXPECT_NE(e.check_action(0, A("[0,[],[],[[1]],[[1,0,2]]]")), "");       // new board has no trait
  EXPECT_NE(e.check_action(0, A("[0,[[2,1]],[],[[3]],[]]")), "");         // only board 1 is new
  Action4 long_bt;
  long_bt.food_card = 0;
  long_bt.bt.push_back({1, 2, 3, 4, 5});
  EXPECT_NE(e.check_action(0, long_bt), "");
  Action4 negative;
  negative.food_card = -1;
  EXPECT_NE(e.check_action(0, negative), "");
  Action4 empty_bt;
  empty_bt.bt.push_back({});
  EXPECT_NE(e.check_action(0, empty_bt), "");
}

// Player 1: a hungry carnivore, a full vegetarian, a fat-tissue board; player 2: a climber and a
// plain board; player 3: nothing.
const char* kFeeder =
    R"([[[["id",1],["species",[[["food",0],["body",2],["population",2],["traits",["carnivore"]]],)"
    R"([["food",1],["body",1],["population",1],["traits",[]]],)"
    R"([["food",1],["body",3],["population",1],["traits",["fat-tissue"]],["fat-food",1]]]],["bag",0]],)"
    R"([["id",2],["species",[[["food",0],["body",1],["population",1],["traits",["climbing"]]],)"
    R"([["food",0],["body",1],["population",1],["traits",[]]]]],["bag",0]],)"
    R"([["id",3],["species",[]],["bag",0]]],5,[]])";

TEST(EvolutionCheating, FeedingChoices) {
  Engine e = engine_of(kFeeder);
  EXPECT_EQ(e.check_feeding(0, FeedingChoice::decline()), "");
  EXPECT_EQ(e.check_feeding(0, FeedingChoice::store_fat(2, 1)), "");
  EXPECT_EQ(e.check_feeding(0, FeedingChoice::store_fat(2, 2)), "");
  EXPECT_EQ(e.check_feeding(0, FeedingChoice::attack(0, 0, 1)), "");
  EXPECT_NE(e.check_feeding(0, FeedingChoice::store_fat(2, 3)), "");  // need is 2
  EXPECT_NE(e.check_feeding(0, FeedingChoice::store_fat(2, 0)), "");
  EXPECT_NE(e.check_feeding(0, FeedingChoice::store_fat(1, 1)), "");  // no fat-tissue
  EXPECT_NE(e.check_feeding(0, FeedingChoice::feed(0)), "");          // carnivore
  EXPECT_NE(e.check_feeding(0, FeedingChoice::feed(1)), "");          // full
  EXPECT_NE(e.check_feeding(0, FeedingChoice::feed(3)), "");          // no such board
  EXPECT_NE(e.check_feeding(0, FeedingChoice::attack(0, 0, 0)), "");  // climbing
  EXPECT_NE(e.check_feeding(0, FeedingChoice::attack(0, 1, 0)), "");  // player 3 has no boards
  EXPECT_NE(e.check_feeding(0, FeedingChoice::attack(0, 2, 0)), "");  // no third other
  EXPECT_NE(e.check_feeding(0, FeedingChoice::attack(1, 0, 1)), "");  // not a carnivore
  EXPECT_NE(e.check_feeding(0, FeedingChoice::feed(-1)), "");
  EXPECT_EQ(e.count_options(0, nullptr, 100), 2);  // store fat on 2, attack player 2's board 1
  EXPECT_EQ(e.feeding_options(0).size(), 2u);
}

TEST(EvolutionCheating, CheatingFeedingEjects) {
  Engine e = engine_of(kFeeder);
  e.restore(Engine::Phase::feed, 0, 0, {}, {0, 1, 2}, {}, false);
  std::string why;
  EXPECT_FALSE(e.submit_feeding(FeedingChoice::feed(0), &why));
  EXPECT_NE(why, "");
  EXPECT_EQ(e.ejected(), std::vector<int64_t>{1});
  EXPECT_EQ(e.num_players(), 2);
}

TEST(EvolutionCheating, CheatingActionInStep4RemovesPlayer) {
  Engine e = engine_of(kChooser);
  e.begin_step4({A("[9,[],[],[],[]]")});
  EXPECT_EQ(e.phase(), Engine::Phase::step4_done);
  EXPECT_EQ(e.num_players(), 0);
  EXPECT_EQ(e.ejected(), std::vector<int64_t>{1});
}

// Misbehaving players for the dealer.
struct Thrower final : SillyPlayer {
  FeedingChoice feed_next(int64_t, const Boards&, const Hand&, int64_t, const Lob&) override {
    throw std::runtime_error("boom");
  }
};
struct Cheater final : SillyPlayer {
  Action4 choose(const Lob&, const Lob&) override { return Action4{99, {}, {}, {}, {}}; }
};
struct Sleeper final : SillyPlayer {
  Action4 choose(const Lob& b, const Lob& a) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    return SillyPlayer::choose(b, a);
  }
};
struct StartThrower final : SillyPlayer {
  void start(int64_t, int64_t, const Boards&, const Hand&) override { throw 42; }
};

struct Recorder final : DealerObserver {
  std::vector<int64_t> ejected;
  void on_ejected(int64_t id, std::string_view) override { ejected.push_back(id); }
};

TEST(EvolutionDealer, EjectsCheatersSleepersAndThrowers) {
  SillyPlayer s1, s2;
  Cheater cheater;
  Sleeper sleeper;
  StartThrower thrower;
  std::vector<Player*> players = {&s1, &cheater, &sleeper, &thrower, &s2};
  Dealer dealer(players, shuffled_deck(3), DealerOptions{std::chrono::milliseconds(10)});
  Recorder rec;
  dealer.set_observer(&rec);
  dealer.run();
  EXPECT_TRUE(dealer.engine().is_over());
  std::vector<int64_t> ejected = dealer.engine().ejected();
  std::sort(ejected.begin(), ejected.end());
  EXPECT_EQ(ejected, (std::vector<int64_t>{2, 3, 4}));
  std::sort(rec.ejected.begin(), rec.ejected.end());
  EXPECT_EQ(rec.ejected, ejected);
  auto ranking = dealer.ranking();
  ASSERT_EQ(ranking.size(), 2u);
  for (const auto& r : ranking) EXPECT_TRUE(r.id == 1 || r.id == 5);
}

TEST(EvolutionDealer, FeedNextExceptionEjectsDuringFeeding) {
  // Thrower has two options (fat and a hungry vegetarian), so it is consulted and ejected.
  Engine probe = engine_of(
      R"([[[["id",1],["species",[[["food",0],["body",3],["population",2],["traits",["fat-tissue"]]]]],["bag",0],["cards",[[0,"ambush"]]]],)"
      R"([["id",2],["species",[]],["bag",0],["cards",[[0,"horns"]]]],[["id",3],["species",[]],["bag",0],["cards",[[0,"burrowing"]]]]],3,[]])");
  Thrower t;
  SillyPlayer a, b;
  Dealer dealer(probe.config(), {&t, &a, &b});
  dealer.step4({A("[0,[],[],[],[]]"), A("[0,[],[],[],[]]"), A("[0,[],[],[],[]]")});
  EXPECT_EQ(dealer.engine().ejected(), std::vector<int64_t>{1});
  EXPECT_EQ(dealer.engine().num_players(), 2);
}

TEST(EvolutionRules, GameOverAndRanking) {
  Engine e = engine_of(
      R"([[[["id",1],["species",[]],["bag",3]],[["id",2],["species",[]],["bag",3]],)"
      R"([["id",3],["species",[[["food",0],["body",0],["population",1],["traits",["horns"]]]]],["bag",1]]],0,[]])");
  EXPECT_TRUE(e.game_over());
  auto r = e.ranking();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].id, 1);  // tie 3-3-3 keeps the turn order
  EXPECT_EQ(r[2].id, 3);
  EXPECT_EQ(r[2].score, 3);
  EXPECT_EQ(r[2].place, 3);
  // 3 players with 0, 0, 1 boards need 12 cards.
  Configuration c = e.config();
  c.deck.assign(12, Card{0, Trait::horns});
  EXPECT_FALSE(Engine(c).game_over());
  c.deck.pop_back();
  EXPECT_TRUE(Engine(c).game_over());
}

TEST(EvolutionRules, EndOfTurnReducesBagsAndDraws) {
  Engine e = engine_of(
      R"([[[["id",1],["species",[[["food",0],["body",0],["population",3],["traits",[]]],[["food",2],["body",0],["population",3],["traits",["fat-tissue"]],["fat-food",0]]]],["bag",1],["cards",[[3,"horns"]]]]],0,[[0,"ambush"],[1,"ambush"],[2,"ambush"]]])");
  e.end_of_turn();
  const PlayerState& p = e.config().players[0];
  ASSERT_EQ(p.boards.size(), 1u);
  EXPECT_EQ(p.boards[0].population, 2);
  EXPECT_EQ(p.boards[0].food, 0);
  EXPECT_EQ(p.bag, 3);
  EXPECT_EQ(p.hand, (Hand{{0, Trait::ambush}, {1, Trait::ambush}, {3, Trait::horns}}));
  EXPECT_EQ(e.config().deck.size(), 1u);
}

TEST(EvolutionRules, SillyAnswersAreAlwaysOptionsInRealGames) {
  for (uint32_t seed = 0; seed < 200; ++seed) {
    std::vector<SillyPlayer> s(3 + seed % 6);
    std::vector<Player*> ps;
    for (auto& x : s) ps.push_back(&x);
    Dealer d(ps, shuffled_deck(seed), DealerOptions{std::chrono::milliseconds(0)});
    d.run();
    EXPECT_TRUE(d.engine().ejected().empty()) << seed;
    EXPECT_EQ(d.ranking().size(), s.size());
  }
}

// The example session of §8.9 (seed 0, three Silly players), as the messages a client would get.
TEST(EvolutionRules, ExampleSessionMessages) {
  Engine e = Engine::new_game(3, shuffled_deck(0));
  ASSERT_EQ(e.phase(), Engine::Phase::start);
  const PlayerState& p1 = e.config().players[0];
  EXPECT_EQ(start_message(e.config().watering_hole, p1.bag, p1.boards, p1.hand).dump(),
            R"([0,0,[[["food",0],["body",0],["population",1],["traits",[]]]],)"
            R"([[3,"horns"],[-3,"pack-hunting"],[0,"cooperation"],[3,"fertile"]]])");
  std::vector<SillyPlayer> sillies(3);
  for (int i = 0; i < 3; ++i) {
    const PlayerState& p = e.config().players[i];
    sillies[i].start(e.config().watering_hole, p.bag, p.boards, p.hand);
    e.acknowledge_start();
  }
  ASSERT_EQ(e.phase(), Engine::Phase::choose);
  EXPECT_EQ(choose_message(e.boards_before(0), e.boards_after(0)).dump(),
            R"([[],[[[["food",0],["body",0],["population",1],["traits",[]]]],)"
            R"([[["food",0],["body",0],["population",1],["traits",[]]]]]])");
  const Action4 a = sillies[0].choose(e.boards_before(0), e.boards_after(0));
  EXPECT_EQ(remote_action4_to_json(a).dump(), "[2,[[1,1]],[],[[3,0]],[]]");
  EXPECT_EQ(action4_to_json(a).dump(), R"([2,[["population",1,1]],[],[[3,0]],[]])");
  // Play on to the first consultation: player 2, in turn 2.
  Dealer dealer(e.config(), {&sillies[0], &sillies[1], &sillies[2]});
  Engine& g = dealer.engine();
  g = e;
  while (g.phase() != Engine::Phase::feed) {
    const int pos = g.pending();
    const PlayerState& p = g.config().players[pos];
    if (g.phase() == Engine::Phase::start) {
      sillies[p.id - 1].start(g.config().watering_hole, p.bag, p.boards, p.hand);
      g.acknowledge_start();
    } else if (g.phase() == Engine::Phase::choose) {
      ASSERT_TRUE(
          g.submit_action(sillies[p.id - 1].choose(g.boards_before(pos), g.boards_after(pos))));
    } else {
      g.advance();
    }
  }
  EXPECT_EQ(g.turn(), 1);
  const int pos = g.pending();
  const PlayerState& p2 = g.config().players[pos];
  EXPECT_EQ(p2.id, 2);
  EXPECT_EQ(
      state_message(p2.bag, p2.boards, p2.hand, g.config().watering_hole, g.others(pos)).dump(),
      R"([0,[[["food",0],["body",0],["population",1],["traits",[]]],[["food",0],["body",1],["population",2],["traits",["horns"]]]],)"
      R"([[3,"warning-call"],[1,"scavenger"]],4,[[[["food",0],["body",0],["population",1],["traits",[]]],[["food",0],["body",1],["population",2],["traits",["symbiosis"]]]],)"
      R"([[["food",0],["body",0],["population",1],["traits",[]]],[["food",0],["body",1],["population",2],["traits",["foraging"]]]]]])");
  EXPECT_EQ(feeding_choice_to_json(sillies[1].feed_next(p2.bag, p2.boards, p2.hand,
                                                        g.config().watering_hole, g.others(pos)))
                .dump(),
            "1");
}

TEST(EvolutionRules, ObserverSeesEveryTurnEnd) {
  struct Turns final : DealerObserver {
    std::vector<int> turns;
    void on_turn_end(int turn, const Configuration&) override { turns.push_back(turn); }
  } turns;
  std::vector<SillyPlayer> s(3);
  Dealer d({&s[0], &s[1], &s[2]}, shuffled_deck(0));
  d.set_observer(&turns);
  d.run();
  EXPECT_EQ(turns.turns, (std::vector<int>{1, 2, 3, 4, 5}));  // §10.7: the game lasts 5 turns
  EXPECT_EQ(d.engine().config().deck.size(), 8u);
}

}  // namespace
}  // namespace arena::evolution
