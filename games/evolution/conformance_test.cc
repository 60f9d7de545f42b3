// Evolution's rules pass the conformance test of core/testing/conformance.h. The move space of
// choose is combinatorial, so the adapter draws one random legal move and judges moves instead of
// listing them (DESIGN.md). Start calls carry no decision: they, and the pause between turns, are
// passed automatically.
#include "core/testing/conformance.h"

#include <algorithm>
#include <set>

#include "games/evolution/dealer.h"
#include "games/evolution/json.h"

namespace arena::evolution {
namespace {

struct Move {
  Action4 action;         // in the choose phase
  FeedingChoice feeding;  // in the feed phase
};

void skip_starts(Engine& e) {
  for (;;) {
    if (e.phase() == Engine::Phase::start) {
      e.acknowledge_start();
    } else if (e.phase() == Engine::Phase::setup) {
      e.advance();
    } else {
      return;
    }
  }
}

struct EvolutionRules {
  using State = Engine;
  using Move = evolution::Move;

  static State initial(uint64_t seed) {
    Engine e = Engine::new_game(3 + static_cast<int>(seed % 6),
                                shuffled_deck(static_cast<uint32_t>(seed)));
    skip_starts(e);
    return e;
  }
  static bool is_over(const State& s) { return s.is_over(); }
  static void apply(State& s, const Move& m) {
    if (s.phase() == Engine::Phase::choose) {
      s.submit_action(m.action);
    } else if (s.phase() == Engine::Phase::feed) {
      s.submit_feeding(m.feeding);
    }
    skip_starts(s);
  }
  static std::string serialize(const State& s) { return engine_to_json(s).dump(); }
  static std::optional<State> deserialize(const std::string& text) {
    try {
      return engine_from_json(parse_json_text(text));
    } catch (const JsonShapeError&) {
      return std::nullopt;
    }
  }

  // A legal action grown piece by piece: every piece that keeps it legal is kept.
  static Action4 random_action(const State& s, Rng& rng) {
    const int pos = s.pending();
    const PlayerState& p = s.config().players[pos];
    const int h = static_cast<int>(p.hand.size());
    std::vector<int> cards(h);
    for (int i = 0; i < h; ++i) cards[i] = i;
    shuffle(cards, rng);
    Action4 a;
    a.food_card = cards[0];
    size_t next = 1;
    auto boards = [&] { return static_cast<int>(p.boards.size() + a.bt.size()); };
    for (int tries = 0; tries < 8 && next < cards.size(); ++tries) {
      Action4 b = a;
      size_t used = 1;
      switch (rng.below(4)) {
        case 0: {
          std::vector<int> bt;
          const size_t k = 1 + rng.below(4);
          for (size_t i = 0; i < k && next + i < cards.size(); ++i) bt.push_back(cards[next + i]);
          used = bt.size();
          b.bt.push_back(bt);
          break;
        }
        case 1:
          b.gp.push_back({static_cast<int>(rng.below(boards() + 1)), cards[next]});
          break;
        case 2:
          b.gb.push_back({static_cast<int>(rng.below(boards() + 1)), cards[next]});
          break;
        default:
          b.rt.push_back({static_cast<int>(rng.below(boards() + 1)), static_cast<int>(rng.below(3)),
                          cards[next]});
      }
      if (s.check_action(pos, b).empty()) {
        a = std::move(b);
        next += used;
      }
    }
    return a;
  }

  static Move random_legal_move(const State& s, Rng& rng) {
    Move m;
    if (s.phase() == Engine::Phase::choose) {
      m.action = random_action(s, rng);
    } else if (s.phase() == Engine::Phase::feed) {
      auto options = s.feeding_options(s.pending());
      if (options.empty() || rng.percent(5)) return m;  // decline
      m.feeding = options[rng.below(options.size())];
      if (m.feeding.kind == FeedingChoice::Kind::store_fat) {
        m.feeding.n = 1 + static_cast<int>(rng.below(m.feeding.n));
      }
    }
    return m;
  }
  static bool is_legal(const State& s, const Move& m) {
    if (s.phase() == Engine::Phase::choose) return s.check_action(s.pending(), m.action).empty();
    if (s.phase() == Engine::Phase::feed) return s.check_feeding(s.pending(), m.feeding).empty();
    return false;
  }

  static std::vector<double> scores(const State& s) {
    std::vector<double> out;
    for (const auto& r : s.ranking()) out.push_back(static_cast<double>(r.score));
    return out;
  }
  static constexpr double kMinScore = 0;
  static constexpr double kMaxScore = 2000;

  static std::string invariant_error(const State& s) {
    const Configuration& c = s.config();
    if (c.watering_hole < 0) return "negative watering hole";
    std::set<int64_t> ids;
    std::set<std::pair<int, int>> cards;
    auto add_card = [&](const Card& k) {
      return is_valid_card(k.value, k.trait) &&
             cards.insert({k.value, static_cast<int>(k.trait)}).second;
    };
    for (const Card& k : c.deck) {
      if (!add_card(k)) return "a deck card is invalid or duplicated";
    }
    for (const PlayerState& p : c.players) {
      if (!ids.insert(p.id).second) return "duplicate player id";
      if (p.bag < 0) return "negative bag";
      for (const Card& k : p.hand) {
        if (!add_card(k)) return "a hand card is invalid or duplicated";
      }
      for (const Species& b : p.boards) {
        if (b.population < 1 || b.population > kMaxSize) return "population out of 1..7";
        if (b.body < 0 || b.body > kMaxSize) return "body out of 0..7";
        if (b.food < 0 || b.food > b.population) return "food out of 0..population";
        if (b.fat_food < 0 || b.fat_food > b.body) return "fat-food out of 0..body";
        if (!b.has(Trait::fat_tissue) && b.fat_food != 0) return "fat-food without fat-tissue";
        if (b.trait_count > kMaxTraits) return "too many traits";
        for (int i = 0; i < b.trait_count; ++i) {
          for (int j = i + 1; j < b.trait_count; ++j) {
            if (b.trait_slots[i] == b.trait_slots[j]) return "a trait twice on one board";
          }
        }
      }
      if (s.phase() == Engine::Phase::choose && p.boards.empty())
        return "a player without boards chooses";
    }
    if (s.phase() == Engine::Phase::feed && c.watering_hole == 0)
      return "feeding with an empty hole";
    if (s.phase() == Engine::Phase::feed && s.count_options(s.pending()) < 2)
      return "a player is consulted with fewer than two options";
    if (!s.ejected().empty()) return "a legal move ejected a player";
    return "";
  }
};

TEST(EvolutionConformance, RandomPlay) {
  conformance::RandomPlayOptions o;
  o.games = 150;  // serialising every step is the slow part; RandomPlayInvariants plays more
  const uint64_t a = conformance::check_random_play<EvolutionRules>(o);
  const uint64_t b = conformance::check_random_play<EvolutionRules>(o);
  EXPECT_EQ(a, b) << "the same seeds must give the same games";
}

// Thousands of random games, judging every move and every state, without the serialisation.
TEST(EvolutionConformance, RandomPlayInvariants) {
  uint64_t moves = 0;
  for (uint64_t g = 0; g < 4000; ++g) {
    Rng rng = named_stream(g, "conformance-fast");
    Engine s = EvolutionRules::initial(g);
    while (!s.is_over()) {
      const std::string error = EvolutionRules::invariant_error(s);
      ASSERT_EQ(error, "") << "game " << g << ": " << EvolutionRules::serialize(s);
      const Move m = EvolutionRules::random_legal_move(s, rng);
      ASSERT_TRUE(EvolutionRules::is_legal(s, m));
      EvolutionRules::apply(s, m);
      ASSERT_LT(++moves, 10000000u);
    }
    for (double v : EvolutionRules::scores(s)) ASSERT_GE(v, 0);
  }
}

TEST(EvolutionConformance, SeededGamesAreReproducible) {
  for (uint32_t seed : {0u, 1u, 42u, 4000000000u}) {
    for (int n = 3; n <= 8; ++n) EXPECT_EQ(run_silly_game(n, seed), run_silly_game(n, seed));
  }
}

}  // namespace
}  // namespace arena::evolution
