#include <iostream>

#include "cli/commands.h"

namespace arena::cli {

int cmd_bot(const std::string& game_name, const std::string& name, const BotArgs& args) {
  const GameInfo* game = find_game_or_complain(game_name);
  if (!game) return kUsage;
  bool known = false;
  for (const BotInfo& b : game->bots) known = known || b.name == name;
  if (!known || !game->run_bot) {
    std::string names;
    for (const BotInfo& b : game->bots) names += (names.empty() ? "" : ", ") + b.name;
    std::cerr << "arena: " << game->name << " has no bot '" << name << "' (bots: " << names
              << ")\n";
    return kUsage;
  }
  if (auto error = check_bot_args(*game, args.extra)) {
    std::cerr << "arena: bot " << game->name << " " << name << ": " << *error << "\n";
    return kUsage;
  }
  return game->run_bot(name, args);
}

}  // namespace arena::cli
