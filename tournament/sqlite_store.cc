// The SQLite store: one file, WAL journal, each operation one transaction. The schema is created
// and migrated by numbered migrations, each applied in its own transaction with the
// schema_version row it reaches, so that a crash mid-migration leaves the previous version.
#include <unistd.h>

#include <chrono>
#include <mutex>

#include "tournament/sqlite_db.h"
#include "tournament/sqlite_store.h"
#include "tournament/store_rows.h"

namespace arena::tournament {

const std::vector<std::string>& sqlite_migrations() {
  static const std::vector<std::string> m = {
      // 1: tournaments and their matches.
      R"sql(
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  game TEXT NOT NULL,
  config TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  idx INTEGER NOT NULL,
  round INTEGER NOT NULL,
  seed TEXT NOT NULL,
  pairing TEXT NOT NULL,
  arrangement INTEGER NOT NULL,
  seats TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'leased', 'done')),
  lease_owner TEXT,
  lease_expires_ms INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  result TEXT,
  verdicts TEXT,
  error TEXT,
  replay BLOB,
  duration_ms REAL,
  finished_ms INTEGER,
  UNIQUE (tournament_id, idx)
);
CREATE INDEX matches_queue ON matches (tournament_id, state, idx);
)sql",
  };
  return m;
}

namespace {

MatchRow read_row(const Statement& st) {
  MatchRow r;
  r.id = st.int64(0);
  r.spec.index = static_cast<int>(st.int64(1));
  r.spec.round = st.int64(2);
  r.spec.seed = std::stoull(st.text(3));
  r.spec.table = st.text(4);
  r.spec.arrangement = static_cast<int>(st.int64(5));
  r.spec.seats = seats_from(st.text(6));
  r.state = parse_match_state(st.text(7)).value_or(MatchState::queued);
  r.lease_owner = st.text(8);
  r.lease_expires_ms = st.int64(9);
  r.attempts = static_cast<int>(st.int64(10));
  if (r.state == MatchState::done) {
    MatchResult res;
    res.result = st.is_null(11) ? Json() : Json::parse(st.text(11));
    res.verdicts = st.is_null(12) ? Json::object() : Json::parse(st.text(12));
    res.error = st.text(13);
    res.duration_ms = st.real(14);
    r.result = std::move(res);
  }
  r.finished_ms = st.int64(15);
  return r;
}

class SqliteStore final : public Store {
 public:
  explicit SqliteStore(const std::string& path) : db_(path) {
    // WAL: readers (report, matches) never wait for the runner; NORMAL sync keeps every commit
    // through a crash of the process (kill -9), only a power loss may lose the last ones.
    db_.use_wal(kBusyTimeout);
    db_.exec("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
    migrate();
  }

  int schema_version() override {
    std::lock_guard lock(mu_);
    return read_version();
  }

  std::optional<Tournament> find_tournament(const std::string& name) override {
    std::lock_guard lock(mu_);
    Statement st(db_, "SELECT id, name, game, config, created_ms FROM tournaments WHERE name = ?");
    st.bind(1, name);
    if (!st.step()) return std::nullopt;
    return Tournament{st.int64(0), st.text(1), st.text(2), Json::parse(st.text(3)), st.int64(4)};
  }

  Tournament create_tournament(const std::string& name, const std::string& game,
                               const Json& config) override {
    std::lock_guard lock(mu_);
    Tournament t{0, name, game, config, now_ms()};
    Statement st(db_,
                 "INSERT INTO tournaments (name, game, config, created_ms) VALUES (?, ?, ?, ?)");
    st.bind(1, name).bind(2, game).bind(3, config.dump()).bind(4, t.created_ms);
    st.run();
    t.id = db_.last_insert_rowid();
    return t;
  }

  void insert_matches(int64_t tid, const std::vector<MatchSpec>& matches) override {
    std::lock_guard lock(mu_);
    Transaction tx(db_);
    Statement one(db_,
                  "INSERT OR IGNORE INTO matches (tournament_id, idx, round, seed, pairing, "
                  "arrangement, seats, state) VALUES (?, ?, ?, ?, ?, ?, ?, 'queued')");
    for (const MatchSpec& m : matches) {
      one.reset();
      one.bind(1, tid).bind(2, int64_t{m.index}).bind(3, m.round).bind(4, std::to_string(m.seed));
      one.bind(5, m.table).bind(6, int64_t{m.arrangement}).bind(7, seats_json(m.seats).dump());
      one.run();
    }
    tx.commit();
  }

  std::optional<MatchRow> lease_next(int64_t tid, const std::string& owner,
                                     std::chrono::milliseconds lease) override {
    std::lock_guard lock(mu_);
    Transaction tx(db_);
    Statement pick(db_, std::string("SELECT ") + kMatchColumns +
                            " FROM matches WHERE tournament_id = ? AND state = 'queued' "
                            "ORDER BY idx LIMIT 1");
    pick.bind(1, tid);
    if (!pick.step()) return std::nullopt;
    MatchRow row = read_row(pick);
    row.state = MatchState::leased;
    row.lease_owner = owner;
    row.lease_expires_ms = now_ms() + lease.count();
    row.attempts += 1;
    Statement up(db_,
                 "UPDATE matches SET state = 'leased', lease_owner = ?, lease_expires_ms = ?, "
                 "attempts = attempts + 1 WHERE id = ? AND state = 'queued'");
    up.bind(1, owner).bind(2, row.lease_expires_ms).bind(3, row.id);
    up.run();
    tx.commit();
    return row;
  }

  int requeue_leases(int64_t tid,
                     const std::function<bool(const std::string&, int64_t)>& stale) override {
    std::lock_guard lock(mu_);
    Transaction tx(db_);
    std::vector<std::pair<int64_t, std::string>> back;
    {
      Statement st(db_,
                   "SELECT id, lease_owner, lease_expires_ms FROM matches WHERE tournament_id = ? "
                   "AND state = 'leased'");
      st.bind(1, tid);
      while (st.step())
        if (stale(st.text(1), st.int64(2))) back.emplace_back(st.int64(0), st.text(1));
    }
    for (const auto& [id, owner] : back) {
      Statement up(db_,
                   "UPDATE matches SET state = 'queued', lease_owner = NULL, lease_expires_ms = "
                   "NULL WHERE id = ? AND state = 'leased' AND lease_owner = ?");
      up.bind(1, id).bind(2, owner);
      up.run();
    }
    tx.commit();
    return static_cast<int>(back.size());
  }

  bool renew_lease(int64_t match_id, const std::string& owner,
                   std::chrono::milliseconds lease) override {
    std::lock_guard lock(mu_);
    Statement up(db_,
                 "UPDATE matches SET lease_expires_ms = ? WHERE id = ? AND state = 'leased' AND "
                 "lease_owner = ?");
    up.bind(1, now_ms() + static_cast<int64_t>(lease.count())).bind(2, match_id).bind(3, owner);
    up.run();
    return db_.changes() == 1;
  }

  bool record_result(int64_t match_id, const std::string& owner, const MatchResult& r) override {
    std::lock_guard lock(mu_);
    Statement up(db_,
                 "UPDATE matches SET state = 'done', result = ?, verdicts = ?, error = ?, "
                 "replay = ?, duration_ms = ?, finished_ms = ?, lease_expires_ms = NULL "
                 "WHERE id = ? AND state = 'leased' AND lease_owner = ?");
    if (r.result.is_null()) {
      up.bind_null(1);
    } else {
      up.bind(1, r.result.dump());
    }
    up.bind(2, r.verdicts.dump());
    if (r.error.empty()) {
      up.bind_null(3);
    } else {
      up.bind(3, r.error);
    }
    up.bind_blob(4, r.replay);
    up.bind(5, r.duration_ms);
    up.bind(6, now_ms()).bind(7, match_id).bind(8, owner);
    up.run();
    return db_.changes() == 1;
  }

  std::vector<MatchRow> list_matches(int64_t tid, bool with_replays) override {
    std::lock_guard lock(mu_);
    Statement st(db_, std::string("SELECT ") + kMatchColumns + (with_replays ? ", replay" : "") +
                          " FROM matches WHERE tournament_id = ? ORDER BY idx");
    st.bind(1, tid);
    std::vector<MatchRow> rows;
    while (st.step()) {
      rows.push_back(read_row(st));
      if (with_replays && rows.back().result) rows.back().result->replay = st.text(16);
    }
    return rows;
  }

  MatchCounts count_matches(int64_t tid) override {
    std::lock_guard lock(mu_);
    Statement st(db_,
                 "SELECT state, error IS NOT NULL, COUNT(*) FROM matches WHERE tournament_id = ? "
                 "GROUP BY state, error IS NOT NULL");
    st.bind(1, tid);
    MatchCounts c;
    while (st.step()) {
      const std::string state = st.text(0);
      const int n = static_cast<int>(st.int64(2));
      if (state == "queued") c.queued += n;
      if (state == "leased") c.leased += n;
      if (state == "done") {
        c.done += n;
        if (st.int64(1)) c.failed += n;
      }
    }
    return c;
  }

 private:
  // Switching a new file to WAL takes an exclusive lock, and SQLite answers "database is locked"
  // at once, without its busy handler, when another connection holds one: two runs that create
  // the same file together (a second `run`, a worker) would fail. Wait for it as the busy timeout
  // would, up to 10 s.
  int read_version() {
    Statement st(db_, "SELECT MAX(version) FROM schema_version");
    return st.step() && !st.is_null(0) ? static_cast<int>(st.int64(0)) : 0;
  }

  void migrate() {
    db_.exec(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY, "
        "applied_ms INTEGER NOT NULL)");
    const auto& migrations = sqlite_migrations();
    const int known = static_cast<int>(migrations.size());
    for (;;) {
      Transaction tx(db_);  // BEGIN IMMEDIATE: two processes opening a new file migrate once
      const int v = read_version();
      if (v > known)
        throw StoreError(db_.path() + ": schema version " + std::to_string(v) +
                         " is newer than this arena knows (" + std::to_string(known) + ")");
      if (v == known) return;
      db_.exec(migrations[v]);
      Statement st(db_, "INSERT INTO schema_version (version, applied_ms) VALUES (?, ?)");
      st.bind(1, int64_t{v + 1}).bind(2, now_ms());
      st.run();
      tx.commit();
    }
  }

  SqliteDb db_;
  // One connection for the runner's threads: each operation (and its transaction) holds it.
  std::mutex mu_;
};

}  // namespace

std::unique_ptr<Store> open_sqlite_store(const std::string& path) {
  return std::make_unique<SqliteStore>(path);
}

}  // namespace arena::tournament
