// The record of §9.3 inside the arena's replay container, and its check through the rules: the
// recorded answers are played again through the same Table as the server's (record.cc's TableIo
// feeds them), and every line made must equal the recorded one.
#pragma once

#include <string>
#include <vector>

#include "core/registry.h"
#include "games/empire/table.h"

namespace arena::empire {

// What the replay header keeps so that the record can be played again.
Json table_header(const TableOptions& options, const std::string& map_name);

// One replay event per record line, {"type":"event","line":...} (ANSWERED lines with their "ms").
Json record_event(const std::string& line, double ms);

// The outcome from a finished game's record lines: scores (final cash) by role, the winner (a role,
// or none when nobody or several won), the result fields, eval statistics and a summary.
RefereeRecord outcome_of(const std::vector<std::string>& lines,
                         const std::vector<std::string>& roles,
                         const std::vector<std::string>& names);

std::vector<std::string> check_replay(const Replay& replay);
Json export_replay(const Replay& replay);

}  // namespace arena::empire
