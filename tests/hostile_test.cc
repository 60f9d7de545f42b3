// The hostile-bot suite: one misbehaving program (tests/hostile/hostile.c) against every game, one
// real match of `arena play` under the default sandbox per (game, behaviour). Each match must end
// with the game's own consequence of that misbehaviour (its spec, and its referee tests), the
// replay must name the cause, the other seats must play on untouched, no process of the bot may
// outlive the match, nothing outside its scratch directory may change, and nothing it tried to
// reach (files, the referee's environment, the test's services) may be reached.
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "core/testing/sandbox_testing.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const char* const kGames[] = {"wumpus", "dracula", "evolution", "empire", "dungeon"};

// What the behaviour leaves the referee with, which decides its consequence in every game.
enum class Kind {
  silent,     // never answers (it spins, sleeps, floods stderr, probes, or sends half an answer)
  crash,      // its process ends, or its output closes, before it answers
  malformed,  // its answer is bytes the game's framing or grammar refuses
};

struct Behaviour {
  const char* name;
  Kind kind;
};

const Behaviour kBehaviours[] = {
    {"loop", Kind::silent},
    {"sleep", Kind::silent},
    {"fork_bomb", Kind::silent},
    {"memory", Kind::crash},
    {"stdout_flood", Kind::malformed},
    {"stderr_flood", Kind::silent},
    {"garbage", Kind::malformed},
    {"half_message", Kind::silent},
    {"close_stdout", Kind::crash},
    {"segv", Kind::crash},
    {"abort", Kind::crash},
    {"double_fork", Kind::crash},
    {"write_outside", Kind::silent},
    {"read_files", Kind::silent},
    {"net_out", Kind::silent},
    {"net_loopback", Kind::silent},
    {"kill_group", Kind::crash},
    {"kill_referee", Kind::silent},
    {"huge_line", Kind::malformed},
};

struct Row {
  std::string game;
  Behaviour behaviour;
};

bool tcp_game(const std::string& game) {
  return game != "wumpus" && game != "dracula";
}

// The behaviour's kind in this game. In a TCP game the connection is what counts: a bot that
// leaves a detached grandchild holding it open is silent, not gone; one that kills its parent
// (the relay inside its sandbox) loses its connection.
Kind kind_of(const Row& row) {
  const std::string b = row.behaviour.name;
  if (tcp_game(row.game) && b == "double_fork") return Kind::silent;
  if (tcp_game(row.game) && b == "kill_referee") return Kind::crash;
  return row.behaviour.kind;
}

void PrintTo(const Row& row, std::ostream* os) {
  *os << row.game << " " << row.behaviour.name;
}

std::string row_name(const ::testing::TestParamInfo<Row>& info) {
  return info.param.game + "_" + info.param.behaviour.name;
}

std::vector<Row> all_rows() {
  std::vector<Row> rows;
  for (const char* g : kGames)
    for (const Behaviour& b : kBehaviours) rows.push_back({g, b});
  return rows;
}

// Every process whose command line or environment holds `marker` (this one excepted).
std::vector<std::string> processes_with(const std::string& marker) {
  std::vector<std::string> found;
  const std::string self = std::to_string(getpid());
  DIR* d = opendir("/proc");
  while (dirent* e = readdir(d)) {
    if (!std::isdigit(static_cast<unsigned char>(e->d_name[0])) || self == e->d_name) continue;
    for (const char* what : {"/cmdline", "/environ"}) {
      // read(2), not a stream: a process that ends while it is read fails the read (ESRCH).
      std::string text;
      int fd = open((std::string("/proc/") + e->d_name + what).c_str(), O_RDONLY | O_CLOEXEC);
      char buf[4096];
      ssize_t n;
      while (fd >= 0 && (n = read(fd, buf, sizeof buf)) > 0)
        text.append(buf, static_cast<size_t>(n));
      if (fd >= 0) close(fd);
      if (text.find(marker) != std::string::npos) {
        found.push_back(std::string(e->d_name) + what);
        break;
      }
    }
  }
  closedir(d);
  return found;
}

// A listening socket of the test's, which the bot must not reach; `pending` tells after the match
// whether anything connected.
class Listener {
 public:
  // TCP on 127.0.0.1 (path empty), or a Unix socket: abstract when path starts with '@'.
  explicit Listener(const std::string& path = "") {
    if (path.empty()) {
      fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
      sockaddr_in a{};
      a.sin_family = AF_INET;
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      EXPECT_EQ(bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
      socklen_t len = sizeof a;
      getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
      port_ = ntohs(a.sin_port);
    } else {
      fd_ = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
      sockaddr_un u{};
      u.sun_family = AF_UNIX;
      std::memcpy(u.sun_path, path.data(), std::min(path.size(), sizeof u.sun_path - 1));
      socklen_t len = sizeof u;
      if (path[0] == '@') {
        u.sun_path[0] = '\0';
        len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + path.size());
      }
      EXPECT_EQ(bind(fd_, reinterpret_cast<sockaddr*>(&u), len), 0) << path;
    }
    EXPECT_EQ(listen(fd_, 8), 0);
  }
  ~Listener() { close(fd_); }
  int port() const { return port_; }
  bool pending() const {
    int c = accept(fd_, nullptr, nullptr);
    if (c >= 0) close(c);
    return c >= 0;
  }

 private:
  int fd_ = -1;
  int port_ = 0;
};

// The whole replay as JSON lines.
std::vector<json> parse_lines(const std::string& text) {
  std::vector<json> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(json::parse(line));
  return lines;
}

// The match: the hostile seat, the other seats (built-in bots), short limits, small parameters.
std::vector<std::string> play_args(const std::string& game, const std::string& program,
                                   const std::string& replay, const std::string& time_ms) {
  std::vector<std::string> a = {"play", game};
  auto add = [&a](std::initializer_list<std::string> more) { a.insert(a.end(), more); };
  if (game == "empire") add({"turn_limit=1"});
  // Dungeon Race has no turns and no per-request deadline (spec §3.3): the hostile team simply
  // does not move, and the reference team wins; min_cross_ms makes that take about half a second,
  // so that whatever the hostile team does reaches the server before the game is over.
  if (game == "dungeon") add({"switches=3", "traps=0", "min_cross_ms=20", "time_limit_s=20"});
  add({"--seed", "1", "--replay", replay, "--limit", "memory_mb=64", "--limit", "processes=16",
       "--limit", "cpu_s=5"});
  if (game == "wumpus") add({"--time-ms", time_ms, "--seat", "hero=" + program});
  // Dracula: the hostile program is Lord Godalming (a process per turn); it misbehaves in its first
  // turn and is disqualified in its second (tests/hostile/hostile.c).
  if (game == "dracula")
    add({"--time-ms", time_ms, "--seat", "G=" + program, "--seat", "S=bot:hunter", "--seat",
         "H=bot:hunter", "--seat", "M=bot:hunter", "--seat", "D=bot:dracula"});
  if (game == "evolution")
    add({"--time-ms", time_ms, "--seat", "p1=bot:silly", "--seat", "p2=bot:silly", "--seat",
         "p3=" + program});
  if (game == "empire")
    add({"--time-ms", time_ms, "--seat", "p1=bot:greedy", "--seat", "p2=" + program});
  if (game == "dungeon") add({"--seat", "team0=bot:reference", "--seat", "team1=" + program});
  return a;
}

// The game's consequence of the behaviour, and that the other seats were not touched.
void expect_consequence(const Row& row, const std::vector<json>& lines, const std::string& text) {
  const json& result = lines.back();
  ASSERT_EQ(result["type"], "result") << text.substr(0, 2000);
  const std::string b = row.behaviour.name;
  const Kind kind = kind_of(row);
  const std::string r = result.dump();
  if (row.game == "wumpus") {
    // Spec §6: a bot that does not answer in time, ends, or closes its output scores as a crash
    // or timeout; an answer that is not an action is an invalid action.
    const char* reason = kind == Kind::silent  ? "timeout"
                         : kind == Kind::crash ? "crash"
                                               : "invalid_action";
    EXPECT_EQ(result["result"]["reason"], reason) << r;
    EXPECT_EQ(result["scores"]["hero"], -5000) << r;
    const json& turn = lines[1];
    EXPECT_EQ(turn["verdict"], kind == Kind::silent  ? "timeout"
                               : b == "close_stdout" ? "closed"
                               : kind == Kind::crash ? "crashed"
                               : b == "garbage"      ? "malformed"
                                                     : "too_long")
        << turn.dump();
    if (b == "segv") {
      // A sanitized bot (the `sanitize` preset builds this one so) reports its SEGV and exits 1.
      EXPECT_NE(turn["detail"].get<std::string>().find(kSanitizedBuild ? "exit code 1" : "SIGSEGV"),
                std::string::npos)
          << turn.dump();
    }
    if (b == "abort") {
      EXPECT_NE(turn["detail"].get<std::string>().find("SIGABRT"), std::string::npos);
    }
  } else if (row.game == "dracula") {
    // Spec §6: a turn without a usable reply gets the default move and the match goes on; the
    // illegal move of its second turn disqualifies it (the hunters still win or lose as a team).
    bool first = true;
    for (const json& l : lines) {
      if (l["type"] != "turn") continue;
      if (l["seat"] != "G") {
        EXPECT_EQ(l.value("verdict", "ok"), "ok") << "another seat was touched: " << l.dump();
        continue;
      }
      if (!first) continue;
      first = false;
      EXPECT_EQ(l["source"], "default") << l.dump();
      const std::string verdict = l["verdict"];
      if (kind == Kind::crash && b != "close_stdout" && b != "double_fork") {
        EXPECT_EQ(l["reason"], "crashed") << l.dump();
      } else {
        EXPECT_EQ(l["reason"], "no_reply") << l.dump();
        EXPECT_TRUE(verdict == "timeout" || verdict == "closed") << l.dump();
      }
    }
    EXPECT_EQ(result["result"]["seats"]["G"]["disqualified_at"], 5) << r;
  } else if (row.game == "evolution") {
    // Spec §8.8: a misbehaving client is ejected; the others play the game to its end.
    const json& ejected = result["result"]["ejected"];
    ASSERT_EQ(ejected.size(), 1u) << r;
    EXPECT_EQ(ejected[0]["seat"], "p3");
    const std::string why = ejected[0]["reason"];
    const char* expected = kind == Kind::silent  ? "no complete reply to choose within"
                           : kind == Kind::crash ? "connection closed while waiting for the reply"
                                                 : "not well-formed JSON";
    EXPECT_NE(why.find(expected), std::string::npos) << why;
    EXPECT_EQ(result["result"]["ranking"].size(), 2u) << r;
  } else if (row.game == "empire") {
    // Spec §5.9-5.10: a silent player gets (TIMEOUT) and its answers count as nil; malformed
    // lines get ERROR replies; a player that disconnects is PLAYER-LEFT; the game goes on.
    // Each is an event of the seat's own in the replay.
    int timeouts = 0, errors = 0, closed = 0;
    for (const json& l : lines) {
      if (l["type"] != "event" || !l.contains("seat")) continue;
      EXPECT_EQ(l["seat"], "p2") << "another seat was touched: " << l.dump();
      const std::string sent = l.value("sent", "");
      timeouts += sent == "(TIMEOUT)";
      errors += sent.rfind("(ERROR ", 0) == 0;
      closed += l.value("verdict", "") != "";
    }
    if (kind == Kind::silent) {
      EXPECT_GT(timeouts, 0) << text.substr(text.size() - std::min<size_t>(text.size(), 3000));
    }
    if (kind == Kind::crash) {
      EXPECT_EQ(closed, 1) << text.substr(text.size() - std::min<size_t>(text.size(), 3000));
    }
    if (kind == Kind::malformed) {
      EXPECT_GT(errors, 0) << text.substr(text.size() - std::min<size_t>(text.size(), 3000));
    }
    EXPECT_EQ(text.find("(PLAYER-LEFT 1)") != std::string::npos, kind == Kind::crash);
    EXPECT_EQ(result["result"]["reason"], "TURN-LIMIT") << r;
  } else if (row.game == "dungeon") {
    // Spec §7.3-7.4: closed connections make inert agents; a framing error closes that
    // connection (malformed); silence is no offence (no deadlines). The reference team wins.
    EXPECT_EQ(result["winner"], "team0") << r;
    const json& seats = result["result"]["seats"];
    EXPECT_EQ(seats["team0"]["closed"], 0) << r;
    EXPECT_EQ(seats["team0"]["malformed"], 0) << r;
    const json& t1 = seats["team1"];
    EXPECT_EQ(t1["registered"], 6) << r;
    if (kind == Kind::silent) {
      EXPECT_EQ(t1["closed"], 0) << r;
    }
    if (kind == Kind::crash) {
      EXPECT_EQ(t1["closed"], 6) << r;
    }
    if (kind == Kind::malformed) {
      EXPECT_EQ(t1["malformed"], 1) << r;
    }
  }
}

class Hostile : public NeedsSandbox<::testing::TestWithParam<Row>> {};

TEST_P(Hostile, EndsByTheGamesRuleAndLeavesNothingBehind) {
  const Row& row = GetParam();
  const std::string b = row.behaviour.name;
  // Applicability (every row applies; kept for the record): the stdio games get the behaviours on
  // stdout, the TCP games on their connection(s); Dungeon Race's "silent" rows have no verdict
  // by design (real time, no deadlines).
  const std::string dir = temp_dir();
  const std::string canary = dir + "/canary";
  fs::create_directories(canary);
  std::ofstream(canary + "/canary") << "canary\n";
  const std::string secret = "secret-" + std::to_string(getpid()) + "-" + b;
  std::ofstream(canary + "/secret") << secret << "\n";
  // The referee's environment holds a secret too (the bot must not see /proc of the host).
  setenv("HOSTILE_HOST_SECRET", secret.c_str(), 1);
  const std::string marker = "hostile-mark-" + std::to_string(getpid()) + "-" + row.game + "-" + b;
  Listener tcp, abstract("@arena-hostile-" + marker), file(canary + "/sock");

  // The canary's path goes as dir=PATH: a word naming an existing directory would make it one of
  // the bot's own, visible read-only (docs/sandbox.md); this is a path it learnt otherwise.
  const std::string program = std::string(ARENA_TEST_HOSTILE) + " " + row.game + " " + b + " " +
                              marker + " dir=" + canary + " --listen " + std::to_string(tcp.port());
  const std::string replay = dir + "/r.jsonl";
  // The turn limit: short where the bot's silence is the point (its timeout is the consequence);
  // long enough for a loaded machine where the bot must first do something (crash, probe, send)
  // before its process is killed at the turn's end. Empire Builder's seats live the whole match
  // through many queries, so its short limit leaves them time enough.
  const bool quiet = row.game == "empire" ||
                     (kind_of(row) == Kind::silent && b != "write_outside" && b != "read_files" &&
                      b != "net_out" && b != "net_loopback" && b != "kill_referee");
  // Dracula's built-in seats answer within the same limit, so it stays at 1000 ms for them.
  const bool dracula = row.game == "dracula";
  CommandResult r =
      run_arena(play_args(row.game, program, replay, quiet && !dracula ? "300" : "1000"));
  ASSERT_EQ(r.status, 0) << "the match did not end normally: " << r.err;
  const std::string text = read_file(replay);

  EXPECT_EQ(text.find("ESCAPED"), std::string::npos) << text.substr(0, 4000);
  EXPECT_EQ(text.find(secret), std::string::npos) << "a secret reached the bot";
  EXPECT_EQ(r.out.find(secret) + r.err.find(secret), 2 * std::string::npos);
  if (b == "write_outside") {
    EXPECT_NE(text.find("scratch writable"), std::string::npos) << text;
  }
  EXPECT_FALSE(tcp.pending()) << "the bot reached the test's loopback service";
  EXPECT_FALSE(abstract.pending()) << "the bot reached the test's abstract socket";
  EXPECT_FALSE(file.pending()) << "the bot reached the test's socket file";
  EXPECT_EQ(read_file(canary + "/canary"), "canary\n");
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(canary)) names.insert(e.path().filename());
  EXPECT_EQ(names, (std::set<std::string>{"canary", "secret", "sock"}));
  EXPECT_EQ(processes_with(marker), std::vector<std::string>{}) << "outlived its match";

  expect_consequence(row, parse_lines(text), text);
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, Hostile, ::testing::ValuesIn(all_rows()), row_name);

}  // namespace
}  // namespace arena::testing
