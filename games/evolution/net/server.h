// xserver (spec §8.3) as a function, shared by the xserver executable and `arena host evolution`:
// sign-ups (§8.4), one game with a proxy player per client, the ranking lines of xmain on stdout,
// all connections closed. Sign-up problems and ejections are logged on stderr.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "games/evolution/rule_set.h"

namespace arena::evolution {

struct ServerOptions {
  std::string host;  // "" = every interface
  int port = 45678;
  uint32_t seed = 0;
  Variant variant;  // --rules, --deck
  int time_ms = 1000;
  double signup_window_s = 10;
  std::string replay_path;          // "" = none
  std::string program = "xserver";  // prefix of log lines
};

// Returns the exit status: 0 after a game, 1 when the server cannot listen or accept. With port 0
// the system picks a free port; the "listening on port N" log line tells which.
int run_server(const ServerOptions& options, std::ostream& out, std::ostream& err);

// Parses xserver's command line (`--port P --seed S --timeout-ms T --signup-window-s W`, and
// `--time-ms` / `--replay FILE` as `arena host` spells them, and `--rules spec|instructor`,
// `--deck shuffled|unshuffled`). nullopt after printing a usage
// message to `err`.
std::optional<ServerOptions> parse_server_args(const std::vector<std::string>& args,
                                               std::ostream& err);

}  // namespace arena::evolution
