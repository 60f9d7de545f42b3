// Helpers for end-to-end tests: run the real `arena` binary, find test bots and examples.
#pragma once

#include <string>
#include <vector>

namespace arena::testing {

struct CommandResult {
  int status = -1;  // exit status, or 128+signal
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs argv (argv[0] looked up in PATH) with `input` on stdin; waits for it.
CommandResult run_command(const std::vector<std::string>& argv, const std::string& input = "");

// build/bin/arena (from $ARENA_BIN, set by ctest).
std::string arena_bin();
// A path inside the source tree ($ARENA_SOURCE_DIR).
std::string source_path(const std::string& relative);
// A fresh temporary directory for one test.
std::string temp_dir();
// True when no process with this pid exists (reaped or never existed).
bool process_gone(int pid);

}  // namespace arena::testing
