#include "core/replay.h"

#include <gtest/gtest.h>

namespace arena {
namespace {

Replay sample() {
  Replay r;
  r.header =
      Replay::make_header("toy", {{"size", "4"}}, "42", {{"hero", "bot:x"}}, {{"turn_ms", 1000}});
  r.events.push_back({{"type", "turn"}, {"n", 1}, {"ms", 3.5}});
  r.result = {{"type", "result"}, {"scores", {{"hero", 1}}}};
  return r;
}

TEST(Replay, RoundTrip) {
  std::string text = sample().to_jsonl();
  auto parsed = Replay::parse(text);
  ASSERT_TRUE(std::holds_alternative<Replay>(parsed)) << std::get<std::string>(parsed);
  EXPECT_EQ(std::get<Replay>(parsed).to_jsonl(), text);
}

TEST(Replay, TimingsAreLeftOutOfComparison) {
  Replay a = sample(), b = sample();
  b.events[0]["ms"] = 99.0;
  EXPECT_NE(a.to_jsonl(), b.to_jsonl());
  EXPECT_EQ(without_timings(a.to_jsonl()), without_timings(b.to_jsonl()));
}

TEST(Replay, RejectsBrokenContainers) {
  auto error = [](std::string_view text) {
    auto r = Replay::parse(text);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "";
  };
  std::string good = sample().to_jsonl();
  const std::string header = good.substr(0, good.find('\n') + 1);
  EXPECT_EQ(error(""), "empty file, not a replay");
  EXPECT_EQ(error("{\"type\":\"turn\"}\n{\"type\":\"result\"}\n"),
            "line 1: the first line must be the header");
  EXPECT_EQ(error(header + "not json\n{\"type\":\"result\"}\n"),
            "line 2: not valid JSON (a replay is JSON Lines: one object per line)");
  EXPECT_EQ(error(header + "[1]\n"), "line 2: not a JSON object with a string \"type\"");
  EXPECT_EQ(error(header + "\n"), "line 2: empty line (a replay is JSON Lines)");
  std::string no_result = good.substr(0, good.rfind("{\"type\":\"result\""));
  EXPECT_EQ(error(no_result),
            "truncated: no result line (the file ends with the turn line at line 2)");
  EXPECT_EQ(error(header),
            "truncated: no result line (the file ends with the header line at line 1)");
  EXPECT_EQ(error(no_result + "{\"type\":\"res"),
            "truncated: line 3 is cut off and there is no result line");
  EXPECT_EQ(error(header + "{\"type\":\"weird\"}\n" + "{\"type\":\"result\"}\n"),
            "line 2: unknown line type \"weird\"");
  // No trailing newline after a complete result line is still a whole replay.
  EXPECT_EQ(error(good.substr(0, good.size() - 1)), "");
}

TEST(Replay, HeaderFieldsOfTheWrongTypeAreNamed) {
  auto error_with = [](const char* key, Json value) {
    Replay r = sample();
    if (value.is_discarded())
      r.header.erase(key);
    else
      r.header[key] = std::move(value);
    auto parsed = Replay::parse(r.to_jsonl());
    return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : "";
  };
  EXPECT_EQ(error_with("game", 7), "header: \"game\" is number 7, expected a string");
  EXPECT_EQ(error_with("seats", Json::array()),
            "header: \"seats\" is array [], expected an object");
  EXPECT_EQ(error_with("time_control", "fast"),
            "header: \"time_control\" is string \"fast\", expected an object");
  EXPECT_EQ(error_with("match_params", 1),
            "header: \"match_params\" is number 1, expected an object");
  EXPECT_EQ(error_with("arena_version", 1),
            "header: \"arena_version\" is number 1, expected a string");
  EXPECT_EQ(error_with("version", "1"), "header: \"version\" is string \"1\", expected an integer");
  EXPECT_EQ(error_with("version", 2), "header: container version 2 is not supported (expected 1)");
  EXPECT_EQ(error_with("container", 1),
            "header: not an arena replay (\"container\" is not \"arena-replay\")");
  EXPECT_EQ(error_with("game", Json(Json::value_t::discarded)), "header: no \"game\"");
  const char* seed_error = ", expected a decimal string from 0 to 18446744073709551615, or null";
  EXPECT_EQ(error_with("seed", 42), std::string("header: \"seed\" is number 42") + seed_error);
  for (const char* bad : {"", "-1", "4x", "007", "18446744073709551616", " 1"})
    EXPECT_EQ(error_with("seed", bad),
              "header: \"seed\" is string " + Json(bad).dump() + seed_error)
        << bad;
  EXPECT_EQ(error_with("seed", "18446744073709551615"), "");
  EXPECT_EQ(error_with("seed", "0"), "");
  EXPECT_EQ(error_with("seed", nullptr), "");
}

TEST(Replay, ReadWholeFileNamesTheSystemsReason) {
  std::string text;
  EXPECT_EQ(read_whole_file("/nonexistent/replay.jsonl", text), "No such file or directory");
  EXPECT_EQ(read_whole_file("/", text), "Is a directory");
  EXPECT_THROW(read_file("/"), std::runtime_error);
}

}  // namespace
}  // namespace arena
