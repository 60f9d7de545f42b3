#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "server/server.h"
#include "server/tournament_db.h"

namespace arena::cli {

namespace {

// `arena tournament` writes arena.db by default, so `serve` run in the same directory shows its
// tournaments without a flag. Without --db and without that file there are no tournament pages.
std::optional<std::string> tournament_db(const ServeArgs& a) {
  if (a.db) return a.db;
  std::error_code ec;
  if (std::filesystem::is_regular_file("arena.db", ec)) return "arena.db";
  return std::nullopt;
}

}  // namespace

int cmd_serve(const ServeArgs& a) {
  server::ServeOptions o;
  o.bind = a.bind;
  o.port = a.port;
  o.replays_dir = a.replays_dir;
  std::error_code ec;
  if (!std::filesystem::is_directory(o.replays_dir, ec)) {
    std::cerr << "arena: --replays " << o.replays_dir << ": not a directory\n";
    return kUsage;
  }
  // Opened now, so that a database that cannot be read stops here with the reason rather than
  // failing in every page.
  if (auto db = tournament_db(a)) {
    try {
      o.tournaments = std::make_shared<server::TournamentDb>(*db);
    } catch (const std::exception& e) {
      std::cerr << "arena: serve: " << e.what()
                << (a.db ? "\n" : " (arena.db of the current directory; --db names another)\n");
      return kUsage;
    }
  }
  server::Server server(o);
  int port = 0;
  try {
    port = server.listen();
  } catch (const std::exception& e) {
    std::cerr << "arena: " << e.what() << "\n";
    return kFailure;
  }
  // An IPv6 address is written in brackets in a URL.
  const std::string host = o.bind.find(':') != std::string::npos ? "[" + o.bind + "]" : o.bind;
  const std::string url = "http://" + host + ":" + std::to_string(port) + "/";
  std::cout << "arena: serving on " << url << std::endl;
  if (o.tournaments) std::cout << "arena: tournaments at " << url << "tournaments" << std::endl;
  server.run();
  return kOk;
}

}  // namespace arena::cli
