// Where a tournament lives: its configuration, its scheduled matches and their results. One small
// abstract interface so that the embedded default (SQLite, one file) and a shared server
// (PostgreSQL, many workers on many machines) hold the same schema and the runner, the report and
// the command line know neither (docs/tournament.md, "Storage").
//
// A match row is a small state machine: queued -> leased (by one worker, until lease_expires) ->
// done. A worker that dies leaves its row leased; requeue_leases() gives such rows back to the
// queue (its lease expired, or the caller knows its owner is dead), so that no match is lost, and
// record_result() only succeeds for the worker that still holds the lease, so that none is counted
// twice. On PostgreSQL lease_next() is one `SELECT ... FOR UPDATE SKIP LOCKED` + UPDATE.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arena::tournament {

using Json = nlohmann::ordered_json;
using WallClock = std::chrono::system_clock;

// Any failure of the storage itself (cannot open, a constraint, a newer schema than this build
// knows): the message says what and where.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Tournament {
  int64_t id = 0;
  std::string name;
  std::string game;
  // Everything the schedule was made from (format, entrants, seeds, seats, parameters, time
  // control): `run` with a different configuration under the same name is refused.
  Json config = Json::object();
  int64_t created_ms = 0;  // Unix milliseconds
};

// Who sits where in one match.
struct SeatEntry {
  std::string role;     // the game's role ("hero", "G", "p3")
  std::string entrant;  // the entrant's label
  std::string spec;     // the SPEC the seat is opened with (a command line or bot:NAME)
};

// One scheduled match, as the schedule makes it (tournament/schedule.h).
struct MatchSpec {
  int index = 0;      // position in the schedule, 0..n-1, unique in its tournament
  int64_t round = 0;  // the seed's number (0..games_per_pairing-1)
  uint64_t seed = 0;
  std::string table;    // the group of entrants that meet ("A|B"), the same for every arrangement
  int arrangement = 0;  // which seat arrangement of that table (0..arrangements-1)
  std::vector<SeatEntry> seats;  // in the game's role order
};

enum class MatchState { queued, leased, done };
const char* to_string(MatchState s);
std::optional<MatchState> parse_match_state(const std::string& text);

// What a finished match leaves: the result line of its replay, per-seat verdict counts, the replay.
struct MatchResult {
  // {scores: role -> number, winner: role|group|null, result: the game's own fields}; null when
  // the match failed (see error).
  Json result;
  // role -> {verdict -> count} of every answer that was not `ok` (timeouts, crashes, ...).
  Json verdicts = Json::object();
  std::string error;   // non-empty: the match could not be played (the reason); not rated
  std::string replay;  // the whole replay (JSON Lines), stored in the database
  double duration_ms = 0;
};

struct MatchRow {
  int64_t id = 0;  // the store's own id (stable, unique across tournaments)
  MatchSpec spec;
  MatchState state = MatchState::queued;
  std::string lease_owner;  // empty unless leased
  int64_t lease_expires_ms = 0;
  int attempts = 0;                   // times it was leased
  std::optional<MatchResult> result;  // when done (replay only if asked for)
  int64_t finished_ms = 0;
};

struct MatchCounts {
  int queued = 0, leased = 0, done = 0, failed = 0;  // failed: done with an error
  int total() const { return queued + leased + done; }
};

class Store {
 public:
  virtual ~Store() = default;

  // The schema version this database is at (after the migrations open_store applied).
  virtual int schema_version() = 0;

  virtual std::optional<Tournament> find_tournament(const std::string& name) = 0;
  // Creates a tournament; StoreError if the name is taken.
  virtual Tournament create_tournament(const std::string& name, const std::string& game,
                                       const Json& config) = 0;
  // Inserts the whole schedule in one transaction, as queued rows. Rows whose index already exists
  // are left alone, so that inserting the same schedule again is harmless.
  virtual void insert_matches(int64_t tournament_id, const std::vector<MatchSpec>& matches) = 0;

  // Leases the queued match of lowest index to `owner` until now + `lease`, or nullopt when
  // none is queued. Atomic: two workers never lease the same row.
  virtual std::optional<MatchRow> lease_next(int64_t tournament_id, const std::string& owner,
                                             std::chrono::milliseconds lease) = 0;
  // Puts leased rows back in the queue for which `stale(owner, lease_expires_ms)` says so (an
  // expired lease, or an owner known to be dead). Returns how many.
  virtual int requeue_leases(
      int64_t tournament_id,
      const std::function<bool(const std::string& owner, int64_t lease_expires_ms)>& stale) = 0;
  // Extends the lease `owner` holds on a match to now + `lease`, so that a match that runs longer
  // than its lease is not taken back while it is played. False when `owner` no longer holds it
  // (it was taken back, or is done): the caller stops renewing, and its result will be refused.
  virtual bool renew_lease(int64_t match_id, const std::string& owner,
                           std::chrono::milliseconds lease) = 0;
  // Stores the result and marks the row done, if `owner` still holds its lease; false otherwise
  // (the lease was taken back: the result is dropped, the row is played again elsewhere).
  virtual bool record_result(int64_t match_id, const std::string& owner,
                             const MatchResult& result) = 0;

  // Every match of the tournament in schedule order; replays only when asked (they are big).
  virtual std::vector<MatchRow> list_matches(int64_t tournament_id, bool with_replays) = 0;
  virtual MatchCounts count_matches(int64_t tournament_id) = 0;
};

// Opens (and creates or migrates) a store: `sqlite:PATH` or a plain path is an SQLite file;
// `postgresql://...` / `postgres://...` is refused with "not built yet" until that store exists.
// StoreError on failure.
std::unique_ptr<Store> open_store(const std::string& url);

// Unix milliseconds now.
int64_t now_ms();

}  // namespace arena::tournament
