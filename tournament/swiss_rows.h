// A swiss tournament's rounds read back from its stored matches: the pairings of each round are
// the tables of its rows, their results come from the matches' places, the bye is the entrant no
// row of the round names. Nothing of swiss is stored beyond the rows, so a resumed run and the
// report derive the same rounds from the same rows.
#pragma once

#include <string>
#include <vector>

#include "core/registry.h"
#include "tournament/store.h"
#include "tournament/swiss.h"

namespace arena::tournament {

struct StoredSwissRound {
  SwissRound pairing;  // as stored
  bool complete = false;
  PlayedRound played;  // the results, when complete
};

// Every round that has rows, in order (round 0, 1, ...; rows of other rounds are ignored once a
// round has none). A pairing's game points: two sides, each match's place share (a win 1, a draw
// 1/2); one side, per seed the higher score 1, equal scores 1/2 each. A match that failed counts
// for neither. `labels`: the entrants in entrant order.
std::vector<StoredSwissRound> stored_swiss_rounds(const GameInfo& game,
                                                  const std::vector<std::string>& labels,
                                                  const std::vector<MatchRow>& rows);

// "a|b, c|d, bye e": a round's pairs and bye by their labels (the run's messages).
std::string swiss_round_text(const std::vector<std::string>& labels, const SwissRound& round);

// The rounds played to the end, in order, up to the first one that is not.
std::vector<PlayedRound> complete_rounds(const std::vector<StoredSwissRound>& rounds);

// The report's `swiss` object: rounds planned and played, standings (points, Buchholz, game
// points, byes), and each round's pairings with their results.
Json swiss_report_json(const GameInfo& game, const Tournament& t,
                       const std::vector<MatchRow>& rows);

// Its text for people (empty when `report` has no `swiss` object).
std::string swiss_report_text(const Json& report);

}  // namespace arena::tournament
