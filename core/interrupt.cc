#include "core/interrupt.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "core/process.h"

namespace arena {

namespace {

std::atomic<int> g_signal{0};        // the signal that arrived, 0 before
std::atomic<bool> g_cleaned{false};  // every bot process is dead and the user was told

void say(const std::string& line) {
  ssize_t ignored = write(2, line.data(), line.size());
  (void)ignored;
}

}  // namespace

bool interrupted() {
  return g_signal.load() != 0;
}

int exit_status(int status) {
  if (!interrupted()) return status;
  while (!g_cleaned.load()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return 128 + g_signal.load();
}

void install_interrupt_handler(bool command_ends_itself) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::thread([set, command_ends_itself] {
    int sig = 0;
    if (sigwait(&set, &sig) != 0) return;
    g_signal = sig;
    const int killed = kill_all_children();
    say(std::string("arena: interrupted by SIG") + sigabbrev_np(sig) + ": " +
        std::to_string(killed) + " bot process" + (killed == 1 ? "" : "es") + " killed\n");
    g_cleaned = true;
    if (command_ends_itself) {
      std::this_thread::sleep_for(std::chrono::seconds(10));
      say("arena: did not end within 10 s of the interruption; exiting\n");
      kill_all_children();
    }
    _exit(128 + sig);
  }).detach();
}

}  // namespace arena
