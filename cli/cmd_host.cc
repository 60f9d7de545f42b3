#include <iostream>

#include "cli/commands.h"

namespace arena::cli {

// The game's own server (TCP games): it waits for external clients, as the seeds' servers do.
int cmd_host(const std::string& game_name, const std::vector<std::string>& param_words,
             HostArgs args) {
  const GameInfo* game = find_game_or_complain(game_name);
  if (!game) return kUsage;
  if (!game->host) {
    std::cerr << "arena: " << game->name << " has no server to host (transport: " << game->transport
              << ")\n";
    return kUsage;
  }
  auto params = parse_host_params(*game, param_words);
  if (auto* err = std::get_if<std::string>(&params)) {
    std::cerr << "arena: " << *err << "\n";
    return kUsage;
  }
  args.params = std::move(std::get<ParamValues>(params));
  return game->host(args);
}

}  // namespace arena::cli
