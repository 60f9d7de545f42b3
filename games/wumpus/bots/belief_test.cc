// Spec §10.6: the exact beliefs against brute force. Random non-fatal histories (shots and kills
// included) are played on small caves; every consistent world is replayed through the rules
// engine alongside, and at each checkpoint the marginals must agree to 1e-9.
#include "games/wumpus/bots/belief.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/rng.h"
#include "games/wumpus/world.h"

namespace arena::wumpus {
namespace {

struct Candidate {
  State state;
  double weight;
};

// Pits and wumpuses are independent and are observed independently, so each is checked with
// the other held at its true value: pit sets x gold cells, and wumpus k-sets.
std::vector<Candidate> pit_candidates(const Cave& truth) {
  const int n = truth.cells();
  const double p = truth.pit_percent / 100.0;
  std::vector<Candidate> out;
  for (uint32_t bits = 0; bits < (1u << (n - 1)); ++bits) {
    Cave c = truth;
    c.pits.reset();
    for (int i = 1; i < n; ++i) {
      if (bits >> (i - 1) & 1) c.pits.set(i);
    }
    const int t = static_cast<int>(c.pits.count());
    const int free = n - 1 - t;
    if (free == 0) continue;  // spec §3.3 redraws such caves
    const double w = std::pow(p, t) * std::pow(1 - p, free) / free;
    for (int g = 1; g < n; ++g) {
      if (c.pits[g]) continue;
      c.gold = g;
      out.push_back({State(c), w});
    }
  }
  return out;
}

void wumpus_sets(const Cave& truth, int from, std::vector<int>& chosen,
                 std::vector<Candidate>* out) {
  if (static_cast<int>(chosen.size()) == static_cast<int>(truth.wumpuses.size())) {
    Cave c = truth;
    c.wumpuses = chosen;
    out->push_back({State(c), 1.0});
    return;
  }
  for (int x = from; x < truth.cells(); ++x) {
    chosen.push_back(x);
    wumpus_sets(truth, x + 1, chosen, out);
    chosen.pop_back();
  }
}

void advance(std::vector<Candidate>* cands, Action a, const Percept& seen) {
  std::vector<Candidate> kept;
  for (auto& c : *cands) {
    c.state.apply(a);
    if (!c.state.is_over() && c.state.percept() == seen) kept.push_back(std::move(c));
  }
  *cands = std::move(kept);
}

bool fatal_go(const State& s) {
  const Cave& cave = s.cave();
  int x = cave.x_of(s.pos()) + dx(s.dir()), y = cave.y_of(s.pos()) + dy(s.dir());
  if (x < 0 || y < 0 || x >= cave.width || y >= cave.height) return false;
  int c = cave.index(x, y);
  return cave.pits[c] || s.living_wumpuses()[c];
}

bool wumpus_ahead(const State& s, const Knowledge& kb) {
  for (int c : kb.ray(s.pos(), s.dir())) {
    if (s.living_wumpuses()[c]) return true;
  }
  return false;
}

struct Totals {
  int checkpoints = 0, kill_checkpoints = 0;
  int max_kills = 0;
};

void play_and_check(int width, int height, int wumpuses, int arrows, int pit_percent, uint64_t seed,
                    Totals* totals, int hunt_percent = 40) {
  Rng rng(seed);
  Params params{width, height, pit_percent, wumpuses, arrows};
  Cave truth = draw_cave(params, rng);
  State s(truth);
  Knowledge kb;
  kb.start(params);
  kb.observe(s.percept());

  std::vector<Candidate> pits = pit_candidates(truth);
  std::vector<Candidate> wumps;
  std::vector<int> chosen;
  wumpus_sets(truth, 1, chosen, &wumps);
  for (auto* cands : {&pits, &wumps}) {  // the entrance percept is the first observation
    std::erase_if(*cands, [&](const Candidate& c) { return !(c.state.percept() == s.percept()); });
  }

  const int steps = static_cast<int>(rng.between(5, s.turn_limit() - 2));
  for (int step = 0; step < steps; ++step) {
    Action a;
    uint64_t r = rng.below(100);
    if (s.arrows() > 0 && wumpus_ahead(s, kb) && static_cast<int>(r) < hunt_percent) {
      a = Action::shot;
    } else if (r < 55) {
      a = Action::go;
    } else if (r < 70) {
      a = Action::rotateL;
    } else if (r < 85) {
      a = Action::rotateR;
    } else if (r < 92) {
      a = Action::shot;
    } else {
      a = Action::grab;
    }
    if (a == Action::go && fatal_go(s)) a = Action::rotateR;
    kb.record_action(a);
    s.apply(a);
    ASSERT_FALSE(s.is_over());
    const Percept seen = s.percept();
    kb.observe(seen);
    ASSERT_EQ(kb.pos(), s.pos());
    ASSERT_EQ(kb.dir(), s.dir());
    ASSERT_EQ(kb.arrows(), s.arrows());
    ASSERT_EQ(kb.has_gold(), s.has_gold());
    ASSERT_EQ(kb.epoch(), s.wumpuses_killed());
    advance(&pits, a, seen);
    advance(&wumps, a, seen);
    if (step % 3 != 0 && step != steps - 1) continue;

    // Brute-force marginals.
    std::vector<double> bp(kb.cells(), 0.0), bg(kb.cells(), 0.0), bw(kb.cells(), 0.0);
    double zp = 0.0;
    for (const auto& c : pits) {
      zp += c.weight;
      for (int x = 0; x < kb.cells(); ++x) {
        if (c.state.cave().pits[x]) bp[x] += c.weight;
      }
      bg[c.state.cave().gold] += c.weight;
    }
    ASSERT_GT(zp, 0.0);
    std::vector<CellSet> queries;
    for (Dir d : {Dir::N, Dir::E, Dir::S, Dir::W}) {
      CellSet q;
      for (int c : kb.ray(s.pos(), d)) q.set(c);
      queries.push_back(q);
    }
    std::vector<double> bq(queries.size(), 0.0);
    for (const auto& c : wumps) {
      for (int x = 0; x < kb.cells(); ++x) {
        if (c.state.living_wumpuses()[x]) bw[x] += 1.0;
      }
      for (size_t q = 0; q < queries.size(); ++q) {
        if ((c.state.living_wumpuses() & queries[q]).any()) bq[q] += 1.0;
      }
    }
    ASSERT_FALSE(wumps.empty());

    PitBelief pb;
    compute_pit_belief(kb, &pb);
    WumpusBelief wb;
    compute_wumpus_belief(kb, queries, &wb);
    ASSERT_TRUE(pb.exact);
    ASSERT_TRUE(wb.exact);
    for (int x = 0; x < kb.cells(); ++x) {
      ASSERT_NEAR(pb.pit[x], bp[x] / zp, 1e-9) << "pit cell " << x << " seed " << seed;
      if (!s.has_gold()) {
        ASSERT_NEAR(pb.gold[x], bg[x] / zp, 1e-9) << "gold cell " << x << " seed " << seed;
      }
      ASSERT_NEAR(wb.alive[x], bw[x] / wumps.size(), 1e-9)
          << "wumpus cell " << x << " seed " << seed;
    }
    for (size_t q = 0; q < queries.size(); ++q) {
      ASSERT_NEAR(wb.any[q], bq[q] / wumps.size(), 1e-9) << "query " << q << " seed " << seed;
    }
    ++totals->checkpoints;
    if (kb.epoch() > 0) ++totals->kill_checkpoints;
    totals->max_kills = std::max(totals->max_kills, kb.epoch());
  }
}

TEST(Belief, MatchesBruteForceOnSmallCaves) {
  Totals totals;
  uint64_t seed = 1;
  for (auto [w, h] : {std::pair{3, 3}, std::pair{3, 4}, std::pair{4, 3}}) {
    for (int k = 1; k <= 3; ++k) {
      for (int arrows = 0; arrows <= 3; ++arrows) {
        for (int pit : {15, 30}) {
          for (int game = 0; game < 3; ++game) {
            play_and_check(w, h, k, arrows, pit, seed++, &totals);
            if (HasFatalFailure()) return;
          }
        }
      }
    }
  }
  // Hunting games, for histories with up to three kills.
  for (int game = 0; game < 40; ++game) {
    play_and_check(game % 2 ? 3 : 4, 3, 3, 3, 20, seed++, &totals, 90);
    if (HasFatalFailure()) return;
  }
  std::printf("checkpoints %d (with kills %d, max kills %d)\n", totals.checkpoints,
              totals.kill_checkpoints, totals.max_kills);
  EXPECT_GE(totals.checkpoints, 500);
  EXPECT_GT(totals.kill_checkpoints, 50);
  EXPECT_GE(totals.max_kills, 3);
}

}  // namespace
}  // namespace arena::wumpus
