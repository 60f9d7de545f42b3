// Three `arena worker` processes share one PostgreSQL queue (a private server, tests/pg_fixture.h);
// one is killed with SIGKILL in the middle of a match. The survivors take that match over, and
// every match is recorded exactly once.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "tests/pg_fixture.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The parent of `pid` (/proc/PID/stat, the field after the command's closing parenthesis).
int parent_of(int pid) {
  const std::string stat = read_text("/proc/" + std::to_string(pid) + "/stat");
  const size_t close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream rest(stat.substr(close + 2));
  char state = 0;
  int ppid = 0;
  rest >> state >> ppid;
  return ppid;
}

bool is_worker(int pid) {
  std::string cmdline = read_text("/proc/" + std::to_string(pid) + "/cmdline");
  for (char& c : cmdline)
    if (c == '\0') c = ' ';
  return cmdline.find(" worker ") != std::string::npos;
}

TEST(Worker, ThreeWorkersOneKilledMidMatchEveryMatchRecordedOnce) {
  std::string why;
  auto server = PgServer::start(why);
  if (!server) GTEST_SKIP() << why;
  const std::string db = server->create_database("cup");
  const std::string dir = temp_dir();

  // Entrant `slow` blocks in the first match that runs it, after telling the test its pid through
  // a FIFO; every later run of it is the built-in random hero.
  const std::string fifo = dir + "/fifo", script = dir + "/slow.sh";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // Read and write: the FIFO always has a writer, so poll() waits for data alone.
  const int fifo_fd = open(fifo.c_str(), O_RDWR | O_NONBLOCK);
  ASSERT_GE(fifo_fd, 0);
  std::ostringstream s;
  s << "#!/bin/sh\n"
    << "if mkdir '" << dir << "/once' 2>/dev/null; then echo $$ > '" << fifo
    << "'; exec sleep 600; fi\n"
    << "exec '" << arena_bin() << "' bot wumpus random\n";
  write_script(script, s.str());

  auto queued = run_arena({"tournament",
                           "run",
                           "cup",
                           "--game",
                           "wumpus",
                           "--bot",
                           "fast=bot:random",
                           "--bot",
                           "slow=" + script,
                           "--games-per-pairing",
                           "12",
                           "--seed",
                           "5",
                           "--sandbox",
                           "none",
                           "--time-ms",
                           "600000",
                           "--db",
                           db,
                           "--queue-only"});
  ASSERT_EQ(queued.status, 0) << queued.err;
  auto listed = run_arena({"tournament", "matches", "cup", "--db", db, "--json", "--no-replay"});
  ASSERT_EQ(listed.status, 0) << listed.err;
  // Kept in a variable: a range-for over a member of a temporary reads freed memory (ASan).
  const Json queued_list = Json::parse(listed.out);
  const size_t total = queued_list["matches"].size();
  ASSERT_GE(total, 12u);
  for (const auto& m : queued_list["matches"]) ASSERT_EQ(m["state"], "queued");

  std::vector<std::unique_ptr<Proc>> workers;
  for (int i = 0; i < 3; ++i)
    workers.push_back(std::make_unique<Proc>(std::vector<std::string>{
        arena_bin(), "worker", "--db", db, "--lease-s", "30", "--progress"}));

  const std::string line = read_fifo_line(fifo_fd);
  ASSERT_FALSE(line.empty()) << "the blocking bot never started";
  const int bot = std::stoi(line);
  int victim = parent_of(bot);
  while (victim > 1 && !is_worker(victim)) victim = parent_of(victim);
  ASSERT_GT(victim, 1) << "no worker above the bot " << bot;
  ASSERT_EQ(kill(victim, SIGKILL), 0);
  // Reap it now: until then it is a zombie, whose pid still looks alive to the survivors, and
  // only the expiry of its lease (30 s) would give its match back.
  int wstatus = 0;
  ASSERT_EQ(waitpid(victim, &wstatus, 0), victim);
  EXPECT_TRUE(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL);
  kill(bot, SIGKILL);  // the orphaned bot: its worker can no longer end it

  // Each worker's stderr has one line per match it recorded: "arena: worker: cup #I seed S: W".
  std::map<int, int> recorded;  // index -> times
  const std::regex done_line(R"(arena: worker: cup #(\d+) seed)");
  int survivors = 0;
  for (auto& w : workers) {
    const int status = w->finish();
    if (status == 0) ++survivors;
    for (std::sregex_iterator it(w->err().begin(), w->err().end(), done_line), end; it != end; ++it)
      ++recorded[std::stoi((*it)[1])];
    if (status == 0) EXPECT_NE(w->err().find("the queue is empty"), std::string::npos) << w->err();
  }
  EXPECT_EQ(survivors, 2);
  EXPECT_EQ(recorded.size(), total);
  for (const auto& [index, times] : recorded) EXPECT_EQ(times, 1) << "match " << index;

  auto after = run_arena({"tournament", "matches", "cup", "--db", db, "--json", "--no-replay"});
  ASSERT_EQ(after.status, 0) << after.err;
  int retried = 0;
  const Json done = Json::parse(after.out)["matches"];
  ASSERT_EQ(done.size(), total) << after.out;
  for (const auto& m : done) {
    EXPECT_EQ(m["state"], "done") << m.dump();
    EXPECT_TRUE(m["error"].is_null()) << m.dump();
    if (m["attempts"] == 2) ++retried;
    EXPECT_LE(m["attempts"].get<int>(), 2) << m.dump();
  }
  EXPECT_EQ(retried, 1);  // the match the killed worker held, played again by a survivor
  close(fifo_fd);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arena::testing
