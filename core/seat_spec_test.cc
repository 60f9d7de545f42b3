#include "core/seat_spec.h"

#include <gtest/gtest.h>

namespace arena {
namespace {

std::vector<std::string> split(const std::string& s) {
  auto r = shell_split(s);
  return std::holds_alternative<std::string>(r) ? std::vector<std::string>{"ERROR"}
                                                : std::get<std::vector<std::string>>(r);
}

TEST(ShellSplit, SplitsLikeAShell) {
  using V = std::vector<std::string>;
  EXPECT_EQ(split("python3 bot.py"), (V{"python3", "bot.py"}));
  EXPECT_EQ(split("  a   b\t c "), (V{"a", "b", "c"}));
  EXPECT_EQ(split("echo 'a b' \"c \\\"d\\\"\" e\\ f"), (V{"echo", "a b", "c \"d\"", "e f"}));
  EXPECT_EQ(split("x''y \"\""), (V{"xy", ""}));
  EXPECT_EQ(split(""), V{});
}

TEST(ShellSplit, Errors) {
  EXPECT_EQ(std::get<std::string>(shell_split("a 'b")), "unterminated single quote in: a 'b");
  EXPECT_EQ(std::get<std::string>(shell_split("a \"b")), "unterminated double quote in: a \"b");
  EXPECT_EQ(std::get<std::string>(shell_split("a \\")), "trailing backslash in: a \\");
}

TEST(ParseSeatArg, CommandsAndBuiltins) {
  auto s = std::get<SeatSpec>(parse_seat_arg("hero=python3 'my bot.py'"));
  EXPECT_EQ(s.role, "hero");
  EXPECT_EQ(s.argv, (std::vector<std::string>{"python3", "my bot.py"}));
  auto b = std::get<SeatSpec>(parse_seat_arg("hero=bot:reference"));
  EXPECT_TRUE(b.is_builtin());
  EXPECT_EQ(b.builtin, "reference");
  EXPECT_EQ(std::get<std::string>(parse_seat_arg("hero")), "--seat hero: expected ROLE=SPEC");
  EXPECT_EQ(std::get<std::string>(parse_seat_arg("hero=")), "--seat hero=: empty command");
  EXPECT_EQ(std::get<std::string>(parse_seat_arg("hero=bot:")), "--seat hero=bot:: bot: needs a bot name");
}

TEST(BotSeed, DependsOnRoleAndSeed) {
  EXPECT_EQ(bot_seed(1, "hero"), bot_seed(1, "hero"));
  EXPECT_NE(bot_seed(1, "hero"), bot_seed(2, "hero"));
  EXPECT_NE(bot_seed(1, "G"), bot_seed(1, "S"));
}

}  // namespace
}  // namespace arena
