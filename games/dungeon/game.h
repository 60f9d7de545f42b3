// Dungeon Race in the registry: parameters (§3.5), the seat plan of a team of six connections,
// the real-time referee, the replay check (§11.3) and export, the tools (gen, sat, solve, brute,
// serve), `arena host dungeon` and the built-in bots.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/registry.h"
#include "games/dungeon/rules.h"

namespace arena::dungeon {

GameInfo game_info();

// The engine's parameters from checked `k=v` values.
Params params_of(const ParamValues& values);
// The same from the header's `params` object (strings, as §11.2 writes them); nullopt with
// `error` set when one is missing or wrong.
std::optional<Params> params_of_json(const Json& params, std::string& error);

// §11.3 and the replay container: the problems found (empty: the replay is this game exactly).
std::vector<std::string> check_replay(const Replay& replay);
// §11.2's own form: the header record, every record with `t_us`, the result record.
Json export_replay(const Replay& replay);

// `serve`'s own log (§11.2 records: the header record first, the result record last) as the
// replay container, so that `arena replay` checks it like a replay of `arena play`; or why it is
// not such a log (naming the line).
std::variant<Replay, std::string> import_serve_log(std::string_view text);

// `arena dungeon serve ...` (§3.5): a standalone server; prints the port on its first line.
int serve(const std::vector<std::string>& args);

}  // namespace arena::dungeon
