#include "core/registry.h"

#include <gtest/gtest.h>

namespace arena {
namespace {

GameInfo toy_game() {
  GameInfo g;
  g.name = "toy";
  g.params = {{"size", "4", "board size",
               [](const std::string& v) -> std::optional<std::string> {
                 if (v != "4" && v != "5") return "size must be 4 or 5";
                 return std::nullopt;
               }},
              {"mode", "easy", "", nullptr}};
  g.check_params = [](ParamValues& p) -> std::optional<std::string> {
    if (p.get("size") == "5" && p.get("mode") == "easy") return "toy: size 5 is not easy";
    return std::nullopt;
  };
  return g;
}

TEST(ParseParams, DefaultsAndGivenValues) {
  auto r = parse_params(toy_game(), {"mode=hard"});
  ASSERT_TRUE(std::holds_alternative<ParamValues>(r));
  const auto& p = std::get<ParamValues>(r);
  EXPECT_EQ(p.get("size"), "4");
  EXPECT_EQ(p.get("mode"), "hard");
  EXPECT_TRUE(p.was_given("mode"));
  EXPECT_FALSE(p.was_given("size"));
}

TEST(ParseParams, Errors) {
  auto err = [](std::vector<std::string> w) {
    auto r = parse_params(toy_game(), w);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "";
  };
  EXPECT_EQ(err({"colour=red"}), "colour: unknown parameter of toy (known: size, mode)");
  EXPECT_EQ(err({"size=9"}), "size: size must be 4 or 5");
  EXPECT_EQ(err({"size"}), "size: expected a parameter as name=value");
  EXPECT_EQ(err({"size=4", "size=5"}), "size: given twice");
  EXPECT_EQ(err({"size=5"}), "toy: size 5 is not easy");
}

TEST(CheckBotArgs, WordsAndFlagsWithValues) {
  GameInfo g = toy_game();
  g.bot_flags = {{"--persistent"},
                 {"--player", true, [](const std::string& v) -> std::optional<std::string> {
                    if (v != "0" && v != "1") return "must be 0 or 1";
                    return std::nullopt;
                  }}};
  EXPECT_EQ(check_bot_args(g, {}), std::nullopt);
  EXPECT_EQ(check_bot_args(g, {"--player", "1", "--persistent"}), std::nullopt);
  EXPECT_EQ(check_bot_args(g, {"--player"}), "--player: needs a value");
  EXPECT_EQ(check_bot_args(g, {"--player", "7"}), "--player: must be 0 or 1");
  EXPECT_EQ(check_bot_args(g, {"--team"}),
            "unknown argument '--team' (known: --persistent, --player VALUE)");
  g.bot_flags.clear();
  EXPECT_EQ(check_bot_args(g, {"1"}), "unknown argument '1' (it takes none)");
}

TEST(Registry, FindsRegisteredGames) {
  Registry r;
  r.add(toy_game());
  EXPECT_NE(r.find("toy"), nullptr);
  EXPECT_EQ(r.find("chess"), nullptr);
  EXPECT_THROW(r.add(toy_game()), std::logic_error);
}

}  // namespace
}  // namespace arena
