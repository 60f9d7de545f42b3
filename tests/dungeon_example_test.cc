// The example Dungeon Race team of the README (examples/dungeon/example_team.py) plays whole games
// through the real programs: `arena play` starts it as a seat (six connections, under the default
// sandbox) against the built-in `idle` team, in either seat. It must register all six agents,
// make no illegal or malformed request, never be closed, and reach its shrine; the replay passes
// `arena replay`'s check through the rules.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/replay.h"
#include "tests/test_util.h"

namespace arena::testing {
namespace {

using Json = nlohmann::json;

const std::string kExample = "examples/dungeon/example_team.py";

// The result line of an `arena play` replay (its last line).
Json result_of(const std::string& replay) {
  const std::string text = read_file(replay);
  const size_t end = text.find_last_not_of('\n');
  const size_t begin = text.rfind('\n', end);
  return Json::parse(text.substr(begin == std::string::npos ? 0 : begin + 1));
}

TEST(DungeonExample, BeatsIdleLegallyInEitherSeat) {
  struct Case {
    std::string seat, other, seed;
  };
  for (const Case& c : {Case{"team0", "team1", "1"}, Case{"team1", "team0", "2"}}) {
    const std::string replay = temp_dir() + "/example.jsonl";
    CommandResult r =
        run_arena({"play", "dungeon", "--seat", c.seat + "=python3 " + source_path(kExample),
                   "--seat", c.other + "=bot:idle", "--seed", c.seed, "--replay", replay});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find(c.seat + " wins (shrine)"), std::string::npos) << r.out << r.err;
    const Json result = result_of(replay);
    ASSERT_EQ(result["type"], "result") << result.dump();
    const Json& seat = result["result"]["seats"][c.seat];
    EXPECT_EQ(seat["registered"], 6) << result.dump();
    EXPECT_EQ(seat["illegal"], 0) << result.dump();
    EXPECT_EQ(seat["malformed"], 0) << result.dump();
    EXPECT_EQ(seat["closed"], 0) << result.dump();
    EXPECT_EQ(seat["slow"], 0) << result.dump();
    EXPECT_EQ(result["winner"], c.seat) << result.dump();
    CommandResult check = run_arena({"replay", replay});
    EXPECT_EQ(check.status, 0) << check.out << check.err;
  }
}

}  // namespace
}  // namespace arena::testing
