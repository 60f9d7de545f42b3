#include "games/dungeon/cadical.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

extern char** environ;

namespace arena::dungeon {

std::string find_cadical() {
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string candidate = dirs.substr(start, end - start) + "/cadical";
    if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

CadicalResult run_cadical(const std::string& cadical, const Instance& inst,
                          const std::string& file) {
  CadicalResult r;
  {
    std::ofstream f(file, std::ios::binary | std::ios::trunc);
    f << to_cnf(inst);  // §9.4's CNF text is DIMACS
    if (!f) {
      r.error = "cannot write " + file;
      return r;
    }
  }
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    r.error = std::string("pipe: ") + std::strerror(errno);
    return r;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::string a0 = cadical, a1 = "-q", a2 = file;
  char* argv[] = {a0.data(), a1.data(), a2.data(), nullptr};
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, cadical.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  std::string text;
  if (spawned == 0) {
    char buf[65536];
    for (;;) {
      ssize_t n = read(out[0], buf, sizeof buf);
      if (n > 0) {
        text.append(buf, static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        break;
      }
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  } else {
    r.error = "cannot run " + cadical + ": " + std::strerror(spawned);
  }
  close(out[0]);
  if (r.status != 10) return r;
  // The model: "v" lines of signed switch numbers, ending in 0.
  r.setting.assign(static_cast<size_t>(inst.n), 0);
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    if (text[pos] == 'v') {
      const char* p = text.c_str() + pos + 1;
      const char* stop = text.c_str() + end;
      while (p < stop) {
        char* next = nullptr;
        long lit = std::strtol(p, &next, 10);
        if (next == p) break;
        p = next;
        if (lit > 0 && lit <= inst.n) r.setting[static_cast<size_t>(lit - 1)] = 1;
      }
    }
    pos = end + 1;
  }
  return r;
}

}  // namespace arena::dungeon
