// Possibility tracking for the hunters (spec §7.2): the set of Dracula trails consistent with
// everything a hunter sees in his redacted past-plays string.
//
// A hypothesis is Dracula's last 6 locations and last 5 move codes (all that his trail rules and
// the vampire's place depend on); hypotheses with the same trail are merged and their weights
// (number of distinct histories) added. Each Dracula move is expanded under §2.7 and filtered by:
// its shown kind (C? = LOCATION to a land place or a still-hidden HIDE, S? = sea, HI, Dk, TP, real
// code = revealed LOCATION), the placement characters (T/V need land), and, for every move that is
// certainly unrevealed (C?/S?, or HI/Dk whose propagation target is), the negative facts of §3.4:
// not CD, not a city a (non-hospitalised) hunter occupied at the end of that Dracula turn, not a
// land place a hunter ended a move in while the move was in the trail.
//
// The set is capped (kCap hypotheses, the heaviest kept): a cap hit may lose the truth, so it is
// counted (InferenceStats) and an empty set re-seeds from the move's own constraints (unknown
// history, which blocks nothing: a relaxation, never an exclusion). Without cap hits the true
// location is always in the set.
//
// Moves whose every constraint is final (all hunter plays of the 6 following rounds present) are
// cached with the exact string prefix they depend on, so a game costs O(rounds) work, not
// O(rounds^2); a changed prefix (a late revelation) recomputes from scratch, so results never
// depend on the call history.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/dracula/places.h"

namespace arena::dracula {

// Process-wide counters for the eval: `updates` calls, `capped` of them hit the cap at least once,
// `reseeds` of them had to re-seed an emptied set.
struct InferenceStats {
  uint64_t updates = 0;
  uint64_t capped = 0;
  uint64_t reseeds = 0;
};
InferenceStats& inference_stats();

struct Hypothesis {
  std::array<int8_t, 6> loc;   // loc[0] = current location; kNowhere = unknown / none
  std::array<int8_t, 5> code;  // code[0] = latest move code; kNowhere = unknown / none
  int8_t pad = 0;
  float weight = 1;
};

class Tracker {
 public:
  static constexpr int kCap = 12000;

  // Rebuilds the set from a redacted (or full) past-plays string.
  void update(std::string_view past_plays);

  // Probability of each place being Dracula's current location (sums to 1; all zero before his
  // first move).
  const std::array<double, kNumPlaces>& current() const { return current_; }
  // Distribution of the location of Dracula's move of `round` if it is among his last 6 moves.
  std::array<double, kNumPlaces> location_of_move(int round) const;
  int possible_count() const { return possible_; }
  int hypotheses() const { return static_cast<int>(hyps_.size()); }
  bool capped() const { return capped_; }
  int dracula_moves() const { return moves_; }
  const std::vector<Hypothesis>& hypothesis_set() const { return hyps_; }

 private:
  std::vector<Hypothesis> hyps_;
  std::array<double, kNumPlaces> current_{};
  int possible_ = 0;
  int moves_ = 0;
  bool capped_ = false;
  // Cache: the set after Dracula moves 0..cache_moves_-1, valid for strings starting with
  // cache_prefix_.
  std::string cache_prefix_;
  int cache_moves_ = 0;
  std::vector<Hypothesis> cache_hyps_;
};

}  // namespace arena::dracula
