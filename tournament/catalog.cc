// Both stores hold the same schema (tournament/store_rows.h), so the queries are shared but for
// their placeholders. Each call is one read; nothing is cached, since a runner may be writing.
#include "tournament/catalog.h"

#include <filesystem>
#include <pqxx/pqxx>

#include "tournament/sqlite_db.h"

namespace arena::tournament {

namespace {

// The progress of every tournament in one pass over its matches (matches_queue covers it).
constexpr const char* kListSql =
    "SELECT t.id, t.name, t.game, t.config, t.created_ms, "
    "COALESCE(SUM(CASE WHEN m.state = 'queued' THEN 1 ELSE 0 END), 0), "
    "COALESCE(SUM(CASE WHEN m.state = 'leased' THEN 1 ELSE 0 END), 0), "
    "COALESCE(SUM(CASE WHEN m.state = 'done' THEN 1 ELSE 0 END), 0), "
    "COALESCE(SUM(CASE WHEN m.state = 'done' AND m.error IS NOT NULL THEN 1 ELSE 0 END), 0) "
    "FROM tournaments t LEFT JOIN matches m ON m.tournament_id = t.id "
    "GROUP BY t.id, t.name, t.game, t.config, t.created_ms ORDER BY t.name";

constexpr const char* kReplaySqlite =
    "SELECT state, error, replay FROM matches WHERE tournament_id = ? AND idx = ?";
constexpr const char* kReplayPg =
    "SELECT state, error, replay FROM matches WHERE tournament_id = $1 AND idx = $2";

StoredReplay stored(const std::string& state, std::string error, std::string replay) {
  return {parse_match_state(state).value_or(MatchState::queued), std::move(error),
          std::move(replay)};
}

class SqliteCatalog final : public Catalog {
 public:
  explicit SqliteCatalog(const std::string& path) : db_(existing(path)) {
    db_.exec("PRAGMA query_only = ON");
  }

  std::vector<TournamentEntry> tournaments() override {
    Statement st(db_, kListSql);
    std::vector<TournamentEntry> out;
    while (st.step()) {
      TournamentEntry e;
      e.tournament = {st.int64(0), st.text(1), st.text(2), Json::parse(st.text(3)), st.int64(4)};
      e.counts.queued = static_cast<int>(st.int64(5));
      e.counts.leased = static_cast<int>(st.int64(6));
      e.counts.done = static_cast<int>(st.int64(7));
      e.counts.failed = static_cast<int>(st.int64(8));
      out.push_back(std::move(e));
    }
    return out;
  }

  std::optional<StoredReplay> replay(int64_t tournament_id, int index) override {
    Statement st(db_, kReplaySqlite);
    st.bind(1, tournament_id).bind(2, int64_t{index});
    if (!st.step()) return std::nullopt;
    return stored(st.text(0), st.text(1), st.text(2));
  }

 private:
  // SqliteDb creates a missing file; a reader must not.
  static const std::string& existing(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
      throw StoreError("cannot open the database " + path + ": no such file");
    return path;
  }

  SqliteDb db_;
};

class PgCatalog final : public Catalog {
 public:
  explicit PgCatalog(const std::string& url) : conn_(connect(url)) {}

  std::vector<TournamentEntry> tournaments() override {
    return read([&](pqxx::read_transaction& tx) {
      std::vector<TournamentEntry> out;
      for (const pqxx::row& r : tx.exec(kListSql)) {
        TournamentEntry e;
        e.tournament = {r[0].as<int64_t>(), r[1].as<std::string>(), r[2].as<std::string>(),
                        Json::parse(r[3].as<std::string>()), r[4].as<int64_t>()};
        e.counts.queued = r[5].as<int>();
        e.counts.leased = r[6].as<int>();
        e.counts.done = r[7].as<int>();
        e.counts.failed = r[8].as<int>();
        out.push_back(std::move(e));
      }
      return out;
    });
  }

  std::optional<StoredReplay> replay(int64_t tournament_id, int index) override {
    return read([&](pqxx::read_transaction& tx) -> std::optional<StoredReplay> {
      pqxx::result r = tx.exec_params(kReplayPg, tournament_id, index);
      if (r.empty()) return std::nullopt;
      return stored(r[0][0].as<std::string>(), r[0][1].is_null() ? "" : r[0][1].as<std::string>(),
                    r[0][2].is_null() ? "" : pqxx::binarystring(r[0][2]).str());
    });
  }

 private:
  // The URL may hold a password: messages leave it out.
  static pqxx::connection connect(const std::string& url) {
    try {
      return pqxx::connection(url);
    } catch (const std::exception& e) {
      throw StoreError(std::string("cannot connect to the PostgreSQL database: ") + e.what());
    }
  }

  // f(tx) in one read-only transaction; database errors become StoreError.
  template <typename F>
  auto read(F&& f) -> decltype(f(std::declval<pqxx::read_transaction&>())) {
    try {
      pqxx::read_transaction tx(conn_);
      return f(tx);
    } catch (const pqxx::failure& e) {
      throw StoreError(std::string("the PostgreSQL database: ") + e.what());
    }
  }

  pqxx::connection conn_;
};

}  // namespace

std::unique_ptr<Catalog> open_catalog(const std::string& url) {
  if (url.rfind("postgresql://", 0) == 0 || url.rfind("postgres://", 0) == 0)
    return std::make_unique<PgCatalog>(url);
  // As open_store reads a URL: `sqlite:PATH` or a plain path.
  const std::string path = url.rfind("sqlite:", 0) == 0 ? url.substr(7) : url;
  if (path.empty() || path.find("://") != std::string::npos)
    throw StoreError("--db " + url + ": not an SQLite path nor a postgresql:// URL");
  return std::make_unique<SqliteCatalog>(path);
}

}  // namespace arena::tournament
