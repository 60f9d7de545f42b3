#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "cli/commands.h"

namespace arena::cli {

// The benchmarks are a Google Benchmark program beside this one (build/bin/arena_bench); `arena
// bench GAME` runs it with the game's filter, so the figures come from one well-known harness.
int cmd_bench(const std::string& game_name, const std::vector<std::string>& extra) {
  // Besides the games, the platform's own hot path: the event hub.
  const bool platform = game_name == "hub";
  if (!platform && !find_game_or_complain(game_name)) return kUsage;
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  auto bench = self.parent_path() / "arena_bench";
  if (ec || !std::filesystem::exists(bench)) {
    std::cerr << "arena: benchmark program not found at " << bench.string() << "\n";
    return kFailure;
  }
  std::vector<std::string> args = {bench.string(), "--benchmark_filter=^" + game_name + "/"};
  for (const auto& e : extra) args.push_back(e);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  execv(argv[0], argv.data());
  std::cerr << "arena: cannot run " << bench.string() << "\n";
  return kFailure;
}

}  // namespace arena::cli
