// What the SQLite and PostgreSQL stores share of a match row: the same columns in the same order
// and the seats stored as one JSON text, so that both stores read and write identical rows.
#pragma once

#include <string>
#include <vector>

#include "core/replay.h"  // arena::Json
#include "tournament/store.h"

namespace arena::tournament {

// The columns every SELECT of a match row lists, in the order the stores' row readers expect.
inline constexpr const char* kMatchColumns =
    "id, idx, round, seed, pairing, arrangement, seats, state, lease_owner, lease_expires_ms, "
    "attempts, result, verdicts, error, duration_ms, finished_ms";

// The `seats` column: [{"role", "entrant", "spec"}, ...].
Json seats_json(const std::vector<SeatEntry>& seats);
std::vector<SeatEntry> seats_from(const std::string& text);

}  // namespace arena::tournament
