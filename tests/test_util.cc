#include "tests/test_util.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
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

bool process_gone(int pid) {
  return kill(pid, 0) != 0 && errno == ESRCH;
}

}  // namespace arena::testing
