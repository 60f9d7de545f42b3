// `arena tournament` end to end, with the real binary: schedules, results, JSON shapes, errors,
// determinism, a run killed with SIGKILL and resumed, swiss rounds and their resumption, and a
// match longer than its lease kept by lease renewal.
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
#include <set>
#include <sstream>
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
  EXPECT_NE(swiss.err.find("a swiss tournament needs at least 2 entrants"), std::string::npos)
      << swiss.err;
  CommandResult queued =
      run_arena({"tournament", "run", "x", "--game", "wumpus", "--bot", "a=bot:random", "--bot",
                 "b=bot:random", "--format", "swiss", "--queue-only", "--db", db});
  EXPECT_EQ(queued.status, 2);
  EXPECT_NE(queued.err.find("--queue-only cannot schedule a swiss tournament"), std::string::npos)
      << queued.err;
  CommandResult rounds = run_arena({"tournament", "run", "x", "--game", "wumpus", "--bot",
                                    "a=bot:random", "--rounds", "3", "--db", db});
  EXPECT_EQ(rounds.status, 2);
  EXPECT_NE(rounds.err.find("--rounds is for --format swiss"), std::string::npos) << rounds.err;
  CommandResult sides = run_arena({"tournament", "run", "x", "--game", "evolution", "--bot",
                                   "a=bot:silly", "--bot", "b=bot:silly", "--bot", "c=bot:silly",
                                   "--seats", "3", "--format", "swiss", "--db", db});
  EXPECT_EQ(sides.status, 2);
  EXPECT_NE(sides.err.find("swiss pairs two entrants at a time"), std::string::npos) << sides.err;
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

// `arena ...` started with its stdout dropped and its stderr on a pipe, to be killed with SIGKILL
// as `kill -9` kills a run (nothing of it can clean up).
class KilledRun {
 public:
  explicit KilledRun(const std::vector<std::string>& cmd) {
    int err_pipe[2];
    if (pipe(err_pipe) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
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
    err_fd_ = err_pipe[0];
  }
  ~KilledRun() {
    kill9();
    if (err_fd_ >= 0) close(err_fd_);
  }
  // Reads its stderr until it holds `text`; false if the stream ends first.
  bool wait_for(const std::string& text) {
    char buf[4096];
    while (err_.find(text) == std::string::npos) {
      const ssize_t n = err_fd_ < 0 ? -1 : read(err_fd_, buf, sizeof buf);
      if (n <= 0) return false;
      err_.append(buf, static_cast<size_t>(n));
    }
    return true;
  }
  void kill9() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  const std::string& err() const { return err_; }

 private:
  pid_t pid_ = -1;
  int err_fd_ = -1;
  std::string err_;
};

// A Wumpus program that hangs the first time it is started (and says so with its pid in DIR/hung)
// and plays `exit` at once every other time.
std::string hang_once_bot(const std::string& dir) {
  const std::string path = dir + "/hang_once.sh";
  std::ostringstream f;
  f << "#!/bin/sh\n"
    << "if mkdir " << dir << "/hung.lock 2>/dev/null; then\n"
    << "  echo $$ > " << dir << "/hung.tmp && mv " << dir << "/hung.tmp " << dir << "/hung\n"
    << "  exec sleep 1000\n"
    << "fi\n"
    << "read start; read percept; echo exit; read end; exit 0\n";
  return write_script(path, f.str());
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
  KilledRun run(cmd);
  // One line per match when stderr is not a terminal: wait until 11 of 12 are recorded (the
  // twelfth hangs).
  ASSERT_TRUE(run.wait_for("11/12 matches")) << run.err();
  run.kill9();
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

// The swiss pairings and points of a tournament, worked out again from `matches --json` alone:
// round -> pair ("a|b") -> game points of a and b. One side (Wumpus): per seed, the higher score
// takes 1, equal scores 1/2 each.
std::map<int, std::map<std::string, std::pair<double, double>>> swiss_games(const Json& matches) {
  // round -> pair -> seed -> entrant -> score
  std::map<int, std::map<std::string, std::map<std::string, std::map<std::string, double>>>> s;
  for (const Json& m : matches["matches"])
    s[m["round"].get<int>()][m["pairing"].get<std::string>()][m["seed"].get<std::string>()]
     [m["seats"][0]["entrant"].get<std::string>()] = m["result"]["scores"]["hero"].get<double>();
  std::map<int, std::map<std::string, std::pair<double, double>>> out;
  for (auto& [round, pairs] : s)
    for (auto& [pair, seeds] : pairs) {
      const std::string a = pair.substr(0, pair.find('|')), b = pair.substr(pair.find('|') + 1);
      auto& [ga, gb] = out[round][pair];
      for (auto& [seed, score] : seeds) {
        ga += score.at(a) > score.at(b) ? 1 : score.at(a) == score.at(b) ? 0.5 : 0;
        gb += score.at(b) > score.at(a) ? 1 : score.at(a) == score.at(b) ? 0.5 : 0;
      }
    }
  return out;
}

std::vector<std::string> swiss_cmd(const std::string& db, const std::string& jobs) {
  return {"tournament",
          "run",
          "sw",
          "--game",
          "wumpus",
          "--bot",
          "ref=bot:reference",
          "--bot",
          "rnd=bot:random",
          "--bot",
          "ref2=bot:reference",
          "--bot",
          "rnd2=bot:random",
          "--bot",
          "bad=sh -c 'exit 3'",
          "--sandbox",
          "none",
          "--format",
          "swiss",
          "--games-per-pairing",
          "2",
          "--seed",
          "21",
          "--jobs",
          jobs,
          "--db",
          db};
}

// Five entrants, the default three rounds: round 1 by seeding with the bye for the last, then
// pairings by points without rematches and three different byes; every pair plays the same two
// seeds; the report's swiss standings are the points worked out again from the matches; the same
// command on another database (and another --jobs) gives the same pairings and results.
TEST(Tournament, SwissWumpusRoundsPairingsAndReport) {
  const std::string dir = temp_dir(), db = dir + "/s.db";
  CommandResult run = run_arena(swiss_cmd(db, "1"));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("swiss round 1/3: ref|ref2, rnd|rnd2, bye bad"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("swiss round 3/3: "), std::string::npos) << run.err;
  EXPECT_NE(run.out.find("swiss: 3 of 3 rounds played"), std::string::npos) << run.out;

  Json m = json_of(run_arena({"tournament", "matches", "sw", "--db", db, "--json", "--no-replay"}));
  ASSERT_EQ(m["matches"].size(), 24u);  // 3 rounds, 2 pairs, 2 seeds, each of a pair alone
  std::map<int, std::set<std::string>> played_in;  // round -> entrants
  std::map<std::string, int> meetings;
  std::set<std::string> seeds;
  for (size_t i = 0; i < m["matches"].size(); ++i) {
    const Json& x = m["matches"][i];
    EXPECT_EQ(x["index"], static_cast<int>(i));
    EXPECT_EQ(x["round"], static_cast<int>(i / 8));
    EXPECT_EQ(x["state"], "done");
    EXPECT_EQ(x["attempts"], 1);
    const std::string pairing = x["pairing"], entrant = x["seats"][0]["entrant"];
    played_in[x["round"].get<int>()].insert(entrant);
    if (entrant == pairing.substr(0, pairing.find('|'))) meetings[pairing] += 1;
    seeds.insert(x["seed"].get<std::string>());
  }
  EXPECT_EQ(seeds, (std::set<std::string>{"21", "22"}));
  for (auto& [pair, n] : meetings) EXPECT_EQ(n, 2) << pair << " met more than once";
  EXPECT_EQ(meetings.size(), 6u);
  std::set<std::string> byes;
  const std::set<std::string> all = {"ref", "rnd", "ref2", "rnd2", "bad"};
  for (auto& [round, who] : played_in) {
    ASSERT_EQ(who.size(), 4u);
    for (const std::string& e : all)
      if (!who.count(e)) byes.insert(e);
  }
  EXPECT_EQ(byes.size(), 3u);  // never the same entrant twice
  EXPECT_TRUE(byes.count("bad"));

  Json r = json_of(run_arena({"tournament", "report", "sw", "--db", db, "--json"}));
  EXPECT_EQ(r["format"], "swiss");
  const Json& sw = r["swiss"];
  EXPECT_EQ(sw["rounds"], 3);
  EXPECT_EQ(sw["played"], 3);
  // Points worked out from the matches: pairings by game points, a bye 1.
  std::map<std::string, double> points;
  for (auto& [round, pairs] : swiss_games(m))
    for (auto& [pair, g] : pairs) {
      const std::string a = pair.substr(0, pair.find('|')), b = pair.substr(pair.find('|') + 1);
      points[a] += g.first > g.second ? 1 : g.first == g.second ? 0.5 : 0;
      points[b] += g.second > g.first ? 1 : g.first == g.second ? 0.5 : 0;
    }
  for (const std::string& e : byes) points[e] += 1;
  double total = 0;
  ASSERT_EQ(sw["standings"].size(), 5u);
  for (const Json& s : sw["standings"]) {
    EXPECT_DOUBLE_EQ(s["points"].get<double>(), points[s["entrant"].get<std::string>()])
        << s["entrant"];
    total += s["points"].get<double>();
  }
  EXPECT_DOUBLE_EQ(total, 9);  // each round: two pairings and a bye, a point each
  for (size_t i = 1; i < 5; ++i)
    EXPECT_GE(sw["standings"][i - 1]["points"].get<double>(),
              sw["standings"][i]["points"].get<double>());
  // The identical reference bots draw on every seed: round 1's first pairing is level.
  EXPECT_EQ(sw["pairings"][0]["pairs"][0]["entrants"], Json({"ref", "ref2"}));
  EXPECT_EQ(sw["pairings"][0]["pairs"][0]["games"], Json({1.0, 1.0}));
  EXPECT_EQ(sw["pairings"][0]["bye"], "bad");
  // The usual rating is still there.
  EXPECT_EQ(r["kind"], "single-seat");
  EXPECT_EQ(r["standings"].size(), 5u);

  // Deterministic: the same command elsewhere, two jobs, the same pairings and results.
  ASSERT_EQ(run_arena(swiss_cmd(dir + "/t.db", "2")).status, 0);
  Json m2 = json_of(
      run_arena({"tournament", "matches", "sw", "--db", dir + "/t.db", "--json", "--no-replay"}));
  EXPECT_EQ(results(m), results(m2));
  ASSERT_EQ(m2["matches"].size(), 24u);
  for (size_t i = 0; i < 24; ++i)
    EXPECT_EQ(m["matches"][i]["pairing"], m2["matches"][i]["pairing"]);
  // Run again: nothing left to play, the same rounds derived from the stored results.
  CommandResult again = run_arena(swiss_cmd(db, "2"));
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("24 of 24 matches already played"), std::string::npos) << again.err;
  EXPECT_EQ(again.out, run.out);
}

// Swiss in a two-sided game: each pairing plays the seed on both sides (each entrant's hunters
// against the other's Dracula), its game points are the two matches' points, and round 2 pairs
// the round's winners and losers without a rematch.
TEST(Tournament, SwissDraculaPairsPlayBothSides) {
  const std::string dir = temp_dir(), db = dir + "/d.db";
  CommandResult run = run_arena({"tournament",
                                 "run",
                                 "ds",
                                 "--game",
                                 "dracula",
                                 "--bot",
                                 "chase:hunters=bot:b-hunt-chase",
                                 "--bot",
                                 "chase:D=bot:b-drac-greedy",
                                 "--bot",
                                 "rnd:hunters=bot:b-hunt-random",
                                 "--bot",
                                 "rnd:D=bot:b-drac-random",
                                 "--bot",
                                 "stay:hunters=bot:b-hunt-stay",
                                 "--bot",
                                 "stay:D=bot:b-drac-loop",
                                 "--bot",
                                 "rnd2:hunters=bot:b-hunt-random",
                                 "--bot",
                                 "rnd2:D=bot:b-drac-greedy",
                                 "--format",
                                 "swiss",
                                 "--seed",
                                 "4",
                                 "--jobs",
                                 "2",
                                 "--db",
                                 db});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("swiss round 1/2: chase|stay, rnd|rnd2"), std::string::npos) << run.err;
  Json m = json_of(run_arena({"tournament", "matches", "ds", "--db", db, "--json", "--no-replay"}));
  ASSERT_EQ(m["matches"].size(), 8u);  // 2 rounds, 2 pairs, both sides, 1 seed
  // (round, pairing) -> entrants that held Dracula; pairings of each round
  std::map<std::pair<int, std::string>, std::set<std::string>> dracula;
  std::map<std::pair<int, std::string>, std::map<std::string, double>> games;
  for (const Json& x : m["matches"]) {
    const std::pair<int, std::string> key = {x["round"].get<int>(), x["pairing"]};
    const std::string d = x["seats"][4]["entrant"], h = x["seats"][0]["entrant"];
    dracula[key].insert(d);
    const bool hunters_won = x["result"]["winner"] == "hunters";
    const bool drawn = x["result"]["winner"].is_null();
    games[key][h] += drawn ? 0.5 : hunters_won ? 1 : 0;
    games[key][d] += drawn ? 0.5 : hunters_won ? 0 : 1;
  }
  ASSERT_EQ(dracula.size(), 4u);
  std::set<std::string> pairs;
  for (auto& [key, who] : dracula) {
    EXPECT_EQ(who.size(), 2u) << key.second;  // each side once
    EXPECT_TRUE(pairs.insert(key.second).second) << key.second << " met twice";
  }
  Json r = json_of(run_arena({"tournament", "report", "ds", "--db", db, "--json"}));
  EXPECT_EQ(r["kind"], "two-sided");
  const Json& sw = r["swiss"];
  EXPECT_EQ(sw["played"], 2);
  double total = 0;
  for (const Json& s : sw["standings"]) total += s["points"].get<double>();
  EXPECT_DOUBLE_EQ(total, 4);  // two rounds of two pairings, a point each
  for (const Json& round : sw["pairings"])
    for (const Json& p : round["pairs"]) {
      const std::pair<int, std::string> key = {
          round["round"].get<int>() - 1,
          p["entrants"][0].get<std::string>() + "|" + p["entrants"][1].get<std::string>()};
      EXPECT_DOUBLE_EQ(p["games"][0].get<double>(), games[key][p["entrants"][0]]);
      EXPECT_DOUBLE_EQ(p["games"][1].get<double>(), games[key][p["entrants"][1]]);
      const double a = p["games"][0], b = p["games"][1];
      EXPECT_EQ(p["points"], Json({a > b    ? 1.0
                                   : a == b ? 0.5
                                            : 0.0,
                                   a < b    ? 1.0
                                   : a == b ? 0.5
                                            : 0.0}));
    }
}

// Two swiss runs of one tournament at once (two processes, one SQLite file): each round's matches
// are shared, neither pairs the next round before the other has recorded its last match of this
// one, and both derive the same rounds: every match played once.
TEST(Tournament, TwoSwissRunsAtOnceShareEachRound) {
  const std::string dir = temp_dir(), db = dir + "/s.db";
  CommandResult r1, r2;
  std::thread t1([&] { r1 = run_arena(swiss_cmd(db, "1")); });
  std::thread t2([&] { r2 = run_arena(swiss_cmd(db, "1")); });
  t1.join();
  t2.join();
  ASSERT_EQ(r1.status, 0) << r1.err;
  ASSERT_EQ(r2.status, 0) << r2.err;
  Json m = json_of(run_arena({"tournament", "matches", "sw", "--db", db, "--json", "--no-replay"}));
  ASSERT_EQ(m["matches"].size(), 24u);
  for (const Json& x : m["matches"]) {
    EXPECT_EQ(x["state"], "done");
    EXPECT_EQ(x["attempts"], 1);
  }
  // The same pairings and results as one run alone.
  ASSERT_EQ(run_arena(swiss_cmd(dir + "/alone.db", "2")).status, 0);
  Json alone = json_of(run_arena(
      {"tournament", "matches", "sw", "--db", dir + "/alone.db", "--json", "--no-replay"}));
  EXPECT_EQ(results(m), results(alone));
  for (size_t i = 0; i < 24; ++i)
    EXPECT_EQ(m["matches"][i]["pairing"], alone["matches"][i]["pairing"]);
}

// A Wumpus program whose second start (its first match of swiss round 2, with one seed per
// pairing) hangs, telling its pid through the FIFO DIR/hung; every other start plays `exit` at
// once.
std::string hang_second_bot(const std::string& dir) {
  const std::string path = dir + "/hang_second.sh";
  std::ostringstream f;
  f << "#!/bin/sh\n"
    << "if mkdir " << dir << "/first.lock 2>/dev/null; then :\n"
    << "elif mkdir " << dir << "/second.lock 2>/dev/null; then\n"
    << "  echo $$ > " << dir << "/hung\n"
    << "  exec sleep 1000\n"
    << "fi\n"
    << "read start; read percept; echo exit; read end; exit 0\n";
  return write_script(path, f.str());
}

// A swiss run killed with SIGKILL in round 2, while one match hangs and every other is recorded:
// the same command derives round 1's and round 2's pairings again from the stored results, plays
// the hung match and nothing else.
TEST(Tournament, SwissResumesAfterSigkillMidRound) {
  const std::string dir = temp_dir(), db = dir + "/t.db";
  ASSERT_EQ(mkfifo((dir + "/hung").c_str(), 0600), 0);
  const int hung_fd = open((dir + "/hung").c_str(), O_RDWR | O_NONBLOCK);
  ASSERT_GE(hung_fd, 0);
  const std::vector<std::string> cmd = {arena_bin(), "tournament",
                                        "run",       "k",
                                        "--game",    "wumpus",
                                        "--bot",     "ref=bot:reference",
                                        "--bot",     "rnd=bot:random",
                                        "--bot",     "hang=" + hang_second_bot(dir),
                                        "--bot",     "rnd2=bot:random",
                                        "--format",  "swiss",
                                        "--sandbox", "none",
                                        "--time-ms", "600000",
                                        "--seed",    "3",
                                        "--jobs",    "2",
                                        "--db",      db,
                                        "--progress"};
  KilledRun run(cmd);
  // Two rounds of two pairs, each of a pair alone on one seed: 8 matches; 7 end, one hangs. Wait
  // for both: the hung match may be the last of its round to start.
  const std::string hung_line = read_fifo_line(hung_fd);
  ASSERT_FALSE(hung_line.empty()) << "the hanging bot never started";
  const int hung = std::stoi(hung_line);
  close(hung_fd);
  ASSERT_TRUE(run.wait_for("7/8 matches")) << run.err();
  run.kill9();
  const std::string err = run.err();
  kill(hung, SIGKILL);
  const size_t r1 = err.find("swiss round 1/2: "), r2 = err.find("swiss round 2/2: ");
  ASSERT_NE(r1, std::string::npos) << err;
  ASSERT_NE(r2, std::string::npos) << err;
  EXPECT_EQ(err.substr(r1, err.find('\n', r1) - r1), "swiss round 1/2: ref|hang, rnd|rnd2");
  const std::string round2 = err.substr(r2, err.find('\n', r2) - r2);

  Json before =
      json_of(run_arena({"tournament", "matches", "k", "--db", db, "--json", "--no-replay"}));
  ASSERT_EQ(before["matches"].size(), 8u);
  int done = 0, leased = 0;
  for (const Json& m : before["matches"]) {
    done += m["state"] == "done";
    leased += m["state"] == "leased";
  }
  EXPECT_EQ(done, 7);
  EXPECT_EQ(leased, 1);

  std::vector<std::string> again(cmd.begin() + 1, cmd.end());
  CommandResult resumed = run_arena(again);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("7 of 8 matches already played"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("1 matches left unfinished"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("swiss round 1/2: ref|hang, rnd|rnd2"), std::string::npos)
      << resumed.err;
  EXPECT_NE(resumed.err.find(round2), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("8/8 matches"), std::string::npos) << resumed.err;

  Json after =
      json_of(run_arena({"tournament", "matches", "k", "--db", db, "--json", "--no-replay"}));
  ASSERT_EQ(after["matches"].size(), 8u);
  int retried = 0;
  for (size_t i = 0; i < 8; ++i) {
    const Json& m = after["matches"][i];
    EXPECT_EQ(m["state"], "done");
    EXPECT_EQ(m["pairing"], before["matches"][i]["pairing"]);
    if (m["attempts"] == 1) {
      EXPECT_EQ(m["result"], before["matches"][i]["result"]);
    } else {
      ++retried;
      EXPECT_EQ(m["attempts"], 2);
      EXPECT_EQ(m["round"], 1);
      EXPECT_EQ(m["seats"][0]["entrant"], "hang");
    }
  }
  EXPECT_EQ(retried, 1);
  Json r = json_of(run_arena({"tournament", "report", "k", "--db", db, "--json"}));
  EXPECT_EQ(r["swiss"]["played"], 2);
  for (const Json& s : r["swiss"]["standings"]) EXPECT_EQ(s["pairings"], 2) << s["entrant"];
}

// A Wumpus program whose first start outlives the lease (3 s) of its match: it waits 7 s, says
// so through the FIFO DIR/ready, then waits for a line on DIR/go before playing `exit`. Every
// start appends a line to DIR/starts.
std::string long_first_bot(const std::string& dir) {
  const std::string path = dir + "/long_first.sh";
  std::ostringstream f;
  f << "#!/bin/sh\n"
    << "echo start >> " << dir << "/starts\n"
    << "if mkdir " << dir << "/first.lock 2>/dev/null; then\n"
    << "  sleep 7\n"
    << "  echo ready > " << dir << "/ready\n"
    << "  read go < " << dir << "/go\n"
    << "fi\n"
    << "read start; read percept; echo exit; read end; exit 0\n";
  return write_script(path, f.str());
}

// A match that runs longer than its lease keeps it: its run renews the lease while it plays, so a
// second run of the tournament, started once the first lease has long lapsed, finds the match
// still held, plays the others, and never takes it. Every match is played once, attempts 1.
TEST(Tournament, LongMatchKeepsItsLeaseAgainstASecondRun) {
  const std::string dir = temp_dir(), db = dir + "/t.db";
  ASSERT_EQ(mkfifo((dir + "/ready").c_str(), 0600), 0);
  ASSERT_EQ(mkfifo((dir + "/go").c_str(), 0600), 0);
  const int ready = open((dir + "/ready").c_str(), O_RDWR | O_NONBLOCK);
  ASSERT_GE(ready, 0);
  const std::vector<std::string> cmd = {"tournament",
                                        "run",
                                        "lease",
                                        "--game",
                                        "wumpus",
                                        "--bot",
                                        "slow=" + long_first_bot(dir),
                                        "--bot",
                                        "fast=bot:random",
                                        "--games-per-pairing",
                                        "2",
                                        "--seed",
                                        "1",
                                        "--sandbox",
                                        "none",
                                        "--time-ms",
                                        "600000",
                                        "--lease-s",
                                        "3",
                                        "--db",
                                        db,
                                        "--progress"};
  std::vector<std::string> first = cmd;
  first.insert(first.begin(), arena_bin());
  Proc run1(first);
  ASSERT_EQ(read_fifo_line(ready), "ready") << run1.err();
  // The slow match has run 7 s on a lease of 3 s: only its renewals keep it.
  CommandResult run2 = run_arena(cmd);
  EXPECT_EQ(run2.status, 0) << run2.err;
  EXPECT_EQ(run2.err.find("left unfinished"), std::string::npos) << run2.err;
  EXPECT_NE(run2.err.find("3 matches in"), std::string::npos) << run2.err;
  {
    std::ofstream go(dir + "/go");
    go << "go\n";
  }
  EXPECT_EQ(run1.finish(), 0) << run1.err();
  EXPECT_NE(run1.err().find("1 matches in"), std::string::npos) << run1.err();
  close(ready);

  Json m =
      json_of(run_arena({"tournament", "matches", "lease", "--db", db, "--json", "--no-replay"}));
  ASSERT_EQ(m["matches"].size(), 4u);
  for (const Json& x : m["matches"]) {
    EXPECT_EQ(x["state"], "done") << x.dump();
    EXPECT_EQ(x["attempts"], 1) << x.dump();
    EXPECT_TRUE(x["error"].is_null()) << x.dump();
  }
  // The slow entrant started twice: its two matches, each once.
  std::ifstream starts(dir + "/starts");
  int lines = 0;
  for (std::string l; std::getline(starts, l);) ++lines;
  EXPECT_EQ(lines, 2);
}

}  // namespace
}  // namespace arena::testing
