// `arena play` with its default sandbox, against bots that try what a cheating or careless bot
// would: read the referee's command line to find the hidden cave, write outside their scratch
// directory, leave a detached process behind. Each one plays a real match.
#include <dirent.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "core/sandbox.h"
#include "core/testing/sandbox_testing.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

namespace fs = std::filesystem;

// A Wumpus bot in Python that first does `mischief`, then leaves the cave at once.
std::string write_bot(const std::string& dir, const std::string& mischief) {
  const std::string path = dir + "/bot.py";
  std::ofstream(path) << "import os, sys, glob, subprocess\n"
                      << mischief << "\n"
                      << "for line in sys.stdin:\n"
                      << "    if line.startswith('end'): break\n"
                      << "    if not line.startswith('start'):\n"
                      << "        print('exit', flush=True)\n";
  return path;
}

// Every process on the host whose command line contains `needle`.
int processes_with(const std::string& needle) {
  int found = 0;
  DIR* d = opendir("/proc");
  while (dirent* e = readdir(d)) {
    std::ifstream f(std::string("/proc/") + e->d_name + "/cmdline");
    std::string cmd((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (cmd.find(needle) != std::string::npos) ++found;
  }
  closedir(d);
  return found;
}

using SandboxPlay = NeedsSandbox<>;

TEST_F(SandboxPlay, ABotCannotReadTheRefereesCommandLine) {
  const std::string dir = temp_dir();
  const std::string bot =
      write_bot(dir,
                "seen = ''\n"
                "for p in glob.glob('/proc/*/cmdline') + glob.glob('/proc/*/environ'):\n"
                "    try: seen += open(p, 'rb').read().decode('latin-1')\n"
                "    except OSError: pass\n"
                "sys.stderr.write('SEED-FOUND\\n' if '271828' in seen else 'nothing\\n')\n");
  const std::string replay = dir + "/r.jsonl";
  CommandResult r = run_arena({"play", "wumpus", "mode=random", "--seed", "271828", "--seat",
                               "hero=python3 " + bot, "--replay", replay});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = read_file(replay);
  EXPECT_EQ(text.find("SEED-FOUND"), std::string::npos);
  EXPECT_NE(text.find("nothing"), std::string::npos) << text;
  EXPECT_NE(text.find("\"reason\":\"exit_without_gold\""), std::string::npos) << text;
}

TEST_F(SandboxPlay, NothingOutsideItsScratchChangesAndNothingOutlivesTheMatch) {
  const std::string dir = temp_dir();
  const std::string other = dir + "/other-bot";
  fs::create_directories(other);
  const std::string bot_dir = dir + "/bot";
  fs::create_directories(bot_dir);
  const std::string bot = write_bot(
      bot_dir, "for target in ['" + other + "/stolen', '" + bot_dir +
                   "/mine', os.path.expanduser('~/ok')]:\n"
                   "    try: open(target, 'w').write('x'); sys.stderr.write('wrote ' + target + "
                   "'\\n')\n"
                   "    except OSError as e: sys.stderr.write('refused ' + target + '\\n')\n"
                   "subprocess.Popen(['setsid', 'sleep', '4242.5'], start_new_session=True)\n");
  const std::string replay = dir + "/r.jsonl";
  CommandResult r = run_arena(
      {"play", "wumpus", "--seed", "3", "--seat", "hero=python3 " + bot, "--replay", replay});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(fs::exists(other + "/stolen"));
  EXPECT_FALSE(fs::exists(bot_dir + "/mine")) << "its own directory is read-only";
  const std::string text = read_file(replay);
  EXPECT_NE(text.find("refused " + other + "/stolen"), std::string::npos) << text;
  EXPECT_NE(text.find("wrote /tmp/arena-scratch-"), std::string::npos) << text;
  EXPECT_EQ(processes_with("4242.5"), 0) << "the detached sleeper outlived its match";
}

TEST_F(SandboxPlay, ATcpBotReachesTheRefereesPortAndNothingElse) {
  // A loopback service of ours the bot must not reach; then it plays Evolution through the
  // example client, over its relay to its seat's port.
  int other = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(other, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(listen(other, 4), 0);
  socklen_t len = sizeof a;
  getsockname(other, reinterpret_cast<sockaddr*>(&a), &len);
  const std::string dir = temp_dir();
  const std::string wrapper = dir + "/wrapper.py";
  std::ofstream(wrapper) << "import os, socket, sys\n"
                         << "try:\n"
                         << "    socket.create_connection(('127.0.0.1', " << ntohs(a.sin_port)
                         << "), 2)\n"
                         << "    sys.stderr.write('reached-the-other-service\\n')\n"
                         << "except OSError:\n"
                         << "    sys.stderr.write('other-service-refused\\n')\n"
                         << "sys.stderr.flush()\n"
                         << "os.execvp('python3', ['python3'] + sys.argv[1:])\n";
  const std::string replay = dir + "/r.jsonl";
  CommandResult r = run_arena(
      {"play", "evolution", "--seed", "4", "--seat", "p1=bot:silly", "--seat", "p2=bot:silly",
       "--seat",
       "p3=python3 " + wrapper + " " + source_path("examples/evolution/example_client.py"),
       "--replay", replay, "--json"});
  close(other);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = read_file(replay);
  EXPECT_NE(text.find("other-service-refused"), std::string::npos) << text.substr(0, 2000);
  EXPECT_EQ(text.find("reached-the-other-service"), std::string::npos);
  EXPECT_NE(text.find("\"p3\":"), std::string::npos);
  EXPECT_EQ(text.find("\"event\":\"dropped\""), std::string::npos)
      << "the confined client signed up and played: " << r.err;
}

TEST_F(SandboxPlay, BadSandboxArgumentsAreUsageErrors) {
  CommandResult r = run_arena({"play", "wumpus", "--seat", "hero=true", "--sandbox", "chroot"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "arena: --sandbox: must be bwrap or none\n");
  r = run_arena({"play", "wumpus", "--seat", "hero=true", "--limit", "speed=3"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "arena: --limit speed=3: no such limit (memory_mb, processes, cpu_s, open_files, "
            "file_mb)\n");
  r = run_arena({"play", "wumpus", "--seat", "hero=true", "--limit", "cpu_s=0"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "arena: --limit cpu_s=0: expected NAME=N with N from 1 to 1000000\n");
  // Limits hold only in the sandbox: asking for one without it is a mistake, not a no-op.
  r = run_arena(
      {"play", "wumpus", "--seat", "hero=true", "--sandbox", "none", "--limit", "memory_mb=100"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "arena: --limit memory_mb=100: limits apply to confined bots; not with --sandbox "
            "none\n");
}

TEST(SandboxExecVariable, NamingNoProgramIsRefusedClearly) {
  // $ARENA_SANDBOX_EXEC is trusted to be the program that sets up every confined bot: a path
  // that is no program must stop the match with the reason, not fail later inside bwrap.
  const std::string dir = temp_dir();
  const char* old = std::getenv("ARENA_SANDBOX_EXEC");
  const std::string saved = old ? old : "";
  for (const auto& [value, why] : std::vector<std::pair<std::string, std::string>>{
           {dir, "not a regular file"},
           {dir + "/missing", "No such file or directory"},
           {"relative/path", "must be an absolute path"}}) {
    setenv("ARENA_SANDBOX_EXEC", value.c_str(), 1);
    CommandResult r = run_arena({"play", "wumpus", "--seat", "hero=true"});
    EXPECT_EQ(r.status, 2) << value;
    EXPECT_EQ(r.err, "arena: --sandbox: ARENA_SANDBOX_EXEC=" + value + ": " + why +
                         "; `--sandbox none` runs the bots unconfined\n");
  }
  std::ofstream(dir + "/plain") << "#!/bin/sh\n";
  setenv("ARENA_SANDBOX_EXEC", (dir + "/plain").c_str(), 1);
  CommandResult r = run_arena({"play", "wumpus", "--seat", "hero=true"});
  EXPECT_EQ(r.err, "arena: --sandbox: ARENA_SANDBOX_EXEC=" + dir +
                       "/plain: not executable; `--sandbox none` runs the bots unconfined\n");
  if (old) {
    setenv("ARENA_SANDBOX_EXEC", saved.c_str(), 1);
  } else {
    unsetenv("ARENA_SANDBOX_EXEC");
  }
}

TEST_F(SandboxPlay, EachGameHasItsOwnLimitsWhichLimitOverrides) {
  // The bot tells its CPU seconds and address space (KiB) on stderr, then leaves the cave.
  const std::string bot =
      "hero=sh -c 'ulimit -t >&2; ulimit -v >&2; read start; read percept; echo exit'";
  const std::string dir = temp_dir();
  CommandResult r =
      run_arena({"play", "wumpus", "--seed", "1", "--seat", bot, "--replay", dir + "/a.jsonl"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string text = read_file(dir + "/a.jsonl");
  // A sanitized build sets no address-space limit (core/sandbox.h kSanitizedBuild).
  const std::string v1 = kSanitizedBuild ? "unlimited" : "1048576";
  const std::string v2 = kSanitizedBuild ? "unlimited" : "307200";
  EXPECT_NE(text.find("\"stderr\":\"1000\\n" + v1 + "\\n\""), std::string::npos)
      << "Wumpus's own defaults (1000 s, 1024 MB): " << text;
  r = run_arena({"play", "wumpus", "--seed", "1", "--seat", bot, "--limit", "cpu_s=7", "--limit",
                 "memory_mb=300", "--replay", dir + "/b.jsonl"});
  ASSERT_EQ(r.status, 0) << r.err;
  text = read_file(dir + "/b.jsonl");
  EXPECT_NE(text.find("\"stderr\":\"7\\n" + v2 + "\\n\""), std::string::npos) << text;
}

}  // namespace
}  // namespace arena::testing
