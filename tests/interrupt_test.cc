// Ctrl-C during `arena eval` and `arena play`: every bot process tree is killed (descendants that
// left the group too), arena says so and exits 130, and eval reports the games that finished.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/replay.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

namespace fs = std::filesystem;

// A started `arena` whose output goes to files, so that the test can signal it while it runs.
struct Running {
  pid_t pid = -1;
  std::string out_path, err_path;

  Running(const std::vector<std::string>& args, const std::string& dir) {
    out_path = dir + "/out.txt";
    err_path = dir + "/err.txt";
    pid = fork();
    if (pid == 0) {
      int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(out, 1);
      dup2(err, 2);
      std::vector<char*> argv;
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
  }
  int wait_exit() {
    int raw = 0;
    waitpid(pid, &raw, 0);
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  }
  std::string out() const { return read_file(out_path); }
  std::string err() const { return read_file(err_path); }
};

// Waits (bounded) until `dir` holds `count` files whose names start with `prefix`.
std::vector<int> wait_for_pids(const std::string& dir, const std::string& prefix, size_t count) {
  for (int i = 0; i < 2000; ++i) {
    std::vector<int> pids;
    for (const auto& e : fs::directory_iterator(dir)) {
      const std::string name = e.path().filename().string();
      if (name.rfind(prefix, 0) != 0) continue;
      std::string text = read_file(e.path().string());
      if (!text.empty()) pids.push_back(std::stoi(text));
    }
    if (pids.size() >= count) return pids;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return {};
}

// A Wumpus bot that leaves at once for its first `quick` games (scoring -1), then, like a hung
// program, starts a detached grandchild (setsid) and sleeps; both write their pids into `dir`.
std::string sleeper_bot(const std::string& dir, int quick) {
  const std::string path = dir + "/sleeper.sh";
  std::ostringstream f;
  f << "#!/bin/sh\n"
    << "echo x >> " << dir << "/games\n"
    << "if [ $(wc -l < " << dir << "/games) -le " << quick << " ]; then\n"
    << "  read start; read percept; echo exit; read end; exit 0\n"
    << "fi\n"
    << "setsid sleep 1000 </dev/null >/dev/null 2>&1 &\n"
    << "echo $! > " << dir << "/grandchild.$$\n"
    << "echo $$ > " << dir << "/bot.$$\n"
    << "exec sleep 1000\n";
  return write_script(path, f.str());
}

TEST(Interrupt, EvalKillsEveryBotTreeAndReportsTheGamesThatFinished) {
  const std::string dir = temp_dir();
  const std::string bot = sleeper_bot(dir, 2);
  // The bots write their host pids into files, so they run unconfined (--sandbox none).
  Running arena({arena_bin(), "eval", "wumpus", "--sandbox", "none", "--seat", "hero=" + bot,
                 "--games", "6", "--jobs", "1", "--seed", "1", "--time-ms", "600000", "--json"},
                dir);
  // The third game's bot and its detached grandchild are running: interrupt.
  std::vector<int> bots = wait_for_pids(dir, "bot.", 1);
  std::vector<int> grandchildren = wait_for_pids(dir, "grandchild.", 1);
  ASSERT_EQ(bots.size(), 1u);
  ASSERT_EQ(grandchildren.size(), 1u);
  kill(arena.pid, SIGINT);
  EXPECT_EQ(arena.wait_exit(), 130);
  const std::string err = arena.err();
  EXPECT_NE(err.find("arena: interrupted by SIGINT"), std::string::npos) << err;
  EXPECT_NE(err.find("2 of 6 games finished and are reported"), std::string::npos) << err;
  for (int pid : bots) EXPECT_TRUE(process_gone(pid)) << "bot " << pid << " outlived arena";
  for (int pid : grandchildren)
    EXPECT_TRUE(process_gone(pid)) << "detached grandchild " << pid << " outlived arena";
  Json j = Json::parse(arena.out());
  EXPECT_EQ(j["games"], 2);
  EXPECT_EQ(j["interrupted"], true);
  EXPECT_EQ(j["roles"]["hero"]["scores"], Json::array({-1, -1}));
}

TEST(Interrupt, PlayKillsItsBotOnSigterm) {
  const std::string dir = temp_dir();
  const std::string bot = sleeper_bot(dir, 0);
  Running arena({arena_bin(), "play", "wumpus", "--sandbox", "none", "--seat", "hero=" + bot,
                 "--seed", "1", "--time-ms", "600000"},
                dir);
  std::vector<int> bots = wait_for_pids(dir, "bot.", 1);
  std::vector<int> grandchildren = wait_for_pids(dir, "grandchild.", 1);
  ASSERT_EQ(bots.size(), 1u);
  ASSERT_EQ(grandchildren.size(), 1u);
  kill(arena.pid, SIGTERM);
  EXPECT_EQ(arena.wait_exit(), 143);
  EXPECT_NE(arena.err().find("arena: interrupted by SIGTERM"), std::string::npos) << arena.err();
  EXPECT_TRUE(process_gone(bots[0]));
  EXPECT_TRUE(process_gone(grandchildren[0]));
}

TEST(Eval, KeepsEveryReplayInTheReplayDirAndReportsProgress) {
  const std::string dir = temp_dir();
  CommandResult r =
      run_command({arena_bin(), "eval", "wumpus", "--seat", "hero=bot:random", "--games", "3",
                   "--seed", "5", "--replay-dir", dir + "/replays", "--progress", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (int seed : {5, 6, 7}) {
    const std::string path = dir + "/replays/wumpus-" + std::to_string(seed) + ".jsonl";
    ASSERT_TRUE(fs::exists(path)) << path;
    CommandResult check = run_command({arena_bin(), "replay", path});
    EXPECT_EQ(check.status, 0) << check.err;
  }
  EXPECT_NE(r.err.find("3/3 games"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hero "), std::string::npos) << "running mean per role: " << r.err;
  EXPECT_EQ(Json::parse(r.out)["failed"], Json::array());
}

}  // namespace
}  // namespace arena::testing
