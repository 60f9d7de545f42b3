#include "games/dungeon/solver.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace arena::dungeon {
namespace {

inline int32_t code_of(int32_t lit) {
  return lit > 0 ? 2 * (lit - 1) : 2 * (-lit - 1) + 1;
}

// Literal code c is true under assignment a: 2v wants a[v] = 1, 2v+1 wants a[v] = 0.
inline bool code_true(int32_t c, const std::vector<uint8_t>& a) {
  return (a[c >> 1] != 0) != (c & 1);
}

}  // namespace

void Solver::start(const Instance& inst, const SolverOptions& options) {
  opt_ = options;
  n_ = inst.n;
  m_ = inst.traps();
  lit_.resize(inst.lits.size());
  occ_begin_.assign(2 * static_cast<size_t>(n_) + 1, 0);
  for (size_t i = 0; i < inst.lits.size(); ++i) {
    lit_[i] = code_of(inst.lits[i]);
    ++occ_begin_[lit_[i] + 1];
  }
  for (int c = 0; c < 2 * n_; ++c) occ_begin_[c + 1] += occ_begin_[c];
  occ_.resize(inst.lits.size());
  cursor_.assign(occ_begin_.begin(), occ_begin_.end() - 1);
  for (size_t i = 0; i < inst.lits.size(); ++i)
    occ_[cursor_[lit_[i]]++] = static_cast<int32_t>(i / 3);
  true_count_.resize(m_);
  true_xor_.resize(m_);
  active_pos_.resize(m_);
  active_.reserve(m_);
  break_.resize(n_);
  assign_.resize(n_);
  best_.resize(n_);
  flips_ = 0;
  restarts_ = 0;
  if (opt_.majority_start) {
    for (int v = 0; v < n_; ++v) {
      int pos = occ_begin_[2 * v + 1] - occ_begin_[2 * v];
      int neg = occ_begin_[2 * v + 2] - occ_begin_[2 * v + 1];
      assign_[v] = pos > neg ? 1 : pos < neg ? 0 : static_cast<uint8_t>(rng_.next() >> 63);
    }
  } else {
    randomize();
  }
  rebuild();
  best_ = assign_;
  best_active_ = run_best_ = active();
  since_improve_ = 0;
}

void Solver::randomize() {
  for (int v = 0; v < n_; ++v) assign_[v] = static_cast<uint8_t>(rng_.next() >> 63);
}

void Solver::rebuild() {
  active_.clear();
  for (int v = 0; v < n_; ++v) break_[v] = 0;
  for (int t = 0; t < m_; ++t) {
    int count = 0;
    int32_t x = 0;
    for (int k = 0; k < 3; ++k) {
      int32_t c = lit_[3 * t + k];
      if (code_true(c, assign_)) {
        ++count;
        x ^= c >> 1;
      }
    }
    true_count_[t] = static_cast<uint8_t>(count);
    true_xor_[t] = x;
    if (count == 0) {
      active_pos_[t] = static_cast<int32_t>(active_.size());
      active_.push_back(t);
    } else if (count == 1) {
      ++break_[x];
    }
  }
}

void Solver::flip(int v) {
  const int32_t was_true = 2 * v + (assign_[v] ? 0 : 1);
  assign_[v] ^= 1;
  ++flips_;
  for (int32_t i = occ_begin_[was_true]; i < occ_begin_[was_true + 1]; ++i) {
    int32_t t = occ_[i];
    true_xor_[t] ^= v;
    if (--true_count_[t] == 0) {
      --break_[v];
      active_pos_[t] = static_cast<int32_t>(active_.size());
      active_.push_back(t);
    } else if (true_count_[t] == 1) {
      ++break_[true_xor_[t]];
    }
  }
  const int32_t now_true = was_true ^ 1;
  for (int32_t i = occ_begin_[now_true]; i < occ_begin_[now_true + 1]; ++i) {
    int32_t t = occ_[i];
    true_xor_[t] ^= v;
    if (++true_count_[t] == 1) {
      ++break_[v];
      int32_t last = active_.back();
      active_[active_pos_[t]] = last;
      active_pos_[last] = active_pos_[t];
      active_.pop_back();
    } else if (true_count_[t] == 2) {
      --break_[true_xor_[t] ^ v];
    }
  }
}

void Solver::restart() {
  randomize();
  rebuild();
  ++restarts_;
  run_best_ = active();
  since_improve_ = 0;
}

bool Solver::run(uint64_t max_flips) {
  if (best_active_ == 0) return true;
  const uint64_t patience = static_cast<uint64_t>(opt_.restart_factor) * static_cast<uint64_t>(n_);
  for (uint64_t step = 0; step < max_flips; ++step) {
    if (active_.empty()) return true;  // only when a restart lands on a solution
    const int32_t t = active_[rng_.below(active_.size())];
    int vars[3], breaks[3];
    for (int k = 0; k < 3; ++k) {
      vars[k] = lit_[3 * t + k] >> 1;
      breaks[k] = break_[vars[k]];
    }
    int pick;
    int zero[3], n_zero = 0;
    for (int k = 0; k < 3; ++k) {
      if (breaks[k] == 0) zero[n_zero++] = k;
    }
    if (n_zero > 0) {
      pick = zero[n_zero == 1 ? 0 : rng_.below(n_zero)];
    } else if (rng_.unit() < opt_.noise) {
      pick = static_cast<int>(rng_.below(3));
    } else {
      int low = std::min(breaks[0], std::min(breaks[1], breaks[2]));
      int ties[3], n_ties = 0;
      for (int k = 0; k < 3; ++k) {
        if (breaks[k] == low) ties[n_ties++] = k;
      }
      pick = ties[n_ties == 1 ? 0 : rng_.below(n_ties)];
    }
    flip(vars[pick]);
    const int now = active();
    if (now < best_active_) {
      best_active_ = now;
      best_ = assign_;  // same size: a copy, no allocation
      if (now == 0) return true;
    }
    if (now < run_best_) {
      run_best_ = now;
      since_improve_ = 0;
    } else if (++since_improve_ >= patience) {
      restart();
      if (active() < best_active_) {
        best_active_ = active();
        best_ = assign_;
        if (best_active_ == 0) return true;
      }
    }
  }
  return best_active_ == 0;
}

int Solver::solve(const Instance& inst, const SolverOptions& options, uint64_t max_flips,
                  std::chrono::nanoseconds budget) {
  const auto t0 = std::chrono::steady_clock::now();
  start(inst, options);
  const bool timed = budget.count() > 0;
  uint64_t left = max_flips == 0 ? UINT64_MAX : max_flips;
  while (best_active_ > 0 && left > 0) {
    uint64_t slice = std::min<uint64_t>(left, 256);
    if (run(slice)) break;
    left -= slice;
    if (timed && std::chrono::steady_clock::now() - t0 >= budget) break;
  }
  return best_active_;
}

double submit_after_ms(int active, double death_cost_ms, bool heir) {
  const double bound = (1.0 - std::pow(7.0 / 8.0, active)) * death_cost_ms;
  return heir ? std::clamp(bound, 2.0, 50.0) : std::clamp(bound, 0.5, 10.0);
}

bool Solver::consistent() const {
  std::vector<int32_t> br(n_, 0);
  int actives = 0;
  for (int t = 0; t < m_; ++t) {
    int count = 0;
    int32_t x = 0;
    for (int k = 0; k < 3; ++k) {
      if (code_true(lit_[3 * t + k], assign_)) {
        ++count;
        x ^= lit_[3 * t + k] >> 1;
      }
    }
    if (count != true_count_[t]) return false;
    if (count == 0) {
      ++actives;
      if (active_pos_[t] >= static_cast<int32_t>(active_.size()) || active_[active_pos_[t]] != t) {
        return false;
      }
    }
    if (count == 1) {
      if (x != true_xor_[t]) return false;
      ++br[x];
    }
  }
  return actives == active() && br == break_;
}

int brute_force_min_active(const Instance& inst, std::vector<uint8_t>* best) {
  const int n = inst.n, m = inst.traps();
  if (n > kBruteMaxSwitches) {
    throw std::invalid_argument("brute force needs n <= 24, got " + std::to_string(n));
  }
  // Occurrences per variable, with the literal's sign, and true counts under all-zero.
  std::vector<std::vector<std::pair<int32_t, bool>>> occ(n);
  std::vector<uint8_t> count(m, 0);
  std::vector<uint8_t> a(n, 0);
  int active = 0;
  for (int t = 0; t < m; ++t) {
    for (int k = 0; k < 3; ++k) {
      int32_t lit = inst.lits[3 * t + k];
      int v = (lit > 0 ? lit : -lit) - 1;
      occ[v].emplace_back(t, lit > 0);
      if (lit < 0) ++count[t];  // -v is true while switch v is off
    }
    if (count[t] == 0) ++active;
  }
  int min_active = active;
  uint64_t best_code = 0, gray = 0;
  const uint64_t total = 1ULL << n;
  for (uint64_t i = 1; i < total; ++i) {
    const int v = __builtin_ctzll(i);  // Gray code: step i flips bit ctz(i)
    gray ^= 1ULL << v;
    a[v] ^= 1;
    for (auto [t, positive] : occ[v]) {
      bool now_true = positive == (a[v] != 0);
      if (now_true) {
        if (count[t]++ == 0) --active;
      } else if (--count[t] == 0) {
        ++active;
      }
    }
    if (active < min_active) {
      min_active = active;
      best_code = gray;
      if (min_active == 0) break;
    }
  }
  if (best) {
    best->assign(n, 0);
    for (int v = 0; v < n; ++v) (*best)[v] = static_cast<uint8_t>((best_code >> v) & 1);
  }
  return min_active;
}

}  // namespace arena::dungeon
