// §11.3: a game played over the hub (reference against stress, so that there are trap deaths,
// kills and respawns) passes its replay check; any derived record or result changed by hand, or a
// record taken out, is refused with the place it differs.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/dungeon/game.h"
#include "match/match.h"

namespace arena::dungeon {
namespace {

Replay played(uint64_t seed) {
  const GameInfo game = game_info();
  MatchSetup setup;
  setup.params = std::get<ParamValues>(parse_params(game, {}));
  setup.seed = seed;
  setup.seed_given = true;
  for (auto [role, bot] : {std::pair{"team0", "reference"}, std::pair{"team1", "stress"}}) {
    SeatSpec spec;
    spec.role = role;
    spec.builtin = bot;
    spec.text = std::string("bot:") + bot;
    setup.seats[role] = spec;
  }
  MatchOutcome outcome = run_match(game, setup);
  return std::get<Replay>(Replay::parse(outcome.replay.to_jsonl()));
}

// The first event with this `ev` (a solve: one that survived, since which team's crossing is
// resolved first depends on timing).
Json* find(Replay& r, const std::string& ev) {
  for (Json& e : r.events)
    if (e.value("ev", "") == ev && (ev != "solve" || e["survived"] == true)) return &e;
  return nullptr;
}

TEST(ReplayCheck, APlayedGamePassesAndEveryTamperingIsRefused) {
  const Replay good = played(1);
  EXPECT_EQ(check_replay(good), std::vector<std::string>{});
  EXPECT_EQ(good.result["winner"], "team0");

  auto refused = [&](const std::function<void(Replay&)>& edit) {
    Replay r = good;
    edit(r);
    return !check_replay(r).empty();
  };
  EXPECT_TRUE(refused([](Replay& r) { (*find(r, "solve"))["survived"] = false; }));
  EXPECT_TRUE(refused([](Replay& r) {
    (*find(r, "solve"))["active"] = (*find(r, "solve"))["active"].get<int>() + 1;
  }));
  EXPECT_TRUE(refused([](Replay& r) { (*find(r, "pos"))["node"] = 0; }));
  EXPECT_TRUE(refused([](Replay& r) { (*find(r, "move"))["to"] = 0; }));
  EXPECT_TRUE(refused([](Replay& r) {
    Json* kill = find(r, "kill");
    ASSERT_NE(kill, nullptr);
    (*kill)["node"] = (*kill)["node"].get<int>() + 1;
  }));
  EXPECT_TRUE(refused([](Replay& r) {
    r.events.erase(std::find_if(r.events.begin(), r.events.end(),
                                [](const Json& e) { return e.value("ev", "") == "pos"; }));
  }));
  EXPECT_TRUE(refused([](Replay& r) { r.result["result"]["winner"] = 1; }));
  EXPECT_TRUE(refused([](Replay& r) { r.result["winner"] = "team1"; }));
  EXPECT_TRUE(refused([](Replay& r) { r.result["scores"]["team1"] = 1; }));
  EXPECT_TRUE(refused([](Replay& r) { r.result["result"]["crossings"] = 1; }));
  EXPECT_TRUE(refused([](Replay& r) { r.header["seed"] = "2"; }));
  EXPECT_TRUE(refused([](Replay& r) { r.header["params"]["traps"] = "427"; }));

  const Json doc = export_replay(good);
  ASSERT_TRUE(doc.is_array());
  EXPECT_EQ(doc.front()["ev"], "header");
  EXPECT_EQ(doc.back()["ev"], "result");
  EXPECT_EQ(doc.back()["winner"], 0);
  EXPECT_TRUE(doc[1].contains("t_us"));
}

// serve's own form (§11.2 records, the header as record 0; export_replay writes the same form)
// reads back as a replay that checks; what is not such a log is refused, naming the line.
TEST(ReplayCheck, ServesOwnLogReadsBackAndChecks) {
  const Replay good = played(2);
  std::string log;
  for (const Json& r : export_replay(good)) log += r.dump() + "\n";
  auto read = import_serve_log(log);
  ASSERT_TRUE(std::holds_alternative<Replay>(read)) << std::get<std::string>(read);
  const Replay& back = std::get<Replay>(read);
  EXPECT_EQ(check_replay(back), std::vector<std::string>{});
  EXPECT_EQ(back.result["winner"], good.result["winner"]);
  EXPECT_EQ(static_cast<std::ptrdiff_t>(back.events.size()) + 2,
            std::count(log.begin(), log.end(), '\n'));

  auto error_of = [](const std::string& text) {
    auto r = import_serve_log(text);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "";
  };
  const std::string first = log.substr(0, log.find('\n') + 1);
  const std::string rest = log.substr(first.size());
  EXPECT_EQ(error_of(""), "empty file, not a log");
  EXPECT_EQ(error_of(first), "truncated: the last record (line 1) is not the result");
  EXPECT_EQ(error_of(rest), "line 1: seq is 1, expected 0");
  EXPECT_EQ(error_of(first + "[1]\n"), "line 2: not a JSON object (serve's log is JSON Lines)");
  EXPECT_EQ(error_of(first + "{\"seq\":1,\"ev\":\"begin\"}\n"), "line 2: no integer \"t_us\"");
  // A record changed by hand is found once read back.
  std::string bad = log;
  const size_t pos = bad.find("\"cause\":\"cross\"");
  ASSERT_NE(pos, std::string::npos);
  bad.replace(pos, 15, "\"cause\":\"trap\"");
  auto bad_read = import_serve_log(bad);
  ASSERT_TRUE(std::holds_alternative<Replay>(bad_read));
  EXPECT_FALSE(check_replay(std::get<Replay>(bad_read)).empty());
}

}  // namespace
}  // namespace arena::dungeon
