// Helpers for end-to-end tests: run the real `arena` binary, find test bots and examples.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/clock.h"
#include "core/process.h"

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
// Runs `arena ARGS...` with `input` on stdin.
CommandResult run_arena(std::vector<std::string> args, const std::string& input = "");
// A path inside the source tree ($ARENA_SOURCE_DIR).
std::string source_path(const std::string& relative);
// A fresh temporary directory for one test.
std::string temp_dir();
// Writes `text` to `path` as an executable script (a test's bot program); returns `path`.
std::string write_script(const std::string& path, const std::string& text);
// True when no process with this pid exists (reaped or never existed).
bool process_gone(int pid);
// Reads one line from a FIFO opened with O_RDWR | O_NONBLOCK (so that it always has a writer and
// poll() waits for data alone), waiting up to 60 s; "" if none came. A test's bots tell it what
// they do through such FIFOs, so that the test waits for events, not for the clock.
std::string read_fifo_line(int fd);

// A program started for a test (stdin closed), its stdout and stderr collected as they come; its
// process tree is killed when the object goes.
class Proc {
 public:
  explicit Proc(std::vector<std::string> argv);
  ~Proc();
  Proc(const Proc&) = delete;
  Proc& operator=(const Proc&) = delete;
  // Reads until stderr holds `text` (true), or the program ends or 20 s pass (false).
  bool wait_err(const std::string& text);
  // The same for stdout.
  bool wait_out(const std::string& text);
  // Reads both pipes to the end, then returns the exit code (-1 if it did not exit by itself).
  int finish();
  const std::string& out() const { return out_; }
  const std::string& err() const { return err_; }

 private:
  // One poll over both pipes; false once both are at EOF or time is out.
  bool pump(Deadline deadline);
  std::unique_ptr<ChildProcess> p_;
  std::string out_, err_;
};

}  // namespace arena::testing
