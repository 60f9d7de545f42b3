// The hero's knowledge base (spec §10.1): its own pose, tracked from its own actions, and every
// observation the protocol gave, in the form the exact beliefs (belief.h) need. It sees only the
// start line and the percepts, never the cave.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "games/wumpus/protocol.h"
#include "games/wumpus/rules.h"

namespace arena::wumpus {

// Epochs count screams; at most kMaxWumpuses kills, so kMaxWumpuses + 1 epochs.
constexpr int kMaxEpochs = kMaxWumpuses + 1;

struct ShotRecord {
  std::vector<int> path;  // cells the arrow flew through, nearest first
  int epoch = 0;          // screams heard before this shot
  bool scream = false;
};

class Knowledge {
 public:
  void start(const Params& params);

  // Call with each percept, in order; the percept results from the last recorded action.
  void observe(const Percept& percept);
  // Call with the action chosen, before the next observe().
  void record_action(Action a);

  // Geometry.
  int width() const { return width_; }
  int height() const { return height_; }
  int cells() const { return width_ * height_; }
  int cell_in(int cell, Dir d) const;  // -1 if outside the cave
  const CellSet& neighbours(int cell) const { return nbr_[cell]; }
  // Cells from the one in front of `cell` facing `d` up to the wall: an arrow's path.
  std::vector<int> ray(int cell, Dir d) const;

  // Parameters as told.
  const Params& params() const { return params_; }
  double pit_prob() const { return params_.pit_percent / 100.0; }
  int turn_limit() const { return params_.turn_limit(); }

  // Pose and counters.
  int pos() const { return pos_; }
  Dir dir() const { return dir_; }
  int arrows() const { return arrows_; }
  bool has_gold() const { return has_gold_; }
  int actions() const { return actions_; }
  int epoch() const { return epoch_; }  // screams heard so far
  bool glitter_here() const { return glitter_here_; }

  // Observations.
  const CellSet& visited() const { return visited_; }
  int visit_epoch(int cell) const { return visit_epoch_[cell]; }
  const CellSet& breeze() const { return breeze_; }
  const CellSet& stench(int epoch) const { return stench_[epoch]; }
  const CellSet& no_stench(int epoch) const { return no_stench_[epoch]; }
  const std::vector<ShotRecord>& shots() const { return shots_; }
  int gold_cell() const { return gold_cell_; }  // where glitter was seen, or -1

 private:
  Params params_;
  int width_ = 0, height_ = 0;
  std::array<CellSet, kMaxCells> nbr_{};

  int pos_ = 0;
  Dir dir_ = Dir::N;
  int arrows_ = 0;
  bool has_gold_ = false;
  int actions_ = 0;
  int epoch_ = 0;
  bool glitter_here_ = false;
  bool first_percept_ = true;
  // The action whose result the next percept reports, and where it was taken.
  Action last_action_ = Action::grab;
  int last_from_ = 0;
  bool last_fired_ = false;

  CellSet visited_;
  std::array<int8_t, kMaxCells> visit_epoch_{};
  CellSet breeze_;
  std::array<CellSet, kMaxEpochs> stench_{};
  std::array<CellSet, kMaxEpochs> no_stench_{};
  std::vector<ShotRecord> shots_;
  int gold_cell_ = -1;
};

}  // namespace arena::wumpus
