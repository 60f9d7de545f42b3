// The tournament routes (docs/web.md, "Tournaments"): the list at /tournaments, one tournament's
// standings, matrix and matches at /tournament/<name>, the viewer of one match's stored replay at
// /tournament/<name>/match/<index>, and the JSON behind them under /api/. Names and indexes come
// from the URL: they are decoded and checked before any query, and each refusal is one line.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/server.h"

namespace arena::server {

class TournamentDb;

// The answer to a GET of `path` (no query) if it is a tournament route, else nullopt. `db` null:
// no database was given, and every tournament route says so. `viewer_page` gives the page of
// the replay viewer (shell.js fetches the replay from the API).
std::optional<Response> tournament_get(TournamentDb* db, std::string_view path,
                                       const std::function<Response()>& viewer_page);

// Why a decoded tournament name cannot be one, or nullopt: empty, longer than 1000 bytes, or
// holding a control character. Anything else is looked up (the query binds it; it never becomes
// SQL or a path), so a name `arena tournament run` accepted can be shown.
std::optional<std::string> bad_tournament_name(std::string_view name);

// A match index from a URL segment: 1 to 9 decimal digits, nothing else.
std::optional<int> parse_match_index(std::string_view text);

}  // namespace arena::server
