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
  EXPECT_EQ(error(""), "a replay needs at least a header line and a result line");
  EXPECT_EQ(error("{\"type\":\"turn\"}\n{\"type\":\"result\"}\n"),
            "line 1: the first line must be the header");
  EXPECT_EQ(error(good.substr(0, good.find('\n') + 1) + "not json\n"), "line 2: not valid JSON");
  std::string no_result = good.substr(0, good.rfind("{\"type\":\"result\""));
  EXPECT_EQ(error(no_result), "line 2: the last line must be the result");
  EXPECT_EQ(error(good.substr(0, good.find('\n') + 1) + "{\"type\":\"weird\"}\n" +
                  "{\"type\":\"result\"}\n"),
            "line 2: unknown line type \"weird\"");
}

}  // namespace
}  // namespace arena
