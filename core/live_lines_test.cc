#include "core/live_lines.h"

#include <gtest/gtest.h>

namespace arena {
namespace {

TEST(LiveLines, StreamsEachLineAsItIsKeptInTheSameOrder) {
  std::vector<std::string> seen;
  LiveLines lines([&](const Json& line) { seen.push_back(line.dump()); });
  EXPECT_TRUE(lines.live());
  lines.add({{"type", "turn"}, {"n", 1}});
  EXPECT_EQ(seen.size(), 1u);  // at once, not at the end
  lines.add({{"type", "event"}, {"n", 2}});
  const std::vector<Json> kept = lines.take();
  ASSERT_EQ(kept.size(), 2u);
  ASSERT_EQ(seen.size(), 2u);
  for (size_t i = 0; i < kept.size(); ++i) EXPECT_EQ(seen[i], kept[i].dump());
  EXPECT_EQ(lines.size(), 0u);
}

TEST(LiveLines, WithoutAListenerOnlyKeeps) {
  LiveLines lines(nullptr);
  EXPECT_FALSE(lines.live());
  lines.add({{"type", "turn"}});
  EXPECT_EQ(lines.take().size(), 1u);
}

TEST(LiveLines, HeaderCarriesTheFieldsInOrderAfterItsType) {
  Json got;
  stream_header([&](const Json& line) { got = line; }, Json{{"b", 1}, {"a", 2}});
  EXPECT_EQ(got.dump(), R"({"type":"header","b":1,"a":2})");
  stream_header(nullptr, Json{{"a", 1}});  // nobody listens: nothing to do, no crash
}

}  // namespace
}  // namespace arena
