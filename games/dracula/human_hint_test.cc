// The human seat's hint: the legal moves of spec §8.3 for Dracula, the engine's own legal moves
// for every seat of a whole game, and precise errors for requests it cannot read.
#include "games/dracula/human_hint.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "games/dracula/engine.h"
#include "games/dracula/past_plays.h"

namespace arena::dracula {
namespace {

std::string request(const std::string& plays) {
  return Json{{"past_plays", plays}, {"messages", Json::array()}}.dump();
}

std::set<std::string> moves_of(const Json& hint) {
  std::set<std::string> out;
  for (const Json& m : hint["moves"]) out.insert(m["move"].get<std::string>());
  return out;
}

TEST(HumanHint, FirstPlaysMayGoAnywhereButDraculaNeverToTheHospital) {
  Json g = human_hint("G", request(""));
  EXPECT_EQ(g["moves"].size(), 71u);
  EXPECT_TRUE(g["from"].is_null());
  EXPECT_EQ(g["round"], 0);
  Json d = human_hint("D", request("GMA.... SBU.... HFL.... MBD...."));
  EXPECT_EQ(d["moves"].size(), 70u);
  EXPECT_FALSE(moves_of(d).contains("JM"));
  for (const Json& m : d["moves"]) EXPECT_EQ(m["move"], m["location"]);
}

// Spec §8.3 E2 and E8c, with where each move leaves him.
TEST(HumanHint, DraculaLegalMovesOfTheSpecWithTheirPlaces) {
  Json e2 = human_hint(
      "D", request("GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... "
                   "DHIT... GPA.... SPR.... HSR.... MGA...."));
  EXPECT_EQ(moves_of(e2), (std::set<std::string>{"BU", "CO", "NS", "D1", "D2"}));
  EXPECT_EQ(e2["from"], "AM");
  for (const Json& m : e2["moves"])
    if (m["move"] == "D1" || m["move"] == "D2") {
      EXPECT_EQ(m["location"], "AM");
    }
  Json e8 = human_hint(
      "D", request("GMA.... SMA.... HMA.... MMA.... DKL.V.. GMA.... SMA.... HMA.... MMA.... "
                   "DBCT... GMA.... SMA.... HMA.... MMA.... DCNT... GMA.... SMA.... HMA.... "
                   "MMA.... DGAT... GMA.... SMA.... HMA.... MMA.... DCDT... GMA.... SMA.... "
                   "HMA.... MMA.... DD5T... GMA.... SMA.... HMA.... MMA...."));
  EXPECT_EQ(moves_of(e8), (std::set<std::string>{"BD", "BE", "KL", "SZ", "HI"}));
  for (const Json& m : e8["moves"])
    if (m["move"] == "HI" || m["move"] == "KL") {
      EXPECT_EQ(m["location"], "KL");
    }
}

// Over a whole game, every seat's hint on the string it receives is exactly the engine's legal
// moves in canonical order (hunters get the redacted string, with hospital visits and rails).
TEST(HumanHint, EqualsTheEnginesLegalMovesOverAWholeGame) {
  Record r;
  int checked = 0;
  while (!r.state().is_over() && r.plays() < 400) {
    MoveList legal;
    legal_moves(r.state(), legal);
    const int seat = r.state().player();
    Json hint = human_hint(std::string(1, kSeatLetters[seat]), request(r.for_current_seat()));
    ASSERT_EQ(hint["moves"].size(), static_cast<size_t>(legal.size())) << "play " << r.plays();
    for (int i = 0; i < legal.size(); ++i)
      EXPECT_EQ(hint["moves"][i]["move"], std::string(legal[i].code()));
    ++checked;
    // A fixed walk through the legal moves: varied, and the same every run.
    r.play(legal[(r.plays() * 7 + 3) % legal.size()]);
  }
  EXPECT_GT(checked, 50);
}

TEST(HumanHint, PersistentRequestsCarryATurnAndAreReadTheSame) {
  Json hint = human_hint("S", R"({"turn":1,"past_plays":"GMA....","messages":[""]})");
  EXPECT_EQ(hint["moves"].size(), 71u);
}

TEST(HumanHint, BadRequestsAreRefusedWithPreciseMessages) {
  auto message = [](std::string_view role, std::string_view req) {
    try {
      human_hint(role, req);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("X", request("")), "unknown Dracula seat 'X' (G, S, H, M or D)");
  EXPECT_EQ(message("G", "{\"past_plays\":"), "the request is not a JSON object");
  EXPECT_EQ(message("G", "{\"messages\":[]}"), "the request has no string 'past_plays'");
  EXPECT_EQ(message("D", request("GMA....")), "past_plays holds 1 plays: play 1 is S's, not D's");
  EXPECT_NE(message("G", request("GMA.... SBU")).find("past_plays: "), std::string::npos);
  // Dracula's string is replayed: an illegal hunter move in it is found.
  EXPECT_EQ(
      message("D",
              request("GMA.... SBU.... HFL.... MBD.... DMN.V.. GAT.... SBU.... HFL.... MBD...."))
          .rfind("past_plays (full form): ", 0),
      0u);
}

}  // namespace
}  // namespace arena::dracula
