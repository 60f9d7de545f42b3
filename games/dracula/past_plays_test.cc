// The redaction vectors of spec §8.4 (R1–R5), the seed's samples, parsing errors and messages.
#include "games/dracula/past_plays.h"

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "games/dracula/random_game.h"

namespace arena::dracula {
namespace {

Record parsed(std::string_view text) {
  auto r = parse_full(text);
  if (auto* e = std::get_if<ParseError>(&r)) {
    ADD_FAILURE() << e->message << " in " << text;
    return Record();
  }
  return std::get<Record>(std::move(r));
}

ParseError error_of(std::string_view text, const std::vector<std::string>& messages = {}) {
  auto r = parse_full(text, messages);
  if (auto* e = std::get_if<ParseError>(&r)) return *e;
  ADD_FAILURE() << "accepted: " << text;
  return {};
}

struct RedactionVector {
  const char* name;
  const char* full;
  const char* hunter;
};

const RedactionVector kRedaction[] = {
    {"R1",
     "GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... GST.... "
     "SPR.... HMA.... MCD.... DHIT...",
     "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HMA.... MKL.... DC?T... GST.... "
     "SPR.... HMA.... MCD.... DC?T..."},
    {"R2",
     "GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... GST.... "
     "SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA.... DBUT... GZU.... SZA.... "
     "HSR.... MGA.... DLET... GZU.... SSZ.... HTO.... MGA.... DNAT... GZU.... SJM.... HMR.... "
     "MGA.... DBOT.V. GZU.... SJM.... HMS.... MCN.... DCFT.M. GMU.... SZA.... HTS.... MBS.... "
     "DGET.M.",
     "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HMA.... MKL.... DC?T... GST.... "
     "SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA.... DC?T... GZU.... SZA.... "
     "HSR.... MGA.... DC?T... GZU.... SSZ.... HTO.... MGA.... DC?T... GZU.... SJM.... HMR.... "
     "MGA.... DC?T.V. GZU.... SJM.... HMS.... MCN.... DC?T.M. GMU.... SZA.... HTS.... MBS.... "
     "DC?T.M."},
    {"R3",
     "GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DLIT... GST.... "
     "SPR.... HSR.... MCD.... DHAT... GZU.... SPR.... HTO.... MGA.... DCOT... GZU.... SPR.... "
     "HMR.... MGA.... DAMT... GZU.... SPR.... HMR.... MGA.... DBUT...",
     "GPA.... SBR.... HMA.... MKL.... DC?.V.. GST.... SPR.... HSR.... MKL.... DC?T... GST.... "
     "SPR.... HSR.... MCD.... DC?T... GZU.... SPR.... HTO.... MGA.... DC?T... GZU.... SPR.... "
     "HMR.... MGA.... DC?T... GZU.... SPR.... HMR.... MGA.... DC?T..."},
    {"R4",
     "GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DLIT... GST.... "
     "SPR.... HSR.... MCD.... DHAT... GZU.... SPR.... HTO.... MGA.... DCOT... GZU.... SPR.... "
     "HMR.... MGA.... DAMT... GZU.... SPR.... HMR.... MGA.... DBUT... GZU....",
     "GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DC?T... GST.... "
     "SPR.... HSR.... MCD.... DC?T... GZU.... SPR.... HTO.... MGA.... DC?T... GZU.... SPR.... "
     "HMR.... MGA.... DC?T... GZU.... SPR.... HMR.... MGA.... DC?T... GZU...."},
    {"R5",
     "GPA.... SBR.... HMA.... MKL.... DVE.V.. GPA.... SPR.... HSR.... MCD.... DFLT... GST.... "
     "SVI.... HSR.... MGA.... DGOT... GZU.... SVI.... HTO.... MGA.... DHIT... GST.... SZA.... "
     "HTO.... MCN.... DMIT... GST.... SSZ.... HMR.... MCN.... DD1T... GZU.... SJM.... HMS.... "
     "MBS.... DMUT.V. GMUTD.. SSJ.... HTS.... MVR.... DZAT.M. GZATD.. SVA.... HRO.... MSO.... "
     "DSZT.M. GZA.... SIO.... HNP.... MBC.... DKLT.M.",
     "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HSR.... MCD.... DC?T... GST.... "
     "SVI.... HSR.... MGA.... DC?T... GZU.... SVI.... HTO.... MGA.... DHIT... GST.... SZA.... "
     "HTO.... MCN.... DC?T... GST.... SSZ.... HMR.... MCN.... DD1T... GZU.... SJM.... HMS.... "
     "MBS.... DMUT.V. GMUTD.. SSJ.... HTS.... MVR.... DZAT.M. GZATD.. SVA.... HRO.... MSO.... "
     "DC?T.M. GZA.... SIO.... HNP.... MBC.... DC?T.M."},
};

TEST(DraculaPastPlays, R1ToR5Redaction) {
  for (const RedactionVector& v : kRedaction) {
    Record r = parsed(v.full);
    EXPECT_EQ(r.full(), v.full) << v.name;
    EXPECT_EQ(r.redacted(), v.hunter) << v.name;
    EXPECT_EQ(r.for_current_seat(), v.hunter) << v.name;
    EXPECT_EQ(check_shape(v.hunter), "") << v.name;
  }
}

// The seed's Game #2 string given to Dracula (§3.8 item 4): the rules show DC?T... where the
// seed's Godalming sample showed DBOT....
TEST(DraculaPastPlays, SeedGame2) {
  const std::string full =
      "GED.... SGE.... HZU.... MCA.... DCF.V.. GMN.... SCFVD.. HGE.... MLS.... DBOT... GLO.... "
      "SMR.... HCF.... MMA.... DTOT... GPL.... SMS.... HMR.... MGR.... DBAT... GLO.... SBATD.. "
      "HMS.... MMA.... DSRT... GPL.... SSJ.... HBA.... MGR.... DALT... GPL.... SSJ.... HBA.... "
      "MGR.... DMAT...";
  Record r = parsed(full);
  const std::string hunter = r.redacted();
  EXPECT_EQ(hunter.substr(0, 8 * 15 - 1),
            "GED.... SGE.... HZU.... MCA.... DCF.V.. GMN.... SCFVD.. HGE.... MLS.... DC?T... "
            "GLO.... SMR.... HCF.... MMA.... DC?T...");
  Record after = parsed(full + " GLO.... SBE.... HMS.... MMATD..");
  EXPECT_EQ(after.state().blood, 10);  // three confrontations
}

TEST(DraculaPastPlays, SeedSamples) {
  Record r = parsed(
      "GMN.... SPL.... HAM.... MPA.... DGA.V.. GLV.... SLO.... HNS.... MST.... DHIT... GIR.... "
      "SPL.... HAO.... MZU.... DCDT... GSW.... SLO.... HNS.... MFR.... DKLT... GLV.... SPL.... "
      "HAO.... MZU.... DBCT... GSW.... SLO.... HNS.... MMR....");
  EXPECT_EQ(r.state().dracula_loc(), code_to_id("BC"));
}

TEST(DraculaPastPlays, WorkedExampleCastleBlood) {
  Record r =
      parsed("GGE.... SGE.... HGE.... MGE.... DCD.V.. GGE.... SGE.... HGE.... MGE.... DD1T...");
  EXPECT_EQ(r.state().blood, 60);
  // A first move to sea places no vampire in that cycle.
  Record s =
      parsed("GGE.... SGE.... HGE.... MGE.... DAO.... GGE.... SGE.... HGE.... MGE.... DCAT...");
  EXPECT_EQ(s.state().vampire_loc(), kNowhere);
  EXPECT_EQ(s.state().blood, 38);
}

TEST(DraculaPastPlays, Errors) {
  EXPECT_EQ(check_shape(""), "");
  EXPECT_NE(error_of("GST...").message.find("length"), std::string::npos);
  EXPECT_EQ(error_of("GST.... SAO....  HZU...").column, 16);
  EXPECT_EQ(error_of("GST.... SAO....xHZU....").column, 15);
  EXPECT_EQ(error_of("SST....").play, 0);
  EXPECT_NE(error_of("Gst....").message.find("move code"), std::string::npos);
  EXPECT_NE(error_of("GC?....").message.find("move code"), std::string::npos);
  EXPECT_NE(error_of("GHI....").message.find("move code"), std::string::npos);
  ParseError e = error_of("GST.... SAO.... HZU.... MBB.... DJM.V..");
  EXPECT_EQ(e.play, 4);
  EXPECT_NE(e.message.find("illegal"), std::string::npos);
  e = error_of("GST.... SAO.... HZU.... MBB.... DCD.V.. GCD....");
  EXPECT_NE(e.message.find("illegal"), std::string::npos);  // ST -> CD is not a move
  e = error_of("GST.... SAO.... HZU.... MBB.... DCDT...");
  EXPECT_EQ(e.column, 4 * 8 + 3);
  EXPECT_NE(e.message.find("DCD.V.."), std::string::npos);
  EXPECT_NE(error_of("GST....", {"a", "b"}).message.find("messages"), std::string::npos);
  EXPECT_NE(error_of("GST.... SAO.... HZU.... MBB.... DHI.V..").message.find("illegal"),
            std::string::npos);
  EXPECT_NE(error_of("GST.... SAO.... HZU.... MBB.... DTP....").message.find("illegal"),
            std::string::npos);
  // Garbage of every kind: never a crash.
  for (std::string s : {std::string(7, '\0'), std::string("\xff\xff\xff\xff\xff\xff\xff"),
                        std::string(15, ' '), std::string("GST.... ") + std::string(7, '?')}) {
    auto r = parse_full(s);
    EXPECT_TRUE(std::holds_alternative<ParseError>(r));
  }
  EXPECT_NE(check_shape("GST.... SAO.... HZU.... MBB.... DX?.V.."), "");
  EXPECT_NE(check_shape("GSTD.T."), "");
  EXPECT_EQ(check_shape("GSTTTVD SAO...."), "");
}

TEST(DraculaPastPlays, Messages) {
  EXPECT_EQ(sanitize_message("hi\tthere\n"), "hi?there?");
  EXPECT_EQ(sanitize_message(std::string(150, 'x')).size(), 99u);
  EXPECT_EQ(sanitize_message("\xc3\xa9"), "??");
  Record r;
  r.play(parse_move("ST"), "hello\x01");
  EXPECT_EQ(r.messages().size(), 1u);
  EXPECT_EQ(r.messages()[0], "hello?");
  auto p = parse_full("GST.... SAO....", {"a", std::string(120, 'b')});
  ASSERT_TRUE(std::holds_alternative<Record>(p));
  EXPECT_EQ(std::get<Record>(p).messages()[1].size(), 99u);
}

TEST(DraculaPastPlays, RandomGamesRoundTrip) {
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    Record r = random_game(seed, kMaxPlays, true);
    ASSERT_TRUE(r.state().is_over());
    auto p = parse_full(r.full(), r.messages());
    ASSERT_TRUE(std::holds_alternative<Record>(p)) << std::get<ParseError>(p).message;
    const Record& q = std::get<Record>(p);
    EXPECT_EQ(q.state(), r.state());
    EXPECT_EQ(q.full(), r.full());
    EXPECT_EQ(q.messages(), r.messages());
    EXPECT_EQ(q.redacted(), r.redacted());
    EXPECT_EQ(check_shape(r.redacted()), "");
  }
}

}  // namespace
}  // namespace arena::dracula
