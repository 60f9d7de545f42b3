// What a reader of a tournament database needs beyond Store, which serves the runner: the list
// of every tournament with its progress, and one match's replay without reading every other
// (Store::list_matches reads all of them or none). The browser app reads through it
// (docs/web.md, "Tournaments"). Read-only: the SQLite connection is `query_only`, the
// PostgreSQL one runs read-only transactions, and neither ever creates a database.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tournament/store.h"

namespace arena::tournament {

struct TournamentEntry {
  Tournament tournament;
  MatchCounts counts;
};

// One match's stored state and replay (empty until it is done; a failed match may have none).
struct StoredReplay {
  MatchState state = MatchState::queued;
  std::string error;
  std::string replay;
};

class Catalog {
 public:
  virtual ~Catalog() = default;
  // Every tournament, by name.
  virtual std::vector<TournamentEntry> tournaments() = 0;
  // The match of `index` in the schedule of tournament `tournament_id`, or nullopt.
  virtual std::optional<StoredReplay> replay(int64_t tournament_id, int index) = 0;
};

// The database open_store(url) would open, but never created: a missing SQLite file is a
// StoreError ("no such file"), as is any other failure to open it.
std::unique_ptr<Catalog> open_catalog(const std::string& url);

}  // namespace arena::tournament
