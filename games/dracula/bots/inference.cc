#include "games/dracula/bots/inference.h"

#include <algorithm>
#include <cstring>

namespace arena::dracula {
namespace {

// What one Dracula play tells, precomputed for the whole string before expanding.
struct MoveFacts {
  int8_t shown = kNowhere;  // code as shown: place, C?, S?, HI, Dk, TP
  bool placed = false;      // T or V placed: he ended on land
  bool may_hide = false;    // a C? young enough to still be a hidden HIDE
  PlaceSet allowed;         // places his location may be
};

bool key_less(const Hypothesis& a, const Hypothesis& b) {
  return std::memcmp(&a, &b, 11) < 0;
}
bool key_equal(const Hypothesis& a, const Hypothesis& b) {
  return std::memcmp(&a, &b, 11) == 0;
}

bool code_in_last5(const Hypothesis& h, int code) {
  for (int8_t c : h.code)
    if (c == code) return true;
  return false;
}
bool any_double_back(const Hypothesis& h) {
  for (int8_t c : h.code)
    if (is_double_back(c)) return true;
  return false;
}

Hypothesis child(const Hypothesis& h, int code, int loc) {
  Hypothesis c;
  c.loc[0] = static_cast<int8_t>(loc);
  for (int i = 1; i < 6; ++i) c.loc[i] = h.loc[i - 1];
  c.code[0] = static_cast<int8_t>(code);
  for (int i = 1; i < 5; ++i) c.code[i] = h.code[i - 1];
  c.pad = 0;
  c.weight = h.weight;
  return c;
}

Hypothesis blank() {
  Hypothesis h;
  h.loc.fill(kNowhere);
  h.code.fill(kNowhere);
  return h;
}

// Every successor of `h` (n = moves made before this one) consistent with `f`.
void expand(const Hypothesis& h, int n, const MoveFacts& f, std::vector<Hypothesis>& out) {
  const MapTables& m = map();
  const PlaceId cur = h.loc[0];
  const int8_t s = f.shown;
  if (!is_real(cur)) {  // first move, or a re-seeded start with unknown history
    if (s == kTeleport) {
      out.push_back(child(h, kTeleport, kCastleDracula));
      return;
    }
    if (n == 0 && (s == kHide || is_double_back(s))) return;
    PlaceSet c = f.allowed;
    if (s == kCityUnknown || s == kHide) c = c & m.land;
    if (s == kSeaUnknown) c = c & m.sea;
    if (is_real(s)) c = c & PlaceSet::of(s);
    // A re-seeded C? might be a HIDE: record no code, which blocks nothing (a relaxation).
    c.for_each([&](PlaceId p) {
      int code = s;
      if (s == kSeaUnknown || (s == kCityUnknown && n == 0))
        code = p;
      else if (s == kCityUnknown)
        code = kNowhere;
      out.push_back(child(h, code, p));
    });
    return;
  }
  if (s == kTeleport) {
    out.push_back(child(h, kTeleport, kCastleDracula));
    return;
  }
  if (s == kHide || (s == kCityUnknown && f.may_hide)) {
    if (is_land(cur) && !code_in_last5(h, kHide) && f.allowed.test(cur))
      out.push_back(child(h, kHide, cur));
    if (s == kHide) return;
  }
  if (is_double_back(s)) {
    const int k = s - kDoubleBack1 + 1;
    if (k > n || any_double_back(h)) return;
    const PlaceId target = h.loc[k - 1];
    if (is_real(target)) {
      if (m.dracula_adj[cur].test(target) && f.allowed.test(target))
        out.push_back(child(h, s, target));
    } else {  // history unknown after a re-seed: any neighbour
      (m.dracula_adj[cur] & f.allowed).for_each([&](PlaceId p) { out.push_back(child(h, s, p)); });
    }
    return;
  }
  PlaceSet dest = m.dracula_adj[cur] & f.allowed;
  if (s == kCityUnknown)
    dest = dest & m.land;
  else if (s == kSeaUnknown)
    dest = dest & m.sea;
  else if (is_real(s))
    dest = dest & PlaceSet::of(s);
  else
    return;
  dest.for_each([&](PlaceId p) {
    if (!code_in_last5(h, p)) out.push_back(child(h, p, p));
  });
}

// Sorts, merges equal trails, applies the cap. Returns true if the cap was hit.
bool normalise(std::vector<Hypothesis>& v) {
  std::sort(v.begin(), v.end(), key_less);
  size_t w = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    if (w > 0 && key_equal(v[w - 1], v[i])) {
      v[w - 1].weight += v[i].weight;
    } else {
      v[w++] = v[i];
    }
  }
  v.resize(w);
  if (static_cast<int>(v.size()) <= Tracker::kCap) return false;
  // Keep the heaviest (ties by trail key, so the choice is deterministic).
  std::stable_sort(v.begin(), v.end(),
                   [](const Hypothesis& a, const Hypothesis& b) { return a.weight > b.weight; });
  v.resize(Tracker::kCap);
  std::sort(v.begin(), v.end(), key_less);
  return true;
}

}  // namespace

InferenceStats& inference_stats() {
  static InferenceStats stats;
  return stats;
}

void Tracker::update(std::string_view text) {
  const MapTables& m = map();
  const int n_plays = text.empty() ? 0 : static_cast<int>((text.size() + 1) / 8);
  auto play = [&](int i) { return text.substr(static_cast<size_t>(8 * i), 7); };
  const int rounds_seen = (n_plays + 4) / 5;
  const int now_round = n_plays / 5;
  moves_ = n_plays / 5;  // Dracula's plays are those with index 4 mod 5

  // Hunters: replay locations and LP to know where each really is after his play (hospital: JM).
  std::vector<std::array<int8_t, 4>> end_loc(rounds_seen + 1,
                                             {kNowhere, kNowhere, kNowhere, kNowhere});
  std::vector<PlaceSet> entered(rounds_seen + 1);  // land places hunters ended a move in, by round
  std::array<int, 4> lp{9, 9, 9, 9};
  std::array<int, 4> loc{kNowhere, kNowhere, kNowhere, kNowhere};
  std::array<bool, 4> hosp{false, false, false, false};
  for (int i = 0; i < n_plays; ++i) {
    const int seat = i % 5, r = i / 5;
    if (seat == 4) continue;
    std::string_view p = play(i);
    const PlaceId to = code_to_id(p.substr(1, 2));
    if (hosp[seat]) lp[seat] = 9;
    hosp[seat] = false;
    const PlaceId from = loc[seat];
    for (int c = 3; c < 7; ++c) {
      if (p[c] == 'T') lp[seat] -= 2;
      if (p[c] == 'D') lp[seat] -= 4;
    }
    if (is_real(to) && is_land(to)) entered[r].set(to);
    if (lp[seat] <= 0) {
      hosp[seat] = true;
      loc[seat] = kHospital;
    } else {
      if (r > 0 && to == from) lp[seat] = std::min(9, lp[seat] + 3);
      loc[seat] = to;
    }
    end_loc[r][seat] = static_cast<int8_t>(loc[seat]);
  }

  // Dracula's moves as shown, and which are certainly unrevealed.
  const int nd = moves_;
  std::vector<MoveFacts> facts(nd);
  std::vector<bool> du(nd, false);
  for (int j = 0; j < nd; ++j) {
    std::string_view p = play(5 * j + 4);
    MoveFacts& f = facts[j];
    f.shown = static_cast<int8_t>(code_to_id(p.substr(1, 2)));
    f.placed = p[3] == 'T' || p[4] == 'V';
    if (f.shown == kCityUnknown || f.shown == kSeaUnknown)
      du[j] = true;
    else if (f.shown == kHide && j >= 1)
      du[j] = du[j - 1];
    else if (is_double_back(f.shown)) {
      const int k = f.shown - kDoubleBack1 + 1;
      if (j >= k) du[j] = du[j - k];
    }
    f.may_hide = f.shown == kCityUnknown && j >= now_round - 5;
    PlaceSet allowed = m.all.without(PlaceSet::of(kHospital));
    if (f.placed) allowed = allowed & m.land;
    if (du[j]) {
      PlaceSet neg = PlaceSet::of(kCastleDracula);
      for (int h = 0; h < 4; ++h) {
        const PlaceId at = end_loc[j][h];
        if (is_real(at) && is_land(at)) neg.set(at);
      }
      for (int r = j + 1; r <= j + 6 && r < static_cast<int>(entered.size()); ++r)
        neg |= entered[r];
      allowed = allowed.without(neg);
    }
    f.allowed = allowed;
  }

  // Moves whose facts are final: every hunter play of rounds up to j + 6 is present.
  auto final_moves = [&]() {
    int k = 0;
    while (k < nd && n_plays >= (k + 6) * 5 + 4) ++k;
    return k;
  };
  const int fin = final_moves();

  InferenceStats& st = inference_stats();
  ++st.updates;
  capped_ = false;
  bool reseeded = false;
  int start = 0;
  std::vector<Hypothesis> set;
  if (cache_moves_ > 0 && cache_moves_ <= fin && text.size() >= cache_prefix_.size() &&
      text.compare(0, cache_prefix_.size(), cache_prefix_) == 0) {
    start = cache_moves_;
    set = cache_hyps_;
  } else {
    set.push_back(blank());
  }
  std::vector<Hypothesis> next;
  for (int j = start; j < nd; ++j) {
    next.clear();
    for (const Hypothesis& h : set) expand(h, j, facts[j], next);
    if (next.empty()) {  // the truth was lost to the cap (or the string is inconsistent)
      reseeded = true;
      expand(blank(), 0, facts[j], next);
    }
    if (normalise(next)) capped_ = true;
    set.swap(next);
    if (j + 1 == fin) {
      cache_moves_ = fin;
      cache_hyps_ = set;
      const int used = (fin + 6) * 5 + 4;  // plays the final moves depend on
      cache_prefix_ = std::string(text.substr(0, std::min(text.size(), size_t(8 * used))));
    }
  }
  if (capped_) ++st.capped;
  if (reseeded) ++st.reseeds;
  hyps_ = std::move(set);
  current_.fill(0);
  possible_ = 0;
  if (nd == 0) return;
  double total = 0;
  for (const Hypothesis& h : hyps_)
    if (is_real(h.loc[0])) {
      current_[h.loc[0]] += h.weight;
      total += h.weight;
    }
  for (double& x : current_) {
    if (x > 0) ++possible_;
    if (total > 0) x /= total;
  }
}

std::array<double, kNumPlaces> Tracker::location_of_move(int round) const {
  std::array<double, kNumPlaces> out{};
  const int back = moves_ - 1 - round;
  if (back < 0 || back > 5) return out;
  double total = 0;
  for (const Hypothesis& h : hyps_)
    if (is_real(h.loc[back])) {
      out[h.loc[back]] += h.weight;
      total += h.weight;
    }
  if (total > 0)
    for (double& x : out) x /= total;
  return out;
}

}  // namespace arena::dracula
