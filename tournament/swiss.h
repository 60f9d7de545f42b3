// Swiss pairings, as chess Swiss systems pair: a fixed number of rounds, each pairing entrants of
// equal or close points who have not met yet, a bye (scored as a won pairing) for the odd one out.
// Pure and deterministic: the same results give the same pairings, so that a run that stopped can
// derive again the pairings of the rounds it already played from the stored results alone.
//
// Entrants are indices in entrant order (their seeding). A pairing is a mini-match: both entrants
// play every seed in every seat arrangement (tournament/schedule.h), and the one that took more
// game points across them wins the pairing (docs/tournament.md, "Swiss").
#pragma once

#include <vector>

namespace arena::tournament {

// Two entrants that meet in a round, a < b.
struct SwissPair {
  int a = 0, b = 0;
  bool operator==(const SwissPair&) const = default;
};

// One round's pairings, in board order (the better placed pairs first), and who has the bye.
struct SwissRound {
  std::vector<SwissPair> pairs;
  int bye = -1;  // -1: none (an even number of entrants)
  bool operator==(const SwissRound&) const = default;
};

// A pairing played: the game points each entrant took over its matches (a win 1, a draw 1/2).
struct SwissResult {
  SwissPair pair;
  double a_games = 0, b_games = 0;
  // The pairing's points for a: 1 won, 1/2 level, 0 lost (b takes the rest of 1).
  double a_points() const { return a_games > b_games ? 1 : a_games == b_games ? 0.5 : 0; }
};

// A round with every match played.
struct PlayedRound {
  std::vector<SwissResult> results;
  int bye = -1;
};

// ceil(log2(entrants)), at least 1: enough rounds for one entrant to stay unbeaten alone.
int swiss_default_rounds(int entrants);

// The pairings of the round after `played` (entrants >= 2).
// - Round 1 pairs by seeding, the top half against the bottom half (1 v h+1, 2 v h+2, ...); with
//   an odd number the last entrant has the bye.
// - Later rounds rank the entrants by points, then seeding, and pair the best placed unpaired
//   entrant with the next placed one it has not met, backtracking when the rest cannot then be
//   paired. The bye goes to the lowest placed entrant among those with the fewest byes.
// - Rematches only when no pairing without one exists (two entrants, or more rounds than
//   opponents): on the same seeds a rematch of deterministic bots replays the same games, so a
//   second bye is preferred to a rematch. The search has a fixed budget; past it rematches are
//   allowed (still deterministic).
SwissRound swiss_pair_round(int entrants, const std::vector<PlayedRound>& played);

struct SwissStanding {
  int entrant = 0;
  double points = 0;       // pairings won 1, drawn 1/2, a bye 1
  double buchholz = 0;     // the sum of the points of every opponent met (a bye adds none)
  double game_points = 0;  // game points taken in all pairings
  int pairings = 0;        // pairings played (byes not counted)
  int byes = 0;
  int rank = 0;  // 1 = first: points, then Buchholz, then game points, then seeding
};

// Standings after the played rounds, best first.
std::vector<SwissStanding> swiss_standings(int entrants, const std::vector<PlayedRound>& played);

}  // namespace arena::tournament
