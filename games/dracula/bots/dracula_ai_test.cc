// The reference Dracula: legal moves only, never a forced TELEPORT against random hunters,
// deterministic for a given request and seed.
#include "games/dracula/bots/dracula_ai.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "core/rng.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/random_game.h"

namespace arena::dracula {
namespace {

TEST(ReferenceDracula, LegalAndNeverTeleportsAgainstRandomHunters) {
  int illegal = 0, teleports = 0, wins = 0, moves = 0;
  double max_ms = 0, sum_ms = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto dracula = make_reference_dracula();
    Rng rng(seed);
    Record rec;
    while (!rec.state().is_over()) {
      const GameState& s = rec.state();
      Move m;
      if (s.player() == kDraculaSeat) {
        MoveList legal;
        legal_moves(s, legal);
        if (legal.size() == 1 && legal[0].id == kTeleport) ++teleports;
        const auto t0 = std::chrono::steady_clock::now();
        const Decision d = dracula->decide({rec.full(), rec.messages(), seed + 4});
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        max_ms = std::max(max_ms, ms), sum_ms += ms, ++moves;
        m = parse_move(d.move);
        if (d.move.size() != 2 || !is_legal(s, m)) {
          ++illegal;
          m = random_move(s, rng);
        }
      } else {
        m = random_move(s, rng);
      }
      rec.play(m);
    }
    wins += rec.state().winner == Winner::kDracula;
  }
  std::printf("dracula wins %d/20, teleports %d, move time max %.2f ms mean %.3f ms\n", wins,
              teleports, max_ms, sum_ms / std::max(1, moves));
  EXPECT_EQ(illegal, 0);
  EXPECT_EQ(teleports, 0);
}

TEST(ReferenceDracula, Deterministic) {
  Record full = random_game(11, 400);
  const std::string text = full.full();
  Record rec;
  auto warm = make_reference_dracula();
  int decisions = 0;
  for (int i = 0; i < full.plays(); ++i) {
    if (rec.state().player() == kDraculaSeat) {
      const TurnRequest req{rec.full(), rec.messages(), 99};
      const Decision a = warm->decide(req);
      const Decision b = make_reference_dracula()->decide(req);
      ++decisions;
      EXPECT_EQ(a.move, b.move);
      EXPECT_EQ(a.message, b.message);
      EXPECT_TRUE(is_legal(rec.state(), parse_move(a.move)) ||
                  (a.move == "TP" && !is_legal(rec.state(), Move(kHide))));
    }
    rec.play(parse_move(std::string_view(text).substr(8 * i + 1, 2)));
  }
  EXPECT_GT(decisions, 10);
}

}  // namespace
}  // namespace arena::dracula
