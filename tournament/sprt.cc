#include "tournament/sprt.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace arena::sprt {

namespace {

using Dist = std::array<double, 5>;

// A pair's score scaled to [0, 1]: the mean game score of the pair.
constexpr Dist kScores = {0.0, 0.25, 0.5, 0.75, 1.0};
// nElo per unit of t = (mu - 1/2) / sigma: 800 / ln 10.
const double kNeloPerT = 800.0 / std::log(10.0);
// The two-sided 95% quantile of the normal distribution.
constexpr double kZ95 = 1.959963984540054;

double mean(const Dist& p) {
  double m = 0;
  for (size_t i = 0; i < 5; ++i) m += kScores[i] * p[i];
  return m;
}

double variance(const Dist& p, double mu) {
  double v = 0;
  for (size_t i = 0; i < 5; ++i) v += p[i] * (kScores[i] - mu) * (kScores[i] - mu);
  return v;
}

// The root of sum_i phat_i phi_i / (1 + theta phi_i) = 0 in theta. The sum falls strictly on
// (-1/max phi, -1/min phi), from +inf to -inf, so bisection finds the root; it needs
// min phi < 0 < max phi, which holds unless the hypothesis lies outside every distribution on
// the five scores.
double solve_theta(const Dist& phat, const Dist& phi) {
  const double u = *std::min_element(phi.begin(), phi.end());
  const double v = *std::max_element(phi.begin(), phi.end());
  if (!(u < 0 && v > 0))
    throw std::domain_error("sprt: the hypothesis is out of reach of any result distribution");
  double lo = -1.0 / v, hi = -1.0 / u;
  auto f = [&](double theta) {
    double s = 0;
    for (size_t i = 0; i < 5; ++i) s += phat[i] * phi[i] / (1.0 + theta * phi[i]);
    return s;
  };
  // 200 halvings reach the resolution of a double on any interval here; stop earlier once the
  // midpoint no longer moves.
  for (int i = 0; i < 200; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (f(mid) > 0 ? lo : hi) = mid;
  }
  return lo + (hi - lo) / 2;
}

// The distribution on the five scores with expectation `s` that is most likely to give `phat`
// (Van den Bergh, proposition 1.1): p_i = phat_i / (1 + theta (a_i - s)).
Dist mle_logistic(const Dist& phat, double s) {
  Dist phi;
  for (size_t i = 0; i < 5; ++i) phi[i] = kScores[i] - s;
  const double theta = solve_theta(phat, phi);
  Dist p;
  for (size_t i = 0; i < 5; ++i) p[i] = phat[i] / (1.0 + theta * phi[i]);
  return p;
}

// The distribution with (mu - 1/2) / sigma = t most likely to give `phat` (Van den Bergh,
// section 4.1): the constraint is not linear in p, so it is linearised around the current
// estimate, phi_i = a_i - 1/2 - t sigma (1 + ((a_i - mu) / sigma)^2) / 2, and solved again until
// the estimate stops moving. The iteration starts from the uniform distribution.
Dist mle_normalized(const Dist& phat, double t) {
  Dist p;
  p.fill(0.2);
  for (int iteration = 0; iteration < 1000; ++iteration) {
    const double mu = mean(p);
    const double sigma = std::sqrt(variance(p, mu));
    Dist phi;
    for (size_t i = 0; i < 5; ++i) {
      const double z = (kScores[i] - mu) / sigma;
      phi[i] = kScores[i] - 0.5 - 0.5 * t * sigma * (1.0 + z * z);
    }
    const double theta = solve_theta(phat, phi);
    double moved = 0;
    for (size_t i = 0; i < 5; ++i) {
      const double next = phat[i] / (1.0 + theta * phi[i]);
      moved = std::max(moved, std::abs(next - p[i]));
      p[i] = next;
    }
    if (moved < 1e-12) break;
  }
  return p;
}

double logistic_score(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

double logistic_elo(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

}  // namespace

std::optional<Model> parse_model(const std::string& text) {
  if (text == "normalized") return Model::normalized;
  if (text == "logistic") return Model::logistic;
  return std::nullopt;
}

std::string model_name(Model model) {
  return model == Model::normalized ? "normalized" : "logistic";
}

void Pentanomial::add(int first, int second) {
  if (first < -1 || first > 1 || second < -1 || second > 1)
    throw std::invalid_argument("Pentanomial::add: results are -1, 0 or 1");
  switch (first + second) {
    case -2:
      ++ll;
      break;
    case -1:
      ++ld;
      break;
    case 0:
      (first == 0 ? dd : wl)++;
      break;
    case 1:
      ++wd;
      break;
    default:
      ++ww;
      break;
  }
}

std::optional<std::string> check_config(const Config& c) {
  auto finite = [](double x) { return std::isfinite(x); };
  if (!finite(c.elo0) || !finite(c.elo1) || !(c.elo0 < c.elo1))
    return "--elo0 must be less than --elo1";
  // Beyond about 1000 Elo a hypothesis is out of reach of distributions on five scores.
  if (std::abs(c.elo0) > 1000 || std::abs(c.elo1) > 1000)
    return "--elo0 and --elo1 must be within -1000..1000";
  if (!(c.alpha > 0 && c.alpha < 1)) return "--alpha must be between 0 and 1 (exclusive)";
  if (!(c.beta > 0 && c.beta < 1)) return "--beta must be between 0 and 1 (exclusive)";
  if (!(c.alpha + c.beta < 1)) return "--alpha plus --beta must be less than 1";
  return std::nullopt;
}

double lower_bound(const Config& c) {
  return std::log(c.beta / (1 - c.alpha));
}
double upper_bound(const Config& c) {
  return std::log((1 - c.beta) / c.alpha);
}

double llr(const Pentanomial& counts, const Config& c) {
  if (counts.pairs() == 0) return 0;
  const auto raw = counts.buckets();
  Dist phat;
  double total = 0;
  for (size_t i = 0; i < 5; ++i) total += phat[i] = raw[i] == 0 ? 1e-3 : double(raw[i]);
  for (double& x : phat) x /= total;
  Dist p0, p1;
  if (c.model == Model::normalized) {
    // A pair is two games: the t of a pair's score is sqrt(2) times the t of one game's.
    p0 = mle_normalized(phat, std::sqrt(2.0) * c.elo0 / kNeloPerT);
    p1 = mle_normalized(phat, std::sqrt(2.0) * c.elo1 / kNeloPerT);
  } else {
    p0 = mle_logistic(phat, logistic_score(c.elo0));
    p1 = mle_logistic(phat, logistic_score(c.elo1));
  }
  double sum = 0;
  for (size_t i = 0; i < 5; ++i) sum += phat[i] * (std::log(p1[i]) - std::log(p0[i]));
  return total * sum;
}

Decision decide(double value, const Config& c) {
  if (value >= upper_bound(c)) return Decision::h1;
  if (value <= lower_bound(c)) return Decision::h0;
  return Decision::none;
}

std::string decision_name(Decision d) {
  return d == Decision::h1 ? "H1" : d == Decision::h0 ? "H0" : "none";
}

Estimate estimate(const Pentanomial& counts) {
  Estimate e;
  const long n = counts.pairs();
  if (n == 0) return e;
  const auto raw = counts.buckets();
  Dist p;
  for (size_t i = 0; i < 5; ++i) p[i] = double(raw[i]) / double(n);
  const double mu = mean(p);
  const double var = variance(p, mu);
  e.score = mu;
  e.elo = logistic_elo(mu) + 0.0;  // + 0.0: an even score is 0, not -0
  // The 95% interval of the mean pair score, mapped through the logistic curve.
  const double half = kZ95 * std::sqrt(var / double(n));
  e.elo_error = (logistic_elo(mu + half) - logistic_elo(mu - half)) / 2;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (var == 0) {
    e.nelo = mu > 0.5   ? std::numeric_limits<double>::infinity()
             : mu < 0.5 ? -std::numeric_limits<double>::infinity()
                        : 0;
    e.nelo_error = nan;
    if (!std::isfinite(e.elo)) e.elo_error = nan;
    return e;
  }
  const double scale = kNeloPerT / std::sqrt(2.0 * var);
  e.nelo = (mu - 0.5) * scale;
  e.nelo_error = half * scale;
  if (!std::isfinite(e.elo_error)) e.elo_error = nan;
  return e;
}

}  // namespace arena::sprt
