// The example Evolution bot of the README (examples/evolution/example_client.py) plays whole games
// through the real programs: seated by `arena play` beside in-process Silly players, and signed up
// by hand to an `xserver` with two xclients. It must be ranked every time: never ejected, never
// dropped.
#include <gtest/gtest.h>
#include <poll.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/clock.h"
#include "core/process.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

const std::string kExample = "examples/evolution/example_client.py";

std::string bin(const std::string& name) {
  return arena_bin().substr(0, arena_bin().size() - 5) + name;  // beside `arena`
}

std::string seat_name(size_t i) {
  std::string name = "p";
  name += std::to_string(i + 1);
  return name;
}

// The seat of `seat` in a ranking, or nullptr.
const Json* ranked(const Json& result, const std::string& seat) {
  for (const Json& k : result["ranking"])
    if (k["seat"] == seat) return &k;
  return nullptr;
}

TEST(EvolutionExample, PlaysWholeGamesInArenaPlay) {
  const std::string example = "python3 " + source_path(kExample);
  struct Case {
    std::vector<std::string> seats;
    std::string seed;
  };
  // Three seeds with the example first (on seed 15 it is asked to store fat), and one game with
  // two examples among four seats.
  const std::vector<Case> cases = {
      {{example, "bot:silly", "bot:silly"}, "1"},
      {{example, "bot:silly", "bot:silly"}, "15"},
      {{example, "bot:silly", "bot:silly"}, "42"},
      {{"bot:silly", example, "bot:silly", example}, "5"},
  };
  for (const Case& c : cases) {
    const std::string replay = temp_dir() + "/example.jsonl";
    // 2 s per call instead of the default 1 s: the test machine may be loaded.
    std::vector<std::string> argv = {arena_bin(), "play",      "evolution", "--seed",   c.seed,
                                     "--json",    "--time-ms", "2000",      "--replay", replay};
    for (size_t i = 0; i < c.seats.size(); ++i)
      argv.insert(argv.end(), {"--seat", seat_name(i) + "=" + c.seats[i]});
    CommandResult r = run_command(argv);
    ASSERT_EQ(r.status, 0) << "seed " << c.seed << ": " << r.err;
    const Json j = Json::parse(r.out);
    const Json& result = j["result"];
    EXPECT_TRUE(result["ejected"].empty()) << "seed " << c.seed << ": " << result["ejected"];
    EXPECT_EQ(r.err.find("dropped"), std::string::npos) << r.err;
    ASSERT_EQ(result["ranking"].size(), c.seats.size()) << r.out;
    EXPECT_GT(result["turns"].get<int>(), 1) << r.out;
    for (size_t i = 0; i < c.seats.size(); ++i) {
      if (c.seats[i] != example) continue;
      const std::string seat = seat_name(i);
      const Json* k = ranked(result, seat);
      ASSERT_NE(k, nullptr) << "seed " << c.seed << ": " << seat << " not ranked: " << r.out;
      // It really played: its species fed and survived (a bag or a population counts).
      EXPECT_GT((*k)["score"].get<int>(), 0) << "seed " << c.seed << ": " << r.out;
    }
    // The dealer re-runs the recorded game from the replay and finds the same replies legal.
    CommandResult check = run_command({arena_bin(), "replay", replay});
    EXPECT_EQ(check.status, 0) << check.out << check.err;
  }
}

TEST(EvolutionExample, SignsUpToXserverByHand) {
  // As the docs run it: the server first, then the example and two xclients with --host/--port.
  Proc server({bin("xserver"), "--port", "0", "--seed", "3", "--signup-window-s", "0",
               "--timeout-ms", "2000"});
  ASSERT_TRUE(server.wait_err("listening on port ")) << server.err();
  const std::string err = server.err();
  const std::string port = std::to_string(std::stoi(
      err.substr(err.find("listening on port ") + std::string("listening on port ").size())));
  const std::vector<std::vector<std::string>> clients = {
      {"python3", source_path(kExample), "--name", "example"}, {bin("xclient")}, {bin("xclient")}};
  std::vector<std::unique_ptr<Proc>> procs;
  for (size_t i = 0; i < clients.size(); ++i) {
    std::vector<std::string> argv = clients[i];
    argv.insert(argv.end(), {"--host", "127.0.0.1", "--port", port});
    procs.push_back(std::make_unique<Proc>(argv));
    // One at a time, so that the example gets id 1.
    ASSERT_TRUE(server.wait_err("player " + std::to_string(i + 1) + " signed up")) << server.err();
  }
  EXPECT_EQ(server.finish(), 0) << server.err();
  EXPECT_NE(server.err().find("player 1 signed up as \"example\""), std::string::npos)
      << server.err();
  EXPECT_EQ(server.err().find("ejected"), std::string::npos) << server.err();
  // xmain's ranking lines, one per player: the example (id 1) is among them.
  EXPECT_NE(server.out().find(" player id: 1 score: "), std::string::npos) << server.out();
  for (auto& p : procs) EXPECT_EQ(p->finish(), 0) << p->err() << "(the server closes at the end)";
}

}  // namespace
}  // namespace arena::testing
