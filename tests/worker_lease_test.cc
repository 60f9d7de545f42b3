// Lease renewal with two `arena worker` processes on one PostgreSQL queue (a private server,
// tests/pg_fixture.h). Its own program, not a case of worker_kill_test: a test process becomes a
// child subreaper once it starts a Proc, and a server started after that would be its orphan,
// which the next Proc's cleanup kills.
#include <fcntl.h>
#include <sys/stat.h>
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

// A match that runs longer than its lease (3 s here) stays with the worker playing it: the worker
// renews the lease while the match is played, so a second worker started once the first lease has
// long lapsed plays the other matches and never takes that one. Each match is recorded once, by
// one worker, and leased once (attempts 1).
TEST(Worker, LongMatchKeepsItsLeaseWhileAnotherWorkerLooks) {
  std::string why;
  auto server = PgServer::start(why);
  if (!server) GTEST_SKIP() << why;
  const std::string db = server->create_database("lease");
  const std::string dir = temp_dir();
  // Entrant `slow`: its first start waits 7 s, says "ready" through a FIFO, then waits for a line
  // on another FIFO before playing as the random hero; every start appends a line to `starts`.
  const std::string ready = dir + "/ready", go = dir + "/go", script = dir + "/slow.sh";
  ASSERT_EQ(mkfifo(ready.c_str(), 0600), 0);
  ASSERT_EQ(mkfifo(go.c_str(), 0600), 0);
  const int ready_fd = open(ready.c_str(), O_RDWR | O_NONBLOCK);
  ASSERT_GE(ready_fd, 0);
  std::ostringstream s;
  s << "#!/bin/sh\n"
    << "echo start >> '" << dir << "/starts'\n"
    << "if mkdir '" << dir << "/once' 2>/dev/null; then\n"
    << "  sleep 7\n"
    << "  echo ready > '" << ready << "'\n"
    << "  read line < '" << go << "'\n"
    << "fi\n"
    << "exec '" << arena_bin() << "' bot wumpus random\n";
  write_script(script, s.str());
  auto queued = run_arena({"tournament",
                           "run",
                           "cup",
                           "--game",
                           "wumpus",
                           "--bot",
                           "slow=" + script,
                           "--bot",
                           "fast=bot:random",
                           "--games-per-pairing",
                           "2",
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

  const std::vector<std::string> worker = {arena_bin(), "worker", "--db",      db,
                                           "--lease-s", "3",      "--progress"};
  Proc first(worker);
  ASSERT_EQ(read_fifo_line(ready_fd), "ready") << "the slow bot never got ready";
  // The slow match has run 7 s on a lease of 3 s: only its renewals keep it from the second.
  Proc second(worker);
  ASSERT_TRUE(second.wait_err("cup #3 seed")) << second.err();
  {
    std::ofstream line(go);
    line << "go\n";
  }
  EXPECT_EQ(first.finish(), 0) << first.err();
  EXPECT_EQ(second.finish(), 0) << second.err();
  EXPECT_EQ(second.err().find("stale leases"), std::string::npos) << second.err();

  std::map<int, int> recorded;
  const std::regex done_line(R"(arena: worker: cup #(\d+) seed)");
  for (const Proc* w : {&first, &second})
    for (std::sregex_iterator it(w->err().begin(), w->err().end(), done_line), end; it != end; ++it)
      ++recorded[std::stoi((*it)[1])];
  EXPECT_EQ(recorded, (std::map<int, int>{{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
  EXPECT_NE(first.err().find("cup #0 seed"), std::string::npos) << first.err();

  auto after = run_arena({"tournament", "matches", "cup", "--db", db, "--json", "--no-replay"});
  ASSERT_EQ(after.status, 0) << after.err;
  const Json done = Json::parse(after.out)["matches"];
  ASSERT_EQ(done.size(), 4u);
  for (const auto& m : done) {
    EXPECT_EQ(m["state"], "done") << m.dump();
    EXPECT_EQ(m["attempts"], 1) << m.dump();
  }
  // The slow entrant started twice: its two matches, each once.
  std::ifstream starts(dir + "/starts");
  int lines = 0;
  for (std::string l; std::getline(starts, l);) ++lines;
  EXPECT_EQ(lines, 2);
  close(ready_fd);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arena::testing
