#include "tournament/sqlite_db.h"

#include <algorithm>
#include <thread>

namespace arena::tournament {

SqliteDb::SqliteDb(const std::string& path) : path_(path) {
  const int rc =
      sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot open the database " + path + ": " + msg);
  }
  // Another process (a second `run`, a `report`) may hold the write lock for a moment: wait.
  sqlite3_busy_timeout(db_, static_cast<int>(kBusyTimeout.count()));
}

SqliteDb::~SqliteDb() {
  sqlite3_close(db_);
}

void SqliteDb::exec(std::string_view sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    const std::string msg = err ? err : sqlite3_errmsg(db_);
    sqlite3_free(err);
    throw StoreError(path_ + ": " + msg);
  }
}

namespace {

// Runs a journal_mode pragma: SQLITE_ROW with the mode in force after it, or SQLite's error code.
int journal_mode(sqlite3* db, const char* sql, std::string& mode) {
  sqlite3_stmt* st = nullptr;
  int rc = sqlite3_prepare_v2(db, sql, -1, &st, nullptr);
  if (rc == SQLITE_OK) rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    const unsigned char* text = sqlite3_column_text(st, 0);
    mode = text ? reinterpret_cast<const char*>(text) : "";
  }
  sqlite3_finalize(st);
  return rc;
}

}  // namespace

// Switching to WAL needs the file to itself. When two connections switch at once, each already
// holds a shared lock and waiting could deadlock, so SQLite answers "database is locked" at once
// without its busy handler: two `tournament run`s opening one new file failed so in CI although
// the busy timeout was set. WAL is a property of the file, so it is read first (no lock taken once
// some connection has switched it) and the switch is retried with a growing pause.
void SqliteDb::use_wal(std::chrono::milliseconds budget) {
  const auto until = std::chrono::steady_clock::now() + budget;
  std::chrono::milliseconds pause{1};
  // This loop is the waiting here: SQLite's own busy handler (where it runs at all) would hold
  // each try for the whole busy timeout, past `budget`.
  sqlite3_busy_timeout(db_, 0);
  struct RestoreBusyTimeout {
    sqlite3* db;
    ~RestoreBusyTimeout() { sqlite3_busy_timeout(db, static_cast<int>(kBusyTimeout.count())); }
  } restore{db_};
  for (;;) {
    std::string mode;
    int rc = journal_mode(db_, "PRAGMA journal_mode", mode);
    if (rc == SQLITE_ROW && mode == "wal") return;
    if (rc == SQLITE_ROW) rc = journal_mode(db_, "PRAGMA journal_mode=WAL", mode);
    if (rc == SQLITE_ROW && mode == "wal") return;
    // Refused (another connection holds the file): the pragma answers the old mode or BUSY.
    const bool contended =
        rc == SQLITE_ROW || (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
    if (!contended) fail("cannot switch to WAL");
    if (std::chrono::steady_clock::now() >= until)
      throw StoreError(path_ + ": cannot switch to WAL: the database stayed locked for " +
                       std::to_string(budget.count()) + " ms");
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds{50});
  }
}

int64_t SqliteDb::changes() const {
  return sqlite3_changes(db_);
}
int64_t SqliteDb::last_insert_rowid() const {
  return sqlite3_last_insert_rowid(db_);
}

void SqliteDb::fail(const std::string& what) const {
  throw StoreError(path_ + ": " + what + ": " + sqlite3_errmsg(db_));
}

Statement::Statement(SqliteDb& db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
      SQLITE_OK)
    db.fail("cannot prepare '" + std::string(sql.substr(0, 60)) + "'");
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int i, int64_t v) {
  if (sqlite3_bind_int64(stmt_, i, v) != SQLITE_OK) db_.fail("bind");
  return *this;
}

Statement& Statement::bind(int i, const std::string& v) {
  if (sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT) !=
      SQLITE_OK)
    db_.fail("bind");
  return *this;
}

Statement& Statement::bind_blob(int i, const std::string& v) {
  if (sqlite3_bind_blob64(stmt_, i, v.data(), v.size(), SQLITE_TRANSIENT) != SQLITE_OK)
    db_.fail("bind");
  return *this;
}

Statement& Statement::bind(int i, double v) {
  if (sqlite3_bind_double(stmt_, i, v) != SQLITE_OK) db_.fail("bind");
  return *this;
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Statement& Statement::bind_null(int i) {
  if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) db_.fail("bind");
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.fail("step");
}

void Statement::run() {
  while (step()) {
  }
}

bool Statement::is_null(int col) const {
  return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}
int64_t Statement::int64(int col) const {
  return sqlite3_column_int64(stmt_, col);
}
double Statement::real(int col) const {
  return sqlite3_column_double(stmt_, col);
}

std::string Statement::text(int col) const {
  const void* p = sqlite3_column_blob(stmt_, col);
  const int n = sqlite3_column_bytes(stmt_, col);
  return p ? std::string(static_cast<const char*>(p), static_cast<size_t>(n)) : std::string();
}

Transaction::Transaction(SqliteDb& db) : db_(db) {
  db_.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      db_.exec("ROLLBACK");
    } catch (...) {
    }
  }
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace arena::tournament
