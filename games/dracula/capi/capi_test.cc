// The course C API called from C++ (spec §5) on the test vectors of §8: V1–V28 and the
// constructed vectors (§8.2), Dracula's legal moves E1–E8c (§8.3), the redacted strings R1–R5
// through HunterView (§8.4), and the property tests of §8.5 that the API can express, on random
// games played by the engine.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "DraculaView.h"
#include "Game.h"
#include "GameView.h"
#include "HunterView.h"
#include "Map.h"
#include "Places.h"
#include "games/dracula/engine.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/places.h"
#include "testUtils.h"

namespace {

namespace dr = arena::dracula;

// Empty messages, enough for any game.
Message g_messages[2000];

// Takes ownership of an array returned by the API and gives it back sorted. `n` is a reference so
// that it is read after the call that fills it, in `take(f(&n), n)`.
std::vector<int> take(PlaceId* items, const int& n) {
  EXPECT_EQ(items == nullptr, n == 0) << "NULL exactly when empty";
  std::vector<int> out(items, items + n);
  std::free(items);
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<int> take_ordered(PlaceId* items, const int& n) {
  std::vector<int> out(items, items + n);
  std::free(items);
  return out;
}

// "GA KL HI D1" -> sorted identifiers, through the API's own placeAbbrevToId.
std::vector<int> codes(const std::string& text) {
  std::istringstream in(text);
  std::vector<int> out;
  for (std::string c; in >> c;) {
    PlaceId p = placeAbbrevToId(c.data());
    EXPECT_NE(p, NOWHERE) << c;
    out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<int> ordered_codes(const std::string& text) {
  std::istringstream in(text);
  std::vector<int> out;
  for (std::string c; in >> c;) out.push_back(placeAbbrevToId(c.data()));
  return out;
}

PlaceId id(const char* code) {
  return placeAbbrevToId(const_cast<char*>(code));
}

// RAII owners so that a failed assertion never leaks a view.
struct Gv {
  GameView v;
  explicit Gv(const std::string& s) : v(GvNew(const_cast<char*>(s.c_str()), g_messages)) {}
  ~Gv() { GvFree(v); }
  operator GameView() const { return v; }
};
struct Hv {
  HunterView v;
  explicit Hv(const std::string& s) : v(HvNew(const_cast<char*>(s.c_str()), g_messages)) {}
  ~Hv() { HvFree(v); }
  operator HunterView() const { return v; }
};
struct Dv {
  DraculaView v;
  explicit Dv(const std::string& s) : v(DvNew(const_cast<char*>(s.c_str()), g_messages)) {}
  ~Dv() { DvFree(v); }
  operator DraculaView() const { return v; }
};

constexpr Player G = PLAYER_LORD_GODALMING, S = PLAYER_DR_SEWARD, H = PLAYER_VAN_HELSING,
                 M = PLAYER_MINA_HARKER, D = PLAYER_DRACULA;

std::vector<int> reach(Player p, Round r, const char* from, bool road, bool rail, bool boat) {
  Gv gv("");
  int n = -1;
  return take(GvGetReachableByType(gv, p, r, id(from), road, rail, boat, &n), n);
}

TEST(CapiTables, PlacesAndConnectionsMatchTheEngine) {
  for (int i = 0; i < NUM_REAL_PLACES; ++i) {
    EXPECT_EQ(PLACES[i].id, i);
    EXPECT_EQ(PLACES[i].name, dr::kPlaces[i].name);
    EXPECT_EQ(PLACES[i].abbrev, dr::kPlaces[i].code);
    EXPECT_EQ(static_cast<int>(PLACES[i].type), static_cast<int>(dr::kPlaces[i].type));
  }
  for (size_t i = 0; i < dr::kConnections.size(); ++i) {
    EXPECT_EQ(CONNECTIONS[i].v, dr::kConnections[i].a) << i;
    EXPECT_EQ(CONNECTIONS[i].w, dr::kConnections[i].b) << i;
    EXPECT_EQ(static_cast<int>(CONNECTIONS[i].t), static_cast<int>(dr::kConnections[i].type));
  }
  EXPECT_EQ(CONNECTIONS[198].v, -1);
  EXPECT_EQ(CONNECTIONS[198].w, -1);
  EXPECT_EQ(CONNECTIONS[198].t, ANY);
}

TEST(CapiPlaces, Utilities) {
  EXPECT_EQ(placeNameToId(const_cast<char*>("St Joseph and St Mary")), ST_JOSEPH_AND_ST_MARY);
  EXPECT_EQ(placeNameToId(const_cast<char*>("Strasbourg")), STRASBOURG);
  EXPECT_EQ(placeNameToId(const_cast<char*>("strasbourg")), NOWHERE);
  EXPECT_EQ(placeNameToId(nullptr), NOWHERE);
  EXPECT_EQ(id("D4"), DOUBLE_BACK_4);
  EXPECT_EQ(id("S?"), SEA_UNKNOWN);
  EXPECT_EQ(id("XX"), NOWHERE);
  EXPECT_EQ(id("JMX"), NOWHERE);
  for (PlaceId p : {CITY_UNKNOWN, SEA_UNKNOWN, HIDE, DOUBLE_BACK_1, DOUBLE_BACK_5, TELEPORT,
                    NOWHERE, UNKNOWN_PLACE, ADRIATIC_SEA, ZURICH}) {
    EXPECT_EQ(placeIdToName(p), dr::id_to_name(p)) << p;
    EXPECT_EQ(placeIdToAbbrev(p), dr::id_to_code(p)) << p;
    EXPECT_EQ(static_cast<int>(placeIdToType(p)), static_cast<int>(dr::place_type(p))) << p;
  }
  EXPECT_STREQ(transportTypeToString(NONE), "????");
  EXPECT_TRUE(placeIsLand(CITY_UNKNOWN));
  EXPECT_TRUE(placeIsSea(SEA_UNKNOWN));
  EXPECT_FALSE(placeIsReal(HIDE));
  PlaceId a[] = {TELEPORT, NOWHERE, PARIS, ADRIATIC_SEA};
  sortPlaces(a, 4);
  EXPECT_EQ(std::vector<int>(a, a + 4), (std::vector<int>{NOWHERE, ADRIATIC_SEA, PARIS, TELEPORT}));
}

TEST(CapiMap, CountsAndLists) {
  Map m = MapNew();
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(MapNumPlaces(m), 71);
  EXPECT_EQ(MapNumConnections(m, ROAD), 230);
  EXPECT_EQ(MapNumConnections(m, RAIL), 86);
  EXPECT_EQ(MapNumConnections(m, BOAT), 80);
  EXPECT_EQ(MapNumConnections(m, ANY), 396);
  EXPECT_EQ(MapNumConnections(m, NONE), 0);
  // Every adjacency list agrees with the engine's adjacency sets.
  const dr::MapTables& t = dr::map();
  for (PlaceId p = MIN_REAL_PLACE; p <= MAX_REAL_PLACE; p = static_cast<PlaceId>(p + 1)) {
    dr::PlaceSet road, rail, boat;
    for (ConnList c = MapGetConnections(m, p); c; c = c->next)
      (c->type == ROAD ? road : c->type == RAIL ? rail : boat).set(c->p);
    EXPECT_EQ(road, t.road[p]) << p;
    EXPECT_EQ(rail, t.rail[p]) << p;
    EXPECT_EQ(boat, t.boat[p]) << p;
  }
  EXPECT_EQ(MapGetConnections(m, CITY_UNKNOWN), nullptr);
  testing::internal::CaptureStdout();
  MapShow(m);
  std::string shown = testing::internal::GetCapturedStdout();
  EXPECT_EQ(shown.rfind("V = 71, E = 198\n", 0), 0u);
  EXPECT_EQ(std::count(shown.begin(), shown.end(), '\n'), 397);
  EXPECT_NE(shown.find("\nSt Joseph and St Mary connects to Belgrade by road\n"),
            std::string::npos);
  MapFree(m);
}

// §8.2 V1–V14: GameView.
TEST(CapiGameView, V1toV3) {
  {
    Gv gv("");
    EXPECT_EQ(GvGetRound(gv), 0);
    EXPECT_EQ(GvGetPlayer(gv), G);
    EXPECT_EQ(GvGetScore(gv), 366);
    EXPECT_EQ(GvGetHealth(gv, G), 9);
    EXPECT_EQ(GvGetHealth(gv, D), 40);
    EXPECT_EQ(GvGetPlayerLocation(gv, G), NOWHERE);
    EXPECT_EQ(GvGetVampireLocation(gv), NOWHERE);
    int n = -1;
    EXPECT_EQ(GvGetTrapLocations(gv, &n), nullptr);
    EXPECT_EQ(n, 0);
  }
  {
    Gv gv("GST....");
    EXPECT_EQ(GvGetRound(gv), 0);
    EXPECT_EQ(GvGetPlayer(gv), S);
    EXPECT_EQ(GvGetScore(gv), 366);
    EXPECT_EQ(GvGetPlayerLocation(gv, G), STRASBOURG);
    EXPECT_EQ(GvGetPlayerLocation(gv, S), NOWHERE);
  }
  {
    Gv gv("GST.... SAO.... HZU....");
    EXPECT_EQ(GvGetPlayer(gv), M);
    EXPECT_EQ(GvGetPlayerLocation(gv, M), NOWHERE);
    EXPECT_EQ(GvGetPlayerLocation(gv, D), NOWHERE);
  }
}

TEST(CapiGameView, V4V5HunterAndGame) {
  const std::string v4 = "GST.... SAO.... HZU.... MBB.... DC?.V..";
  Gv gv(v4);
  Hv hv(v4);
  EXPECT_EQ(GvGetRound(gv), 1);
  EXPECT_EQ(HvGetRound(hv), 1);
  EXPECT_EQ(GvGetPlayer(gv), G);
  EXPECT_EQ(HvGetPlayer(hv), G);
  EXPECT_EQ(GvGetScore(gv), 365);
  EXPECT_EQ(HvGetScore(hv), 365);
  EXPECT_EQ(GvGetHealth(gv, D), 40);
  EXPECT_EQ(HvGetHealth(hv, D), 40);
  const PlaceId want[] = {STRASBOURG, ATLANTIC_OCEAN, ZURICH, BAY_OF_BISCAY, CITY_UNKNOWN};
  for (int p = 0; p < 5; ++p) {
    EXPECT_EQ(GvGetPlayerLocation(gv, static_cast<Player>(p)), want[p]);
    EXPECT_EQ(HvGetPlayerLocation(hv, static_cast<Player>(p)), want[p]);
  }
  EXPECT_EQ(GvGetVampireLocation(gv), CITY_UNKNOWN);
  EXPECT_EQ(HvGetVampireLocation(hv), CITY_UNKNOWN);
  Round r = 77;
  EXPECT_EQ(HvGetLastKnownDraculaLocation(hv, &r), NOWHERE);
  EXPECT_EQ(r, 77);

  const std::string v5 = "GST.... SAO.... HCD.... MAO.... DGE.V.. GGEVD..";
  Gv gv5(v5);
  Hv hv5(v5);
  for (auto [health, loc, vamp] :
       {std::tuple{GvGetHealth(gv5, G), GvGetPlayerLocation(gv5, G), GvGetVampireLocation(gv5)},
        std::tuple{HvGetHealth(hv5, G), HvGetPlayerLocation(hv5, G), HvGetVampireLocation(hv5)}}) {
    EXPECT_EQ(health, 5);
    EXPECT_EQ(loc, GENEVA);
    EXPECT_EQ(vamp, NOWHERE);
  }
  EXPECT_EQ(GvGetHealth(gv5, D), 30);
  EXPECT_EQ(HvGetHealth(hv5, D), 30);
  EXPECT_EQ(GvGetPlayerLocation(gv5, D), GENEVA);
  EXPECT_EQ(HvGetPlayerLocation(hv5, D), GENEVA);
  EXPECT_EQ(HvGetLastKnownDraculaLocation(hv5, &r), GENEVA);
  EXPECT_EQ(r, 0);
}

TEST(CapiGameView, V6toV10) {
  {
    Gv gv("GGE.... SGE.... HGE.... MGE.... DS?.... GST.... SST.... HST.... MST.... DD1....");
    EXPECT_EQ(GvGetRound(gv), 2);
    EXPECT_EQ(GvGetPlayer(gv), G);
    EXPECT_EQ(GvGetScore(gv), 364);
    EXPECT_EQ(GvGetHealth(gv, D), 36);
    EXPECT_EQ(GvGetPlayerLocation(gv, D), SEA_UNKNOWN);
  }
  {
    Gv gv(
        "GGE.... SGE.... HGE.... MGE.... DEC.... GST.... SST.... HST.... MST.... DD1.... GFR.... "
        "SFR.... HFR.... MFR....");
    EXPECT_EQ(GvGetRound(gv), 2);
    EXPECT_EQ(GvGetPlayer(gv), D);
    EXPECT_EQ(GvGetScore(gv), 364);
    EXPECT_EQ(GvGetHealth(gv, D), 36);
    EXPECT_EQ(GvGetPlayerLocation(gv, D), ENGLISH_CHANNEL);
  }
  {
    Gv gv("GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE....");
    EXPECT_EQ(GvGetHealth(gv, G), 9);
  }
  const std::string v9 =
      "GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE.... SGE.... HGE.... MGE.... DSTT... GGE.... "
      "SGE.... HGE.... MGE.... DHIT... GGE.... SGE.... HGE.... MGE.... DD1T... GSTTTTD";
  {
    Gv gv(v9);
    EXPECT_EQ(GvGetScore(gv), 356);
    EXPECT_EQ(GvGetHealth(gv, G), 0);
    EXPECT_EQ(GvGetPlayerLocation(gv, G), ST_JOSEPH_AND_ST_MARY);
    EXPECT_EQ(GvGetPlayerLocation(gv, D), STRASBOURG);
    EXPECT_EQ(GvGetHealth(gv, D), 30);
  }
  {  // V9b
    Gv a(v9 + " SGE.... HGE.... MGE....");
    EXPECT_EQ(GvGetPlayer(a), D);
    EXPECT_EQ(GvGetHealth(a, G), 0);
    EXPECT_EQ(GvGetPlayerLocation(a, G), ST_JOSEPH_AND_ST_MARY);
    Gv b(v9 + " SGE.... HGE.... MGE.... DC?T...");
    EXPECT_EQ(GvGetPlayer(b), G);
    EXPECT_EQ(GvGetHealth(b, G), 9);
    EXPECT_EQ(GvGetPlayerLocation(b, G), ST_JOSEPH_AND_ST_MARY);
    EXPECT_EQ(GvGetScore(b), 355);
    Gv c(v9 + " SGE.... HGE.... MGE.... DC?T... GJM....");
    EXPECT_EQ(GvGetHealth(c, G), 9);
    EXPECT_EQ(GvGetPlayerLocation(c, G), ST_JOSEPH_AND_ST_MARY);
    EXPECT_EQ(GvGetScore(c), 355);
  }
  {
    Gv gv("GGE.... SGE.... HGE.... MGE.... DCD.V.. GGE.... SGE.... HGE.... MGE.... DD1T...");
    EXPECT_EQ(GvGetHealth(gv, D), 60);
    EXPECT_EQ(GvGetPlayerLocation(gv, D), CASTLE_DRACULA);
  }
}

TEST(CapiGameView, V11toV13TrapsAndVampires) {
  int n = -1;
  {
    Gv gv(
        "GVI.... SGE.... HGE.... MGE.... DCD.V.. GBD.... SGE.... HGE.... MGE.... DKLT... GSZ.... "
        "SGE.... HGE.... MGE.... DGAT... GSZ.... SGE.... HGE.... MGE....");
    EXPECT_EQ(GvGetPlayerLocation(gv, D), GALATZ);
    EXPECT_EQ(GvGetVampireLocation(gv), CASTLE_DRACULA);
    EXPECT_EQ(take(GvGetTrapLocations(gv, &n), n), codes("GA KL"));
  }
  {
    Hv hv(
        "GVI.... SGE.... HGE.... MGE.... DCD.V.. GBD.... SGE.... HGE.... MGE.... DC?T... GSZ.... "
        "SGE.... HGE.... MGE.... DC?T... GSZ.... SGE.... HGE....");
    EXPECT_EQ(HvGetPlayerLocation(hv, D), CITY_UNKNOWN);
    EXPECT_EQ(HvGetVampireLocation(hv), CASTLE_DRACULA);
  }
  {
    Gv gv(
        "GVI.... SGE.... HGE.... MGE.... DBC.V.. GBD.... SGE.... HGE.... MGE.... DKLT... GSZ.... "
        "SGE.... HGE.... MGE.... DGAT... GBE.... SGE.... HGE.... MGE.... DCNT... GKLT... SGE.... "
        "HGE.... MGE....");
    EXPECT_EQ(GvGetHealth(gv, G), 7);
    EXPECT_EQ(GvGetPlayerLocation(gv, G), KLAUSENBURG);
    EXPECT_EQ(GvGetVampireLocation(gv), BUCHAREST);
    EXPECT_EQ(take(GvGetTrapLocations(gv, &n), n), codes("CN GA"));
  }
  {
    Gv gv(
        "GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE.... SGE.... HGE.... MGE.... DC?T... GGE.... "
        "SGE.... HGE.... MGE.... DC?T... GGE.... SGE.... HGE.... MGE.... DC?T... GGE.... SGE.... "
        "HGE.... MGE.... DC?T... GGE.... SGE.... HGE.... MGE.... DC?T... GGE.... SGE.... HGE.... "
        "MGE.... DC?T.V.");
    EXPECT_EQ(GvGetScore(gv), 346);
    EXPECT_EQ(GvGetPlayerLocation(gv, D), CITY_UNKNOWN);
    EXPECT_EQ(GvGetVampireLocation(gv), NOWHERE);
  }
}

TEST(CapiGameView, V14Histories) {
  Gv gv(
      "GLS.... SGE.... HGE.... MGE.... DST.V.. GCA.... SGE.... HGE.... MGE.... DC?T... GGR.... "
      "SGE.... HGE.... MGE.... DC?T... GAL.... SGE.... HGE.... MGE.... DD3T... GSR.... SGE.... "
      "HGE.... MGE.... DHIT... GSN.... SGE.... HGE.... MGE.... DC?T... GMA.... SSTTTV.");
  EXPECT_EQ(GvGetHealth(gv, S), 5);
  EXPECT_EQ(GvGetPlayerLocation(gv, D), CITY_UNKNOWN);
  EXPECT_EQ(GvGetVampireLocation(gv), NOWHERE);
  int n = -1;
  bool can_free = false;
  EXPECT_EQ(take_ordered(GvGetMoveHistory(gv, G, &n, &can_free), n),
            ordered_codes("LS CA GR AL SR SN MA"));
  EXPECT_TRUE(can_free);
  EXPECT_EQ(take_ordered(GvGetMoveHistory(gv, D, &n, &can_free), n),
            ordered_codes("ST C? C? D3 HI C?"));
  EXPECT_EQ(take_ordered(GvGetLocationHistory(gv, D, &n, &can_free), n),
            ordered_codes("ST C? C? ST ST C?"));
  EXPECT_EQ(take_ordered(GvGetLocationHistory(gv, G, &n, &can_free), n),
            ordered_codes("LS CA GR AL SR SN MA"));
  EXPECT_EQ(take_ordered(GvGetLastMoves(gv, D, 3, &n, &can_free), n), ordered_codes("D3 HI C?"));
  EXPECT_EQ(take_ordered(GvGetLastMoves(gv, S, 9, &n, &can_free), n),
            ordered_codes("GE GE GE GE GE GE ST"));
  EXPECT_EQ(take_ordered(GvGetLastLocations(gv, D, 2, &n, &can_free), n), ordered_codes("ST C?"));
  EXPECT_EQ(take_ordered(GvGetLastLocations(gv, D, 0, &n, &can_free), n), ordered_codes(""));
  EXPECT_EQ(n, 0);
}

TEST(CapiGameView, V15toV18AndV28Reachability) {
  EXPECT_EQ(reach(G, 1, "GA", true, false, false), codes("BC CD CN GA KL"));
  EXPECT_EQ(reach(G, 1, "IO", false, false, true), codes("AS AT BS IO SA TS VA"));
  EXPECT_EQ(reach(G, 2, "PA", false, true, false), codes("BO BU CO LE MR PA SR"));
  EXPECT_EQ(reach(G, 1, "AT", false, true, false), codes("AT"));
  EXPECT_EQ(reach(G, 3, "PA", false, true, false), codes("BA BO BU CO FR LE MA MR PA SR"));
  EXPECT_EQ(reach(S, 1, "MA", false, true, false), codes("AL BA BO LS MA SN SR"));
  EXPECT_EQ(reach(H, 1, "BD", false, true, false), codes("BC BD BE BR CN GA PR SO SZ VE VI"));
  // Dracula: never rail, never JM.
  EXPECT_EQ(reach(D, 1, "SZ", true, true, true), codes("BD BE KL SZ ZA"));
  EXPECT_EQ(reach(D, 1, "SZ", false, true, false), codes("SZ"));
  Gv gv("");
  int n = -1;
  EXPECT_EQ(take(GvGetReachable(gv, G, 0, SZEGED, &n), n), codes("BD BE JM KL SZ ZA"));
  EXPECT_EQ(take(GvGetReachable(gv, G, 0, CITY_UNKNOWN, &n), n), codes(""));
  EXPECT_EQ(take(GvGetReachable(gv, static_cast<Player>(5), 0, PARIS, &n), n), codes(""));
}

// §8.2 HunterView vectors.
TEST(CapiHunterView, V19toV22) {
  int n = -1;
  {
    Hv hv(
        "GGE.... SGE.... HVI.... MGE.... DCD.V.. GGE.... SGE.... HBD.... MGE.... DKLT... GGE.... "
        "SGE.... HSZ.... MGE.... DC?T... GGE.... SGE.... HKLT... MGE.... DC?T... GGE.... SGE.... "
        "HCDV... MGE.... DD1T...");
    EXPECT_EQ(HvGetPlayerLocation(hv, D), CITY_UNKNOWN);
    Round r = -1;
    EXPECT_EQ(HvGetLastKnownDraculaLocation(hv, &r), KLAUSENBURG);
    EXPECT_EQ(r, 1);
  }
  {
    Hv hv("GLS.... SLS.... HSW.... MMR.... DCD.V..");
    struct {
      Player who;
      const char* dest;
      int length;
    } cases[] = {{G, "BA", 2}, {G, "CO", 3}, {H, "HA", 3}, {M, "CN", 4}, {S, "CD", 7}};
    for (auto& c : cases) {
      int len = -1;
      PlaceId* path = HvGetShortestPathTo(hv, c.who, id(c.dest), &len);
      ASSERT_EQ(len, c.length) << c.dest;
      EXPECT_EQ(path[len - 1], id(c.dest));
      // Each step is a legal hunter move in its round (G, S, H, M move next in round 1).
      PlaceId at = HvGetPlayerLocation(hv, c.who);
      for (int i = 0; i < len; ++i) {
        EXPECT_TRUE(dr::hunter_reach(c.who, 1 + i, at).test(path[i])) << c.dest << " step " << i;
        at = path[i];
      }
      std::free(path);
    }
    int len = -1;
    EXPECT_EQ(HvGetShortestPathTo(hv, G, LISBON, &len), nullptr);
    EXPECT_EQ(len, 0);
    EXPECT_EQ(HvGetShortestPathTo(hv, D, LISBON, &len), nullptr);
    EXPECT_EQ(len, 0);
  }
  {
    Hv hv("GGA....");
    EXPECT_EQ(take(HvWhereCanTheyGoByType(hv, G, true, false, false, &n), n),
              codes("BC CD CN GA KL"));
    EXPECT_EQ(take(HvWhereCanIGo(hv, &n), n), codes(""));  // Seward has not moved
    int len = -1;
    EXPECT_EQ(take_ordered(HvGetShortestPathTo(hv, S, VENICE, &len), len), codes("VE"));
  }
  {
    Hv hv("GPA....");
    EXPECT_EQ(take(HvWhereCanTheyGoByType(hv, G, false, true, false, &n), n),
              codes("BO BU LE MR PA"));
  }
  {
    Hv hv("GAS....");
    EXPECT_EQ(take(HvWhereCanTheyGoByType(hv, G, false, false, true, &n), n), codes("AS BI IO VE"));
  }
  {
    Hv hv("GSZ.... SGE.... HGE.... MGE.... DSZ.V..");
    EXPECT_EQ(take(HvWhereCanTheyGoByType(hv, D, true, false, false, &n), n),
              codes("BD BE KL SZ ZA"));
    EXPECT_EQ(take(HvWhereCanTheyGo(hv, D, &n), n), codes("BD BE KL SZ ZA"));
    // Godalming to move in round 1 (rail allowance 1) from Szeged.
    EXPECT_EQ(take(HvWhereCanIGo(hv, &n), n), codes("BC BD BE JM KL SZ ZA"));
    EXPECT_EQ(take(HvWhereCanIGoByType(hv, false, true, false, &n), n), codes("BC BD BE SZ"));
  }
}

// §8.2 DraculaView vectors.
TEST(CapiDraculaView, V23toV27) {
  int n = -1;
  {
    Dv dv("GST.... SAO.... HZU.... MBB....");
    EXPECT_EQ(DvGetRound(dv), 0);
    EXPECT_EQ(DvGetScore(dv), 366);
    EXPECT_EQ(DvGetHealth(dv, D), 40);
    EXPECT_EQ(DvGetPlayerLocation(dv, G), STRASBOURG);
    EXPECT_EQ(DvGetPlayerLocation(dv, S), ATLANTIC_OCEAN);
    EXPECT_EQ(DvGetPlayerLocation(dv, H), ZURICH);
    EXPECT_EQ(DvGetPlayerLocation(dv, M), BAY_OF_BISCAY);
    EXPECT_EQ(DvGetPlayerLocation(dv, D), NOWHERE);
    EXPECT_EQ(DvGetVampireLocation(dv), NOWHERE);
    EXPECT_EQ(take(DvGetTrapLocations(dv, &n), n), codes(""));
    EXPECT_EQ(take(DvGetValidMoves(dv, &n), n), codes(""));
    EXPECT_EQ(take(DvWhereCanIGo(dv, &n), n), codes(""));
  }
  {
    Dv dv("GST.... SAO.... HCD.... MAO.... DGE.V.. GGEVD.. SAO.... HCD.... MAO....");
    EXPECT_EQ(DvGetRound(dv), 1);
    EXPECT_EQ(DvGetScore(dv), 365);
    EXPECT_EQ(DvGetHealth(dv, G), 5);
    EXPECT_EQ(DvGetHealth(dv, D), 30);
    EXPECT_EQ(DvGetPlayerLocation(dv, G), GENEVA);
    EXPECT_EQ(DvGetPlayerLocation(dv, D), GENEVA);
    EXPECT_EQ(DvGetVampireLocation(dv), NOWHERE);
  }
  {
    Dv dv(
        "GGE.... SGE.... HGE.... MGE.... DED.V.. GST.... SST.... HST.... MST.... DMNT... GST.... "
        "SST.... HST.... MST.... DLOT... GST.... SST.... HST.... MST.... DHIT... GST.... SST.... "
        "HST.... MST....");
    EXPECT_EQ(DvGetRound(dv), 4);
    EXPECT_EQ(DvGetVampireLocation(dv), EDINBURGH);
    EXPECT_EQ(take(DvGetTrapLocations(dv, &n), n), codes("LO LO MN"));
  }
  {
    Dv dv("GGE.... SGE.... HGE.... MGE.... DCD.V.. GGE.... SGE.... HGE.... MGE....");
    EXPECT_EQ(take(DvGetValidMoves(dv, &n), n), codes("GA KL HI D1"));
    EXPECT_EQ(take(DvWhereCanIGo(dv, &n), n), codes("CD GA KL"));
    EXPECT_EQ(take(DvWhereCanIGoByType(dv, true, false, &n), n), codes("CD GA KL"));
    EXPECT_EQ(take(DvWhereCanIGoByType(dv, false, true, &n), n), codes("CD"));
    EXPECT_EQ(take(DvWhereCanTheyGo(dv, D, &n), n), codes("CD GA KL"));
    EXPECT_EQ(take(DvWhereCanTheyGoByType(dv, D, false, true, true, &n), n), codes("CD"));
    // Hunters move next in round 2: Godalming's rail allowance is 2.
    EXPECT_EQ(take(DvWhereCanTheyGo(dv, G, &n), n), codes("GE CF MR PA ST ZU MI FL GO"));
    EXPECT_EQ(take(DvWhereCanTheyGoByType(dv, G, false, true, false, &n), n),
              codes("GE MI FL GO ZU"));
  }
  {
    Dv dv(
        "GGE.... SGE.... HGE.... MGE.... DKL.V.. GGE.... SGE.... HGE.... MGE.... DD1T... GGE.... "
        "SGE.... HGE.... MGE.... DBCT... GGE.... SGE.... HGE.... MGE.... DHIT... GGE.... SGE.... "
        "HGE.... MGE....");
    EXPECT_EQ(take(DvWhereCanIGo(dv, &n), n), codes("BE CN GA SO"));
    EXPECT_EQ(take(DvGetValidMoves(dv, &n), n), codes("BE CN GA SO"));
  }
}

TEST(CapiConstructed, T1ForcedTeleport) {
  int n = -1;
  const std::string before =
      "GMA.... SMA.... HMA.... MMA.... DCG.V.. GMA.... SMA.... HMA.... MMA.... DMS.... GMA.... "
      "SMA.... HMA.... MMA.... DTS.... GMA.... SMA.... HMA.... MMA.... DD3T... GMA.... SMA.... "
      "HMA.... MMA.... DHIT... GMA.... SMA.... HMA.... MMA....";
  {
    Dv dv(before);
    EXPECT_EQ(take(DvGetValidMoves(dv, &n), n), codes(""));
    EXPECT_EQ(take(DvWhereCanIGo(dv, &n), n), codes(""));
    EXPECT_EQ(DvGetPlayerLocation(dv, D), CAGLIARI);
    EXPECT_EQ(DvGetHealth(dv, D), 36);
  }
  {
    Gv gv(before + " DTPT...");
    EXPECT_EQ(GvGetPlayerLocation(gv, D), CASTLE_DRACULA);
    EXPECT_EQ(GvGetHealth(gv, D), 46);
    EXPECT_EQ(GvGetScore(gv), 360);
    EXPECT_EQ(take(GvGetTrapLocations(gv, &n), n), codes("CD CG CG"));
    EXPECT_EQ(GvGetVampireLocation(gv), CAGLIARI);
  }
  {
    Hv hv(
        "GMA.... SMA.... HMA.... MMA.... DC?.V.. GMA.... SMA.... HMA.... MMA.... DS?.... GMA.... "
        "SMA.... HMA.... MMA.... DS?.... GMA.... SMA.... HMA.... MMA.... DD3T... GMA.... SMA.... "
        "HMA.... MMA.... DC?T... GMA.... SMA.... HMA.... MMA.... DTPT...");
    EXPECT_EQ(HvGetPlayerLocation(hv, D), CASTLE_DRACULA);
    EXPECT_EQ(HvGetHealth(hv, D), 46);
    EXPECT_EQ(HvGetScore(hv), 360);
    EXPECT_EQ(HvGetVampireLocation(hv), CITY_UNKNOWN);
  }
}

// §8.3: Dracula's legal moves, E1–E7 and E8c.
TEST(CapiDraculaView, E1toE8cValidMoves) {
  struct {
    const char* plays;
    const char* moves;
  } cases[] = {
      {"GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL....",
       "AM BU FR HA LI ST D1 HI"},
      {"GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... GPA.... "
       "SPR.... HSR.... MGA....",
       "BU CO NS D1 D2"},
      {"GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... GST.... "
       "SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA....",
       "BU NS D1 D2 D3"},
      {"GPA.... SBR.... HMA.... MKL.... DGO.V.. GST.... SPR.... HSR.... MKL.... DFLT... GZU.... "
       "SPR.... HTO.... MCD.... DVET... GZU.... SVI.... HTO.... MGA....",
       "MI MU AS D1 D2 D3 HI"},
      {"GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... GPA.... "
       "SPR.... HSR.... MGA.... DD1T... GST.... SVI.... HTO.... MCN....",
       "BU CO NS"},
      {"GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... GPA.... "
       "SPR.... HSR.... MGA.... DD1T... GST.... SVI.... HTO.... MCN.... DNS.... GZU.... SZA.... "
       "HSR.... MBS....",
       "ED HA EC AO"},
      {"GPA.... SBR.... HMA.... MKL.... DSA.V.. GST.... SPR.... HSR.... MCD.... DSOT... GZU.... "
       "SPR.... HSR.... MGA.... DBET... GZU.... SVI.... HTO.... MCN.... DKLT... GST.... SVI.... "
       "HMR.... MCN.... DCDT... GNU.... SZA.... HMS.... MGA.... DD2T... GPR.... SSZ.... HTS.... "
       "MCDT...",
       "BC BD GA SZ HI"},
      {"GMA.... SMA.... HMA.... MMA.... DKL.V.. GMA.... SMA.... HMA.... MMA.... DBCT... GMA.... "
       "SMA.... HMA.... MMA.... DCNT... GMA.... SMA.... HMA.... MMA.... DGAT... GMA.... SMA.... "
       "HMA.... MMA.... DCDT... GMA.... SMA.... HMA.... MMA.... DD5T... GMA.... SMA.... HMA.... "
       "MMA....",
       "BD BE KL SZ HI"},
  };
  int n = -1;
  for (auto& c : cases) {
    Dv dv(c.plays);
    EXPECT_EQ(take(DvGetValidMoves(dv, &n), n), codes(c.moves)) << c.plays;
  }
  Dv e8c(cases[7].plays);
  EXPECT_EQ(take(DvWhereCanIGo(e8c, &n), n), codes("BD BE KL SZ"));
  EXPECT_EQ(DvGetPlayerLocation(e8c, D), KLAUSENBURG);
  EXPECT_EQ(DvGetHealth(e8c, D), 50);
  EXPECT_EQ(DvGetScore(e8c), 360);
  EXPECT_EQ(take(DvGetTrapLocations(e8c, &n), n), codes("BC CD CN GA KL"));
  EXPECT_EQ(DvGetVampireLocation(e8c), KLAUSENBURG);
}

// §8.4 through the API: a HunterView on the redacted string agrees with a GameView on the full
// one about everything a hunter can know (§8.5 property 5), and shows Dracula as the redaction
// does.
TEST(CapiRedaction, R1toR5HunterViewsAgreeWithFullViews) {
  struct {
    const char* full;
    const char* hunter;
    PlaceId dracula;  // Dracula's location as the hunter's view must show it
  } cases[] = {
      {"GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... GST.... "
       "SPR.... HMA.... MCD.... DHIT...",
       "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HMA.... MKL.... DC?T... GST.... "
       "SPR.... HMA.... MCD.... DC?T...",
       CITY_UNKNOWN},
      {"GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... GST.... "
       "SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA.... DBUT... GZU.... SZA.... "
       "HSR.... MGA.... DLET... GZU.... SSZ.... HTO.... MGA.... DNAT... GZU.... SJM.... HMR.... "
       "MGA.... DBOT.V. GZU.... SJM.... HMS.... MCN.... DCFT.M. GMU.... SZA.... HTS.... MBS.... "
       "DGET.M.",
       "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HMA.... MKL.... DC?T... GST.... "
       "SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA.... DC?T... GZU.... SZA.... "
       "HSR.... MGA.... DC?T... GZU.... SSZ.... HTO.... MGA.... DC?T... GZU.... SJM.... HMR.... "
       "MGA.... DC?T.V. GZU.... SJM.... HMS.... MCN.... DC?T.M. GMU.... SZA.... HTS.... MBS.... "
       "DC?T.M.",
       CITY_UNKNOWN},
      {"GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DLIT... GST.... "
       "SPR.... HSR.... MCD.... DHAT... GZU.... SPR.... HTO.... MGA.... DCOT... GZU.... SPR.... "
       "HMR.... MGA.... DAMT... GZU.... SPR.... HMR.... MGA.... DBUT...",
       "GPA.... SBR.... HMA.... MKL.... DC?.V.. GST.... SPR.... HSR.... MKL.... DC?T... GST.... "
       "SPR.... HSR.... MCD.... DC?T... GZU.... SPR.... HTO.... MGA.... DC?T... GZU.... SPR.... "
       "HMR.... MGA.... DC?T... GZU.... SPR.... HMR.... MGA.... DC?T...",
       CITY_UNKNOWN},
      {"GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DLIT... GST.... "
       "SPR.... HSR.... MCD.... DHAT... GZU.... SPR.... HTO.... MGA.... DCOT... GZU.... SPR.... "
       "HMR.... MGA.... DAMT... GZU.... SPR.... HMR.... MGA.... DBUT... GZU....",
       "GPA.... SBR.... HMA.... MKL.... DNU.V.. GST.... SPR.... HSR.... MKL.... DC?T... GST.... "
       "SPR.... HSR.... MCD.... DC?T... GZU.... SPR.... HTO.... MGA.... DC?T... GZU.... SPR.... "
       "HMR.... MGA.... DC?T... GZU.... SPR.... HMR.... MGA.... DC?T... GZU....",
       CITY_UNKNOWN},
      {"GPA.... SBR.... HMA.... MKL.... DVE.V.. GPA.... SPR.... HSR.... MCD.... DFLT... GST.... "
       "SVI.... HSR.... MGA.... DGOT... GZU.... SVI.... HTO.... MGA.... DHIT... GST.... SZA.... "
       "HTO.... MCN.... DMIT... GST.... SSZ.... HMR.... MCN.... DD1T... GZU.... SJM.... HMS.... "
       "MBS.... DMUT.V. GMUTD.. SSJ.... HTS.... MVR.... DZAT.M. GZATD.. SVA.... HRO.... MSO.... "
       "DSZT.M. GZA.... SIO.... HNP.... MBC.... DKLT.M.",
       "GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HSR.... MCD.... DC?T... GST.... "
       "SVI.... HSR.... MGA.... DC?T... GZU.... SVI.... HTO.... MGA.... DHIT... GST.... SZA.... "
       "HTO.... MCN.... DC?T... GST.... SSZ.... HMR.... MCN.... DD1T... GZU.... SJM.... HMS.... "
       "MBS.... DMUT.V. GMUTD.. SSJ.... HTS.... MVR.... DZAT.M. GZATD.. SVA.... HRO.... MSO.... "
       "DC?T.M. GZA.... SIO.... HNP.... MBC.... DC?T.M.",
       CITY_UNKNOWN},
  };
  for (auto& c : cases) {
    Gv full(c.full);
    Hv hv(c.hunter);
    EXPECT_EQ(HvGetScore(hv), GvGetScore(full)) << c.hunter;
    for (int p = 0; p < 5; ++p)
      EXPECT_EQ(HvGetHealth(hv, static_cast<Player>(p)), GvGetHealth(full, static_cast<Player>(p)));
    for (int p = 0; p < 4; ++p)
      EXPECT_EQ(HvGetPlayerLocation(hv, static_cast<Player>(p)),
                GvGetPlayerLocation(full, static_cast<Player>(p)));
    EXPECT_EQ(HvGetPlayerLocation(hv, D), c.dracula) << c.hunter;
  }
  // R5: the revealed MU and ZA moves are the latest known location.
  Hv r5(cases[4].hunter);
  Round r = -1;
  EXPECT_EQ(HvGetLastKnownDraculaLocation(r5, &r), ZAGREB);
  EXPECT_EQ(r, 7);
}

TEST(CapiRobustness, NeutralValuesForBadArguments) {
  Gv gv("GST.... SAO.... HZU.... MBB.... DC?.V..");
  Hv hv("GST.... SAO.... HZU.... MBB.... DC?.V..");
  Dv dv("GST.... SAO.... HZU.... MBB.... DCD.V.. GST....");
  const Player bad[] = {static_cast<Player>(-1), static_cast<Player>(5), static_cast<Player>(99)};
  int n = -1;
  bool can_free = false;
  for (Player p : bad) {
    EXPECT_EQ(GvGetHealth(gv, p), 0);
    EXPECT_EQ(GvGetPlayerLocation(gv, p), NOWHERE);
    EXPECT_EQ(HvGetHealth(hv, p), 0);
    EXPECT_EQ(HvGetPlayerLocation(hv, p), NOWHERE);
    EXPECT_EQ(DvGetHealth(dv, p), 0);
    EXPECT_EQ(DvGetPlayerLocation(dv, p), NOWHERE);
    EXPECT_EQ(take(GvGetMoveHistory(gv, p, &n, &can_free), n), codes(""));
    EXPECT_EQ(take(GvGetLastMoves(gv, p, 3, &n, &can_free), n), codes(""));
    EXPECT_EQ(take(GvGetLocationHistory(gv, p, &n, &can_free), n), codes(""));
    EXPECT_EQ(take(GvGetLastLocations(gv, p, 3, &n, &can_free), n), codes(""));
    EXPECT_EQ(take(GvGetReachable(gv, p, 1, PARIS, &n), n), codes(""));
    EXPECT_EQ(take(HvWhereCanTheyGo(hv, p, &n), n), codes(""));
    EXPECT_EQ(take(HvWhereCanTheyGoByType(hv, p, true, true, true, &n), n), codes(""));
    EXPECT_EQ(take(DvWhereCanTheyGo(dv, p, &n), n), codes(""));
    EXPECT_EQ(take(DvWhereCanTheyGoByType(dv, p, true, true, true, &n), n), codes(""));
    int len = -1;
    EXPECT_EQ(take(HvGetShortestPathTo(hv, p, PARIS, &len), len), codes(""));
  }
  EXPECT_EQ(take(GvGetLastMoves(gv, G, -4, &n, &can_free), n), codes(""));
  EXPECT_EQ(take(GvGetReachable(gv, G, -1, PARIS, &n), n), codes(""));
  EXPECT_EQ(take(GvGetReachableByType(gv, G, 1, HIDE, true, true, true, &n), n), codes(""));
  int len = -1;
  EXPECT_EQ(take(HvGetShortestPathTo(hv, G, NOWHERE, &len), len), codes(""));
  EXPECT_EQ(HvGetLastKnownDraculaLocation(hv, nullptr), NOWHERE);
  // A messages array may be NULL: the views never read it.
  GameView nomsg = GvNew(const_cast<char*>("GST...."), nullptr);
  EXPECT_EQ(GvGetPlayerLocation(nomsg, G), STRASBOURG);
  GvFree(nomsg);
  GvFree(nullptr);
  HvFree(nullptr);
  DvFree(nullptr);
}

// §8.5 properties 1, 2, 3 and 5 through the API, on random games played by the engine.
TEST(CapiProperties, RandomGamesAgreeWithTheEngine) {
  uint64_t x = 0x9e3779b97f4a7c15ull;
  auto next = [&x] {  // xorshift64*: fixed, so the games are the same on every platform
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    return x * 2685821657736338717ull;
  };
  int total_plays = 0;
  for (int game = 0; game < 20; ++game) {
    dr::Record rec;
    while (!rec.state().is_over() && rec.plays() < dr::kMaxPlays) {
      const dr::GameState& s = rec.state();
      const std::string full = rec.full();
      dr::MoveList legal;
      dr::legal_moves(s, legal);
      std::vector<int> want;
      for (dr::Move m : legal)
        if (m.id != dr::kTeleport) want.push_back(m.id);
      std::sort(want.begin(), want.end());
      int n = -1;
      {
        Gv gv(full);
        ASSERT_EQ(GvGetScore(gv), s.score);
        for (int p = 0; p < 4; ++p) {
          ASSERT_EQ(GvGetHealth(gv, static_cast<Player>(p)), s.health(p)) << full;
          ASSERT_EQ(GvGetPlayerLocation(gv, static_cast<Player>(p)), s.hunter_loc[p]);
        }
        ASSERT_EQ(GvGetHealth(gv, D), std::max(0, static_cast<int>(s.blood)));
        ASSERT_EQ(GvGetPlayerLocation(gv, D), s.dracula_loc());
        ASSERT_EQ(GvGetVampireLocation(gv), s.vampire_loc());
        std::vector<int> traps;
        for (int i = 0; i < s.trail_len; ++i)
          if (s.trail[i].placed == dr::Encounter::kTrap && s.trail[i].alive)
            traps.push_back(s.trail[i].loc);
        std::sort(traps.begin(), traps.end());
        ASSERT_EQ(take(GvGetTrapLocations(gv, &n), n), traps) << full;
      }
      if (s.player() == dr::kDraculaSeat) {
        Dv dv(full);
        if (s.round() > 0) {
          ASSERT_EQ(take(DvGetValidMoves(dv, &n), n), want) << full;
        }
      } else {
        const std::string redacted = rec.redacted();
        Hv hv(redacted);
        Gv gv(full);
        if (s.round() > 0) {
          ASSERT_EQ(take(HvWhereCanIGo(hv, &n), n), want) << redacted;
        }
        ASSERT_EQ(HvGetScore(hv), GvGetScore(gv));
        for (int p = 0; p < 5; ++p)
          ASSERT_EQ(HvGetHealth(hv, static_cast<Player>(p)),
                    GvGetHealth(gv, static_cast<Player>(p)));
      }
      rec.play(legal[static_cast<int>(next() % static_cast<uint64_t>(legal.size()))]);
    }
    total_plays += rec.plays();
  }
  EXPECT_GT(total_plays, 20 * 50);  // the games are long enough to reach every rule
}

}  // namespace
