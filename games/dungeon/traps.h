// Dungeon Race spec §9: trap instances (MAX-3-SAT), drawn from the `sat` stream, their literal
// encoding, the active-trap count, and the CNF text format of §9.4.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "games/dungeon/streams.h"

namespace arena::dungeon {

enum class SatMode { planted, uniform };
std::string_view to_string(SatMode m);
std::optional<SatMode> parse_sat_mode(std::string_view s);

inline constexpr int kDefaultSwitches = 100;
inline constexpr int kDefaultTraps = 426;

// n switches (1..n inside literals) and m traps of three literals each: trap t is
// lits[3t], lits[3t+1], lits[3t+2]. +v is true when switch v is activated, -v when deactivated.
struct Instance {
  int n = 0;
  std::vector<int32_t> lits;
  int traps() const { return static_cast<int>(lits.size() / 3); }
};

// Draws one instance from `sat` (§9.2). `out` is reused, so a caller that keeps one Instance per
// agent allocates nothing once its capacity suffices. In planted mode `hidden` (if given) receives
// the hidden assignment h_0..h_{n-1}: a debug hook for tests, never sent.
void draw_instance(Stream& sat, SatMode mode, int n, int m, Instance& out,
                   std::vector<uint8_t>* hidden = nullptr);

// True when literal `lit` holds under `assignment` (element v-1 is switch v).
inline bool literal_true(int32_t lit, const uint8_t* assignment) {
  return lit > 0 ? assignment[lit - 1] != 0 : assignment[-lit - 1] == 0;
}

// The number of traps whose three literals are all false (§9.3). assignment has inst.n elements.
int count_active(const Instance& inst, const uint8_t* assignment);
inline int count_active(const Instance& inst, const std::vector<uint8_t>& assignment) {
  return count_active(inst, assignment.data());
}

// §9.4: "p cnf n m", then one line per trap "a b c 0", LF endings, no comments.
std::string to_cnf(const Instance& inst);

// Reads the CNF text of §9.4 back. Comment lines ("c ...") and any whitespace are tolerated, as
// other tools write them, but every clause must have exactly three literals of distinct switches
// in 1..n. On failure, a precise message with the line number.
std::variant<Instance, std::string> parse_cnf(std::string_view text);

}  // namespace arena::dungeon
