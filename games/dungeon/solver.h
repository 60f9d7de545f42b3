// Dungeon Race spec §13.5: the reference solver, an anytime WalkSAT/SKC search for MAX-3-SAT with
// restarts, and §3.5's exact checker (`brute`) for small instances. The solver keeps every
// buffer between solves: loading an instance no larger than the last allocates nothing.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "games/dungeon/traps.h"

namespace arena::dungeon {

struct SolverOptions {
  double noise = 0.5;          // §13.5 step 3
  bool majority_start = true;  // planted instances: start from each switch's majority sign
  int restart_factor = 50;     // restart after restart_factor * n flips without a new best
};

class Solver {
 public:
  explicit Solver(uint64_t seed = 1) : rng_(seed) {}

  // Loads `inst` and sets the starting assignment (§13.5 "Start").
  void start(const Instance& inst, const SolverOptions& options = {});
  // Runs up to `max_flips` steps; true once 0 traps are active (it stops there at once).
  bool run(uint64_t max_flips);
  // start(), then run until 0 active, `max_flips` flips (0 = no limit) or `budget` has passed
  // (zero = no limit; the clock is read every 256 flips). Returns the best active count.
  int solve(const Instance& inst, const SolverOptions& options, uint64_t max_flips,
            std::chrono::nanoseconds budget = {});

  // The best assignment seen since start() (element i is switch i + 1) and its active count.
  const std::vector<uint8_t>& best() const { return best_; }
  int best_active() const { return best_active_; }
  int active() const { return static_cast<int>(active_.size()); }
  uint64_t flips() const { return flips_; }
  int restarts() const { return restarts_; }

  // Recomputes every incremental count from scratch and compares (for tests).
  bool consistent() const;

 private:
  void randomize();
  void rebuild();  // counts, critical variables, break counts and the active list
  void flip(int v);
  void restart();

  Rng rng_;
  SolverOptions opt_;
  int n_ = 0, m_ = 0;
  std::vector<int32_t> lit_;        // 3 literal codes per trap: 2v (+) or 2v+1 (-)
  std::vector<int32_t> occ_begin_;  // CSR over literal codes
  std::vector<int32_t> occ_;        // traps per literal code
  std::vector<int32_t> cursor_;     // fill positions while building occ_
  std::vector<uint8_t> true_count_;
  std::vector<int32_t> true_xor_;  // XOR of the true literals' variables: the critical one at 1
  std::vector<int32_t> break_;
  std::vector<int32_t> active_, active_pos_;
  std::vector<uint8_t> assign_, best_;
  int best_active_ = 0, run_best_ = 0;
  uint64_t flips_ = 0, since_improve_ = 0;
  int restarts_ = 0;
};

// §13.6: how long (ms) an agent keeps searching while its best assignment leaves `active` > 0
// traps, when a death would cost `death_cost_ms` (C = (d + 1) · t_cross · w): (1 − (7/8)^k) · C,
// clamped to [2, 50] ms for the heir and [0.5, 10] ms for a henchman.
double submit_after_ms(int active, double death_cost_ms, bool heir);

// The exact minimum number of active traps over all 2^n assignments, visited in Gray-code order
// (n <= 24). `best` (if given) receives one assignment that reaches it.
int brute_force_min_active(const Instance& inst, std::vector<uint8_t>* best = nullptr);
inline constexpr int kBruteMaxSwitches = 24;

}  // namespace arena::dungeon
