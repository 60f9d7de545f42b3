// Wumpus passes the conformance test of core/testing/conformance.h.
#include "core/testing/conformance.h"

#include "games/wumpus/game.h"
#include "games/wumpus/world.h"
#include "match/match.h"

namespace arena::wumpus {
namespace {

// Random worlds of random mode; every one of the six actions is legal in every state.
struct WumpusRules {
  using State = arena::wumpus::State;
  using Move = Action;
  static State initial(uint64_t seed) { return State(generate(Mode::random, {}, seed)); }
  static bool is_over(const State& s) { return s.is_over(); }
  static void apply(State& s, Action a) { s.apply(a); }
  static std::string serialize(const State& s) { return s.serialize(); }
  static std::optional<State> deserialize(const std::string& text) {
    State s(Cave{});
    std::string error;
    if (!State::deserialize(text, &s, &error)) return std::nullopt;
    return s;
  }
  static std::vector<Action> legal_moves(const State& s) {
    return {s.legal_moves().begin(), s.legal_moves().end()};
  }
  static std::vector<double> scores(const State& s) { return {static_cast<double>(s.score())}; }
  // Worst: every action of the limit, every arrow, then the -5000 (spec §2.7).
  static constexpr double kMinScore = -(600 + 15 * 10 + 5000);
  static constexpr double kMaxScore = 994;
  static std::string invariant_error(const State& s) {
    if (s.actions() > s.turn_limit()) return "more actions than the turn limit";
    if (s.arrows() < 0) return "negative arrows";
    if (s.living_wumpuses().count() + static_cast<size_t>(s.wumpuses_killed()) !=
        s.cave().wumpuses.size())
      return "living + killed wumpuses differ from the cave's";
    if (s.alive() && (s.cave().pits[s.pos()] || s.living_wumpuses()[s.pos()]))
      return "alive on a pit or a living wumpus";
    return "";
  }
};

TEST(WumpusConformance, RandomPlay) {
  conformance::RandomPlayOptions o;
  o.games = 3000;
  uint64_t a = conformance::check_random_play<WumpusRules>(o);
  uint64_t b = conformance::check_random_play<WumpusRules>(o);
  EXPECT_EQ(a, b) << "the same seeds must give the same games";
}

TEST(WumpusConformance, MatchReplaysAreReproducible) {
  GameInfo game = game_info();
  for (const char* bot : {"reference", "random"}) {
    for (uint64_t seed : {1, 2, 3, 12345}) {
      MatchSetup setup;
      setup.params = std::get<ParamValues>(parse_params(game, {"mode=random"}));
      setup.seed = seed;
      setup.seed_given = true;
      setup.time_ms = 10000;
      SeatSpec spec;
      spec.role = "hero";
      spec.text = std::string("bot:") + bot;
      spec.builtin = bot;
      setup.seats["hero"] = spec;
      // Same seed, same bot: the same replay bytes once timings are removed, the same outcome.
      MatchOutcome a = run_match(game, setup), b = run_match(game, setup);
      EXPECT_EQ(without_timings(a.replay.to_jsonl()), without_timings(b.replay.to_jsonl()));
      EXPECT_EQ(a.scores, b.scores);
      EXPECT_EQ(a.result, b.result);
      EXPECT_FALSE(a.replay.events.empty());
    }
  }
}

}  // namespace
}  // namespace arena::wumpus
