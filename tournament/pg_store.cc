// The PostgreSQL store, through libpqxx. One connection per store, held by one operation at a
// time (the runner's threads share it, as with SQLite); each operation is one transaction.
// Leasing is a single UPDATE of the row picked by `SELECT ... FOR UPDATE SKIP LOCKED`: concurrent
// workers each skip the rows the others are taking instead of queueing behind them, and never
// lease the same row. Lease times are the clients' wall clocks (as in the SQLite store), so the
// machines of one tournament need synchronised clocks (NTP).
#include "tournament/pg_store.h"
#include "tournament/store_rows.h"

#include <mutex>
#include <pqxx/pqxx>

namespace arena::tournament {

const std::vector<std::string>& pg_migrations() {
  static const std::vector<std::string> m = {
      // 1: tournaments and their matches (the SQLite store's version 1; the replay is bytea).
      R"sql(
CREATE TABLE tournaments (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  game TEXT NOT NULL,
  config TEXT NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE TABLE matches (
  id BIGSERIAL PRIMARY KEY,
  tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
  idx INTEGER NOT NULL,
  round BIGINT NOT NULL,
  seed TEXT NOT NULL,
  pairing TEXT NOT NULL,
  arrangement INTEGER NOT NULL,
  seats TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'leased', 'done')),
  lease_owner TEXT,
  lease_expires_ms BIGINT,
  attempts INTEGER NOT NULL DEFAULT 0,
  result TEXT,
  verdicts TEXT,
  error TEXT,
  replay BYTEA,
  duration_ms DOUBLE PRECISION,
  finished_ms BIGINT,
  UNIQUE (tournament_id, idx)
);
CREATE INDEX matches_queue ON matches (tournament_id, state, idx);
)sql",
  };
  return m;
}

namespace {

// Any number: the advisory lock under which one client at a time migrates a database.
constexpr int64_t kMigrationLock = 0x6172656e61;  // "arena"

int64_t int_or_zero(const pqxx::field& f) {
  return f.is_null() ? 0 : f.as<int64_t>();
}
std::string text_or_empty(const pqxx::field& f) {
  return f.is_null() ? std::string() : f.as<std::string>();
}

MatchRow read_row(const pqxx::row& r) {
  MatchRow m;
  m.id = r[0].as<int64_t>();
  m.spec.index = r[1].as<int>();
  m.spec.round = r[2].as<int64_t>();
  m.spec.seed = std::stoull(r[3].as<std::string>());
  m.spec.table = r[4].as<std::string>();
  m.spec.arrangement = r[5].as<int>();
  m.spec.seats = seats_from(r[6].as<std::string>());
  m.state = parse_match_state(r[7].as<std::string>()).value_or(MatchState::queued);
  m.lease_owner = text_or_empty(r[8]);
  m.lease_expires_ms = int_or_zero(r[9]);
  m.attempts = r[10].as<int>();
  if (m.state == MatchState::done) {
    MatchResult res;
    res.result = r[11].is_null() ? Json() : Json::parse(r[11].as<std::string>());
    res.verdicts = r[12].is_null() ? Json::object() : Json::parse(r[12].as<std::string>());
    res.error = text_or_empty(r[13]);
    res.duration_ms = r[14].is_null() ? 0 : r[14].as<double>();
    m.result = std::move(res);
  }
  m.finished_ms = int_or_zero(r[15]);
  return m;
}

// The URL without its password, for messages.
std::string redacted(const std::string& url) {
  const size_t scheme = url.find("://");
  const size_t at = url.find('@');
  if (scheme == std::string::npos || at == std::string::npos || at < scheme) return url;
  const size_t colon = url.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return url;
  return url.substr(0, colon) + ":***" + url.substr(at);
}

class PgStore final : public Store {
 private:
  static pqxx::connection connect(const std::string& url) {
    try {
      return pqxx::connection(url);
    } catch (const std::exception& e) {
      throw StoreError("--db " + redacted(url) + ": cannot connect: " + e.what());
    }
  }

  static Tournament tournament_from(const pqxx::row& r) {
    return Tournament{r[0].as<int64_t>(), r[1].as<std::string>(), r[2].as<std::string>(),
                      Json::parse(r[3].as<std::string>()), r[4].as<int64_t>()};
  }

  // Runs `f` in a transaction on the connection, holding it; database errors become StoreError.
  template <typename F>
  auto locked(F&& f) {
    std::lock_guard lock(mu_);
    try {
      pqxx::work w(conn_);
      return f(w);
    } catch (const pqxx::failure& e) {
      throw StoreError(url_ + ": " + e.what());
    }
  }

  static int read_version(pqxx::work& w) {
    pqxx::row r = w.exec1("SELECT MAX(version) FROM schema_version");
    return r[0].is_null() ? 0 : r[0].as<int>();
  }

  void migrate() {
    const auto& migrations = pg_migrations();
    const int known = static_cast<int>(migrations.size());
    locked([&](pqxx::work& w) {
      // One client at a time: workers starting together against a new database migrate once.
      w.exec_params("SELECT pg_advisory_xact_lock($1)", kMigrationLock);
      w.exec(
          "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY, "
          "applied_ms BIGINT NOT NULL)");
      int v = read_version(w);
      if (v > known)
        throw StoreError(url_ + ": schema version " + std::to_string(v) +
                         " is newer than this arena knows (" + std::to_string(known) + ")");
      // PostgreSQL's DDL is transactional: all the missing migrations commit together or not
      // at all.
      for (; v < known; ++v) {
        w.exec(migrations[static_cast<size_t>(v)]);
        w.exec_params("INSERT INTO schema_version (version, applied_ms) VALUES ($1, $2)", v + 1,
                      now_ms());
      }
      w.commit();
      return 0;
    });
  }

 public:
  explicit PgStore(const std::string& url) : url_(redacted(url)), conn_(connect(url)) { migrate(); }

  int schema_version() override {
    return locked([&](pqxx::work& w) { return read_version(w); });
  }

  std::optional<Tournament> find_tournament(const std::string& name) override {
    return locked([&](pqxx::work& w) -> std::optional<Tournament> {
      pqxx::result r = w.exec_params(
          "SELECT id, name, game, config, created_ms FROM tournaments WHERE name = $1", name);
      if (r.empty()) return std::nullopt;
      return tournament_from(r[0]);
    });
  }

  Tournament create_tournament(const std::string& name, const std::string& game,
                               const Json& config) override {
    return locked([&](pqxx::work& w) {
      Tournament t{0, name, game, config, now_ms()};
      t.id = w.exec_params1(
                  "INSERT INTO tournaments (name, game, config, created_ms) VALUES ($1, $2, $3, "
                  "$4) RETURNING id",
                  name, game, config.dump(), t.created_ms)[0]
                 .as<int64_t>();
      w.commit();
      return t;
    });
  }

  void insert_matches(int64_t tid, const std::vector<MatchSpec>& matches) override {
    locked([&](pqxx::work& w) {
      for (const MatchSpec& m : matches)
        w.exec_params(
            "INSERT INTO matches (tournament_id, idx, round, seed, pairing, arrangement, seats, "
            "state) VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued') "
            "ON CONFLICT (tournament_id, idx) DO NOTHING",
            tid, m.index, m.round, std::to_string(m.seed), m.table, m.arrangement,
            seats_json(m.seats).dump());
      w.commit();
      return 0;
    });
  }

  std::optional<MatchRow> lease_next(int64_t tid, const std::string& owner,
                                     std::chrono::milliseconds lease) override {
    return locked([&](pqxx::work& w) -> std::optional<MatchRow> {
      pqxx::result r = w.exec_params(
          std::string("UPDATE matches SET state = 'leased', lease_owner = $2, "
                      "lease_expires_ms = $3, attempts = attempts + 1 WHERE id = ("
                      "SELECT id FROM matches WHERE tournament_id = $1 AND state = 'queued' "
                      "ORDER BY idx LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING ") +
              kMatchColumns,
          tid, owner, now_ms() + static_cast<int64_t>(lease.count()));
      w.commit();
      if (r.empty()) return std::nullopt;
      return read_row(r[0]);
    });
  }

  int requeue_leases(int64_t tid,
                     const std::function<bool(const std::string&, int64_t)>& stale) override {
    return locked([&](pqxx::work& w) {
      // FOR UPDATE: a result recorded meanwhile waits for this transaction, and then finds the
      // row no longer leased to its owner.
      pqxx::result r = w.exec_params(
          "SELECT id, lease_owner, lease_expires_ms FROM matches WHERE tournament_id = $1 AND "
          "state = 'leased' FOR UPDATE",
          tid);
      int back = 0;
      for (const pqxx::row& row : r) {
        const std::string owner = text_or_empty(row[1]);
        if (!stale(owner, int_or_zero(row[2]))) continue;
        back += w.exec_params(
                     "UPDATE matches SET state = 'queued', lease_owner = NULL, "
                     "lease_expires_ms = NULL WHERE id = $1 AND state = 'leased' AND "
                     "lease_owner = $2",
                     row[0].as<int64_t>(), owner)
                    .affected_rows();
      }
      w.commit();
      return back;
    });
  }

  bool renew_lease(int64_t match_id, const std::string& owner,
                   std::chrono::milliseconds lease) override {
    return locked([&](pqxx::work& w) {
      const auto changed =
          w.exec_params(
               "UPDATE matches SET lease_expires_ms = $1 WHERE id = $2 AND state = 'leased' AND "
               "lease_owner = $3",
               now_ms() + static_cast<int64_t>(lease.count()), match_id, owner)
              .affected_rows();
      w.commit();
      return changed == 1;
    });
  }

  bool record_result(int64_t match_id, const std::string& owner, const MatchResult& r) override {
    return locked([&](pqxx::work& w) {
      const pqxx::binarystring replay(r.replay.data(), r.replay.size());
      const auto changed =
          w.exec_params(
               "UPDATE matches SET state = 'done', result = NULLIF($1, ''), verdicts = $2, "
               "error = NULLIF($3, ''), replay = $4, duration_ms = $5, finished_ms = $6, "
               "lease_expires_ms = NULL WHERE id = $7 AND state = 'leased' AND lease_owner = $8",
               r.result.is_null() ? std::string() : r.result.dump(), r.verdicts.dump(), r.error,
               replay, r.duration_ms, now_ms(), match_id, owner)
              .affected_rows();
      w.commit();
      return changed == 1;
    });
  }

  std::vector<MatchRow> list_matches(int64_t tid, bool with_replays) override {
    return locked([&](pqxx::work& w) {
      pqxx::result r =
          w.exec_params(std::string("SELECT ") + kMatchColumns + (with_replays ? ", replay" : "") +
                            " FROM matches WHERE tournament_id = $1 ORDER BY idx",
                        tid);
      std::vector<MatchRow> rows;
      for (const pqxx::row& row : r) {
        rows.push_back(read_row(row));
        if (with_replays && rows.back().result && !row[16].is_null())
          rows.back().result->replay = pqxx::binarystring(row[16]).str();
      }
      return rows;
    });
  }

  MatchCounts count_matches(int64_t tid) override {
    return locked([&](pqxx::work& w) {
      pqxx::result r = w.exec_params(
          "SELECT state, error IS NOT NULL, COUNT(*) FROM matches WHERE tournament_id = $1 "
          "GROUP BY state, error IS NOT NULL",
          tid);
      MatchCounts c;
      for (const pqxx::row& row : r) {
        const std::string state = row[0].as<std::string>();
        const int n = row[2].as<int>();
        if (state == "queued") c.queued += n;
        if (state == "leased") c.leased += n;
        if (state == "done") {
          c.done += n;
          if (row[1].as<bool>()) c.failed += n;
        }
      }
      return c;
    });
  }

  std::vector<Tournament> with_work() {
    return locked([&](pqxx::work& w) {
      pqxx::result r = w.exec(
          "SELECT id, name, game, config, created_ms FROM tournaments t WHERE EXISTS (SELECT 1 "
          "FROM matches m WHERE m.tournament_id = t.id AND m.state IN ('queued', 'leased')) "
          "ORDER BY id");
      std::vector<Tournament> out;
      for (const pqxx::row& row : r) out.push_back(tournament_from(row));
      return out;
    });
  }

 private:
  std::string url_;  // for messages, without the password
  pqxx::connection conn_;
  std::mutex mu_;
};

}  // namespace

std::unique_ptr<Store> open_pg_store(const std::string& url) {
  return std::make_unique<PgStore>(url);
}

std::vector<Tournament> tournaments_with_work(Store& store) {
  auto* pg = dynamic_cast<PgStore*>(&store);
  if (!pg) throw StoreError("workers need a PostgreSQL store (--db postgresql://...)");
  return pg->with_work();
}

}  // namespace arena::tournament
