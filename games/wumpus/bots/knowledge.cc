#include "games/wumpus/bots/knowledge.h"

namespace arena::wumpus {

void Knowledge::start(const Params& params) {
  *this = Knowledge();
  params_ = params;
  width_ = params.width;
  height_ = params.height;
  arrows_ = params.arrows;
  for (int c = 0; c < cells(); ++c) {
    nbr_[c].reset();
    for (Dir d : {Dir::N, Dir::E, Dir::S, Dir::W}) {
      int n = cell_in(c, d);
      if (n >= 0) nbr_[c].set(n);
    }
  }
}

int Knowledge::cell_in(int cell, Dir d) const {
  int x = cell % width_ + dx(d), y = cell / width_ + dy(d);
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return -1;
  return y * width_ + x;
}

std::vector<int> Knowledge::ray(int cell, Dir d) const {
  std::vector<int> out;
  for (int c = cell_in(cell, d); c >= 0; c = cell_in(c, d)) out.push_back(c);
  return out;
}

void Knowledge::record_action(Action a) {
  last_action_ = a;
  last_from_ = pos_;
  last_fired_ = false;
  ++actions_;
  switch (a) {
    case Action::go: {
      // The bot knows the walls; a bump (which a correct bot never causes) is undone in observe.
      int n = cell_in(pos_, dir_);
      if (n >= 0) pos_ = n;
      break;
    }
    case Action::rotateL:
      dir_ = rotate_left(dir_);
      break;
    case Action::rotateR:
      dir_ = rotate_right(dir_);
      break;
    case Action::shot:
      if (arrows_ > 0) {
        --arrows_;
        last_fired_ = true;
        shots_.push_back(ShotRecord{ray(pos_, dir_), epoch_, false});
      }
      break;
    case Action::grab:
      if (glitter_here_) has_gold_ = true;
      break;
    case Action::exit:
      break;
  }
}

void Knowledge::observe(const Percept& percept) {
  if (!first_percept_) {
    if (last_action_ == Action::go && percept.bump) pos_ = last_from_;
    if (last_fired_ && percept.scream) {
      shots_.back().scream = true;
      ++epoch_;
    }
  }
  first_percept_ = false;
  if (!visited_[pos_]) {
    visited_.set(pos_);
    visit_epoch_[pos_] = static_cast<int8_t>(epoch_);
    if (percept.breeze) breeze_.set(pos_);
  }
  if (epoch_ < kMaxEpochs) (percept.stench ? stench_ : no_stench_)[epoch_].set(pos_);
  glitter_here_ = percept.glitter && !has_gold_;
  if (glitter_here_) gold_cell_ = pos_;
}

}  // namespace arena::wumpus
