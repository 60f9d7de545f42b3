#include "games/wumpus/bots/sampler.h"

namespace arena::wumpus {

WorldSampler::WorldSampler(const Knowledge& kb, const std::vector<Action>& actions,
                           const std::vector<Percept>& percepts)
    : kb_(kb), actions_(actions), percepts_(percepts) {
  const int n = kb.cells();
  CellSet known = kb.visited();
  known.set(0);
  CellSet no_wumpus = known;  // every wumpus was alive in epoch 0
  for (int c = 0; c < n; ++c) {
    if (kb.visited()[c] && !kb.breeze()[c]) known |= kb.neighbours(c);
    if (kb.visited()[c] && kb.visit_epoch(c) > 0) no_wumpus.reset(c);
    if (kb.no_stench(0)[c]) no_wumpus |= kb.neighbours(c);
  }
  no_wumpus.set(0);
  for (const auto& s : kb.shots()) {
    if (s.epoch == 0 && !s.scream) {
      for (int x : s.path) no_wumpus.set(x);
    }
  }
  for (int c = 0; c < n; ++c) {
    if (!known[c]) unknown_.set(c);
    if (!no_wumpus[c]) candidates_.push_back(c);
  }
}

bool WorldSampler::draw_pits(Rng& rng, Cave* cave) const {
  const int n = kb_.cells();
  const double p = kb_.pit_prob();
  cave->pits.reset();
  for (int c = 0; c < n; ++c) {
    if (unknown_[c] && rng.unit() < p) cave->pits.set(c);
  }
  for (int c = 0; c < n; ++c) {
    if (kb_.breeze()[c] && (kb_.neighbours(c) & cave->pits).none()) return false;
  }
  // The gold: uniform over pit-free non-entrance cells; it must not be on an unseen visited one.
  const int free = n - 1 - static_cast<int>(cave->pits.count());
  if (free <= 0) return false;
  int k = static_cast<int>(rng.below(free));
  for (int c = 1; c < n; ++c) {
    if (cave->pits[c]) continue;
    if (k-- == 0) {
      cave->gold = c;
      break;
    }
  }
  if (kb_.gold_cell() >= 0) return cave->gold == kb_.gold_cell();
  return !kb_.visited()[cave->gold];
}

bool WorldSampler::draw_wumpuses(Rng& rng, Cave* cave) const {
  const int k = kb_.params().wumpuses;
  if (static_cast<int>(candidates_.size()) < k) return false;
  std::vector<int> pool = candidates_;
  cave->wumpuses.clear();
  for (int i = 0; i < k; ++i) {
    size_t j = i + rng.below(pool.size() - i);
    std::swap(pool[i], pool[j]);
    cave->wumpuses.push_back(pool[i]);
  }
  return true;
}

bool WorldSampler::replay(const Cave& cave, bool pit_side, bool wumpus_side, State* out) const {
  State s(cave);
  auto same = [&](const Percept& a, const Percept& b) {
    if (pit_side && (a.breeze != b.breeze || a.glitter != b.glitter)) return false;
    if (wumpus_side && (a.stench != b.stench || a.scream != b.scream)) return false;
    return true;
  };
  for (size_t i = 0; i < actions_.size(); ++i) {
    if (!same(s.percept(), percepts_[i])) return false;
    s.apply(actions_[i]);
    if (s.is_over()) return false;
  }
  if (!same(s.percept(), percepts_.back())) return false;
  if (out) *out = s;
  return true;
}

std::vector<State> WorldSampler::sample(Rng& rng, int want, int max_attempts) const {
  std::vector<State> out;
  Cave base;
  base.width = kb_.width();
  base.height = kb_.height();
  base.arrows = kb_.params().arrows;
  base.pit_percent = kb_.params().pit_percent;
  int pit_tries = 0, wumpus_tries = 0;
  while (static_cast<int>(out.size()) < want) {
    Cave cave = base;
    bool ok = false;
    while (!ok && pit_tries++ < max_attempts) ok = draw_pits(rng, &cave);
    if (!ok) break;
    // Wumpus-side check with the pits removed: only stench and scream must match.
    Cave wumpus_only = cave;
    wumpus_only.pits.reset();
    ok = false;
    while (!ok && wumpus_tries++ < max_attempts) {
      ok = draw_wumpuses(rng, &wumpus_only) && replay(wumpus_only, false, true, nullptr);
    }
    if (!ok) break;
    cave.wumpuses = wumpus_only.wumpuses;
    State s(cave);
    if (replay(cave, true, true, &s)) out.push_back(s);
  }
  return out;
}

}  // namespace arena::wumpus
