// A private PostgreSQL server for one test: initdb in a fresh temporary directory, the server
// listening only on a unix socket in that directory (no TCP port, so tests never collide), trust
// authentication, stopped and removed with the object. The system's configuration is not touched.
// PostgreSQL refuses to run as root: under root the server runs as the unprivileged user `nobody`
// (setpriv), in a directory owned by it.
#pragma once

#include <memory>
#include <string>

namespace arena::testing {

class PgServer {
 public:
  // Starts a server; nullptr with `why` set when the PostgreSQL binaries are not installed
  // (/usr/lib/postgresql/<version>/bin, or $ARENA_PG_BINDIR). Throws when they are there but the
  // server cannot be started (the message carries the server's log).
  static std::unique_ptr<PgServer> start(std::string& why);
  ~PgServer();
  PgServer(const PgServer&) = delete;
  PgServer& operator=(const PgServer&) = delete;

  // A libpq URL of database `db` (created on first use by create_database).
  std::string url(const std::string& db = "postgres") const;
  // CREATE DATABASE `db`; returns url(db).
  std::string create_database(const std::string& db);
  // Runs one SQL statement through psql on database `db`; its output (tuples only, unaligned).
  std::string psql(const std::string& db, const std::string& sql);

 private:
  PgServer() = default;
  std::string bindir_, dir_;
  int port_ = 0;
};

}  // namespace arena::testing
