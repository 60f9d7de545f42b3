// The view vectors of spec §8.2 (V1–V28, V9b, T1) and §8.3 (E1–E8c).
#include "games/dracula/view.h"

#include <gtest/gtest.h>

#include <variant>

#include "games/dracula/past_plays.h"
#include "games/dracula/test_util.h"

namespace arena::dracula {
namespace {

using testing::id;
using testing::ids;
using testing::seq;
using testing::sorted;
using testing::vec;

constexpr int G = 0, S = 1, H = 2, M = 3, D = 4;

TEST(DraculaView, V1) {
  View v("");
  EXPECT_EQ(v.round(), 0);
  EXPECT_EQ(v.player(), G);
  EXPECT_EQ(v.score(), 366);
  EXPECT_EQ(v.health(G), 9);
  EXPECT_EQ(v.health(D), 40);
  EXPECT_EQ(v.location(G), kNowhere);
  EXPECT_EQ(v.vampire_location(), kNowhere);
}

TEST(DraculaView, V2V3) {
  View v2("GST....");
  EXPECT_EQ(v2.round(), 0);
  EXPECT_EQ(v2.player(), S);
  EXPECT_EQ(v2.score(), 366);
  EXPECT_EQ(v2.location(G), id("ST"));
  EXPECT_EQ(v2.location(S), kNowhere);
  View v3("GST.... SAO.... HZU....");
  EXPECT_EQ(v3.round(), 0);
  EXPECT_EQ(v3.player(), M);
  EXPECT_EQ(v3.location(M), kNowhere);
  EXPECT_EQ(v3.location(D), kNowhere);
}

TEST(DraculaView, V4) {
  View v("GST.... SAO.... HZU.... MBB.... DC?.V..");
  EXPECT_EQ(v.round(), 1);
  EXPECT_EQ(v.player(), G);
  EXPECT_EQ(v.score(), 365);
  EXPECT_EQ(v.health(D), 40);
  EXPECT_EQ(v.location(G), id("ST"));
  EXPECT_EQ(v.location(S), id("AO"));
  EXPECT_EQ(v.location(H), id("ZU"));
  EXPECT_EQ(v.location(M), id("BB"));
  EXPECT_EQ(v.location(D), kCityUnknown);
  EXPECT_EQ(v.vampire_location(), kCityUnknown);
  int round = 1234;
  EXPECT_EQ(v.last_known_dracula_location(&round), kNowhere);
  EXPECT_EQ(round, 1234);
}

TEST(DraculaView, V5) {
  View v("GST.... SAO.... HCD.... MAO.... DGE.V.. GGEVD..");
  EXPECT_EQ(v.health(G), 5);
  EXPECT_EQ(v.health(D), 30);
  EXPECT_EQ(v.location(G), id("GE"));
  EXPECT_EQ(v.location(D), id("GE"));
  EXPECT_EQ(v.vampire_location(), kNowhere);
  int round = -1;
  EXPECT_EQ(v.last_known_dracula_location(&round), id("GE"));
  EXPECT_EQ(round, 0);
}

TEST(DraculaView, V6V7) {
  View v6("GGE.... SGE.... HGE.... MGE.... DS?.... GST.... SST.... HST.... MST.... DD1....");
  EXPECT_EQ(v6.round(), 2);
  EXPECT_EQ(v6.player(), G);
  EXPECT_EQ(v6.score(), 364);
  EXPECT_EQ(v6.health(D), 36);
  EXPECT_EQ(v6.location(D), kSeaUnknown);
  View v7(
      "GGE.... SGE.... HGE.... MGE.... DEC.... GST.... SST.... HST.... MST.... DD1.... GFR.... "
      "SFR.... HFR.... MFR....");
  EXPECT_EQ(v7.round(), 2);
  EXPECT_EQ(v7.player(), D);
  EXPECT_EQ(v7.score(), 364);
  EXPECT_EQ(v7.health(D), 36);
  EXPECT_EQ(v7.location(D), id("EC"));
}

TEST(DraculaView, V8) {
  View v("GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE....");
  EXPECT_EQ(v.health(G), 9);
}

constexpr const char* kV9 =
    "GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE.... SGE.... HGE.... MGE.... DSTT... GGE.... "
    "SGE.... HGE.... MGE.... DHIT... GGE.... SGE.... HGE.... MGE.... DD1T... GSTTTTD";

TEST(DraculaView, V9) {
  View v(kV9);
  EXPECT_EQ(v.score(), 356);
  EXPECT_EQ(v.health(G), 0);
  EXPECT_EQ(v.location(G), kHospital);
  EXPECT_EQ(v.location(D), id("ST"));
  EXPECT_EQ(v.health(D), 30);
}

TEST(DraculaView, V9b) {
  std::string s = std::string(kV9) + " SGE.... HGE.... MGE....";
  View a(s);
  EXPECT_EQ(a.player(), D);
  EXPECT_EQ(a.health(G), 0);
  EXPECT_EQ(a.location(G), kHospital);
  s += " DC?T...";
  View b(s);
  EXPECT_EQ(b.player(), G);
  EXPECT_EQ(b.health(G), 9);
  EXPECT_EQ(b.location(G), kHospital);
  EXPECT_EQ(b.score(), 355);
  s += " GJM....";
  View c(s);
  EXPECT_EQ(c.health(G), 9);
  EXPECT_EQ(c.location(G), kHospital);
  EXPECT_EQ(c.score(), 355);
}

TEST(DraculaView, V10) {
  View v("GGE.... SGE.... HGE.... MGE.... DCD.V.. GGE.... SGE.... HGE.... MGE.... DD1T...");
  EXPECT_EQ(v.health(D), 60);
  EXPECT_EQ(v.location(D), kCastleDracula);
}

TEST(DraculaView, V11) {
  View v(
      "GVI.... SGE.... HGE.... MGE.... DCD.V.. GBD.... SGE.... HGE.... MGE.... DKLT... GSZ.... "
      "SGE.... HGE.... MGE.... DGAT... GSZ.... SGE.... HGE.... MGE....");
  EXPECT_EQ(v.location(D), id("GA"));
  EXPECT_EQ(v.vampire_location(), kCastleDracula);
  EXPECT_EQ(sorted(v.trap_locations()), ids("GA KL"));
  View b(
      "GVI.... SGE.... HGE.... MGE.... DCD.V.. GBD.... SGE.... HGE.... MGE.... DC?T... GSZ.... "
      "SGE.... HGE.... MGE.... DC?T... GSZ.... SGE.... HGE....");
  EXPECT_EQ(b.location(D), kCityUnknown);
  EXPECT_EQ(b.vampire_location(), kCastleDracula);
}

TEST(DraculaView, V12) {
  View v(
      "GVI.... SGE.... HGE.... MGE.... DBC.V.. GBD.... SGE.... HGE.... MGE.... DKLT... GSZ.... "
      "SGE.... HGE.... MGE.... DGAT... GBE.... SGE.... HGE.... MGE.... DCNT... GKLT... SGE.... "
      "HGE.... MGE....");
  EXPECT_EQ(v.health(G), 7);
  EXPECT_EQ(v.location(G), id("KL"));
  EXPECT_EQ(v.vampire_location(), id("BC"));
  EXPECT_EQ(sorted(v.trap_locations()), ids("CN GA"));
}

TEST(DraculaView, V13) {
  View v(
      "GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE.... SGE.... HGE.... MGE.... DC?T... GGE.... "
      "SGE.... HGE.... MGE.... DC?T... GGE.... SGE.... HGE.... MGE.... DC?T... GGE.... SGE.... "
      "HGE.... MGE.... DC?T... GGE.... SGE.... HGE.... MGE.... DC?T... GGE.... SGE.... HGE.... "
      "MGE.... DC?T.V.");
  EXPECT_EQ(v.score(), 346);
  EXPECT_EQ(v.location(D), kCityUnknown);
  EXPECT_EQ(v.vampire_location(), kNowhere);
}

TEST(DraculaView, V14) {
  View v(
      "GLS.... SGE.... HGE.... MGE.... DST.V.. GCA.... SGE.... HGE.... MGE.... DC?T... GGR.... "
      "SGE.... HGE.... MGE.... DC?T... GAL.... SGE.... HGE.... MGE.... DD3T... GSR.... SGE.... "
      "HGE.... MGE.... DHIT... GSN.... SGE.... HGE.... MGE.... DC?T... GMA.... SSTTTV.");
  EXPECT_EQ(v.health(S), 5);
  EXPECT_EQ(v.location(D), kCityUnknown);
  EXPECT_EQ(v.vampire_location(), kNowhere);
  EXPECT_EQ(vec(v.move_history(G)), seq("LS CA GR AL SR SN MA"));
  EXPECT_EQ(vec(v.move_history(D)), seq("ST C? C? D3 HI C?"));
  EXPECT_EQ(vec(v.location_history(D)), seq("ST C? C? ST ST C?"));
  EXPECT_EQ(vec(v.last_moves(G, 2)), seq("SN MA"));
  EXPECT_EQ(vec(v.last_moves(G, 100)), seq("LS CA GR AL SR SN MA"));
  EXPECT_EQ(vec(v.last_locations(D, 3)), seq("ST ST C?"));
  EXPECT_TRUE(v.last_moves(G, 0).empty());
  EXPECT_TRUE(v.move_history(7).empty());
}

TEST(DraculaView, V15ToV18AndV28Reachable) {
  EXPECT_EQ(sorted(View::reachable(G, 1, id("GA"), kByRoad)), ids("BC CD CN GA KL"));
  EXPECT_EQ(sorted(View::reachable(G, 1, id("IO"), kByBoat)), ids("AS AT BS IO SA TS VA"));
  EXPECT_EQ(sorted(View::reachable(G, 2, id("PA"), kByRail)), ids("BO BU CO LE MR PA SR"));
  EXPECT_EQ(sorted(View::reachable(G, 1, id("AT"), kByRail)), ids("AT"));
  EXPECT_EQ(sorted(View::reachable(G, 3, id("PA"), kByRail)), ids("BA BO BU CO FR LE MA MR PA SR"));
  EXPECT_EQ(sorted(View::reachable(S, 1, id("MA"), kByRail)), ids("AL BA BO LS MA SN SR"));
  EXPECT_EQ(sorted(View::reachable(H, 1, id("BD"), kByRail)),
            ids("BC BD BE BR CN GA PR SO SZ VE VI"));
  // Dracula: never JM, rail ignored; bad arguments give nothing.
  EXPECT_EQ(sorted(View::reachable(D, 1, id("SZ"), kByAny)), ids("BD BE KL SZ ZA"));
  EXPECT_TRUE(View::reachable(G, 1, kCityUnknown).empty());
  EXPECT_TRUE(View::reachable(9, 1, id("PA")).empty());
}

TEST(DraculaView, V19) {
  View v(
      "GGE.... SGE.... HVI.... MGE.... DCD.V.. GGE.... SGE.... HBD.... MGE.... DKLT... GGE.... "
      "SGE.... HSZ.... MGE.... DC?T... GGE.... SGE.... HKLT... MGE.... DC?T... GGE.... SGE.... "
      "HCDV... MGE.... DD1T...");
  EXPECT_EQ(v.location(D), kCityUnknown);
  int round = -1;
  EXPECT_EQ(v.last_known_dracula_location(&round), id("KL"));
  EXPECT_EQ(round, 1);
}

TEST(DraculaView, V20ShortestPaths) {
  View v("GLS.... SLS.... HSW.... MMR.... DCD.V..");
  EXPECT_EQ(v.shortest_path(G, id("BA")).size(), 2);
  EXPECT_EQ(v.shortest_path(G, id("CO")).size(), 3);
  EXPECT_EQ(v.shortest_path(H, id("HA")).size(), 3);
  EXPECT_EQ(v.shortest_path(M, id("CN")).size(), 4);
  EXPECT_EQ(v.shortest_path(S, id("CD")).size(), 7);
  EXPECT_EQ(v.shortest_path(G, id("CD")).to_vector().back(), kCastleDracula);
  EXPECT_TRUE(v.shortest_path(G, id("LS")).empty());
  EXPECT_TRUE(v.shortest_path(G, kCityUnknown).empty());
  View fresh("");
  EXPECT_EQ(fresh.shortest_path(S, id("CD")).to_vector(), seq("CD"));
}

TEST(DraculaView, V21V22WhereCanTheyGo) {
  EXPECT_EQ(sorted(View("GGA....").where_can_they_go(G, kByRoad)), ids("BC CD CN GA KL"));
  EXPECT_EQ(sorted(View("GPA....").where_can_they_go(G, kByRail)), ids("BO BU LE MR PA"));
  EXPECT_EQ(sorted(View("GAS....").where_can_they_go(G, kByBoat)), ids("AS BI IO VE"));
  View v("GSZ.... SGE.... HGE.... MGE.... DSZ.V..");
  EXPECT_EQ(sorted(v.where_can_they_go(D, kByRoad)), ids("BD BE KL SZ ZA"));
  EXPECT_TRUE(View("GSZ....").where_can_they_go(S).empty());  // not moved yet
  View unknown("GST.... SAO.... HZU.... MBB.... DC?.V..");
  EXPECT_TRUE(unknown.where_can_they_go(D).empty());
  EXPECT_EQ(sorted(unknown.where_can_they_go(G)), sorted(View::reachable(G, 1, id("ST"))));
}

TEST(DraculaView, V23ToV25DraculaView) {
  View v23("GST.... SAO.... HZU.... MBB....");
  EXPECT_EQ(v23.round(), 0);
  EXPECT_EQ(v23.score(), 366);
  EXPECT_EQ(v23.health(D), 40);
  EXPECT_EQ(v23.location(G), id("ST"));
  EXPECT_EQ(v23.location(S), id("AO"));
  EXPECT_EQ(v23.location(H), id("ZU"));
  EXPECT_EQ(v23.location(M), id("BB"));
  EXPECT_EQ(v23.location(D), kNowhere);
  EXPECT_EQ(v23.vampire_location(), kNowhere);
  EXPECT_EQ(v23.trap_locations().size(), 0);
  EXPECT_TRUE(v23.dracula_valid_moves().empty());
  EXPECT_TRUE(v23.dracula_where_can_i_go().empty());

  View v24("GST.... SAO.... HCD.... MAO.... DGE.V.. GGEVD.. SAO.... HCD.... MAO....");
  EXPECT_EQ(v24.round(), 1);
  EXPECT_EQ(v24.score(), 365);
  EXPECT_EQ(v24.health(G), 5);
  EXPECT_EQ(v24.health(D), 30);
  EXPECT_EQ(v24.location(G), id("GE"));
  EXPECT_EQ(v24.location(D), id("GE"));
  EXPECT_EQ(v24.vampire_location(), kNowhere);

  View v25(
      "GGE.... SGE.... HGE.... MGE.... DED.V.. GST.... SST.... HST.... MST.... DMNT... GST.... "
      "SST.... HST.... MST.... DLOT... GST.... SST.... HST.... MST.... DHIT... GST.... SST.... "
      "HST.... MST....");
  EXPECT_EQ(v25.round(), 4);
  EXPECT_EQ(v25.vampire_location(), id("ED"));
  EXPECT_EQ(sorted(v25.trap_locations()), ids("LO LO MN"));
}

TEST(DraculaView, V26V27ValidMoves) {
  View v26("GGE.... SGE.... HGE.... MGE.... DCD.V.. GGE.... SGE.... HGE.... MGE....");
  EXPECT_EQ(sorted(v26.dracula_valid_moves()), ids("GA KL HI D1"));
  View v27(
      "GGE.... SGE.... HGE.... MGE.... DKL.V.. GGE.... SGE.... HGE.... MGE.... DD1T... GGE.... "
      "SGE.... HGE.... MGE.... DBCT... GGE.... SGE.... HGE.... MGE.... DHIT... GGE.... SGE.... "
      "HGE.... MGE....");
  EXPECT_EQ(sorted(v27.dracula_where_can_i_go()), ids("BE CN GA SO"));
  EXPECT_EQ(sorted(v27.dracula_valid_moves()), ids("BE CN GA SO"));
}

constexpr const char* kT1 =
    "GMA.... SMA.... HMA.... MMA.... DCG.V.. GMA.... SMA.... HMA.... MMA.... DMS.... GMA.... "
    "SMA.... HMA.... MMA.... DTS.... GMA.... SMA.... HMA.... MMA.... DD3T... GMA.... SMA.... "
    "HMA.... MMA.... DHIT... GMA.... SMA.... HMA.... MMA....";

TEST(DraculaView, T1ForcedTeleport) {
  View d(kT1);
  EXPECT_TRUE(d.dracula_valid_moves().empty());
  EXPECT_TRUE(d.dracula_where_can_i_go().empty());
  EXPECT_EQ(d.location(D), id("CG"));
  EXPECT_EQ(d.health(D), 36);
  View g(std::string(kT1) + " DTPT...");
  EXPECT_EQ(g.location(D), kCastleDracula);
  EXPECT_EQ(g.health(D), 46);
  EXPECT_EQ(g.score(), 360);
  EXPECT_EQ(sorted(g.trap_locations()), ids("CD CG CG"));
  EXPECT_EQ(g.vampire_location(), id("CG"));
  View h(
      "GMA.... SMA.... HMA.... MMA.... DC?.V.. GMA.... SMA.... HMA.... MMA.... DS?.... GMA.... "
      "SMA.... HMA.... MMA.... DS?.... GMA.... SMA.... HMA.... MMA.... DD3T... GMA.... SMA.... "
      "HMA.... MMA.... DC?T... GMA.... SMA.... HMA.... MMA.... DTPT...");
  EXPECT_EQ(h.location(D), kCastleDracula);
  EXPECT_EQ(h.health(D), 46);
  EXPECT_EQ(h.score(), 360);
  EXPECT_EQ(h.vampire_location(), kCityUnknown);
}

struct LegalVector {
  const char* name;
  const char* plays;
  const char* legal;
};

const LegalVector kLegal[] = {
    {"E1", "GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL....",
     "AM BU FR HA LI ST D1 HI"},
    {"E2",
     "GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... GPA.... "
     "SPR.... HSR.... MGA....",
     "BU CO NS D1 D2"},
    {"E3",
     "GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... GST.... "
     "SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA....",
     "BU NS D1 D2 D3"},
    {"E4",
     "GPA.... SBR.... HMA.... MKL.... DGO.V.. GST.... SPR.... HSR.... MKL.... DFLT... GZU.... "
     "SPR.... HTO.... MCD.... DVET... GZU.... SVI.... HTO.... MGA....",
     "MI MU AS D1 D2 D3 HI"},
    {"E5",
     "GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... GPA.... "
     "SPR.... HSR.... MGA.... DD1T... GST.... SVI.... HTO.... MCN....",
     "BU CO NS"},
    {"E6",
     "GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... GPA.... "
     "SPR.... HSR.... MGA.... DD1T... GST.... SVI.... HTO.... MCN.... DNS.... GZU.... SZA.... "
     "HSR.... MBS....",
     "ED HA EC AO"},
    {"E7",
     "GPA.... SBR.... HMA.... MKL.... DSA.V.. GST.... SPR.... HSR.... MCD.... DSOT... GZU.... "
     "SPR.... HSR.... MGA.... DBET... GZU.... SVI.... HTO.... MCN.... DKLT... GST.... SVI.... "
     "HMR.... MCN.... DCDT... GNU.... SZA.... HMS.... MGA.... DD2T... GPR.... SSZ.... HTS.... "
     "MCDT...",
     "BC BD GA SZ HI"},
    {"E8c",
     "GMA.... SMA.... HMA.... MMA.... DKL.V.. GMA.... SMA.... HMA.... MMA.... DBCT... GMA.... "
     "SMA.... HMA.... MMA.... DCNT... GMA.... SMA.... HMA.... MMA.... DGAT... GMA.... SMA.... "
     "HMA.... MMA.... DCDT... GMA.... SMA.... HMA.... MMA.... DD5T... GMA.... SMA.... HMA.... "
     "MMA....",
     "BD BE KL SZ HI"},
};

TEST(DraculaView, E1ToE8LegalMoves) {
  for (const LegalVector& e : kLegal) {
    View v(e.plays);
    EXPECT_EQ(sorted(v.dracula_valid_moves()), ids(e.legal)) << e.name;
    // The referee's engine agrees, on the validated replay of the same string.
    auto parsed = parse_full(e.plays);
    ASSERT_TRUE(std::holds_alternative<Record>(parsed))
        << e.name << ": " << std::get<ParseError>(parsed).message;
    MoveList moves;
    legal_moves(std::get<Record>(parsed).state(), moves);
    std::vector<PlaceId> engine;
    for (Move m : moves) engine.push_back(m.id);
    std::sort(engine.begin(), engine.end());
    EXPECT_EQ(engine, ids(e.legal)) << e.name;
  }
}

TEST(DraculaView, E8cDetails) {
  View v(kLegal[7].plays);
  EXPECT_EQ(sorted(v.dracula_where_can_i_go()), ids("BD BE KL SZ"));
  EXPECT_EQ(v.location(D), id("KL"));
  EXPECT_EQ(v.health(D), 50);
  EXPECT_EQ(v.score(), 360);
  EXPECT_EQ(sorted(v.trap_locations()), ids("BC CD CN GA KL"));
  EXPECT_EQ(v.vampire_location(), id("KL"));
  // Typed variant: road only drops nothing here (KL has no boat), boat only keeps KL itself.
  EXPECT_EQ(sorted(v.dracula_where_can_i_go(kByRoad)), ids("BD BE KL SZ"));
  EXPECT_EQ(sorted(v.dracula_where_can_i_go(kByBoat)), ids("KL"));
  EXPECT_EQ(sorted(v.dracula_where_can_they_go(D, kByRoad | kByBoat)), ids("BD BE KL SZ"));
  // Hunters: next round's reach (round 7, allowance (7 + h) mod 4).
  EXPECT_EQ(sorted(v.dracula_where_can_they_go(G)), sorted(View::reachable(G, 7, id("MA"))));
}

TEST(DraculaView, MalformedInputNeverCrashes) {
  for (const char* s : {"G", "GXX....", "GST.... D", "DD5T... DD5T...", "GST....SAO....",
                        "GST.... SAO.... HZU.... MBB.... DHI.V.. G??....",
                        "\xff\xfe\x01"
                        "abcdefgh"}) {
    View v(s);
    (void)v.health(0);
    (void)v.dracula_valid_moves();
    (void)v.dracula_where_can_i_go();
    (void)v.where_can_they_go(4);
    (void)v.shortest_path(0, kCastleDracula);
  }
}

}  // namespace
}  // namespace arena::dracula
