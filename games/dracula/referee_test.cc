// The Dracula referee with in-process seats: built-in AIs and small scripted bots that misbehave
// in every way an in-process seat can (the real processes are in tests/dracula_referee_test.cc).
#include "games/dracula/referee.h"

#include <gtest/gtest.h>

#include <map>

#include "core/rng.h"
#include "games/dracula/bots/ai.h"
#include "games/dracula/bots/protocol_bot.h"
#include "games/dracula/game.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/seat_driver.h"
#include "match/match.h"

namespace arena::dracula {
namespace {

// Answers each request with whatever `script` returns (raw text, lines included).
class ScriptBot : public MessageBot {
 public:
  using Script = std::function<std::string(const ParsedRequest&)>;
  ScriptBot(Script script, int* calls) : script_(std::move(script)), calls_(calls) {}
  void on_message(std::string_view message, std::string& out) override {
    auto req = parse_request(message);
    ASSERT_TRUE(req.has_value());
    if (calls_) ++*calls_;
    out += script_(*req);
  }

 private:
  Script script_;
  int* calls_;
};

struct Game {
  RefereeConfig config;
  std::map<std::string, ScriptBot::Script> scripts;
  std::map<std::string, int> calls;
};

SeatSpec builtin(const std::string& name) {
  SeatSpec s;
  s.builtin = name;
  s.text = "bot:" + name;
  return s;
}

// Hunters b-hunt-random, Dracula b-drac-random unless replaced.
Game make_game(uint64_t seed) {
  Game s;
  s.config.seed = seed;
  s.config.time_limit_ms = 2000;
  for (int i = 0; i < 4; ++i) s.config.seats[i] = builtin("b-hunt-random");
  s.config.seats[4] = builtin("b-drac-random");
  return s;
}

// Plays the game as `arena play` does (match/ opens the seats and writes the replay), with the
// scripted bots beside the built-in AIs.
MatchOutcome run(Game& s) {
  InProcessBotMaker make_bot = [&s](const std::string& name, uint64_t seed, int ms,
                                    bool persistent) -> std::unique_ptr<MessageBot> {
    auto it = s.scripts.find(name);
    if (it != s.scripts.end()) return std::make_unique<ScriptBot>(it->second, &s.calls[name]);
    return make_protocol_bot(name, seed, ms, persistent);
  };
  MatchSetup setup;
  setup.seed = s.config.seed;
  setup.seed_given = true;
  setup.time_ms = s.config.time_limit_ms;
  const char* roles[] = {"G", "S", "H", "M", "D"};
  for (int i = 0; i < 5; ++i) {
    SeatSpec spec = s.config.seats[i];
    spec.role = roles[i];
    spec.mode = std::string(to_string(s.config.modes[i]));
    setup.seats[roles[i]] = spec;
  }
  return run_match(game_info(make_bot), setup);
}

std::vector<Json> turns_of(const MatchOutcome& o, const std::string& seat = "") {
  std::vector<Json> out;
  for (const Json& e : o.replay.events)
    if (e["type"] == "turn" && (seat.empty() || e["seat"] == seat)) out.push_back(e);
  return out;
}

TEST(DraculaReferee, BaselineGameIsConsistentAndReplayChecks) {
  Game s = make_game(7);
  MatchOutcome o = run(s);
  const Json& r = o.result;
  EXPECT_EQ(r["format"], "fod-game-1");
  EXPECT_EQ(r["seed"], "7");
  const std::string past = r["past_plays"];
  auto parsed = parse_full(past, r["messages"].get<std::vector<std::string>>());
  ASSERT_TRUE(std::holds_alternative<Record>(parsed));
  EXPECT_TRUE(std::get<Record>(parsed).state().is_over());
  EXPECT_EQ(r["plays"].get<int>(), play_count(past));
  EXPECT_EQ(r["final_round"].get<int>(), play_count(past) / 5);
  EXPECT_TRUE(r["disqualified"].empty());
  EXPECT_EQ(o.scores.at("G"), r["final_score"].get<int>());
  EXPECT_EQ(o.scores.at("D"), 366 - r["final_score"].get<int>());
  EXPECT_EQ(*o.winner, r["winner"].get<std::string>());
  EXPECT_EQ(static_cast<int>(turns_of(o).size()), r["plays"].get<int>());
  for (const Json& t : turns_of(o)) {
    EXPECT_EQ(t["source"], "ai") << t.dump();
    EXPECT_EQ(t["garbled_lines"], 0);
  }
  // The whole replay as match/ wrote it, header included, checks.
  EXPECT_TRUE(check_replay(o.replay).empty());
  // A tampered record is caught.
  Json bad = o.replay.result;
  bad["result"]["final_score"] = bad["result"]["final_score"].get<int>() + 1;
  Replay tampered = o.replay;
  tampered.result = bad;
  EXPECT_FALSE(check_replay(tampered).empty());
}

TEST(DraculaReferee, SameSeedSameReplay) {
  Game a = make_game(11), b = make_game(11);
  for (auto* s : {&a, &b}) {
    s->config.seats[0] = builtin("b-hunt-chase");
    s->config.seats[4] = builtin("b-drac-greedy");
    s->config.modes[1] = SeatMode::kPersistent;
  }
  EXPECT_EQ(without_timings(run(a).replay.to_jsonl()), without_timings(run(b).replay.to_jsonl()));
}

TEST(DraculaReferee, PersistentAndProcessModesDecideAlike) {
  Game a = make_game(5), b = make_game(5);
  for (int i = 0; i < 5; ++i) b.config.modes[i] = SeatMode::kPersistent;
  EXPECT_EQ(run(a).result["past_plays"], run(b).result["past_plays"]);
}

TEST(DraculaReferee, IllegalMoveDisqualifiesAndSeatIsNotAskedAgain) {
  Game s = make_game(3);
  s.config.seats[0] = builtin("script-illegal");
  s.scripts["script-illegal"] = [](const ParsedRequest&) {
    return std::string(
        "{\"move\":\"ST\"}\n{\"move\":\"st\"}\n");  // legal, then illegal: last counts
  };
  MatchOutcome o = run(s);
  EXPECT_EQ(s.calls["script-illegal"], 1);
  EXPECT_EQ(o.result["disqualified"]["G"]["play"], 0);
  EXPECT_EQ(o.result["disqualified"]["G"]["move"], "st");
  auto g = turns_of(o, "G");
  EXPECT_EQ(g[0]["verdict"], "illegal");
  EXPECT_EQ(g[0]["move"], "JM");
  for (const Json& t : g) {
    EXPECT_EQ(t["source"], "default");
    EXPECT_EQ(t["reason"], "disqualified");
    EXPECT_EQ(t["move"], "JM");  // stays in the hospital forever
  }
}

TEST(DraculaReferee, GarbledLinesIgnoredLastMoveLineCountsMessageSanitised) {
  Game s = make_game(4);
  s.config.seats[1] = builtin("script-noisy");
  s.scripts["script-noisy"] = [](const ParsedRequest& r) {
    const bool first = r.request.past_plays.size() < 8;
    std::string here = first ? "LO" : r.request.past_plays.substr(9, 2);  // S's previous move
    return "debug output\n[1,2]\n{\"move\":\"\"}\n{\"move\":5}\n{\"message\":\"x\"}\n"
           "{\"move\":\"MA\"}\n{\"move\":\"" +
           here + "\",\"message\":\"caf\\u00e9\\u0001" + std::string(120, 'a') +
           "\",\"extra\":[1]}\n";
  };
  MatchOutcome o = run(s);
  auto t = turns_of(o, "S");
  EXPECT_EQ(t[0]["move"], "LO");
  EXPECT_EQ(t[0]["garbled_lines"], 5);
  EXPECT_EQ(t[0]["source"], "ai");
  const std::string msg = o.result["messages"][1];
  EXPECT_EQ(msg.size(), 99u);
  EXPECT_EQ(msg.substr(0, 6), "caf???");  // é is two bytes, \u0001 one
}

TEST(DraculaReferee, NoReplyGivesDefaultMovesFromTheDefaultMoveStream) {
  Game s = make_game(99);
  s.config.seats[4] = builtin("script-silent");
  s.scripts["script-silent"] = [](const ParsedRequest&) { return std::string("nothing\n"); };
  MatchOutcome o = run(s);
  auto d = turns_of(o, "D");
  EXPECT_EQ(d[0]["source"], "default");
  EXPECT_EQ(d[0]["reason"], "no_reply");
  // Round 0: uniform over the 70 places other than JM, ascending ID, first draw of "default-move".
  Rng rng = named_stream(99, "default-move");
  std::vector<PlaceId> places;
  for (PlaceId p = 0; p < kNumPlaces; ++p)
    if (p != kHospital) places.push_back(p);
  EXPECT_EQ(d[0]["move"], std::string(id_to_code(places[rng.below(70)])));
  EXPECT_TRUE(o.result["disqualified"].empty());
}

TEST(DraculaReferee, PersistentWrongTurnIgnoredMissingDoneEndsAtDeadline) {
  Game s = make_game(8);
  s.config.time_limit_ms = 50;
  s.config.seats[2] = builtin("script-stale");
  s.config.modes[2] = SeatMode::kPersistent;
  s.scripts["script-stale"] = [](const ParsedRequest& r) {
    const int turn = static_cast<int>(*r.turn);
    return "{\"turn\":" + std::to_string(turn + 1) + ",\"move\":\"MA\"}\n{\"move\":\"MA\"}\n";
  };
  Game quick = s;
  MatchOutcome o = run(s);
  auto h = turns_of(o, "H");
  ASSERT_FALSE(h.empty());
  EXPECT_EQ(h[0]["source"], "default");
  EXPECT_EQ(h[0]["reason"], "no_reply");
  EXPECT_EQ(h[0]["stale_lines"], 2);
  EXPECT_EQ(h[0]["move"], "JM");
  EXPECT_EQ(h[0]["end"], "idle");  // an in-process AI that said all it had
}

TEST(DraculaReferee, DraculaWithoutLegalMoveTeleportsWhateverHeSays) {
  Game s = make_game(6);
  for (int i = 0; i < 4; ++i) s.config.seats[i] = builtin("b-hunt-stay");
  s.config.seats[4] = builtin("script-dead-end");
  // GA, CD, KL, D2 (back to CD), HI: in round 5 every move is blocked (§2.7).
  s.scripts["script-dead-end"] = [](const ParsedRequest& r) {
    const std::vector<std::string> script = {"GA", "CD", "KL", "D2", "HI", "ZZ", "XX"};
    const size_t round = static_cast<size_t>(play_count(r.request.past_plays) / 5);
    return move_line({script[std::min(round, script.size() - 1)], "r" + std::to_string(round)},
                     std::nullopt) +
           "\n";
  };
  MatchOutcome o = run(s);
  auto d = turns_of(o, "D");
  ASSERT_GE(d.size(), 7u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(d[i]["source"], "ai") << i;
  EXPECT_EQ(d[5]["move"], "TP");
  EXPECT_EQ(d[5]["source"], "teleport");
  EXPECT_EQ(d[5]["answer"], "ZZ");
  EXPECT_EQ(o.result["messages"][29], "r5");
  EXPECT_EQ(o.result["disqualified"]["D"]["play"], 34);
  EXPECT_EQ(s.calls["script-dead-end"], 7);
}

TEST(DraculaReferee, EnvironmentFollowsSection61) {
  RefereeConfig c;
  c.seed = UINT64_MAX;
  c.time_limit_ms = 300;
  c.modes[4] = SeatMode::kPersistent;
  auto env = seat_environment(c, 4);
  std::map<std::string, std::string> m(env.begin(), env.end());
  EXPECT_EQ(m["FOD_SEAT"], "D");
  EXPECT_EQ(m["FOD_TURN_LIMIT_MS"], "300");
  EXPECT_EQ(m["FOD_SEED"], "3");  // (2^64 - 1 + 4) mod 2^64
  EXPECT_EQ(m["FOD_MODE"], "persistent");
}

TEST(DraculaReferee, ClassifyLine) {
  EXPECT_EQ(classify_line("  {\"move\":\"ST\",\"timer\":3}\r", std::nullopt).kind, LineKind::kMove);
  EXPECT_EQ(classify_line("{\"move\":\"ST\",\"message\":7}", std::nullopt).message, "");
  EXPECT_EQ(classify_line("{\"move\":\"\"}", std::nullopt).kind, LineKind::kGarbled);
  EXPECT_EQ(classify_line("\"ST\"", std::nullopt).kind, LineKind::kGarbled);
  EXPECT_EQ(classify_line("{\"turn\":3,\"move\":\"ST\"}", 4).kind, LineKind::kStale);
  EXPECT_EQ(classify_line("{\"move\":\"ST\"}", 4).kind, LineKind::kStale);
  EXPECT_EQ(classify_line("{\"turn\":4,\"done\":true}", 4).kind, LineKind::kDone);
  auto both = classify_line("{\"turn\":4,\"move\":\"ST\",\"done\":true}", 4);
  EXPECT_EQ(both.kind, LineKind::kMove);
  EXPECT_TRUE(both.done);
}

TEST(DraculaReferee, UnknownBuiltinIsAUsageError) {
  Game s = make_game(1);
  s.config.seats[3] = builtin("no-such-bot");
  EXPECT_THROW(run(s), UsageError);
}

// Every baseline plays only legal moves, in either role it is meant for.
TEST(DraculaBaselines, AllLegalOverSeveralGames) {
  const char* hunters[] = {"b-hunt-stay", "b-hunt-random", "b-hunt-chase"};
  const char* draculas[] = {"b-drac-random", "b-drac-greedy", "b-drac-loop"};
  for (const char* h : hunters) {
    for (const char* d : draculas) {
      for (uint64_t seed = 0; seed < 3; ++seed) {
        Game s = make_game(seed);
        for (int i = 0; i < 4; ++i) s.config.seats[i] = builtin(h);
        s.config.seats[4] = builtin(d);
        MatchOutcome o = run(s);
        EXPECT_TRUE(o.result["disqualified"].empty()) << h << " vs " << d << " seed " << seed;
      }
    }
  }
}

TEST(DraculaBaselines, LoopCirclesIberia) {
  Game s = make_game(2);
  for (int i = 0; i < 4; ++i) s.config.seats[i] = builtin("b-hunt-stay");
  s.config.seats[4] = builtin("b-drac-loop");
  MatchOutcome o = run(s);
  auto d = turns_of(o, "D");
  const std::vector<std::string> cycle = {"MA", "SN", "SR", "AL", "GR", "CA", "LS"};
  for (size_t i = 0; i < 14 && i < d.size(); ++i) EXPECT_EQ(d[i]["move"], cycle[i % 7]) << i;
  EXPECT_EQ(o.result["winner"], "dracula");
}

TEST(DraculaBaselines, CatalogHasEverything) {
  for (const auto& [name, help] : ai_catalog()) EXPECT_NE(make_ai(name), nullptr) << name;
  // 2 reference AIs, their earlier versions (hunter-v3, hunter-v2, hunter-v1, dracula-v1), the two
  // measures (hunter-jitter, dracula-models-hunter), 6 baselines
  EXPECT_EQ(ai_catalog().size(), 14u);
  EXPECT_EQ(make_ai("nope"), nullptr);
}

// Each built-in AI is offered for the side it plays: by its name's prefix, so that a Dracula whose
// name mentions the hunters (dracula-models-hunter) is still a Dracula.
TEST(DraculaBaselines, EveryBuiltInIsOfferedForItsSide) {
  std::map<std::string, std::string> side;
  for (const BotInfo& bot : game_info().bots) {
    ASSERT_EQ(bot.roles.size(), 1u) << bot.name;
    side[bot.name] = bot.roles[0];
  }
  EXPECT_EQ(side.size(), ai_catalog().size());
  for (const char* h :
       {"hunter", "hunter-v3", "hunter-v2", "hunter-v1", "hunter-jitter", "b-hunt-chase"})
    EXPECT_EQ(side[h], "hunters") << h;
  for (const char* d : {"dracula", "dracula-models-hunter", "dracula-v1", "b-drac-loop"})
    EXPECT_EQ(side[d], "dracula") << d;
}

}  // namespace
}  // namespace arena::dracula
