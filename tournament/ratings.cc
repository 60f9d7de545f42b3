#include "tournament/ratings.h"

#include <algorithm>
#include <cmath>

namespace arena::tournament {

namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10

// Inverse of a small symmetric positive definite matrix by Gauss–Jordan with partial pivoting.
std::vector<std::vector<double>> inverse(std::vector<std::vector<double>> a) {
  const int n = static_cast<int>(a.size());
  std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0.0));
  for (int i = 0; i < n; ++i) inv[i][i] = 1.0;
  for (int c = 0; c < n; ++c) {
    int p = c;
    for (int r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[p][c])) p = r;
    std::swap(a[c], a[p]);
    std::swap(inv[c], inv[p]);
    const double d = a[c][c];
    if (std::abs(d) < 1e-300) continue;  // singular direction: left at zero
    for (int k = 0; k < n; ++k) {
      a[c][k] /= d;
      inv[c][k] /= d;
    }
    for (int r = 0; r < n; ++r) {
      if (r == c || a[r][c] == 0) continue;
      const double f = a[r][c];
      for (int k = 0; k < n; ++k) {
        a[r][k] -= f * a[c][k];
        inv[r][k] -= f * inv[c][k];
      }
    }
  }
  return inv;
}

}  // namespace

std::vector<EloRating> bradley_terry(int n, const std::vector<PairResult>& games,
                                     double prior_draws) {
  std::vector<EloRating> out(n);
  if (n == 0) return out;
  // Games and points between each pair, with the prior's virtual draws.
  std::vector<std::vector<double>> games_ij(n, std::vector<double>(n, 0.0));
  std::vector<double> wins(n, 0.0);
  for (const PairResult& g : games) {
    games_ij[g.a][g.b] += 1;
    games_ij[g.b][g.a] += 1;
    wins[g.a] += g.score_a;
    wins[g.b] += 1 - g.score_a;
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j && games_ij[i][j] > 0) {
        games_ij[i][j] += prior_draws;
        wins[i] += prior_draws / 2;
      }
  // MM iterations on strengths gamma = exp(theta).
  std::vector<double> gamma(n, 1.0);
  for (int iter = 0; iter < 10000; ++iter) {
    double change = 0;
    std::vector<double> next(n);
    for (int i = 0; i < n; ++i) {
      double denom = 0;
      for (int j = 0; j < n; ++j)
        if (j != i && games_ij[i][j] > 0) denom += games_ij[i][j] / (gamma[i] + gamma[j]);
      next[i] = denom > 0 ? std::max(wins[i], 1e-12) / denom : gamma[i];
    }
    // Normalise to geometric mean 1 so that theta averages 0.
    double log_mean = 0;
    for (double g : next) log_mean += std::log(g);
    log_mean /= n;
    for (int i = 0; i < n; ++i) {
      next[i] = std::exp(std::log(next[i]) - log_mean);
      change = std::max(change, std::abs(std::log(next[i] / gamma[i])));
    }
    gamma = next;
    if (change < 1e-10) break;
  }
  // Hessian of the negative log-likelihood in theta; its null space is the constant vector, so
  // the covariance under sum(theta) = 0 is the pseudo-inverse (H + J/n)^-1 - J/n.
  std::vector<std::vector<double>> h(n, std::vector<double>(n, 0.0));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j || games_ij[i][j] == 0) continue;
      const double p = gamma[i] / (gamma[i] + gamma[j]);
      const double w = games_ij[i][j] * p * (1 - p);
      h[i][j] -= w;
      h[i][i] += w;
    }
  for (auto& row : h)
    for (double& x : row) x += 1.0 / n;
  auto cov = inverse(h);
  for (int i = 0; i < n; ++i) {
    out[i].elo = kEloPerNat * std::log(gamma[i]);
    const double var = std::max(cov[i][i] - 1.0 / n, 0.0);
    out[i].error = 1.96 * kEloPerNat * std::sqrt(var);
  }
  return out;
}

void weng_lin_update(std::vector<SkillRating>& ratings, const RankedMatch& m) {
  const double beta = 25.0 / 6.0, kappa = 1e-4;
  const size_t k = m.players.size();
  if (k < 2) return;
  double c2 = 0;
  for (int p : m.players) c2 += ratings[p].sigma * ratings[p].sigma + beta * beta;
  const double c = std::sqrt(c2);
  std::vector<double> e(k), sum_q(k, 0.0), a(k, 0.0);
  for (size_t i = 0; i < k; ++i) e[i] = std::exp(ratings[m.players[i]].mu / c);
  for (size_t i = 0; i < k; ++i)
    for (size_t q = 0; q < k; ++q) {
      if (m.ranks[q] >= m.ranks[i]) sum_q[i] += e[q];
      if (m.ranks[q] == m.ranks[i]) a[i] += 1;
    }
  std::vector<SkillRating> next(k);
  for (size_t i = 0; i < k; ++i) {
    double omega = 0, delta = 0;
    for (size_t q = 0; q < k; ++q) {
      if (m.ranks[q] > m.ranks[i]) continue;
      const double quotient = e[i] / sum_q[q];
      omega += ((q == i ? 1.0 : 0.0) - quotient) / a[q];
      delta += quotient * (1 - quotient) / a[q];
    }
    const SkillRating& r = ratings[m.players[i]];
    const double s2 = r.sigma * r.sigma;
    const double gamma = r.sigma / c;
    omega *= s2 / c;
    delta *= gamma * s2 / c2;
    next[i].mu = r.mu + omega;
    next[i].sigma = r.sigma * std::sqrt(std::max(1 - delta, kappa));
  }
  for (size_t i = 0; i < k; ++i) ratings[m.players[i]] = next[i];
}

}  // namespace arena::tournament
