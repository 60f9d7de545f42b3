// Fury of Dracula passes the conformance test of core/testing/conformance.h. The serialised form is
// the full past-plays string plus the messages (one line each), exactly what a game record holds.
#include "core/testing/conformance.h"

#include <sstream>
#include <variant>

#include "games/dracula/past_plays.h"

namespace arena::dracula {
namespace {

struct DraculaRules {
  using State = Record;
  using Move = arena::dracula::Move;
  static State initial(uint64_t) { return Record(); }
  static bool is_over(const State& s) { return s.state().is_over(); }
  static void apply(State& s, const Move& m) {
    std::string message(1, 'p');
    message += std::to_string(s.plays());
    s.play(m, message);
  }
  static std::string serialize(const State& s) {
    std::string out = s.full();
    for (const std::string& m : s.messages()) out += "\n" + m;
    return out;
  }
  static std::optional<State> deserialize(const std::string& text) {
    std::istringstream in(text);
    std::string plays, line;
    std::getline(in, plays);
    std::vector<std::string> messages;
    while (std::getline(in, line)) messages.push_back(line);
    auto r = parse_full(plays, messages);
    if (auto* rec = std::get_if<Record>(&r)) return std::move(*rec);
    return std::nullopt;
  }
  static std::vector<Move> legal_moves(const State& s) {
    MoveList moves;
    arena::dracula::legal_moves(s.state(), moves);
    return {moves.begin(), moves.end()};
  }
  // The final game score (§1.4): never above 366, and at worst 1 - 1 - 13 after a vampire matures.
  static std::vector<double> scores(const State& s) { return {double(s.state().score)}; }
  static constexpr double kMinScore = -13;
  static constexpr double kMaxScore = 366;
  static std::string invariant_error(const State& r) {
    const GameState& s = r.state();
    if (s.plays > kMaxPlays) return "more than 1830 plays";
    if (r.full().size() != (s.plays ? 8u * s.plays - 1 : 0u)) return "string length";
    if (s.score > kStartScore) return "score above 366";
    int vampires = 0;
    for (int i = 0; i < s.trail_len; ++i) {
      const TrailEntry& e = s.trail[i];
      if (e.loc == kHospital) return "Dracula in the hospital";
      if (!e.alive) continue;
      vampires += e.placed == Encounter::kVampire;
      if (!is_land(e.loc)) return "encounter at sea";
      if (s.encounters_at(e.loc) > 3) return "more than 3 encounters in a city";
    }
    if (vampires > 1) return "more than one immature vampire";
    for (int h = 0; h < 4; ++h)
      if (s.hunter_lp[h] < 0 || s.hunter_lp[h] > kMaxLife) return "hunter LP out of 0..9";
    return "";
  }
};

TEST(DraculaConformance, RandomPlay) {
  conformance::RandomPlayOptions o;
  o.games = 40;
  o.max_moves = kMaxPlays;
  uint64_t a = conformance::check_random_play<DraculaRules>(o);
  uint64_t b = conformance::check_random_play<DraculaRules>(o);
  EXPECT_EQ(a, b) << "the same seeds must give the same games";
}

}  // namespace
}  // namespace arena::dracula
