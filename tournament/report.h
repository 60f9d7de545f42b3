// A tournament's standings from its stored matches: ratings with error bars, the results matrix,
// statistics per seat, timeouts and crashes per entrant (docs/tournament.md, "report").
#pragma once

#include <string>
#include <vector>

#include "core/registry.h"
#include "tournament/schedule.h"
#include "tournament/store.h"

namespace arena::tournament {

// How one side of a finished match placed.
struct SidePlace {
  std::string side;     // the side's name (a group or a role)
  std::string entrant;  // who held it
  double score = 0;     // the sum of its roles' scores
  int rank = 1;         // 1 = first; equal ranks are ties
};

// The places of a finished, successful match. Two sides: the winner (a role or a group of the
// result line) ranks first, no winner is a draw; more sides: ranked by score; one side: rank 1.
std::vector<SidePlace> match_places(const GameInfo& game, const MatchRow& row);

// 1 for first, 0 for last, ties sharing (the share of opponents beaten, draws half; one side:
// its score). What the progress line's leader is chosen by.
double place_share(const std::vector<SidePlace>& places, size_t i);

// The whole report as JSON (shape in docs/tournament.md).
Json report_json(const GameInfo& game, const Tournament& t, const std::vector<MatchRow>& rows);

// The same, for people.
std::string report_text(const Json& report);

// `matches --json`: one object per match, in schedule order.
Json match_json(const MatchRow& row, bool with_replay);

}  // namespace arena::tournament
