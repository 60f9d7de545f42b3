#include "core/sandbox.h"

#include <fcntl.h>
#include <sys/wait.h>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>

#include "core/process.h"

namespace arena {

namespace {

namespace fs = std::filesystem;

// A path as the bot's program resolves it: PATH lookup for a bare name, else relative to the
// working directory. "" when nothing executable is there; `why` then says what exec would.
std::string resolve_program(const std::string& name, const std::string& path_var,
                            const std::string& cwd, std::string* why) {
  auto executable = [](const std::string& p) {
    struct stat st {};
    return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(p.c_str(), X_OK) == 0;
  };
  // The same candidates as the start itself (core/process.cc), relative ones from `cwd`.
  bool denied = false;
  for (const std::string& c : exec_candidates(name, path_var)) {
    const std::string p = c[0] == '/' ? c : cwd + "/" + c;
    if (executable(p)) return fs::weakly_canonical(p).string();
    denied = denied || access(p.c_str(), F_OK) == 0;
  }
  // Like execvp: a file that is there but cannot be run is more telling than "not found".
  *why = denied ? std::strerror(EACCES) : std::strerror(ENOENT);
  return "";
}

constexpr const char* kSandboxPath = "/usr/local/bin:/usr/bin:/bin";

// Directories every program needs to run, read-only; missing ones are skipped.
const char* const kSystemDirs[] = {"/usr",   "/bin",   "/sbin", "/lib",
                                   "/lib32", "/lib64", "/etc",  "/opt"};

// A pids cgroup of its own (cgroup v2 when mounted writable, else v1's pids hierarchy), or "".
std::string make_pids_cgroup(int max_pids) {
  static std::atomic<uint64_t> counter{0};
  const std::string name =
      "arena-" + std::to_string(getpid()) + "-" + std::to_string(counter.fetch_add(1));
  for (const char* root : {"/sys/fs/cgroup/pids", "/sys/fs/cgroup"}) {
    const std::string dir = std::string(root) + "/" + name;
    if (mkdir(dir.c_str(), 0755) != 0) continue;
    std::ofstream max(dir + "/pids.max");
    max << max_pids;
    max.close();
    if (max) return dir;
    rmdir(dir.c_str());
  }
  return "";
}

// What an unprivileged user of the machine could not read in the system directories a bot sees:
// /etc/shadow, private keys, database passwords. The referee may run as root, and a bot in a user
// namespace of root's keeps root's ownership of root's files, so their modes alone do not stop it:
// each is covered (an empty directory, /dev/null) in the bot's view. Walked once per process;
// /etc only, where such files live (the other system directories hold programs and libraries).
const std::vector<std::pair<std::string, bool>>& private_system_paths() {
  static const std::vector<std::pair<std::string, bool>> paths = [] {
    std::vector<std::pair<std::string, bool>> out;  // path, is a directory
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator("/etc", ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      struct stat st {};
      if (lstat(it->path().c_str(), &st) != 0) continue;
      const bool dir = S_ISDIR(st.st_mode);
      if (!dir && !S_ISREG(st.st_mode)) continue;
      // A directory others can neither list nor enter, or a file they cannot read.
      if ((st.st_mode & S_IROTH) && (!dir || (st.st_mode & S_IXOTH))) continue;
      out.emplace_back(it->path().string(), dir);
      if (dir) it.disable_recursion_pending();
    }
    return out;
  }();
  return paths;
}

// Why $ARENA_SANDBOX_EXEC cannot be used as arena-sandbox-exec, or "".
std::string sandbox_exec_env_problem(const std::string& path) {
  struct stat st {};
  if (path.empty() || path[0] != '/') return "must be an absolute path";
  if (stat(path.c_str(), &st) != 0) return std::strerror(errno);
  if (!S_ISREG(st.st_mode)) return "not a regular file";
  if (access(path.c_str(), X_OK) != 0) return "not executable";
  return "";
}

// Runs argv (argv[0] a path) to its end with no shell and no output; true when it exits 0.
bool trial_run(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  char* const env[] = {nullptr};
  const int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd < 0) return false;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(null_fd, 0);
    dup2(null_fd, 1);
    dup2(null_fd, 2);
    execve(args[0], args.data(), env);
    _exit(127);
  }
  close(null_fd);
  if (pid < 0) return false;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return false;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

std::string sandbox_exec_path() {
  static const std::string path = [] {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    std::vector<fs::path> candidates;
    // A path given is the one meant: if it is no program, saying so beats using another one.
    if (const char* env = std::getenv("ARENA_SANDBOX_EXEC"))
      return sandbox_exec_env_problem(env).empty() ? std::string(env) : std::string();
    if (!ec) {
      candidates.push_back(self.parent_path() / "arena-sandbox-exec");
      candidates.push_back(self.parent_path().parent_path() / "libexec/arena/arena-sandbox-exec");
    }
    for (const fs::path& p : candidates)
      if (access(p.c_str(), X_OK) == 0) return p.string();
    return std::string();
  }();
  return path;
}

std::optional<std::string> sandbox_unavailable() {
  static std::once_flag once;
  static std::optional<std::string> reason;
  std::call_once(once, [] {
    std::string why;
    const std::string bwrap = resolve_program("bwrap", "/usr/bin:/bin:/usr/local/bin", "/", &why);
    if (bwrap.empty()) {
      reason = "bubblewrap (bwrap) is not installed (Debian package bubblewrap)";
      return;
    }
    if (const char* env = std::getenv("ARENA_SANDBOX_EXEC")) {
      const std::string problem = sandbox_exec_env_problem(env);
      if (!problem.empty()) {
        reason = "ARENA_SANDBOX_EXEC=" + std::string(env) + ": " + problem;
        return;
      }
    }
    if (sandbox_exec_path().empty()) {
      reason = "arena-sandbox-exec is not installed beside this program";
      return;
    }
    // A trial run: user namespaces may be disabled (kernel.unprivileged_userns_clone=0), or the
    // container may forbid them. Started directly (no shell), its output to /dev/null.
    if (!trial_run(
            {bwrap, "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "/bin/true"}))
      reason = "bubblewrap cannot create namespaces on this machine (user namespaces disabled?)";
  });
  return reason;
}

SandboxedCommand sandbox_command(const std::vector<std::string>& argv,
                                 const std::vector<std::pair<std::string, std::string>>& env,
                                 const std::string& working_dir, const SandboxOptions& options,
                                 bool pass_pipes) {
  SandboxedCommand out;
  std::error_code ec;
  const std::string cwd = working_dir.empty() ? fs::current_path(ec).string() : working_dir;
  // A bare program name is looked up where the bot will find it: the sandbox's PATH (the host's
  // PATH may point into a home directory the bot cannot see, e.g. a pyenv shim).
  std::string path_var = kSandboxPath;
  for (const auto& [k, v] : env)
    if (k == "PATH") path_var = v;
  std::string why;
  const std::string program = resolve_program(argv.at(0), path_var, cwd, &why);
  if (program.empty()) {
    out.error = "cannot start '" + argv[0] + "': " + why;
    return out;
  }

  // The bot's own files: the directory of its program and of every argument naming an existing
  // file or directory (`python3 bot.py`, `java -cp DIR Main`), read-only, at the same paths.
  std::set<std::string> own_dirs;
  std::vector<std::string> args = argv;
  args[0] = program;
  auto is_system = [](const std::string& p) {
    for (const char* d : kSystemDirs)
      if (p == d || p.rfind(std::string(d) + "/", 0) == 0) return true;
    return false;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.empty() || a[0] == '-') continue;
    fs::path p = a[0] == '/' ? fs::path(a) : fs::path(cwd) / a;
    if (!fs::exists(p, ec)) continue;
    p = fs::weakly_canonical(p, ec);
    const fs::path dir = fs::is_directory(p, ec) ? p : p.parent_path();
    if (!is_system(dir.string()) && dir != "/") own_dirs.insert(dir.string());
    if (i > 0 && a[0] != '/') args[i] = p.string();  // relative words still name the same file
  }

  const std::string exec_helper = pass_pipes ? sandbox_exec_path() : "";
  if (pass_pipes && exec_helper.empty()) {
    out.error = "cannot start '" + argv[0] + "': arena-sandbox-exec is not installed";
    return out;
  }
  if (!exec_helper.empty()) own_dirs.insert(fs::path(exec_helper).parent_path().string());

  char tmpl[] = "/tmp/arena-scratch-XXXXXX";
  if (!mkdtemp(tmpl)) {
    out.error = "cannot start '" + argv[0] +
                "': cannot make its scratch directory: " + std::strerror(errno);
    return out;
  }
  out.scratch_dir = tmpl;
  out.cgroup_dir = make_pids_cgroup(options.limits.processes);

  std::vector<std::string>& b = out.argv;
  b = {"bwrap",         "--die-with-parent", "--unshare-user",      "--unshare-pid",
       "--unshare-ipc", "--unshare-uts",     "--unshare-cgroup-try"};
  if (!options.network) b.push_back("--unshare-net");
  for (const char* d : kSystemDirs) b.insert(b.end(), {"--ro-bind-try", d, d});
  for (const auto& [path, dir] : private_system_paths()) {
    if (dir) {
      b.insert(b.end(), {"--tmpfs", path, "--remount-ro", path});
    } else {
      b.insert(b.end(), {"--ro-bind", "/dev/null", path});
    }
  }
  b.insert(b.end(), {"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/run"});
  for (const std::string& d : own_dirs) b.insert(b.end(), {"--ro-bind", d, d});
  b.insert(b.end(), {"--bind", out.scratch_dir, out.scratch_dir});
  // Its working directory: the referee's when that is one of its own directories (a bot started
  // from its folder finds its files), else its scratch directory.
  const std::string inside_cwd = own_dirs.count(cwd) ? cwd : out.scratch_dir;
  b.insert(b.end(), {"--chdir", inside_cwd, "--clearenv"});
  std::vector<std::pair<std::string, std::string>> bot_env = {{"PATH", kSandboxPath},
                                                              {"HOME", out.scratch_dir},
                                                              {"TMPDIR", out.scratch_dir},
                                                              {"LANG", "C.UTF-8"}};
  if (kSanitizedBuild) {
    // The memory limit through ASan's allocator (see kSanitizedBuild), after the options the
    // referee runs with, which --clearenv would otherwise drop.
    const char* asan = std::getenv("ASAN_OPTIONS");
    const char* ubsan = std::getenv("UBSAN_OPTIONS");
    bot_env.push_back(
        {"ASAN_OPTIONS", (asan && *asan ? std::string(asan) + ":" : std::string()) +
                             "soft_rss_limit_mb=" + std::to_string(options.limits.memory_mb) +
                             ":allocator_may_return_null=1"});
    if (ubsan) bot_env.push_back({"UBSAN_OPTIONS", ubsan});
  }
  for (const auto& e : env) bot_env.push_back(e);
  for (const auto& [k, v] : bot_env) b.insert(b.end(), {"--setenv", k, v});
  b.push_back("--");
  if (!exec_helper.empty()) b.push_back(exec_helper);
  if (!exec_helper.empty() && options.relay_port > 0)
    b.insert(b.end(), {"--relay", std::to_string(options.relay_port)});
  b.insert(b.end(), args.begin(), args.end());
  return out;
}

bool send_fds(int socket, const int* fds, int count) {
  char byte = 0;
  iovec iov{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(3 * sizeof(int))] = {};
  if (count < 1 || count > 3) return false;
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = CMSG_SPACE(static_cast<size_t>(count) * sizeof(int));
  cmsghdr* c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(static_cast<size_t>(count) * sizeof(int));
  std::memcpy(CMSG_DATA(c), fds, static_cast<size_t>(count) * sizeof(int));
  ssize_t n;
  while ((n = sendmsg(socket, &msg, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
  }
  return n == 1;
}

bool serve_sandbox_relay(int control, int port) {
  if (control < 0) return false;
  for (;;) {
    pollfd p{control, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0) return true;
    char ask = 0;
    ssize_t n = read(control, &ask, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    if (fd >= 0 && connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
      int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      send_fds(control, &fd, 1);
    }
    if (fd >= 0) close(fd);
  }
}

void remove_sandbox_dirs(const std::string& scratch_dir, const std::string& cgroup_dir) {
  std::error_code ec;
  if (!scratch_dir.empty()) fs::remove_all(scratch_dir, ec);
  if (!cgroup_dir.empty()) rmdir(cgroup_dir.c_str());
}

std::string sandbox_limit_reason(int signal, const SandboxLimits& limits) {
  if (signal == SIGXCPU)
    return "CPU time limit of " + std::to_string(limits.cpu_seconds) + " s exceeded";
  if (signal == SIGXFSZ)
    return "file size limit of " + std::to_string(limits.file_mb) + " MB exceeded";
  return "";
}

}  // namespace arena
