// Same seed, same bots, same replay bytes, in every game (docs/cli.md, "Replays"): each match is
// played twice through the real `arena play ... --replay FILE` with built-in bots, and the two
// files must be identical once the measured times (fields named `ms`) are removed. Another seed
// must give other bytes, so that the comparison cannot pass on replays that record nothing.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

struct Case {
  std::string game;
  std::vector<std::string> args;  // parameters and seats
  std::vector<std::string> seeds;
};

// Every registered game with built-in bots only, so that each match is deterministic. Reference
// bots where the game has them; seeded random baselines too where their seed stream matters.
const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"wumpus", {"mode=random", "--seat", "hero=bot:reference"}, {"1", "2"}},
      {"wumpus", {"mode=random", "--seat", "hero=bot:random"}, {"5"}},
      {"dracula", {"--seat", "hunters=bot:hunter", "--seat", "D=bot:dracula"}, {"1", "2"}},
      {"dracula",
       {"--seat", "G=bot:b-hunt-random", "--seat", "S=bot:hunter", "--seat", "H=bot:b-hunt-chase",
        "--seat", "M=bot:b-hunt-stay", "--seat", "D=bot:b-drac-random"},
       {"3"}},
      {"evolution",
       {"--seat", "p1=bot:strategic", "--seat", "p2=bot:silly", "--seat", "p3=bot:strategic",
        "--seat", "p4=bot:silly"},
       {"1", "2"}},
      {"evolution",
       {"--seat", "p1=bot:strategic", "--seat", "p2=bot:strategic", "--seat", "p3=bot:strategic"},
       {"7"}},
      {"empire", {"--seat", "p1=bot:reference", "--seat", "p2=bot:greedy"}, {"1", "2"}},
  };
  return all;
}

std::string play(const Case& c, const std::string& seed) {
  const std::string path = temp_dir() + "/replay.jsonl";
  std::vector<std::string> argv = {arena_bin(), "play", c.game};
  argv.insert(argv.end(), c.args.begin(), c.args.end());
  for (const char* a : {"--seed", seed.c_str(), "--replay", path.c_str()}) argv.push_back(a);
  CommandResult r = run_command(argv);
  EXPECT_EQ(r.status, 0) << c.game << " seed " << seed << ": " << r.err;
  // The file is a replay the game's own checker accepts.
  CommandResult check = run_command({arena_bin(), "replay", path});
  EXPECT_EQ(check.status, 0) << c.game << " seed " << seed << ": " << check.out << check.err;
  return read_file(path);
}

TEST(ReplayBytes, SameSeedSameBytesInEveryGame) {
  for (const Case& c : cases()) {
    std::string first_seed_bytes;
    for (const std::string& seed : c.seeds) {
      const std::string a = without_timings(play(c, seed));
      const std::string b = without_timings(play(c, seed));
      ASSERT_FALSE(a.empty()) << c.game << " seed " << seed;
      EXPECT_EQ(a, b) << c.game << " seed " << seed;
      EXPECT_NE(a.find("\"type\":\"result\""), std::string::npos) << c.game << " seed " << seed;
      if (first_seed_bytes.empty()) {
        first_seed_bytes = a;
      } else {
        EXPECT_NE(a, first_seed_bytes)
            << c.game << ": seed " << seed << " replays seed " << c.seeds.front();
      }
    }
  }
}

// A turn-based game added to the registry must get a case above. A real-time game's events depend
// on when its seats' frames arrive, so its bytes differ between runs of one seed (its replays are
// checked by tests/every_game_test.cc).
TEST(ReplayBytes, EveryRegisteredGameHasACase) {
  CommandResult r = run_command({arena_bin(), "games", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::set<std::string> covered;
  for (const Case& c : cases()) covered.insert(c.game);
  for (const Json& g : Json::parse(r.out)) {
    if (g["dynamics"] == "real-time") continue;
    EXPECT_TRUE(covered.count(g["name"].get<std::string>()))
        << g["name"] << " has no same-seed-same-bytes case";
  }
}

}  // namespace
}  // namespace arena::testing
