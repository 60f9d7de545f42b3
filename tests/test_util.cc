#include "tests/test_util.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/process.h"

namespace arena::testing {

CommandResult run_command(const std::vector<std::string>& argv, const std::string& input) {
  // Files, not pipes, keep this simple and deadlock-free for any output size.
  std::string dir = temp_dir();
  std::string in = dir + "/in", out = dir + "/out", err = dir + "/err";
  FILE* f = fopen(in.c_str(), "wb");
  fwrite(input.data(), 1, input.size(), f);
  fclose(f);
  pid_t pid = fork();
  if (pid == 0) {
    if (!freopen(in.c_str(), "rb", stdin) || !freopen(out.c_str(), "wb", stdout) ||
        !freopen(err.c_str(), "wb", stderr))
      _exit(126);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  CommandResult r;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  auto slurp = [](const std::string& path) {
    std::string s;
    FILE* f = fopen(path.c_str(), "rb");
    char buf[65536];
    size_t n;
    while (f && (n = fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    if (f) fclose(f);
    return s;
  };
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove_all(dir);
  return r;
}

std::string arena_bin() {
  const char* bin = std::getenv("ARENA_BIN");
  return std::string(bin ? bin : ARENA_TEST_BIN_DIR) + "/arena";
}

std::string source_path(const std::string& relative) {
  const char* src = std::getenv("ARENA_SOURCE_DIR");
  return std::string(src ? src : ARENA_TEST_SOURCE_DIR) + "/" + relative;
}

std::string temp_dir() {
  char tmpl[] = "/tmp/arena-test-XXXXXX";
  if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
  return tmpl;
}

std::string write_script(const std::string& path, const std::string& text) {
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) throw std::runtime_error("cannot write " + path);
  }
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

bool process_gone(int pid) {
  return kill(pid, 0) != 0 && errno == ESRCH;
}

std::string read_fifo_line(int fd) {
  std::string line;
  while (line.find('\n') == std::string::npos) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 60000) <= 0) return "";
    char buf[64];
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) return "";
    line.append(buf, static_cast<size_t>(n));
  }
  return line.substr(0, line.find('\n'));
}

CommandResult run_arena(std::vector<std::string> args, const std::string& input) {
  args.insert(args.begin(), arena_bin());
  return run_command(args, input);
}

Proc::Proc(std::vector<std::string> argv) {
  ProcessOptions o;
  o.argv = std::move(argv);
  p_ = ChildProcess::spawn(o);
  p_->close_stdin();
}

Proc::~Proc() {
  p_->kill_tree();
}

bool Proc::wait_err(const std::string& text) {
  const Deadline deadline = Deadline::after_ms(20000);
  while (err_.find(text) == std::string::npos)
    if (!pump(deadline)) return err_.find(text) != std::string::npos;
  return true;
}

bool Proc::wait_out(const std::string& text) {
  const Deadline deadline = Deadline::after_ms(20000);
  while (out_.find(text) == std::string::npos)
    if (!pump(deadline)) return out_.find(text) != std::string::npos;
  return true;
}

int Proc::finish() {
  const Deadline deadline = Deadline::after_ms(30000);
  while (pump(deadline)) {
  }
  auto status = p_->wait_exit(deadline);
  p_->kill_tree();
  return status && status->exited ? status->code : -1;
}

bool Proc::pump(Deadline deadline) {
  std::vector<pollfd> fds;
  if (p_->stdout_fd() >= 0) fds.push_back({p_->stdout_fd(), POLLIN, 0});
  if (p_->stderr_fd() >= 0) fds.push_back({p_->stderr_fd(), POLLIN, 0});
  if (fds.empty() || deadline.expired()) return false;
  poll(fds.data(), fds.size(), deadline.poll_timeout_ms());
  for (const pollfd& f : fds) {
    if (!f.revents) continue;
    char buf[4096];
    const ssize_t n = read(f.fd, buf, sizeof buf);
    const bool is_out = f.fd == p_->stdout_fd();
    if (n > 0) {
      (is_out ? out_ : err_).append(buf, static_cast<size_t>(n));
    } else if (is_out) {
      p_->close_stdout();
    } else {
      p_->close_stderr();
    }
  }
  return true;
}

}  // namespace arena::testing
