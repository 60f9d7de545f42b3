// A thin RAII layer over SQLite's C API: a connection, prepared statements with typed binds and
// columns, and errors as StoreError with SQLite's own message.
#pragma once

#include <sqlite3.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "tournament/store.h"

namespace arena::tournament {

class SqliteDb;

// How long one operation waits for another connection (a second `run`, a `report`) to let go.
inline constexpr std::chrono::milliseconds kBusyTimeout{10000};

class Statement {
 public:
  Statement(SqliteDb& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binds are 1-based, as in SQLite.
  Statement& bind(int i, int64_t v);
  Statement& bind(int i, const std::string& v);
  Statement& bind_blob(int i, const std::string& v);
  Statement& bind(int i, double v);
  Statement& bind_null(int i);
  // Ready to bind and run again.
  void reset();
  // Steps once: true while a row is available.
  bool step();
  // Runs to completion (an INSERT, UPDATE, DELETE).
  void run();

  bool is_null(int col) const;
  int64_t int64(int col) const;
  double real(int col) const;
  std::string text(int col) const;  // "" for NULL; blobs too

 private:
  SqliteDb& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteDb {
 public:
  explicit SqliteDb(const std::string& path);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  void exec(std::string_view sql);  // one or more statements without results
  // Puts the file in WAL mode, waiting up to `budget` for other connections that hold it.
  void use_wal(std::chrono::milliseconds budget);
  int64_t changes() const;
  int64_t last_insert_rowid() const;
  [[noreturn]] void fail(const std::string& what) const;  // StoreError with SQLite's message
  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back if not committed (an exception on the way).
class Transaction {
 public:
  explicit Transaction(SqliteDb& db);
  ~Transaction();
  void commit();

 private:
  SqliteDb& db_;
  bool done_ = false;
};

}  // namespace arena::tournament
