// The PostgreSQL store: the schema of the SQLite store on a shared server, so that `arena worker`
// processes on many machines play one tournament's queue (docs/tournament.md, "PostgreSQL and
// workers"). Selected by `--db postgresql://...` (or `postgres://...`), any libpq connection URI.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tournament/store.h"

namespace arena::tournament {

// Migration i (0-based) takes the schema from version i to i+1.
const std::vector<std::string>& pg_migrations();

// Connects, then creates or migrates the schema. StoreError on failure.
std::unique_ptr<Store> open_pg_store(const std::string& url);

// The tournaments with a match that is queued or leased, oldest first: the work `arena worker`
// looks for. Only the PostgreSQL store keeps a shared queue, so only it answers; StoreError for
// any other store.
std::vector<Tournament> tournaments_with_work(Store& store);

}  // namespace arena::tournament
