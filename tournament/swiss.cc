#include "tournament/swiss.h"

#include <algorithm>

namespace arena::tournament {

namespace {

// Steps of the search for a pairing without rematches, over all bye candidates of one round. A
// round of a few dozen entrants needs a few hundred; the budget only bounds hopeless cases (more
// rounds than opponents), which then fall back to allowing rematches.
constexpr int kSearchBudget = 200000;

struct History {
  std::vector<double> points, game_points;
  std::vector<int> byes, pairings;
  std::vector<std::vector<int>> met;        // met[x][y]: times x and y were paired
  std::vector<std::vector<int>> opponents;  // with repeats
};

History history_of(int n, const std::vector<PlayedRound>& played) {
  History h;
  h.points.assign(n, 0);
  h.game_points.assign(n, 0);
  h.byes.assign(n, 0);
  h.pairings.assign(n, 0);
  h.met.assign(n, std::vector<int>(n, 0));
  h.opponents.resize(n);
  for (const PlayedRound& round : played) {
    if (round.bye >= 0 && round.bye < n) {
      h.points[round.bye] += 1;
      h.byes[round.bye] += 1;
    }
    for (const SwissResult& r : round.results) {
      const int a = r.pair.a, b = r.pair.b;
      if (a < 0 || b < 0 || a >= n || b >= n || a == b) continue;
      h.points[a] += r.a_points();
      h.points[b] += 1 - r.a_points();
      h.game_points[a] += r.a_games;
      h.game_points[b] += r.b_games;
      h.pairings[a] += 1;
      h.pairings[b] += 1;
      h.met[a][b] += 1;
      h.met[b][a] += 1;
      h.opponents[a].push_back(b);
      h.opponents[b].push_back(a);
    }
  }
  return h;
}

SwissPair ordered(int x, int y) {
  return {std::min(x, y), std::max(x, y)};
}

// Pairs the entrants of `order` (best placed first) that are not `used`: the best placed with the
// next placed it has not met, backtracking when the rest cannot be paired then.
bool pair_without_rematch(const std::vector<int>& order, const History& h, std::vector<bool>& used,
                          std::vector<SwissPair>& out, int& budget) {
  size_t i = 0;
  while (i < order.size() && used[order[i]]) ++i;
  if (i == order.size()) return true;
  const int x = order[i];
  used[x] = true;
  for (size_t j = i + 1; j < order.size(); ++j) {
    const int y = order[j];
    if (used[y] || h.met[x][y] > 0) continue;
    if (--budget < 0) break;
    used[y] = true;
    out.push_back(ordered(x, y));
    if (pair_without_rematch(order, h, used, out, budget)) return true;
    out.pop_back();
    used[y] = false;
  }
  used[x] = false;
  return false;
}

// Pairs the entrants of `order` not `used`, rematches allowed: the best placed with the next
// placed it met least often.
std::vector<SwissPair> pair_allowing_rematches(const std::vector<int>& order, const History& h,
                                               std::vector<bool> used) {
  std::vector<SwissPair> out;
  for (size_t i = 0; i < order.size(); ++i) {
    const int x = order[i];
    if (used[x]) continue;
    int best = -1;
    for (size_t j = i + 1; j < order.size(); ++j) {
      const int y = order[j];
      if (!used[y] && (best < 0 || h.met[x][y] < h.met[x][best])) best = y;
    }
    if (best < 0) break;  // cannot happen with an even count
    used[x] = used[best] = true;
    out.push_back(ordered(x, best));
  }
  return out;
}

}  // namespace

int swiss_default_rounds(int entrants) {
  int rounds = 0;
  while ((1LL << rounds) < entrants) ++rounds;
  return std::max(1, rounds);
}

SwissRound swiss_pair_round(int n, const std::vector<PlayedRound>& played) {
  SwissRound round;
  if (n < 2) {
    if (n == 1) round.bye = 0;
    return round;
  }
  if (played.empty()) {
    const int paired = n - n % 2;
    if (n % 2) round.bye = n - 1;
    for (int i = 0; i < paired / 2; ++i) round.pairs.push_back({i, i + paired / 2});
    return round;
  }
  const History h = history_of(n, played);
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return h.points[x] > h.points[y]; });

  // Bye candidates: fewest byes first, then the lowest placed.
  std::vector<int> candidates;
  if (n % 2) {
    candidates.assign(order.rbegin(), order.rend());
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](int x, int y) { return h.byes[x] < h.byes[y]; });
  } else {
    candidates.push_back(-1);
  }
  int budget = kSearchBudget;
  for (int bye : candidates) {
    std::vector<bool> used(n, false);
    if (bye >= 0) used[bye] = true;
    std::vector<SwissPair> pairs;
    if (pair_without_rematch(order, h, used, pairs, budget)) return {pairs, bye};
    if (budget < 0) break;
  }
  std::vector<bool> used(n, false);
  if (candidates[0] >= 0) used[candidates[0]] = true;
  return {pair_allowing_rematches(order, h, used), candidates[0]};
}

std::vector<SwissStanding> swiss_standings(int n, const std::vector<PlayedRound>& played) {
  const History h = history_of(n, played);
  std::vector<SwissStanding> out(n);
  for (int e = 0; e < n; ++e) {
    SwissStanding& s = out[e];
    s.entrant = e;
    s.points = h.points[e];
    s.game_points = h.game_points[e];
    s.pairings = h.pairings[e];
    s.byes = h.byes[e];
    for (int o : h.opponents[e]) s.buchholz += h.points[o];
  }
  std::stable_sort(out.begin(), out.end(), [](const SwissStanding& x, const SwissStanding& y) {
    if (x.points != y.points) return x.points > y.points;
    if (x.buchholz != y.buchholz) return x.buchholz > y.buchholz;
    return x.game_points > y.game_points;
  });
  for (size_t i = 0; i < out.size(); ++i) out[i].rank = static_cast<int>(i) + 1;
  return out;
}

}  // namespace arena::tournament
