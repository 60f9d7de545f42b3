// Bot programs run confined (DESIGN.md "Sandbox"): under bubblewrap, in their own user, PID, IPC,
// UTS, cgroup and (for stdio games) network namespaces, seeing a read-only system (/usr, /etc,
// ...), their own program's directories read-only, a private writable scratch directory (removed
// after the match) and nothing else of the host's files; a fresh /proc that shows only their own
// processes (not the referee's command line or environment); an environment of their own. Limits
// apply to each bot: address space, CPU time, open files, file size, and processes (a pids cgroup
// where the machine offers one).
//
// bubblewrap rather than raw namespace calls: it is Debian's audited tool for exactly this (used
// by Flatpak), works without privileges where user namespaces are enabled, and its command line
// says in one place what a bot can see.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arena {

struct SandboxLimits {
  uint64_t memory_mb = 2048;  // address space (RLIMIT_AS)
  int processes = 64;         // processes and threads of one bot (pids cgroup)
  int cpu_seconds = 600;      // CPU time of each process (RLIMIT_CPU: SIGXCPU, then SIGKILL)
  int open_files = 256;       // descriptors per process (RLIMIT_NOFILE)
  uint64_t file_mb = 64;      // largest file it may write (RLIMIT_FSIZE: SIGXFSZ)
};

struct SandboxOptions {
  bool enabled = false;
  // Share the host's network namespace (never set by arena itself; for a caller that must).
  bool network = false;
  // TCP seats: the referee's port. The bot gets a network namespace of its own with a relay on
  // 127.0.0.1:relay_port inside, which reaches the seat's listener outside through the referee
  // (serve_sandbox_relay): that port and nothing else. 0: no network at all (stdio games).
  int relay_port = 0;
  SandboxLimits limits;
};

// A build with AddressSanitizer (the `sanitize` preset). ASan reserves terabytes of address space
// for its shadow memory when a program starts, so no sanitized program (the sandbox helper, the
// project's own bots) can start under RLIMIT_AS. Such a build therefore limits memory through
// ASan's allocator instead: bots get
// `ASAN_OPTIONS=...:soft_rss_limit_mb=N:allocator_may_return_null=1` (once a sanitized bot holds N
// MB, its mallocs fail, as they would under RLIMIT_AS; ASan checks the resident size about ten
// times a second, so a fast hog may pass N by a little) and no RLIMIT_AS; unsanitized bots run
// without a memory limit there (docs/sanitizers.md).
constexpr bool kSanitizedBuild =
#if defined(__SANITIZE_ADDRESS__)
    true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    true;
#else
    false;
#endif
#else
    false;
#endif

// What the machine offers: nullopt when bots can be confined, else why not (no bwrap, user
// namespaces disabled...). Checked once.
std::optional<std::string> sandbox_unavailable();

// A command line wrapped for the sandbox, prepared before the fork.
struct SandboxedCommand {
  std::vector<std::string> argv;                         // bwrap ... -- PROGRAM ARGS
  std::vector<std::pair<std::string, std::string>> env;  // what bwrap itself needs
  std::string scratch_dir;                               // created; removed by the caller
  std::string cgroup_dir;  // a pids cgroup the child joins before exec ("" = none)
  std::string error;       // why the command cannot start (as exec would say it), or ""
};

// Wraps `argv` (run with `env` added and in `working_dir`, "" = ours): resolves the program as
// execvp would (a missing program is an error here, not a bwrap message later), makes the
// scratch directory and the cgroup, and builds the bwrap command.
// `pass_pipes`: the bot's stdio pipes reach it over fd 3 through arena-sandbox-exec (bwrap keeps
// the descriptors it starts with for the bot's whole life, which would hide a bot closing its
// stdout); false for a bot with no pipes of ours (TCP games).
SandboxedCommand sandbox_command(const std::vector<std::string>& argv,
                                 const std::vector<std::pair<std::string, std::string>>& env,
                                 const std::string& working_dir, const SandboxOptions& options,
                                 bool pass_pipes);

// Where arena-sandbox-exec is: $ARENA_SANDBOX_EXEC (only it, when set: an absolute path to an
// executable regular file, else "" and sandbox_unavailable() says what is wrong with it), beside
// the running program, or in ../libexec/arena from it. "" if nowhere.
std::string sandbox_exec_path();

// The referee's side of a TCP seat's relay: when the sandbox asked (over `control`, the
// ChildProcess's control socket) for a connection, connects to 127.0.0.1:port and sends the
// socket in. Without blocking; call it while waiting for the seat's connections. False once the
// sandbox side is gone.
bool serve_sandbox_relay(int control, int port);

// Sends 1 to 3 descriptors with one byte over a Unix socket (SCM_RIGHTS), as arena-sandbox-exec
// receives them. False when the peer is gone.
bool send_fds(int socket, const int* fds, int count);

// Removes a scratch directory and a cgroup made by sandbox_command (after the bot is reaped).
void remove_sandbox_dirs(const std::string& scratch_dir, const std::string& cgroup_dir);

// What a sandboxed bot's end means: "CPU time limit of 600 s exceeded" for SIGXCPU, "file size
// limit of 64 MB exceeded" for SIGXFSZ, else "".
std::string sandbox_limit_reason(int signal, const SandboxLimits& limits);

}  // namespace arena
