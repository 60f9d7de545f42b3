#include "games/wumpus/bots/belief.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

namespace arena::wumpus {
namespace {

// Distributions over a pit count, index = count.
using Dist = std::vector<double>;

Dist convolve(const Dist& a, const Dist& b) {
  Dist out(a.size() + b.size() - 1, 0.0);
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] == 0.0) continue;
    for (size_t j = 0; j < b.size(); ++j) out[i + j] += a[i] * b[j];
  }
  return out;
}

double binom(int n, int r) {
  static const auto table = [] {
    std::array<std::array<double, kMaxCells + 1>, kMaxCells + 1> t{};
    for (int i = 0; i <= kMaxCells; ++i) {
      t[i][0] = 1.0;
      for (int j = 1; j <= i; ++j) t[i][j] = t[i - 1][j - 1] + (j <= i - 1 ? t[i - 1][j] : 0.0);
    }
    return t;
  }();
  if (r < 0 || n < 0 || r > n) return 0.0;
  return table[n][r];
}

// Binomial(r, p) pit-count distribution of r independent cells.
Dist binomial_dist(int r, double p) {
  Dist d(r + 1);
  for (int t = 0; t <= r; ++t) d[t] = binom(r, t) * std::pow(p, t) * std::pow(1.0 - p, r - t);
  return d;
}

// One frontier component, prepared for the dynamic programme of spec §10.2: cells in a greedy
// order that keeps few constraints open, and per position the slot bits the cell's pit
// satisfies and the slots whose constraint closes there.
struct Component {
  std::vector<int> order;
  std::vector<uint32_t> pit_bits, close_bits;
  int slots = 0;
};

constexpr int kMaxSlots = 20;

Component prepare(const std::vector<int>& cells, const std::vector<CellSet>& cons) {
  Component comp;
  const int m = static_cast<int>(cells.size());
  const int nc = static_cast<int>(cons.size());
  std::vector<bool> used(m, false), opened(nc, false);
  std::vector<int> remaining(nc);
  for (int j = 0; j < nc; ++j) remaining[j] = static_cast<int>(cons[j].count());
  std::vector<int> slot_of(nc, -1);
  uint32_t free_slots = ~0u;
  for (int step = 0; step < m; ++step) {
    // Next: the cell opening the fewest new constraints, then closing the most.
    int best = -1, best_open = 1 << 30, best_close = -1;
    for (int i = 0; i < m; ++i) {
      if (used[i]) continue;
      int open = 0, close = 0;
      for (int j = 0; j < nc; ++j) {
        if (!cons[j][cells[i]]) continue;
        if (!opened[j]) ++open;
        if (remaining[j] == 1) ++close;
      }
      if (open < best_open || (open == best_open && close > best_close)) {
        best = i, best_open = open, best_close = close;
      }
    }
    used[best] = true;
    int cell = cells[best];
    uint32_t pit = 0, close = 0;
    for (int j = 0; j < nc; ++j) {
      if (!cons[j][cell]) continue;
      if (!opened[j]) {
        opened[j] = true;
        int s = std::countr_zero(free_slots);
        free_slots &= ~(1u << s);
        slot_of[j] = s;
        comp.slots = std::max(comp.slots, s + 1);
      }
      pit |= 1u << slot_of[j];
      if (--remaining[j] == 0) close |= 1u << slot_of[j];
    }
    free_slots |= close;  // only now: a constraint opening at this cell must not share a slot
    comp.order.push_back(cell);
    comp.pit_bits.push_back(pit);
    comp.close_bits.push_back(close);
  }
  return comp;
}

// Sum of p^t (1-p)^(m-t) over satisfying assignments, by pit count t; the cell at position
// `forced` (if >= 0) must hold a pit.
Dist component_sum(const Component& comp, double p, int forced) {
  const int m = static_cast<int>(comp.order.size());
  const size_t masks = size_t{1} << comp.slots, stride = m + 1;
  std::vector<double> cur(masks * stride, 0.0), next(masks * stride, 0.0);
  cur[0] = 1.0;
  for (int i = 0; i < m; ++i) {
    std::fill(next.begin(), next.end(), 0.0);
    const uint32_t pit = comp.pit_bits[i], close = comp.close_bits[i];
    for (size_t mask = 0; mask < masks; ++mask) {
      const double* row = &cur[mask * stride];
      for (int t = 0; t <= i; ++t) {
        double w = row[t];
        if (w == 0.0) continue;
        if (forced != i && (mask & close) == close) {
          next[(mask & ~close) * stride + t] += w * (1.0 - p);
        }
        uint32_t with = static_cast<uint32_t>(mask) | pit;
        if ((with & close) == close) next[(with & ~close) * stride + t + 1] += w * p;
      }
    }
    std::swap(cur, next);
  }
  return Dist(cur.begin(), cur.begin() + stride);  // every slot closed: mask 0
}

}  // namespace

void compute_pit_belief(const Knowledge& kb, PitBelief* out) {
  const int n = kb.cells();
  const double p = kb.pit_prob();
  out->pit.fill(0.0);
  out->gold.fill(0.0);
  out->exact = true;
  out->likelihood = -1.0;

  const CellSet& visited = kb.visited();
  CellSet known = visited;
  known.set(0);
  for (int c = 0; c < n; ++c) {
    if (visited[c] && !kb.breeze()[c]) known |= kb.neighbours(c);
  }
  CellSet unknown;
  for (int c = 0; c < n; ++c) {
    if (!known[c]) unknown.set(c);
  }

  // Constraints: one per breezy visited cell; duplicates and supersets say nothing new.
  std::vector<CellSet> raw;
  bool impossible = false;
  for (int c = 0; c < n; ++c) {
    if (!visited[c] || !kb.breeze()[c]) continue;
    CellSet s = kb.neighbours(c) & unknown;
    if (s.none()) impossible = true;  // a breeze with every neighbour known pit-free
    raw.push_back(s);
  }
  if (impossible) {
    // Cannot happen in play; hypothetical histories of the lookahead can be impossible, and
    // their likelihood must then be 0. The marginals mean nothing.
    out->likelihood = 0.0;
    out->exact = false;
    for (int c = 0; c < n; ++c) out->pit[c] = unknown[c] ? p : 0.0;
    return;
  }
  std::vector<CellSet> cons;
  for (size_t i = 0; i < raw.size(); ++i) {
    bool drop = false;
    for (size_t j = 0; j < raw.size() && !drop; ++j) {
      if (i == j || (raw[j] & ~raw[i]).any()) continue;
      drop = raw[j] != raw[i] || j < i;  // raw[j] is a subset of raw[i]
    }
    if (!drop) cons.push_back(raw[i]);
  }

  // Components: cells linked by shared constraints.
  CellSet frontier;
  for (const auto& s : cons) frontier |= s;
  std::array<int, kMaxCells> comp_of;
  comp_of.fill(-1);
  std::vector<std::vector<int>> comp_cells;
  std::vector<std::vector<CellSet>> comp_cons;
  for (int c = 0; c < n; ++c) {
    if (!frontier[c] || comp_of[c] >= 0) continue;
    const int id = static_cast<int>(comp_cells.size());
    comp_cells.emplace_back();
    comp_cons.emplace_back();
    CellSet members, grow;
    grow.set(c);
    while (grow != members) {
      members = grow;
      for (const auto& s : cons) {
        if ((s & members).any()) grow |= s;
      }
    }
    for (int x = 0; x < n; ++x) {
      if (members[x]) comp_of[x] = id, comp_cells[id].push_back(x);
    }
    for (const auto& s : cons) {
      if ((s & members).any()) comp_cons[id].push_back(s);
    }
  }
  const int ncomp = static_cast<int>(comp_cells.size());
  const int remote = static_cast<int>((unknown & ~frontier).count());

  // Pit-count distributions of every component, unforced and with each cell forced.
  std::vector<Dist> z(ncomp);
  std::vector<std::vector<Dist>> zx(ncomp);
  std::vector<Component> comps(ncomp);
  for (int i = 0; i < ncomp; ++i) {
    comps[i] = prepare(comp_cells[i], comp_cons[i]);
    if (comps[i].slots > kMaxSlots) {
      out->exact = false;
      continue;
    }
    z[i] = component_sum(comps[i], p, -1);
    for (size_t k = 0; k < comps[i].order.size(); ++k) {
      zx[i].push_back(component_sum(comps[i], p, static_cast<int>(k)));
    }
  }
  auto fallback = [&] {
    out->exact = false;
    for (int c = 0; c < n; ++c) out->pit[c] = unknown[c] ? p : 0.0;
  };
  if (!out->exact) return fallback();

  // Weights per total pit count t over the n-1 non-entrance cells (gold refinement).
  const int v = static_cast<int>(visited.count()) - (visited[0] ? 1 : 0);
  const bool gold_seen = kb.gold_cell() >= 0;
  auto f = [&](int t) {  // P(gold observations | t pits)
    int free = n - 1 - t;
    if (free <= 0) return 0.0;
    return gold_seen ? 1.0 / free : static_cast<double>(free - v) / free;
  };
  auto g = [&](int t) {  // P(gold at a given pit-free cell | t pits)
    int free = n - 1 - t;
    return free <= 0 ? 0.0 : 1.0 / free;
  };
  auto weigh = [&](const Dist& d, auto&& w) {
    double s = 0.0;
    for (size_t t = 0; t < d.size(); ++t) s += d[t] * w(static_cast<int>(t));
    return s;
  };

  const Dist base = binomial_dist(remote, p);
  std::vector<Dist> others(ncomp, base);  // base times every component except i
  Dist all = base;
  for (int i = 0; i < ncomp; ++i) {
    all = convolve(all, z[i]);
    for (int j = 0; j < ncomp; ++j) {
      if (j != i) others[j] = convolve(others[j], z[i]);
    }
  }
  const double total = weigh(all, f);
  if (total == 0.0) out->likelihood = 0.0;  // an impossible history: exactly known, though
  if (!(total > 0.0) || !std::isfinite(total)) return fallback();
  const double gold_known_safe = gold_seen ? 0.0 : weigh(all, g) / total;
  // The sums above leave out the known pit-free cells, each pit-free with prior 1 - p.
  out->likelihood = total * std::pow(1.0 - p, static_cast<int>(known.count()) - 1);

  // P(pit at x) and P(gold at x) from the joint count distribution with x a pit.
  auto set_cell = [&](int x, const Dist& with_pit) {
    out->pit[x] = weigh(with_pit, f) / total;
    if (gold_seen) return;
    Dist without = all;
    for (size_t t = 0; t < with_pit.size() && t < without.size(); ++t) without[t] -= with_pit[t];
    out->gold[x] = std::max(0.0, weigh(without, g) / total);
  };
  for (int i = 0; i < ncomp; ++i) {
    for (size_t k = 0; k < comps[i].order.size(); ++k) {
      set_cell(comps[i].order[k], convolve(others[i], zx[i][k]));
    }
  }
  if (remote > 0) {
    Dist one = binomial_dist(remote - 1, p);
    Dist shifted(one.size() + 1, 0.0);
    for (size_t t = 0; t < one.size(); ++t) shifted[t + 1] = p * one[t];
    for (int i = 0; i < ncomp; ++i) shifted = convolve(shifted, z[i]);
    for (int c = 0; c < n; ++c) {
      if (unknown[c] && !frontier[c]) set_cell(c, shifted);
    }
  }
  for (int c = 1; c < n; ++c) {
    if (known[c] && !visited[c]) out->gold[c] = gold_known_safe;
  }
  if (gold_seen) out->gold[kb.gold_cell()] = 1.0;
}

namespace {

// The enumeration of spec §10.3.
class WumpusEnumerator {
 public:
  WumpusEnumerator(const Knowledge& kb, const std::vector<CellSet>& queries, WumpusBelief* out,
                   int64_t cap)
      : kb_(kb), queries_(queries), out_(out), cap_(cap) {}

  void run() {
    const int n = kb_.cells();
    constexpr int kNever = 1 << 20;
    blocked_.fill(kNever);
    blocked_[0] = 0;
    for (int c = 0; c < n; ++c) {
      if (kb_.visited()[c]) blocked_[c] = std::min(blocked_[c], kb_.visit_epoch(c));
    }
    for (int e = 0; e <= kb_.epoch() && e < kMaxEpochs; ++e) {
      for (int c = 0; c < n; ++c) {
        if (!kb_.no_stench(e)[c]) continue;
        for (int x = 0; x < n; ++x) {
          if (kb_.neighbours(c)[x]) blocked_[x] = std::min(blocked_[x], e);
        }
      }
      for (int c = 0; c < n; ++c) {
        if (kb_.stench(e)[c]) obs_.push_back({c, e});
      }
    }
    for (const auto& s : kb_.shots()) {
      if (s.scream) {
        kills_.push_back(&s);
      } else {
        for (int x : s.path) blocked_[x] = std::min(blocked_[x], s.epoch);
      }
    }
    for (int c = 0; c < n; ++c) {
      if (blocked_[c] == kNever) forever_.set(c);
    }
    living_ = kb_.params().wumpuses - static_cast<int>(kills_.size());
    acc_.fill(0.0);
    qacc_.assign(queries_.size(), 0.0);
    if (living_ >= 0) choose_kill(0, CellSet(), CellSet());
  }

  void finish() {
    const int n = kb_.cells();
    out_->alive.fill(0.0);
    out_->any.assign(queries_.size(), 0.0);
    out_->nodes = nodes_;
    out_->weight = total_;
    out_->exact = !capped_ && total_ > 0.0;
    if (total_ > 0.0) {
      for (int c = 0; c < n; ++c) out_->alive[c] = acc_[c] / total_;
      for (size_t q = 0; q < queries_.size(); ++q) out_->any[q] = qacc_[q] / total_;
    }
    if (out_->exact || living_ <= 0) return;
    // Conservative estimate: every cell that may hold a living wumpus keeps some probability.
    const double floor =
        std::min(1.0, static_cast<double>(living_) / std::max<size_t>(1, forever_.count()));
    for (int c = 0; c < n; ++c) {
      if (forever_[c]) out_->alive[c] = std::max(out_->alive[c], floor);
    }
    for (size_t q = 0; q < queries_.size(); ++q) {
      if ((queries_[q] & forever_).any()) out_->any[q] = std::max(out_->any[q], floor);
    }
  }

 private:
  struct Obs {
    int cell, epoch;
  };

  bool out_of_budget() {
    if (++nodes_ > cap_) capped_ = true;
    return capped_;
  }

  // Kill i: the killed cell d_i on that shot's path, alive through epoch i; cells before it held
  // no wumpus alive in epoch i, so no later kill and no living wumpus may be there.
  void choose_kill(size_t i, CellSet dead, CellSet before_all) {
    if (out_of_budget()) return;
    if (i == kills_.size()) return living(dead, before_all);
    const auto& path = kills_[i]->path;
    CellSet before;
    for (int d : path) {
      if (blocked_[d] > static_cast<int>(i) && !dead[d] && !before_all[d]) {
        CellSet nd = dead;
        nd.set(d);
        kill_cells_[i] = d;
        choose_kill(i + 1, nd, before_all | before);
        if (capped_) return;
      }
      before.set(d);
    }
  }

  void living(const CellSet& dead, const CellSet& before_all) {
    const CellSet allowed = forever_ & ~dead & ~before_all;
    uncovered_.clear();
    CellSet touch;
    for (const Obs& o : obs_) {
      bool covered = false;
      for (size_t i = o.epoch; i < kills_.size() && !covered; ++i) {
        covered = kb_.neighbours(o.cell)[kill_cells_[i]];
      }
      if (covered) continue;
      CellSet t = kb_.neighbours(o.cell) & allowed;
      if (t.none()) return;  // nothing can explain this stench
      uncovered_.push_back(t);
      touch |= t;
    }
    touch_.clear();
    for (int c = 0; c < kb_.cells(); ++c) {
      if (touch[c]) touch_.push_back(c);
    }
    free_ = allowed & ~touch;
    nfree_ = static_cast<int>(free_.count());
    last_index_.assign(uncovered_.size(), -1);
    for (size_t j = 0; j < uncovered_.size(); ++j) {
      for (size_t t = 0; t < touch_.size(); ++t) {
        if (uncovered_[j][touch_[t]]) last_index_[j] = static_cast<int>(t);
      }
    }
    subsets(0, CellSet(), 0);
  }

  bool covers(const CellSet& s) const {
    for (const auto& u : uncovered_) {
      if ((u & s).none()) return false;
    }
    return true;
  }

  // Include/exclude over the touch cells, pruning sets that are too big or can no longer cover.
  void subsets(size_t t, CellSet s, int size) {
    if (out_of_budget()) return;
    if (size == living_ || t == touch_.size()) {
      if (covers(s)) add(s, size);
      return;
    }
    CellSet with = s;
    with.set(touch_[t]);
    subsets(t + 1, with, size + 1);
    if (capped_) return;
    for (size_t j = 0; j < uncovered_.size(); ++j) {
      if (last_index_[j] == static_cast<int>(t) && (uncovered_[j] & s).none()) return;
    }
    subsets(t + 1, s, size);
  }

  void add(const CellSet& s, int size) {
    const int rest = living_ - size;
    const double w = binom(nfree_, rest);
    if (w == 0.0) return;
    total_ += w;
    for (int c : touch_) {
      if (s[c]) acc_[c] += w;
    }
    if (rest > 0) {
      const double each = w * rest / nfree_;
      for (int c = 0; c < kb_.cells(); ++c) {
        if (free_[c]) acc_[c] += each;
      }
    }
    for (size_t q = 0; q < queries_.size(); ++q) {
      if ((queries_[q] & s).any()) {
        qacc_[q] += w;
      } else {
        int in = static_cast<int>((queries_[q] & free_).count());
        qacc_[q] += w - binom(nfree_ - in, rest);
      }
    }
  }

  const Knowledge& kb_;
  const std::vector<CellSet>& queries_;
  WumpusBelief* out_;
  int64_t cap_;
  int64_t nodes_ = 0;
  bool capped_ = false;

  std::array<int, kMaxCells> blocked_{};  // a wumpus at x may be alive only through epochs < this
  CellSet forever_;                       // cells that may hold a still-living wumpus
  std::vector<Obs> obs_;                  // stench observations
  std::vector<const ShotRecord*> kills_;
  std::array<int, kMaxWumpuses + 1> kill_cells_{};
  int living_ = 0;

  std::vector<CellSet> uncovered_;
  std::vector<int> touch_;
  std::vector<int> last_index_;
  CellSet free_;
  int nfree_ = 0;

  std::array<double, kMaxCells> acc_{};
  std::vector<double> qacc_;
  double total_ = 0.0;
};

}  // namespace

void compute_wumpus_belief(const Knowledge& kb, const std::vector<CellSet>& queries,
                           WumpusBelief* out, int64_t cap) {
  WumpusEnumerator e(kb, queries, out, cap);
  e.run();
  e.finish();
}

}  // namespace arena::wumpus
