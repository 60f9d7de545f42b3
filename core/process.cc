#include "core/process.h"

#include <dirent.h>
#include <fcntl.h>
#include <linux/close_range.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_set>
#include <utility>

extern char** environ;

namespace arena {
namespace {

// Pids of live ChildProcess children (spawned and not yet reaped). kill_orphans() leaves these
// alone. Every fork of ours registers its child while holding the mutex, and every scan holds it
// too, so a scan can never mistake a child forked an instant ago for an orphan.
std::mutex& registry_mutex() {
  static std::mutex mu;
  return mu;
}
std::unordered_set<pid_t>& registry() {
  static std::unordered_set<pid_t> pids;
  return pids;
}

// Tags of the ChildProcesses whose trees are not killed yet (guarded by registry_mutex()). Each
// child gets its tag in the environment variable kTagVariable, and its descendants inherit it; an
// orphan carrying a live tag belongs to another match's running bot and is left to that bot's
// kill_tree(). Orphans without a live tag (their child's tree was killed, or they scrubbed their
// environment) are killed by any scan, so nothing outlives its match.
std::unordered_set<std::string>& live_tags() {
  static std::unordered_set<std::string> tags;
  return tags;
}
constexpr std::string_view kTagVariable = "ARENA_CHILD_TAG";

std::string new_tag() {
  static std::atomic<uint64_t> next{0};
  return std::to_string(getpid()) + "-" + std::to_string(next.fetch_add(1));
}

// The tag in a process's initial environment (/proc/PID/environ), or "" if none or unreadable.
std::string tag_of(long pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%ld/environ", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  std::string env;
  char buf[16 * 1024];
  for (ssize_t n; env.size() < (1u << 20) && (n = read(fd, buf, sizeof buf)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    env.append(buf, static_cast<size_t>(n));
  }
  close(fd);
  const std::string prefix = std::string(kTagVariable) + "=";
  for (size_t at = 0; at < env.size();) {
    size_t end = env.find('\0', at);
    if (end == std::string::npos) end = env.size();
    if (env.compare(at, prefix.size(), prefix) == 0)
      return env.substr(at + prefix.size(), end - at - prefix.size());
    at = end + 1;
  }
  return {};
}

void ignore_sigpipe_once() {
  static std::once_flag once;
  std::call_once(once, [] { signal(SIGPIPE, SIG_IGN); });
}

std::string errno_text(int err) {
  return std::strerror(err);
}

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Pipe ends must not be 0, 1 or 2: the child dup2()s onto those and would clobber them.
int above_stdio(int fd) {
  if (fd < 0 || fd > 2) return fd;
  int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  close(fd);
  return moved;
}

bool make_pipe(int fds[2]) {
  if (pipe2(fds, O_CLOEXEC) != 0) return false;
  fds[0] = above_stdio(fds[0]);
  fds[1] = above_stdio(fds[1]);
  return fds[0] >= 0 && fds[1] >= 0;
}

void set_nonblocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

ExitStatus status_from_siginfo(const siginfo_t& info) {
  ExitStatus s;
  if (info.si_code == CLD_EXITED) {
    s.exited = true;
    s.code = info.si_status;
  } else {
    s.signal = info.si_status;
  }
  return s;
}

// Everything the child needs, prepared before fork: after fork only async-signal-safe calls.
struct ExecPlan {
  bool sandboxed = false;
  int pass_fds_socket = -1;  // sandboxed: our end of the socket the pipes travel over
  SandboxLimits limits;
  std::string cgroup_procs;  // the pids cgroup's cgroup.procs ("" = none)
  std::vector<std::string> env_strings;
  std::vector<char*> envp;
  std::vector<char*> argv;
  std::vector<std::string> candidates;  // paths to try with execve, in order
};

// `inherit`: our environment plus options.env; else options.env alone (bwrap, whose own
// environment a confined bot could read in /proc/1/environ).
void build_plan(const ProcessOptions& options, ExecPlan& plan, bool inherit = true) {
  for (char** e = environ; inherit && e && *e; ++e) {
    std::string_view entry(*e);
    bool replaced = false;
    for (const auto& [key, value] : options.env) {
      if (entry.size() > key.size() && entry.substr(0, key.size()) == key &&
          entry[key.size()] == '=') {
        replaced = true;
      }
    }
    if (!replaced) plan.env_strings.emplace_back(entry);
  }
  std::string path = "/usr/local/bin:/usr/bin:/bin";
  for (const auto& [key, value] : options.env) plan.env_strings.push_back(key + "=" + value);
  for (const auto& s : plan.env_strings) {
    if (s.rfind("PATH=", 0) == 0) path = s.substr(5);
  }
  for (auto& s : plan.env_strings) plan.envp.push_back(s.data());
  plan.envp.push_back(nullptr);
  for (const auto& a : options.argv) plan.argv.push_back(const_cast<char*>(a.c_str()));
  plan.argv.push_back(nullptr);

  plan.candidates = exec_candidates(options.argv[0], path);
}

}  // namespace

std::vector<std::string> exec_candidates(const std::string& name, const std::string& path_var) {
  if (name.find('/') != std::string::npos) return {name};
  std::vector<std::string> out;
  size_t begin = 0;
  while (begin <= path_var.size()) {
    size_t end = path_var.find(':', begin);
    if (end == std::string::npos) end = path_var.size();
    std::string dir = path_var.substr(begin, end - begin);
    out.push_back(dir.empty() ? name : dir + "/" + name);  // "" means the current dir
    begin = end + 1;
  }
  return out;
}

namespace {

// The child's failure report through the error pipe: which step failed, and errno.
struct ChildError {
  int step;  // 0: exec, 1: chdir, 2: /dev/null
  int err;
};

[[noreturn]] void child_fail(int error_fd, int step, int err) {
  ChildError e{step, err};
  ssize_t ignored = write(error_fd, &e, sizeof e);
  (void)ignored;
  _exit(127);
}

// Runs in the forked child: only async-signal-safe calls from here on.
[[noreturn]] void run_child(const ExecPlan& plan, const char* working_dir, int in_fd, int out_fd,
                            int err_fd, int error_fd, bool detached_io) {
  setpgid(0, 0);
  if (plan.sandboxed) {
    // Limits are inherited through bwrap by the bot and everything it starts. CPU: SIGXCPU at
    // the soft limit (a verdict that names it), SIGKILL a second later.
    auto limit = [](int resource, rlim_t soft, rlim_t hard) {
      rlimit r{soft, hard};
      setrlimit(resource, &r);
    };
    if (!kSanitizedBuild)
      limit(RLIMIT_AS, plan.limits.memory_mb << 20, plan.limits.memory_mb << 20);
    limit(RLIMIT_CPU, static_cast<rlim_t>(plan.limits.cpu_seconds),
          static_cast<rlim_t>(plan.limits.cpu_seconds) + 1);
    limit(RLIMIT_NOFILE, static_cast<rlim_t>(plan.limits.open_files),
          static_cast<rlim_t>(plan.limits.open_files));
    limit(RLIMIT_FSIZE, plan.limits.file_mb << 20, plan.limits.file_mb << 20);
    limit(RLIMIT_CORE, 0, 0);
    if (!plan.cgroup_procs.empty()) {
      // Join the pids cgroup before exec: every process the bot starts is counted.
      int fd = open(plan.cgroup_procs.c_str(), O_WRONLY);
      if (fd >= 0) {
        char digits[24];
        int n = 0;
        for (pid_t v = getpid(); v > 0; v /= 10) digits[n++] = static_cast<char>('0' + v % 10);
        char text[24];
        for (int i = 0; i < n; ++i) text[i] = digits[n - 1 - i];
        ssize_t ignored = write(fd, text, static_cast<size_t>(n));
        (void)ignored;
        close(fd);
      }
    }
  }
  // Ignored signals and the blocked mask survive exec: give the program a clean slate.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  for (int sig = 1; sig < NSIG; ++sig) sigaction(sig, &dfl, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);

  if (plan.pass_fds_socket >= 0) {
    // Sandboxed: bwrap gets /dev/null for stdin and stdout, and keeps them all the bot's life;
    // the bot's own pipes travel over the socket on fd 3 (arena-sandbox-exec). bwrap's own
    // messages (a failed bind) go to the bot's stderr pipe.
    int null_fd = open("/dev/null", O_RDWR);
    if (null_fd < 0) child_fail(error_fd, 2, errno);
    dup2(null_fd, 0);
    dup2(null_fd, 1);
    dup2(err_fd, 2);
    if (null_fd > 2) close(null_fd);
  } else if (detached_io) {
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd < 0) child_fail(error_fd, 2, errno);
    if (null_fd != 0) {
      dup2(null_fd, 0);
      close(null_fd);
    }
  } else {
    // The pipe ends are all above 2 (above_stdio), so these dup2()s cannot clobber each other;
    // dup2 clears close-on-exec on the copies.
    dup2(in_fd, 0);
    dup2(out_fd, 1);
    dup2(err_fd, 2);
  }
  // Descriptors another library opened without close-on-exec (a listening socket, another match's
  // pipes) must not leak into the bot. Failure (kernel before 5.11) leaves them as they are.
  syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC);
  if (plan.pass_fds_socket >= 0) {
    // fd 3, without close-on-exec, for arena-sandbox-exec (dup2 clears the flag; fcntl when the
    // socket already is fd 3).
    if (plan.pass_fds_socket == 3)
      fcntl(3, F_SETFD, 0);
    else
      dup2(plan.pass_fds_socket, 3);
  }
  if (working_dir[0] != '\0' && chdir(working_dir) != 0) child_fail(error_fd, 1, errno);

  int best_err = ENOENT;
  for (const auto& path : plan.candidates) {
    execve(path.c_str(), plan.argv.data(), plan.envp.data());
    // Like execvp: a permission problem is more telling than a later "not found".
    if (errno == EACCES)
      best_err = EACCES;
    else if (errno != ENOENT && errno != ENOTDIR && best_err != EACCES)
      best_err = errno;
  }
  child_fail(error_fd, 0, best_err);
}

// Reaps `pid` (already exited or killed) and forgets it, under the registry mutex so the pid cannot
// be reused by a concurrent fork between the reap and the unregister.
std::optional<ExitStatus> reap(pid_t pid, bool block) {
  if (block) {
    // Wait without reaping outside the mutex (a dying process may take a moment), then reap.
    siginfo_t info{};
    while (waitid(P_PID, pid, &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
    }
  }
  std::lock_guard lock(registry_mutex());
  int raw = 0;
  pid_t r;
  while ((r = waitpid(pid, &raw, block ? 0 : WNOHANG)) < 0 && errno == EINTR) {
  }
  if (r == 0) return std::nullopt;
  registry().erase(pid);
  if (r < 0) return ExitStatus{};  // someone else reaped it; the status is lost
  ExitStatus s;
  if (WIFEXITED(raw)) {
    s.exited = true;
    s.code = WEXITSTATUS(raw);
  } else if (WIFSIGNALED(raw)) {
    s.signal = WTERMSIG(raw);
  }
  return s;
}

}  // namespace

std::string ExitStatus::describe() const {
  if (exited) return "exit code " + std::to_string(code);
  if (signal == 0) return "exit status unknown";
  const char* abbrev = sigabbrev_np(signal);
  std::string s = "killed by signal " + std::to_string(signal);
  if (abbrev) s += std::string(" (SIG") + abbrev + ")";
  if (!limit.empty()) s += ": " + limit;
  return s;
}

void BoundedCapture::append(std::string_view bytes) {
  size_t room = text_.size() < limit_ ? limit_ - text_.size() : 0;
  size_t take = std::min(room, bytes.size());
  text_.append(bytes.substr(0, take));
  dropped_ += bytes.size() - take;
}

std::string BoundedCapture::take(bool* truncated) {
  if (truncated) *truncated = dropped_ > 0;
  dropped_ = 0;
  return std::exchange(text_, {});
}

void become_subreaper() {
  static std::once_flag once;
  std::call_once(once, [] { prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); });
}

int kill_orphans() {
  const pid_t self = getpid();
  int killed = 0;
  // Killing one orphan reparents its own children to us: scan again until a scan finds none.
  for (;;) {
    std::vector<pid_t> found;
    std::lock_guard lock(registry_mutex());
    DIR* dir = opendir("/proc");
    if (!dir) return killed;
    while (dirent* entry = readdir(dir)) {
      char* end = nullptr;
      long pid = std::strtol(entry->d_name, &end, 10);
      if (pid <= 0 || *end != '\0') continue;
      char path[64];
      std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
      int fd = open(path, O_RDONLY | O_CLOEXEC);
      if (fd < 0) continue;  // gone meanwhile
      char buf[512];
      ssize_t n = read(fd, buf, sizeof buf - 1);
      close(fd);
      if (n <= 0) continue;
      buf[n] = '\0';
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so use the last ')'.
      char* paren = std::strrchr(buf, ')');
      if (!paren) continue;
      char state = 0;
      long ppid = 0;
      if (std::sscanf(paren + 1, " %c %ld", &state, &ppid) != 2) continue;
      if (ppid == self && !registry().count(static_cast<pid_t>(pid)) &&
          !live_tags().count(tag_of(pid))) {
        found.push_back(static_cast<pid_t>(pid));
      }
    }
    closedir(dir);
    if (found.empty()) return killed;
    for (pid_t pid : found) {
      kill(pid, SIGKILL);
      int raw;
      while (waitpid(pid, &raw, 0) < 0 && errno == EINTR) {
      }
      ++killed;
    }
  }
}

int kill_all_children() {
  std::vector<pid_t> live;
  {
    std::lock_guard lock(registry_mutex());
    live.assign(registry().begin(), registry().end());
    live_tags().clear();  // from now on no orphan is spared
  }
  for (pid_t pid : live) {
    kill(-pid, SIGKILL);  // each child leads its own process group
    kill(pid, SIGKILL);
  }
  // Reaped here, so that no zombie of ours is left when arena exits right after; a ChildProcess
  // that reaps later finds the status gone, which it accepts.
  for (pid_t pid : live) {
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  // Descendants that left their group are reparented to us as their parents die, which takes a
  // moment: scan until two scans in a row find nothing.
  int killed = static_cast<int>(live.size());
  for (int quiet = 0; quiet < 2;) {
    usleep(10000);
    const int found = kill_orphans();
    killed += found;
    quiet = found == 0 ? quiet + 1 : 0;
  }
  return killed;
}

std::unique_ptr<ChildProcess> ChildProcess::start(const ProcessOptions& options, bool detached_io) {
  if (options.argv.empty()) throw std::invalid_argument("cannot start a process: empty argv");
  ignore_sigpipe_once();
  become_subreaper();
  const std::string tag = new_tag();
  ProcessOptions tagged = options;
  tagged.env.emplace_back(kTagVariable, tag);
  SandboxedCommand sandbox;
  if (options.sandbox.enabled) {
    sandbox = sandbox_command(tagged.argv, tagged.env, tagged.working_dir, options.sandbox,
                              /*pass_pipes=*/!detached_io);
    if (!sandbox.error.empty()) {
      // The program cannot start: said now, as a failed exec would say it.
      remove_sandbox_dirs(sandbox.scratch_dir, sandbox.cgroup_dir);
      std::unique_ptr<ChildProcess> child(new ChildProcess());
      child->start_error_ = sandbox.error;
      child->status_ = ExitStatus{true, 127, 0, ""};
      child->tree_killed_ = true;
      return child;
    }
    tagged.argv = sandbox.argv;
  }
  ExecPlan plan;
  if (options.sandbox.enabled)
    tagged.env = {{"PATH", "/usr/local/bin:/usr/bin:/bin"}, {std::string(kTagVariable), tag}};
  build_plan(tagged, plan, /*inherit=*/!options.sandbox.enabled);
  if (options.sandbox.enabled) {
    plan.sandboxed = true;
    plan.limits = options.sandbox.limits;
    if (!sandbox.cgroup_dir.empty()) plan.cgroup_procs = sandbox.cgroup_dir + "/cgroup.procs";
  }

  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, error_pipe[2] = {-1, -1};
  int fd_socket[2] = {-1, -1};  // sandboxed: [0] ours, [1] bwrap's fd 3
  auto close_all = [&] {
    for (int* p : {in, out, err, error_pipe, fd_socket}) {
      close_fd(p[0]);
      close_fd(p[1]);
    }
  };
  bool ok = make_pipe(error_pipe);
  if (!detached_io) ok = ok && make_pipe(in) && make_pipe(out) && make_pipe(err);
  if (ok && options.sandbox.enabled && !detached_io) {
    ok = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fd_socket) == 0;
    if (ok) {
      fd_socket[0] = above_stdio(fd_socket[0]);
      fd_socket[1] = above_stdio(fd_socket[1]);
      plan.pass_fds_socket = fd_socket[1];
    }
  }
  if (!ok) {
    int e = errno;
    close_all();
    throw std::runtime_error("cannot start '" + options.argv[0] + "': pipe: " + errno_text(e));
  }

  pid_t pid;
  {
    std::lock_guard lock(registry_mutex());
    pid = fork();
    if (pid == 0) {
      run_child(plan, options.working_dir.c_str(), in[0], out[1], err[1], error_pipe[1],
                detached_io);
    }
    if (pid > 0) {
      registry().insert(pid);
      live_tags().insert(tag);
    }
  }
  if (pid < 0) {
    int e = errno;
    close_all();
    throw std::runtime_error("cannot start '" + options.argv[0] + "': fork: " + errno_text(e));
  }
  // Both sides set the group, so it is in place whichever runs first (EACCES once it has exec'd).
  setpgid(pid, pid);

  std::unique_ptr<ChildProcess> child(new ChildProcess());
  child->pid_ = pid;
  child->tag_ = tag;
  child->sandboxed_ = options.sandbox.enabled;
  child->limits_ = options.sandbox.limits;
  child->scratch_dir_ = sandbox.scratch_dir;
  child->cgroup_dir_ = sandbox.cgroup_dir;
  if (fd_socket[0] >= 0) {
    // The bot's ends of its pipes, to arena-sandbox-exec inside the sandbox (core/sandbox.h).
    const int fds[3] = {in[0], out[1], err[1]};
    send_fds(fd_socket[0], fds, 3);
    // A TCP bot's relay asks for its connections over the same socket.
    if (options.sandbox.relay_port > 0) child->relay_control_fd_ = std::exchange(fd_socket[0], -1);
    close_fd(fd_socket[0]);
    close_fd(fd_socket[1]);
  }
  close_fd(in[0]);
  close_fd(out[1]);
  close_fd(err[1]);
  close_fd(error_pipe[1]);
  child->stdin_fd_ = in[1];
  child->stdout_fd_ = out[0];
  child->stderr_fd_ = err[0];
  for (int fd : {in[1], out[0], err[0]}) {
    if (fd >= 0) set_nonblocking(fd);
  }

  // The error pipe closes on a successful exec; otherwise the child reports why it failed.
  ChildError report{};
  size_t got = 0;
  while (got < sizeof report) {
    ssize_t n = read(error_pipe[0], reinterpret_cast<char*>(&report) + got, sizeof report - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  close_fd(error_pipe[0]);
  if (got == sizeof report) {
    std::string what = "cannot start '" + options.argv[0] + "': ";
    if (report.step == 1) what += "cannot change to directory '" + options.working_dir + "': ";
    if (report.step == 2) what += "cannot open /dev/null: ";
    child->start_error_ = what + errno_text(report.err);
    child->set_status(reap(pid, /*block=*/true).value_or(ExitStatus{}));
    child->tree_killed_ = true;
    child->close_stdin();
    child->close_stdout();
    child->close_stderr();
  }
  return child;
}

std::unique_ptr<ChildProcess> ChildProcess::spawn(const ProcessOptions& options) {
  return start(options, /*detached_io=*/false);
}

std::unique_ptr<ChildProcess> spawn_detached_io(const ProcessOptions& options) {
  return ChildProcess::start(options, /*detached_io=*/true);
}

void ChildProcess::set_status(ExitStatus status) {
  if (sandboxed_ && status.exited && status.code > 128 && status.code < 128 + 65) {
    status.exited = false;
    status.signal = status.code - 128;
    status.code = 0;
  }
  if (sandboxed_ && !status.exited) status.limit = sandbox_limit_reason(status.signal, limits_);
  status_ = status;
}

void ChildProcess::close_relay_control() {
  close_fd(relay_control_fd_);
}

ChildProcess::~ChildProcess() {
  kill_tree();
  close_relay_control();
  remove_sandbox_dirs(scratch_dir_, cgroup_dir_);
  close_stdin();
  close_stdout();
  close_stderr();
}

void ChildProcess::close_stdin() {
  close_fd(stdin_fd_);
}
void ChildProcess::close_stdout() {
  close_fd(stdout_fd_);
}
void ChildProcess::close_stderr() {
  close_fd(stderr_fd_);
}

std::optional<ExitStatus> ChildProcess::poll_exit() {
  if (status_ || pid_ <= 0) return status_;
  // Observe without reaping: the zombie keeps the pid (and so the process group id) reserved until
  // kill_tree() has killed the group, so the group kill can never hit a recycled id.
  siginfo_t info{};
  info.si_pid = 0;
  int r;
  while ((r = waitid(P_PID, pid_, &info, WEXITED | WNOHANG | WNOWAIT)) != 0 && errno == EINTR) {
  }
  if (r != 0) {
    status_ = ExitStatus{};  // not our child any more: cannot happen unless reaped elsewhere
  } else if (info.si_pid == pid_) {
    set_status(status_from_siginfo(info));
  }
  return status_;
}

std::optional<ExitStatus> ChildProcess::wait_exit(Deadline deadline) {
  if (poll_exit() || pid_ <= 0) return status_;
  // A pidfd becomes readable when the process exits: an exact wait with a deadline.
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid_, 0));
  if (pidfd >= 0) {
    for (;;) {
      pollfd p{pidfd, POLLIN, 0};
      int r = poll(&p, 1, deadline.poll_timeout_ms());
      if (r < 0 && errno == EINTR) continue;
      break;
    }
    close(pidfd);
    return poll_exit();
  }
  // No pidfd (old kernel): poll the status with a short, growing pause.
  int pause_ms = 1;
  while (!poll_exit() && !deadline.expired()) {
    int left = deadline.poll_timeout_ms();
    int step = left < 0 ? pause_ms : std::min(pause_ms, left);
    std::this_thread::sleep_for(std::chrono::milliseconds(step));
    pause_ms = std::min(pause_ms * 2, 20);
  }
  return status_;
}

void ChildProcess::kill_tree() {
  if (tree_killed_ || pid_ <= 0) return;
  tree_killed_ = true;
  // The child is unreaped (poll_exit never reaps), so pid_ still names its group: kill the group,
  // and the child itself in case it left the group (setsid).
  kill(-pid_, SIGKILL);
  kill(pid_, SIGKILL);
  auto reaped = reap(pid_, /*block=*/true);
  if (!status_ && reaped) set_status(*reaped);
  {
    std::lock_guard lock(registry_mutex());
    live_tags().erase(tag_);
  }
  // Group members and setsid'd descendants are reparented to us once their parent is gone.
  kill_orphans();
}

ExitStatus ChildProcess::finish(int grace_ms) {
  close_stdin();
  if (!tree_killed_) wait_exit(Deadline::after_ms(grace_ms));
  kill_tree();
  return status_.value_or(ExitStatus{});
}

}  // namespace arena
