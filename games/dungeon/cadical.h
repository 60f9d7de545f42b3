// The `cadical` command as a trap solver: the "cadical team" of the issue, which solves with a
// complete SAT solver instead of WalkSAT, to compare against the reference team, and the oracle of
// the solver benchmarks (§14.1 S4, S5).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "games/dungeon/traps.h"

namespace arena::dungeon {

// The `cadical` program on PATH, or "" when it is not installed.
std::string find_cadical();

struct CadicalResult {
  int status = -1;               // cadical's exit status: 10 SAT, 20 UNSAT, else a failure
  std::vector<uint8_t> setting;  // on SAT: element i is switch i + 1
  std::string error;             // why it could not be run, if it could not
};

// Writes `inst` as DIMACS into `file` and runs `cadical -q file`, reading its model.
CadicalResult run_cadical(const std::string& cadical, const Instance& inst,
                          const std::string& file);

}  // namespace arena::dungeon
