// Ratings from match results, pure math.
//
// Two-sided games: the Bradley–Terry model on the Elo scale, P(i beats j) = 1 / (1 + 10^((r_j -
// r_i)/400)), fitted by maximum likelihood as BayesElo and Ordo do (a draw counts half a win to
// each side), with `prior_draws` virtual draws added to every pair that met so that an unbeaten
// entrant still gets a finite rating (BayesElo's prior; 0 gives the plain MLE). Ratings average 0;
// the error bar of each is 1.96 standard errors from the inverse of the Hessian of the
// log-likelihood, taken under that constraint (the Moore–Penrose pseudo-inverse).
//
// Multi-player games: Weng–Lin (2011) with the Plackett–Luce model, as OpenSkill computes it
// (mu 25, sigma 25/3, beta sigma/2, kappa 1e-4), updated match by match in schedule order.
#pragma once

#include <vector>

namespace arena::tournament {

// One two-sided game between entrants `a` and `b` (indices); score of a: 1 win, 0.5 draw, 0 loss.
struct PairResult {
  int a = 0, b = 0;
  double score_a = 0.5;
};

struct EloRating {
  double elo = 0;    // average 0
  double error = 0;  // 95% half-width (1.96 standard errors)
};

// `players` entrants; iterates the MM algorithm (Hunter 2004) to convergence.
std::vector<EloRating> bradley_terry(int players, const std::vector<PairResult>& games,
                                     double prior_draws = 1.0);

struct SkillRating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  double ordinal() const { return mu - 3 * sigma; }  // the conservative rank key
};

// One multi-player match: entrants and their ranks (1 = first; equal ranks are ties).
struct RankedMatch {
  std::vector<int> players;
  std::vector<int> ranks;
};

// Updates `ratings` (one per entrant) with one match, Plackett–Luce.
void weng_lin_update(std::vector<SkillRating>& ratings, const RankedMatch& match);

}  // namespace arena::tournament
