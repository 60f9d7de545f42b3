// Child processes over pipes, and the guarantee that none outlives its match.
//
// Every child runs in its own process group. This process makes itself a child subreaper
// (prctl PR_SET_CHILD_SUBREAPER), so a descendant that leaves the group (setsid, double fork) is
// reparented to us when its parent dies; kill_tree() kills the group, then finds such orphans among
// our own children and kills and reaps them too. Each child's environment carries a tag that its
// descendants inherit, so that orphans of another child still running are left alone.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/clock.h"
#include "core/sandbox.h"

namespace arena {

struct ProcessOptions {
  std::vector<std::string> argv;                         // argv[0] is looked up in PATH
  std::vector<std::pair<std::string, std::string>> env;  // added to (or replacing in) our env
  std::string working_dir;                               // empty: inherit ours
  SandboxOptions sandbox;  // enabled: confined under bubblewrap, with limits (core/sandbox.h)
};

struct ExitStatus {
  bool exited = false;  // exited by itself with `code`
  int code = 0;
  int signal = 0;     // killed by this signal (when !exited)
  std::string limit;  // the sandbox limit the signal means ("CPU time limit of 600 s exceeded")
  // "exit code 3", "killed by signal 9 (SIGKILL)", "killed by signal 24 (SIGXCPU): CPU time
  // limit of 600 s exceeded".
  std::string describe() const;
};

// Keeps the first `limit` bytes written to it, and counts the rest.
class BoundedCapture {
 public:
  explicit BoundedCapture(size_t limit = 64 * 1024) : limit_(limit) {}
  void append(std::string_view bytes);
  const std::string& text() const { return text_; }
  bool truncated() const { return dropped_ > 0; }
  size_t dropped() const { return dropped_; }
  // Hands over what was kept and starts afresh with the same limit, so that the bound applies
  // from one take to the next (e.g. per turn). `truncated`, if given: whether anything written
  // since the previous take was dropped.
  std::string take(bool* truncated = nullptr);

 private:
  size_t limit_;
  std::string text_;
  size_t dropped_ = 0;
};

class ChildProcess {
 public:
  // Starts argv with stdin, stdout and stderr on pipes (all non-blocking on our side,
  // close-on-exec). When exec fails (missing or not executable), the result has start_error() set,
  // its pipes closed and its status already known (exit code 127).
  static std::unique_ptr<ChildProcess> spawn(const ProcessOptions& options);

  ~ChildProcess();  // kill_tree() if still running
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  const std::string& start_error() const { return start_error_; }

  int stdin_fd() const { return stdin_fd_; }
  int stdout_fd() const { return stdout_fd_; }
  int stderr_fd() const { return stderr_fd_; }
  void close_stdin();
  void close_stdout();
  void close_stderr();

  // Non-blocking: the exit status once the child has exited. The child is reaped only by
  // kill_tree(): until then its zombie keeps its pid, and so its process group id, from being
  // reused.
  std::optional<ExitStatus> poll_exit();
  // Waits until the child exits or the deadline passes.
  std::optional<ExitStatus> wait_exit(Deadline deadline);
  // The status, once known.
  const std::optional<ExitStatus>& status() const { return status_; }

  // SIGKILL to the child's whole process group and to every orphaned descendant reparented to us,
  // then reaps them all. Safe to call more than once.
  void kill_tree();

  // Closes stdin, waits up to grace_ms for the child to exit by itself, then kill_tree().
  ExitStatus finish(int grace_ms);

  // A sandboxed TCP bot's relay control socket (core/sandbox.h serve_sandbox_relay), or -1.
  int relay_control_fd() const { return relay_control_fd_; }
  // No more connections for the bot: its relay refuses any further one.
  void close_relay_control();

 private:
  friend std::unique_ptr<ChildProcess> spawn_detached_io(const ProcessOptions& options);
  static std::unique_ptr<ChildProcess> start(const ProcessOptions& options, bool detached_io);
  ChildProcess() = default;
  pid_t pid_ = -1;
  int stdin_fd_ = -1, stdout_fd_ = -1, stderr_fd_ = -1;
  std::string start_error_;
  std::optional<ExitStatus> status_;
  bool tree_killed_ = false;
  std::string tag_;  // ARENA_CHILD_TAG of this child and its descendants
  // Sandboxed: bwrap's exit code 128+N means its program was killed by signal N.
  void set_status(ExitStatus status);
  bool sandboxed_ = false;
  SandboxLimits limits_;
  std::string scratch_dir_, cgroup_dir_;  // removed once the child is reaped
  int relay_control_fd_ = -1;
};

// Makes this process a child subreaper (idempotent). Called by ChildProcess::spawn.
void become_subreaper();

// The paths execvp would try for `name`, in order: `name` itself when it holds a '/', else
// DIR/name for each directory of `path_var` (an empty entry: `name` in the current directory).
// One lookup for starting a program and for resolving it before it is confined.
std::vector<std::string> exec_candidates(const std::string& name, const std::string& path_var);

// Kills and reaps every child of this process that is not a live ChildProcess: descendants of our
// bots reparented to us. Spared: orphans that inherited the environment tag (ARENA_CHILD_TAG) of
// a ChildProcess whose tree is not killed yet, so that one match's cleanup never kills what a bot
// of another match running in parallel left detached; its own kill_tree() does. Returns how many
// it killed.
int kill_orphans();

// On interruption (Ctrl-C, SIGTERM): SIGKILL to every live child's process group and to every
// descendant reparented to us, sparing none. The ChildProcess objects still reap their own child
// later. Returns how many processes it signalled.
int kill_all_children();

// Starts a process with no pipes of ours (stdin from /dev/null, output inherited): used to start
// bots that talk over TCP. Same process-group and cleanup guarantees.
std::unique_ptr<ChildProcess> spawn_detached_io(const ProcessOptions& options);

}  // namespace arena
