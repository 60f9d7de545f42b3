#include <iostream>

#include "cli/commands.h"

namespace arena::cli {

namespace {

// Builds the setup or prints the usage error; nullopt means "exit 2".
std::optional<MatchSetup> setup_or_complain(const GameInfo& game, const MatchArgs& args) {
  auto setup = build_setup(game, args);
  if (auto* err = std::get_if<std::string>(&setup)) {
    std::cerr << "arena: " << *err << "\n";
    return std::nullopt;
  }
  return std::get<MatchSetup>(std::move(setup));
}

}  // namespace

int cmd_play(const PlayOptions& o) {
  const GameInfo* game = find_game_or_complain(o.game);
  if (!game) return kUsage;
  auto setup = setup_or_complain(*game, o.match);
  if (!setup) return kUsage;
  MatchOutcome outcome;
  try {
    outcome = game->play(*setup);
  } catch (const UsageError& e) {
    std::cerr << "arena: " << e.what() << "\n";
    return kUsage;
  }
  if (!o.replay_path.empty()) write_file(o.replay_path, outcome.replay.to_jsonl());
  if (o.json) {
    std::cout << play_json(*game, *setup, outcome).dump() << "\n";
  } else {
    std::cout << outcome.summary;
    if (!outcome.summary.empty() && outcome.summary.back() != '\n') std::cout << "\n";
    if (!o.replay_path.empty() && o.replay_path != "-")
      std::cout << "replay: " << o.replay_path << "\n";
    // A drawn seed is the only way to play the match again: say it (JSON always carries it).
    if (!setup->seed_given) std::cout << "seed: " << setup->seed << " (drawn)\n";
  }
  return kOk;
}

int cmd_eval(const PlayOptions& o) {
  const GameInfo* game = find_game_or_complain(o.game);
  if (!game) return kUsage;
  auto setup = setup_or_complain(*game, o.match);
  if (!setup) return kUsage;
  std::vector<MatchOutcome> outcomes;
  try {
    outcomes = run_eval(*game, *setup, o.games, o.jobs);
  } catch (const UsageError& e) {
    std::cerr << "arena: " << e.what() << "\n";
    return kUsage;
  }
  Json j = eval_json(*game, *setup, outcomes);
  if (o.json) {
    std::cout << j.dump() << "\n";
    return kOk;
  }
  std::cout << game->name << ": " << o.games << " games from seed " << setup->seed << "\n";
  for (auto& [role, r] : j["roles"].items()) {
    std::cout << "  " << role << ": mean " << r["mean"].get<double>() << ", 95% CI ["
              << r["ci95"][0].get<double>() << ", " << r["ci95"][1].get<double>() << "], win rate "
              << r["win_rate"].get<double>() << "\n";
  }
  for (auto& [key, value] : j.items()) {
    if (key != "game" && key != "games" && key != "seed" && key != "roles")
      std::cout << "  " << key << ": " << value.dump() << "\n";
  }
  return kOk;
}

}  // namespace arena::cli
