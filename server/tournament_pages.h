// The tournament pages as HTML written by the server (docs/web.md, "Tournaments"), from exactly
// the JSON of their /api/ routes: the tables are there without script, and the page and the API
// cannot disagree. Every text from the database is escaped.
#pragma once

#include <string>

#include "core/replay.h"  // arena::Json

namespace arena::server {

// /tournaments from /api/tournaments: name (a link), game, format, matches played of all.
std::string tournaments_page(const Json& list);

// /tournament/<name> from /api/tournament/<name>: standings (rank, entrant, rating ± 95%,
// score, games, faults), the results matrix, per-role and per-side statistics, and every match
// (index, seed, seats, result) with a link to its replay in the viewer.
std::string tournament_page(const Json& tournament);

}  // namespace arena::server
