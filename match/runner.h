// One match and many: from command-line words to a MatchSetup, the game's referee, and the JSON
// shapes of DESIGN.md (`play --json`, `eval --json`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/registry.h"

namespace arena {

// What `play` and `eval` take from the command line, before validation.
struct MatchArgs {
  std::vector<std::string> param_words;  // k=v
  std::vector<std::string> seat_args;    // ROLE=SPEC
  std::vector<std::string> mode_args;    // ROLE=MODE
  std::optional<std::string> seed;       // decimal text
  std::optional<int> time_ms;
  std::string sandbox = "bwrap";    // --sandbox bwrap|none
  std::vector<std::string> limits;  // --limit NAME=VALUE
};

// Parses `--sandbox` and `--limit NAME=VALUE` words into `out` (enabled for bwrap), over the
// limits `out` holds already (the game's defaults); the error line, or nullopt. Names:
// memory_mb, processes, cpu_s, open_files, file_mb. A limit with `--sandbox none` is an error.
std::optional<std::string> parse_sandbox(const std::string& mode,
                                         const std::vector<std::string>& limits,
                                         SandboxOptions& out);

// Validates everything and builds the setup; the error is a usage error (exit status 2).
std::variant<MatchSetup, std::string> build_setup(const GameInfo& game, const MatchArgs& args);

// Parses a decimal seed in 0..2^64-1.
std::optional<uint64_t> parse_seed(const std::string& text);

// `play --json`: game, seed, scores, winner, result.
Json play_json(const GameInfo& game, const MatchSetup& setup, const MatchOutcome& outcome);

// `eval --json`: games, seed, roles (mean, ci95, win_rate, scores), plus the game's own figures.
Json eval_json(const GameInfo& game, const MatchSetup& setup,
               const std::vector<MatchOutcome>& outcomes);

// A role won a game when the winner is the role itself or a group the role belongs to.
bool role_won(const GameInfo& game, const std::string& role, const MatchOutcome& outcome);

}  // namespace arena
