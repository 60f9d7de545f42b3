// The sequential probability ratio test of engine testing (fastchess, Stockfish's fishtest), on
// paired games: each pair is one seed played twice with the sides swapped, and its score for the
// first entrant (0, 1/2, 1, 3/2 or 2 points) falls in one of five pentanomial buckets. Pairs are
// the unit because the two games of a pair are correlated (same seed); scoring them as
// independent games would understate the variance.
//
// The test is a generalised SPRT: the log-likelihood ratio of the observed bucket frequencies
// under the most likely distribution with Elo elo1 versus the most likely one with Elo elo0 (Van
// den Bergh, "Comments on Normalized Elo"). Two Elo models:
//   normalized: t = (mu - 1/2) / sigma of a pair's score; nElo = t * 800 / ln 10 / sqrt 2
//               (fastchess's default; independent of the draw rate),
//   logistic:   expected game score 1 / (1 + 10^(-elo/400)).
// Pure arithmetic: no I/O, no games.
#pragma once

#include <array>
#include <optional>
#include <string>

namespace arena::sprt {

enum class Model { normalized, logistic };

// "normalized" | "logistic", or nullopt.
std::optional<Model> parse_model(const std::string& text);
std::string model_name(Model model);

// Pair counts by the first entrant's points in the pair. WL and DD both score 1 point: the
// pentanomial model merges them, but they are kept apart for the report.
struct Pentanomial {
  long ll = 0, ld = 0, wl = 0, dd = 0, wd = 0, ww = 0;

  long pairs() const { return ll + ld + wl + dd + wd + ww; }
  // Counts for 0, 1/2, 1, 3/2, 2 points.
  std::array<long, 5> buckets() const { return {ll, ld, wl + dd, wd, ww}; }
  long wins() const { return 2 * ww + wd + wl; }
  long draws() const { return ld + 2 * dd + wd; }
  long losses() const { return 2 * ll + ld + wl; }
  // Adds a pair from the first entrant's two game results: +1 win, 0 draw, -1 loss.
  void add(int first, int second);
};

struct Config {
  double elo0 = 0, elo1 = 5;
  double alpha = 0.05, beta = 0.05;
  Model model = Model::normalized;
};

// Why a configuration is refused (elo0 < elo1, 0 < alpha, beta < 1, alpha + beta < 1), or nullopt.
std::optional<std::string> check_config(const Config& config);

// log(beta / (1 - alpha)): at or below it H0 is accepted.
double lower_bound(const Config& config);
// log((1 - beta) / alpha): at or above it H1 is accepted.
double upper_bound(const Config& config);

// The log-likelihood ratio of H1 against H0 after `counts`. Empty buckets count as 0.001 pairs
// (as fastchess does), so that a test with one-sided results still moves and the maximum
// likelihood estimates stay inside the simplex. 0 with no pairs.
double llr(const Pentanomial& counts, const Config& config);

enum class Decision { none, h0, h1 };
Decision decide(double llr, const Config& config);
std::string decision_name(Decision decision);  // "H0", "H1", "none"

// The first entrant's Elo with its 95% error, from the observed pairs (no regularisation): the
// logistic Elo of the mean game score, and the normalized Elo. An estimate is infinite when every
// pair went one way; the error is then meaningless (NaN).
struct Estimate {
  double score = 0.5;  // mean points per game
  double elo = 0, elo_error = 0;
  double nelo = 0, nelo_error = 0;
};
Estimate estimate(const Pentanomial& counts);

}  // namespace arena::sprt
