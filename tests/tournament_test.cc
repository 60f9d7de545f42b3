// `arena tournament` end to end, with the real binary: schedules, results, JSON shapes, errors,
// determinism, and a run killed with SIGKILL and resumed.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

Json json_of(const CommandResult& r) {
  EXPECT_EQ(r.status, 0) << r.err;
  return Json::parse(r.out);
}

// result of each match by index, without timings
std::map<int, Json> results(const Json& matches) {
  std::map<int, Json> out;
  for (const Json& m : matches["matches"]) out[m["index"].get<int>()] = m["result"];
  return out;
}

TEST(Tournament, DraculaEveryPairingOnBothSidesOnTheSameSeeds) {
  const std::string dir = temp_dir(), db = "sqlite:" + dir + "/t.db";
  CommandResult run = run_arena({"tournament",
                                 "run",
                                 "cup",
                                 "--game",
                                 "dracula",
                                 "--bot",
                                 "chase:hunters=bot:b-hunt-chase",
                                 "--bot",
                                 "chase:D=bot:b-drac-greedy",
                                 "--bot",
                                 "rnd:hunters=bot:b-hunt-random",
                                 "--bot",
                                 "rnd:dracula=bot:b-drac-random",
                                 "--bot",
                                 "stay:hunters=bot:b-hunt-stay",
                                 "--bot",
                                 "stay:D=bot:b-drac-loop",
                                 "--games-per-pairing",
                                 "2",
                                 "--seed",
                                 "11",
                                 "--jobs",
                                 "2",
                                 "--db",
                                 db});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("12/12 matches played"), std::string::npos) << run.out;

  Json m = json_of(run_arena({"tournament", "matches", "cup", "--db", db, "--json"}));
  EXPECT_EQ(m["game"], "dracula");
  ASSERT_EQ(m["matches"].size(), 12u);
  // (pairing, seed) -> entrants that held Dracula
  std::map<std::pair<std::string, std::string>, std::set<std::string>> dracula;
  for (const Json& x : m["matches"]) {
    EXPECT_EQ(x["state"], "done");
    ASSERT_EQ(x["seats"].size(), 5u);
    EXPECT_EQ(x["seats"][4]["role"], "D");
    const std::string d = x["seats"][4]["entrant"];
    EXPECT_NE(x["seats"][0]["entrant"], d);
    dracula[{x["pairing"], x["seed"]}].insert(d);
    if (d == "rnd") {
      EXPECT_EQ(x["seats"][4]["spec"], "bot:b-drac-random");
    }
    // The stored replay is the match's own: its header names the seed and the seats.
    const std::string replay = x["replay"];
    Json header = Json::parse(replay.substr(0, replay.find('\n')));
    EXPECT_EQ(header["seed"], x["seed"]);
    EXPECT_EQ(header["seats"]["D"]["program"], x["seats"][4]["spec"]);
    EXPECT_TRUE(x["result"]["scores"].contains("G"));
  }
  EXPECT_EQ(dracula.size(), 6u);
  for (auto& [k, who] : dracula) EXPECT_EQ(who.size(), 2u) << k.first << " seed " << k.second;

  Json r = json_of(run_arena({"tournament", "report", "cup", "--db", db, "--json"}));
  EXPECT_EQ(r["kind"], "two-sided");
  EXPECT_EQ(r["rating"], "bradley-terry");
  EXPECT_EQ(r["matches"]["done"], 12);
  ASSERT_EQ(r["standings"].size(), 3u);
  double elo_sum = 0, points = 0;
  for (const Json& s : r["standings"]) {
    EXPECT_EQ(s["games"], 8);
    EXPECT_EQ(s["wins"].get<int>() + s["draws"].get<int>() + s["losses"].get<int>(), 8);
    EXPECT_GT(s["elo_error95"].get<double>(), 0);
    elo_sum += s["elo"].get<double>();
    points += s["points"].get<double>();
  }
  EXPECT_NEAR(elo_sum, 0, 0.2);
  EXPECT_DOUBLE_EQ(points, 12);  // one point per match
  for (size_t i = 1; i < 3; ++i)
    EXPECT_GE(r["standings"][i - 1]["elo"].get<double>(), r["standings"][i]["elo"].get<double>());
  // The matrix: each pair met 4 times, points shared.
  EXPECT_EQ(r["matrix"]["chase"]["rnd"]["games"], 4);
  EXPECT_DOUBLE_EQ(r["matrix"]["chase"]["rnd"]["points"].get<double>() +
                       r["matrix"]["rnd"]["chase"]["points"].get<double>(),
                   4);
  EXPECT_EQ(r["roles"]["D"]["games"], 12);
  EXPECT_EQ(r["sides"]["hunters"]["chase"]["games"], 4);
  EXPECT_TRUE(r["faults"].contains("stay"));
}

TEST(Tournament, WumpusSameSeedsForEveryEntrantAndDeterministic) {
  const std::string dir = temp_dir();
  auto run = [&](const std::string& db, const std::string& jobs) {
    return run_arena({"tournament", "run", "w", "--game", "wumpus", "--bot", "ref=bot:reference",
                      "--bot", "rnd=bot:random", "--games-per-pairing", "6", "--seed", "40",
                      "--jobs", jobs, "--db", dir + "/" + db});
  };
  ASSERT_EQ(run("a.db", "1").status, 0);
  ASSERT_EQ(run("b.db", "2").status, 0);
  Json a = json_of(
      run_arena({"tournament", "matches", "w", "--db", dir + "/a.db", "--json", "--no-replay"}));
  Json b = json_of(
      run_arena({"tournament", "matches", "w", "--db", dir + "/b.db", "--json", "--no-replay"}));
  EXPECT_EQ(results(a), results(b));
  std::map<std::string, std::set<std::string>> seeds;
  for (const Json& m : a["matches"]) {
    EXPECT_FALSE(m.contains("replay"));
    seeds[m["seats"][0]["entrant"]].insert(m["seed"]);
  }
  EXPECT_EQ(seeds["ref"].size(), 6u);
  EXPECT_EQ(seeds["ref"], seeds["rnd"]);
  Json r = json_of(run_arena({"tournament", "report", "w", "--db", dir + "/a.db", "--json"}));
  EXPECT_EQ(r["kind"], "single-seat");
  EXPECT_EQ(r["standings"][0]["games"], 6);
  EXPECT_TRUE(r["standings"][0].contains("mean_score"));
  // Running it again finds everything played and plays nothing more.
  CommandResult again = run("a.db", "2");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("12 of 12 matches already played"), std::string::npos) << again.err;
}

TEST(Tournament, EvolutionRotatesSeatsAndRatesWengLin) {
  const std::string dir = temp_dir(), db = dir + "/t.db";
  CommandResult run =
      run_arena({"tournament", "run", "evo", "--game", "evolution", "--bot", "s1=bot:silly",
                 "--bot", "st=bot:strategic", "--bot", "s2=bot:silly", "--seats", "3",
                 "--games-per-pairing", "2", "--seed", "3", "--db", db});
  ASSERT_EQ(run.status, 0) << run.err;
  Json m =
      json_of(run_arena({"tournament", "matches", "evo", "--db", db, "--json", "--no-replay"}));
  ASSERT_EQ(m["matches"].size(), 6u);  // one table, 3 rotations, 2 seeds
  std::map<std::string, std::set<std::string>> roles_of;
  for (const Json& x : m["matches"])
    for (const Json& s : x["seats"]) roles_of[s["entrant"]].insert(s["role"]);
  for (auto& [e, roles] : roles_of) EXPECT_EQ(roles.size(), 3u) << e;
  Json r = json_of(run_arena({"tournament", "report", "evo", "--db", db, "--json"}));
  EXPECT_EQ(r["kind"], "multi-player");
  for (const Json& s : r["standings"]) {
    EXPECT_EQ(s["games"], 6);
    EXPECT_LT(s["sigma"].get<double>(), 25.0 / 3);
    EXPECT_NEAR(s["ordinal"].get<double>(), s["mu"].get<double>() - 3 * s["sigma"].get<double>(),
                0.01);
  }
}

TEST(Tournament, PreciseErrors) {
  const std::string dir = temp_dir(), db = dir + "/t.db";
  CommandResult pg =
      run_arena({"tournament", "run", "x", "--game", "wumpus", "--bot", "a=bot:random", "--db",
                 "postgresql:///arena?host=/nonexistent-arena-dir"});
  EXPECT_EQ(pg.status, 1);
  EXPECT_NE(pg.err.find("cannot connect"), std::string::npos) << pg.err;
  CommandResult swiss = run_arena({"tournament", "run", "x", "--game", "wumpus", "--bot",
                                   "a=bot:random", "--format", "swiss", "--db", db});
  EXPECT_EQ(swiss.status, 2);
  EXPECT_NE(swiss.err.find("swiss is not implemented yet"), std::string::npos) << swiss.err;
  CommandResult role =
      run_arena({"tournament", "run", "x", "--game", "dracula", "--bot",
                 "a:hunters=bot:b-hunt-stay", "--bot", "b=bot:b-drac-loop", "--db", db});
  EXPECT_EQ(role.status, 2);
  EXPECT_NE(role.err.find("entrant a has no program for role D"), std::string::npos) << role.err;
  ASSERT_EQ(run_arena({"tournament", "run", "x", "--game", "wumpus", "--bot", "a=bot:random",
                       "--seed", "1", "--db", db})
                .status,
            0);
  CommandResult changed = run_arena({"tournament", "run", "x", "--game", "wumpus", "--bot",
                                     "a=bot:reference", "--seed", "1", "--db", db});
  EXPECT_EQ(changed.status, 2);
  EXPECT_NE(changed.err.find("already exists in " + db + " with another entrants"),
            std::string::npos)
      << changed.err;
  CommandResult missing = run_arena({"tournament", "report", "nope", "--db", db});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("no tournament 'nope'"), std::string::npos) << missing.err;
}

TEST(Tournament, ReportCountsCrashesPerEntrant) {
  const std::string dir = temp_dir(), db = dir + "/t.db";
  CommandResult run = run_arena({"tournament", "run", "f", "--game", "wumpus", "--bot",
                                 "good=bot:random", "--bot", "bad=sh -c 'exit 3'", "--sandbox",
                                 "none", "--games-per-pairing", "2", "--seed", "1", "--db", db});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("bad: crashed 2"), std::string::npos) << run.out;
  Json r = json_of(run_arena({"tournament", "report", "f", "--db", db, "--json"}));
  EXPECT_EQ(r["faults"]["bad"]["crashed"], 2);
  EXPECT_TRUE(r["faults"]["good"].empty());
  EXPECT_EQ(r["standings"][1]["entrant"], "bad");
  EXPECT_EQ(r["standings"][1]["mean_score"], -5000);
}

// Two runs of one tournament at once (two processes, one SQLite file) share its matches: each
// match is played by one of them, once.
TEST(Tournament, TwoRunsAtOnceShareTheMatches) {
  const std::string dir = temp_dir(), db = dir + "/t.db";
  const std::vector<std::string> cmd = {
      "tournament", "run",          "two",   "--game",       "wumpus",
      "--bot",      "a=bot:random", "--bot", "b=bot:random", "--games-per-pairing",
      "60",         "--seed",       "9",     "--db",         db};
  CommandResult r1, r2;
  std::thread t1([&] { r1 = run_arena(cmd); });
  std::thread t2([&] { r2 = run_arena(cmd); });
  t1.join();
  t2.join();
  ASSERT_EQ(r1.status, 0) << r1.err;
  ASSERT_EQ(r2.status, 0) << r2.err;
  Json m =
      json_of(run_arena({"tournament", "matches", "two", "--db", db, "--json", "--no-replay"}));
  ASSERT_EQ(m["matches"].size(), 120u);
  for (const Json& x : m["matches"]) {
    EXPECT_EQ(x["state"], "done");
    EXPECT_EQ(x["attempts"], 1);
  }
}

// A Wumpus program that hangs the first time it is started (and says so with its pid in DIR/hung)
// and plays `exit` at once every other time.
std::string hang_once_bot(const std::string& dir) {
  const std::string path = dir + "/hang_once.sh";
  std::ofstream f(path);
  f << "#!/bin/sh\n"
    << "if mkdir " << dir << "/hung.lock 2>/dev/null; then\n"
    << "  echo $$ > " << dir << "/hung.tmp && mv " << dir << "/hung.tmp " << dir << "/hung\n"
    << "  exec sleep 1000\n"
    << "fi\n"
    << "read start; read percept; echo exit; read end; exit 0\n";
  f.close();
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

// The run is killed with SIGKILL while one match hangs and every other is recorded; the same
// command then plays the hung match again and nothing else: every match counted once.
TEST(Tournament, ResumesAfterSigkillWithoutLosingOrDoublingMatches) {
  const std::string dir = temp_dir(), db = dir + "/t.db";
  const std::vector<std::string> cmd = {arena_bin(),
                                        "tournament",
                                        "run",
                                        "k",
                                        "--game",
                                        "wumpus",
                                        "--bot",
                                        "ref=bot:reference",
                                        "--bot",
                                        "rnd=bot:random",
                                        "--bot",
                                        "hang=" + hang_once_bot(dir),
                                        "--sandbox",
                                        "none",
                                        "--time-ms",
                                        "600000",
                                        "--games-per-pairing",
                                        "4",
                                        "--seed",
                                        "3",
                                        "--jobs",
                                        "2",
                                        "--db",
                                        db,
                                        "--progress"};
  int err_pipe[2];
  ASSERT_EQ(pipe(err_pipe), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(err_pipe[1], 2);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    close(err_pipe[0]);
    std::vector<char*> args;
    for (const auto& a : cmd) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(err_pipe[1]);
  // One line per match when stderr is not a terminal: wait until 11 of 12 are recorded (the
  // twelfth hangs).
  std::string err;
  char buf[4096];
  while (err.find("11/12 matches") == std::string::npos) {
    const ssize_t n = read(err_pipe[0], buf, sizeof buf);
    if (n <= 0) break;
    err.append(buf, static_cast<size_t>(n));
  }
  ASSERT_NE(err.find("11/12 matches"), std::string::npos) << err;
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  close(err_pipe[0]);
  // The hung bot outlives a SIGKILLed arena (nothing can clean up after SIGKILL): end it here.
  int hung = 0;
  std::ifstream(dir + "/hung") >> hung;
  ASSERT_GT(hung, 0);
  kill(hung, SIGKILL);

  Json before =
      json_of(run_arena({"tournament", "matches", "k", "--db", db, "--json", "--no-replay"}));
  int done = 0, leased = 0;
  for (const Json& m : before["matches"]) {
    done += m["state"] == "done";
    leased += m["state"] == "leased";
  }
  EXPECT_EQ(done, 11);
  EXPECT_EQ(leased, 1);

  std::vector<std::string> again(cmd.begin() + 1, cmd.end());
  CommandResult resumed = run_arena(again);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("11 of 12 matches already played"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("1 matches left unfinished"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("12/12 matches"), std::string::npos) << resumed.err;

  Json after = json_of(run_arena({"tournament", "matches", "k", "--db", db, "--json"}));
  ASSERT_EQ(after["matches"].size(), 12u);
  std::set<int> indices;
  for (const Json& m : after["matches"]) {
    indices.insert(m["index"].get<int>());
    EXPECT_EQ(m["state"], "done");
    EXPECT_FALSE(m["replay"].get<std::string>().empty());
    // The matches recorded before the kill are untouched.
    if (m["attempts"] == 1) {
      for (const Json& b : before["matches"])
        if (b["index"] == m["index"]) {
          EXPECT_EQ(b["result"], m["result"]);
        }
    } else {
      EXPECT_EQ(m["attempts"], 2);
      EXPECT_EQ(m["seats"][0]["entrant"], "hang");
    }
  }
  EXPECT_EQ(indices.size(), 12u);
  Json r = json_of(run_arena({"tournament", "report", "k", "--db", db, "--json"}));
  EXPECT_EQ(r["matches"]["done"], 12);
  for (const Json& s : r["standings"]) EXPECT_EQ(s["games"], 4) << s["entrant"];
}

}  // namespace
}  // namespace arena::testing
