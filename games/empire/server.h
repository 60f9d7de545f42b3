// The Empire Builder server of spec §9.1–§9.3 on the event hub: one listener; every connection
// gets the banner and is a console until it registers; the game starts from a console or at
// `autostart` registrations; while one player's answer is awaited, console commands and every
// other player's lines are served (hub.next). `eb-server` and `arena host empire` run it.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "games/empire/table.h"

namespace arena::empire {

struct ServerConfig {
  std::string map_name = "simple-game";
  int port = 0;
  std::string host = "127.0.0.1";
  TableOptions table;  // settings, limits, query timeout (names come from registration)
  bool seed_random = false;
  int min_players = 2;
  int max_players = 6;
  int autostart = 0;
  std::string record_path;  // "" = none
  // Told the port once listening (tests that run the server in a thread), besides the stdout line.
  std::function<void(int port)> on_listening;
};

// The `name=value` settings of §9.2 into `config` (map and port are set by the caller). Returns
// the error ("seed: must be ...") or nullopt.
std::optional<std::string> apply_setting(ServerConfig& config, const std::string& word);
// Every setting name of §9.2, for the arena's host parameters.
const std::vector<std::string>& setting_names();

// Loads the map, listens, prints (LISTENING port) on `out`, plays one game and prints its
// GAME-OVER line. Exit status: 0 after a game, 2 for a map error, 1 when it cannot listen.
int run_server(ServerConfig config, std::ostream& out, std::ostream& err);

// `eb-server MAP PORT [name=value ...]` (status 64 for a usage error).
int server_main(const std::vector<std::string>& args, const std::string& program);

// §5.4: 1..32 letters, digits, '-', '_', '.'.
bool valid_name(const std::string& name);

}  // namespace arena::empire
