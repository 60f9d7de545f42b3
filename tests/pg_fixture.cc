#include "tests/pg_fixture.h"

#include <pwd.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "tests/test_util.h"

namespace arena::testing {

namespace {

namespace fs = std::filesystem;

// The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl, or "".
std::string find_bindir() {
  if (const char* env = std::getenv("ARENA_PG_BINDIR"))
    return fs::exists(fs::path(env) / "initdb") ? env : "";
  std::string best;
  int best_version = -1;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
    const fs::path bin = entry.path() / "bin";
    if (!fs::exists(bin / "initdb") || !fs::exists(bin / "pg_ctl")) continue;
    int version = std::atoi(entry.path().filename().c_str());
    if (version > best_version) {
      best_version = version;
      best = bin.string();
    }
  }
  return best;
}

// argv run as the server's user (nobody when we are root) with `dir` as working directory.
std::vector<std::string> as_server_user(const std::string& dir, std::vector<std::string> argv) {
  std::vector<std::string> out;
  if (geteuid() == 0) {
    const passwd* pw = getpwnam("nobody");
    if (!pw) throw std::runtime_error("pg_fixture: running as root and there is no user nobody");
    out = {"setpriv", "--reuid=" + std::to_string(pw->pw_uid),
           "--regid=" + std::to_string(pw->pw_gid), "--clear-groups"};
  }
  out.insert(out.end(), {"sh", "-c", "cd \"$0\" && exec \"$@\"", dir});
  out.insert(out.end(), argv.begin(), argv.end());
  return out;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

std::unique_ptr<PgServer> PgServer::start(std::string& why) {
  const std::string bindir = find_bindir();
  if (bindir.empty()) {
    why =
        "PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb; Debian package "
        "postgresql, or set ARENA_PG_BINDIR)";
    return nullptr;
  }
  std::unique_ptr<PgServer> s(new PgServer);
  s->bindir_ = bindir;
  s->dir_ = temp_dir();
  // Any number: with no TCP listener it only names the socket file in our own directory.
  s->port_ = 5432;
  if (geteuid() == 0) {
    const passwd* pw = getpwnam("nobody");
    if (!pw || chown(s->dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0)
      throw std::runtime_error("pg_fixture: cannot give " + s->dir_ + " to nobody");
  }
  const std::string data = s->dir_ + "/data";
  auto init = run_command(
      as_server_user(s->dir_, {bindir + "/initdb", "-D", data, "-U", "arena", "--auth=trust", "-E",
                               "UTF8", "--locale=C", "--no-sync", "--no-instructions"}));
  if (init.status != 0)
    throw std::runtime_error("pg_fixture: initdb failed (" + std::to_string(init.status) +
                             "): " + init.err + init.out);
  // fsync off: a test server holds nothing worth keeping through a power loss.
  auto started = run_command(
      as_server_user(s->dir_, {bindir + "/pg_ctl", "-D", data, "-l", s->dir_ + "/log", "-w", "-o",
                               "-c listen_addresses='' -k " + s->dir_ + " -p " +
                                   std::to_string(s->port_) + " -c fsync=off -c max_connections=50",
                               "start"}));
  if (started.status != 0)
    throw std::runtime_error("pg_fixture: pg_ctl start failed: " + started.err + started.out +
                             slurp(s->dir_ + "/log"));
  return s;
}

PgServer::~PgServer() {
  run_command(as_server_user(
      dir_, {bindir_ + "/pg_ctl", "-D", dir_ + "/data", "-m", "immediate", "-w", "stop"}));
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

std::string PgServer::url(const std::string& db) const {
  return "postgresql://arena@/" + db + "?host=" + dir_ + "&port=" + std::to_string(port_);
}

std::string PgServer::psql(const std::string& db, const std::string& sql) {
  auto r = run_command({bindir_ + "/psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-d",
                        url(db), "-c", sql});
  if (r.status != 0) throw std::runtime_error("pg_fixture: psql " + sql + ": " + r.err);
  return r.out;
}

std::string PgServer::create_database(const std::string& db) {
  psql("postgres", "CREATE DATABASE " + db);
  return url(db);
}

}  // namespace arena::testing
