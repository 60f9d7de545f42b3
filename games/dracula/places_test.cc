#include "games/dracula/places.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

namespace arena::dracula {
namespace {

// §4.5, copied from the spec: code, ROAD, RAIL, BOAT neighbours.
struct AdjRow {
  const char* code;
  const char* road;
  const char* rail;
  const char* boat;
};
const AdjRow kAdjacency[] = {
    {"AS", "", "", "BI IO VE"},
    {"AL", "GR MA SR", "BA MA", "MS"},
    {"AM", "BU CO", "", "NS"},
    {"AT", "VA", "", "IO"},
    {"AO", "", "", "BB CA EC GW IR LS MS NS"},
    {"BA", "SR TO", "AL SR", "MS"},
    {"BI", "NP RO", "NP", "AS"},
    {"BB", "", "", "AO BO NA SN"},
    {"BE", "BC JM KL SJ SO SZ", "SO SZ", ""},
    {"BR", "HA LI PR", "HA LI PR", ""},
    {"BS", "", "", "CN IO VR"},
    {"BO", "CF NA SR TO", "PA SR", "BB"},
    {"BU", "AM CO LE PA ST", "CO PA", ""},
    {"BC", "BE CN GA KL SO", "CN GA SZ", ""},
    {"BD", "KL SZ VI ZA", "SZ VI", ""},
    {"CA", "GR LS MA", "", "AO"},
    {"CG", "", "", "MS TS"},
    {"CD", "GA KL", "", ""},
    {"CF", "BO GE MR NA PA TO", "", ""},
    {"CO", "AM BU FR HA LI ST", "BU FR", ""},
    {"CN", "BC GA VR", "BC", "BS"},
    {"DU", "GW", "", "IR"},
    {"ED", "MN", "MN", "NS"},
    {"EC", "", "", "AO LE LO NS PL"},
    {"FL", "GO RO VE", "MI RO", ""},
    {"FR", "CO LI NU ST", "CO LI ST", ""},
    {"GA", "BC CD CN KL", "BC", ""},
    {"GW", "DU", "", "AO"},
    {"GE", "CF MR PA ST ZU", "MI", ""},
    {"GO", "FL MI MR VE", "MI", "TS"},
    {"GR", "AL CA MA", "", ""},
    {"HA", "BR CO LI", "BR", "NS"},
    {"IO", "", "", "AS AT BS SA TS VA"},
    {"IR", "", "", "AO DU LV SW"},
    {"KL", "BC BD BE CD GA SZ", "", ""},
    {"LE", "BU NA PA", "PA", "EC"},
    {"LI", "BR CO FR HA NU", "BR FR NU", ""},
    {"LS", "CA MA SN", "MA", "AO"},
    {"LV", "MN SW", "MN", "IR"},
    {"LO", "MN PL SW", "MN SW", "EC"},
    {"MA", "AL CA GR LS SN SR", "AL LS SN SR", ""},
    {"MN", "ED LO LV", "ED LO LV", ""},
    {"MR", "CF GE GO MI TO ZU", "PA", "MS"},
    {"MS", "", "", "AL AO BA CG MR TS"},
    {"MI", "GO MR MU VE ZU", "FL GE GO ZU", ""},
    {"MU", "MI NU ST VE VI ZA ZU", "NU", ""},
    {"NA", "BO CF LE PA", "", "BB"},
    {"NP", "BI RO", "BI RO", "TS"},
    {"NS", "", "", "AM AO EC ED HA"},
    {"NU", "FR LI MU PR ST", "LI MU", ""},
    {"PA", "BU CF GE LE NA ST", "BO BU LE MR", ""},
    {"PL", "LO", "", "EC"},
    {"PR", "BR NU VI", "BR VI", ""},
    {"RO", "BI FL NP", "FL NP", "TS"},
    {"SA", "SO VA", "SO", "IO"},
    {"SN", "LS MA SR", "MA", "BB"},
    {"SR", "AL BA BO MA SN TO", "BA BO MA", ""},
    {"SJ", "BE JM SO VA ZA", "", ""},
    {"SO", "BC BE SA SJ VA VR", "BE SA VR", ""},
    {"JM", "BE SJ SZ ZA", "", ""},
    {"ST", "BU CO FR GE MU NU PA ZU", "FR ZU", ""},
    {"SW", "LO LV", "LO", "IR"},
    {"SZ", "BD BE JM KL ZA", "BC BD BE", ""},
    {"TO", "BA BO CF MR SR", "", ""},
    {"TS", "", "", "CG GO IO MS NP RO"},
    {"VA", "AT SA SJ SO", "", "IO"},
    {"VR", "CN SO", "SO", "BS"},
    {"VE", "FL GO MI MU", "VI", "AS"},
    {"VI", "BD MU PR ZA", "BD PR VE", ""},
    {"ZA", "BD JM MU SJ SZ VI", "", ""},
    {"ZU", "GE MI MR MU ST", "MI ST", ""},
};

PlaceSet set_of(const std::string& codes) {
  PlaceSet s;
  std::istringstream in(codes);
  std::string c;
  while (in >> c) {
    PlaceId p = code_to_id(c);
    EXPECT_TRUE(is_real(p)) << c;
    if (is_real(p)) s.set(p);
  }
  return s;
}

TEST(DraculaPlaces, TableFacts) {
  int land = 0, sea = 0;
  for (PlaceId p = 0; p < kNumPlaces; ++p) {
    EXPECT_EQ(code_to_id(kPlaces[p].code), p);
    EXPECT_EQ(name_to_id(kPlaces[p].name), p);
    EXPECT_EQ(id_to_code(p), kPlaces[p].code);
    (kPlaces[p].type == PlaceType::kLand ? land : sea)++;
    if (p > 0) {
      EXPECT_LT(kPlaces[p - 1].name, kPlaces[p].name);
    }
  }
  EXPECT_EQ(land, 61);
  EXPECT_EQ(sea, 10);
  EXPECT_EQ(code_to_id("CD"), kCastleDracula);
  EXPECT_EQ(code_to_id("JM"), kHospital);
  EXPECT_EQ(kPlaces[kHospital].name, "St Joseph and St Mary");
  EXPECT_EQ(name_to_id("Nowhere"), kNowhere);
  EXPECT_EQ(name_to_id("london"), kNowhere);
}

TEST(DraculaPlaces, NonPlaceCodes) {
  EXPECT_EQ(code_to_id("C?"), kCityUnknown);
  EXPECT_EQ(code_to_id("S?"), kSeaUnknown);
  EXPECT_EQ(code_to_id("HI"), kHide);
  EXPECT_EQ(code_to_id("TP"), kTeleport);
  for (int n = 1; n <= 5; ++n) {
    std::string code = std::string("D") + std::to_string(n);
    EXPECT_EQ(code_to_id(code), kDoubleBack1 + n - 1);
    EXPECT_EQ(id_to_code(kDoubleBack1 + n - 1), code);
    EXPECT_EQ(id_to_name(kDoubleBack1 + n - 1), std::string("Double Back ") + std::to_string(n));
  }
  for (const char* bad : {"", "L", "LON", "lo", "D0", "D6", "??", "XX", " L", "ZZ"})
    EXPECT_EQ(code_to_id(bad), kNowhere) << bad;
  EXPECT_EQ(id_to_code(kNowhere), "??");
  EXPECT_EQ(id_to_name(kCityUnknown), "Unknown City");
  EXPECT_EQ(id_to_name(kSeaUnknown), "Unknown Sea");
  EXPECT_EQ(id_to_name(kHide), "Hide");
  EXPECT_EQ(id_to_name(kTeleport), "Teleport");
  EXPECT_EQ(id_to_name(kUnknownPlace), "Unknown Place");
  EXPECT_EQ(place_type(kCityUnknown), PlaceType::kLand);
  EXPECT_EQ(place_type(kSeaUnknown), PlaceType::kSea);
  EXPECT_EQ(place_type(kHide), PlaceType::kUnknown);
  EXPECT_EQ(place_type(kNowhere), PlaceType::kUnknown);
}

TEST(DraculaPlaces, ConnectionCounts) {
  int road = 0, rail = 0, boat = 0, both = 0;
  std::set<std::pair<int, int>> roads;
  for (const Connection& c : kConnections) {
    EXPECT_LT(kPlaces[c.a].code, kPlaces[c.b].code);
    if (c.type == Transport::kRoad) ++road, roads.insert({c.a, c.b});
    if (c.type == Transport::kRail) ++rail, both += roads.count({c.a, c.b});
    if (c.type == Transport::kBoat) ++boat;
    if (c.type != Transport::kBoat) {
      EXPECT_EQ(kPlaces[c.a].type, PlaceType::kLand);
      EXPECT_EQ(kPlaces[c.b].type, PlaceType::kLand);
    }
  }
  EXPECT_EQ(road, 115);
  EXPECT_EQ(rail, 43);
  EXPECT_EQ(boat, 40);
  EXPECT_EQ(both, 36);
  const MapTables& m = map();
  int entries[3] = {0, 0, 0};
  int ports = 0;
  for (PlaceId p = 0; p < kNumPlaces; ++p) {
    entries[0] += m.road[p].count();
    entries[1] += m.rail[p].count();
    entries[2] += m.boat[p].count();
    ports += kPlaces[p].type == PlaceType::kLand && !m.boat[p].empty();
  }
  EXPECT_EQ(entries[0], 230);
  EXPECT_EQ(entries[1], 86);
  EXPECT_EQ(entries[2], 80);
  EXPECT_EQ(ports, 29);
}

TEST(DraculaPlaces, AdjacencyMatchesSection45) {
  const MapTables& m = map();
  ASSERT_EQ(std::size(kAdjacency), 71u);
  for (const AdjRow& row : kAdjacency) {
    PlaceId p = code_to_id(row.code);
    ASSERT_TRUE(is_real(p)) << row.code;
    EXPECT_EQ(m.road[p], set_of(row.road)) << row.code;
    EXPECT_EQ(m.rail[p], set_of(row.rail)) << row.code;
    EXPECT_EQ(m.boat[p], set_of(row.boat)) << row.code;
  }
}

TEST(DraculaPlaces, RailReachAndDracula) {
  const MapTables& m = map();
  PlaceId pa = code_to_id("PA");
  EXPECT_TRUE(m.rail_reach[0][pa].empty());
  EXPECT_EQ(m.rail_reach[1][pa], set_of("BO BU LE MR"));
  EXPECT_EQ(m.rail_reach[2][pa], set_of("BO BU LE MR SR CO"));
  EXPECT_EQ(m.dracula_adj[code_to_id("SZ")], set_of("SZ BD BE KL ZA"));
  EXPECT_EQ(m.dracula_adj[kCastleDracula], set_of("CD GA KL"));
  // The whole graph is connected for hunters and (JM aside) for Dracula.
  for (PlaceId a = 0; a < kNumPlaces; ++a)
    for (PlaceId b = 0; b < kNumPlaces; ++b) {
      EXPECT_LT(m.hunter_dist[0][a][b], 255);
      if (a != kHospital && b != kHospital) {
        EXPECT_LT(m.dracula_dist[a][b], 255);
      }
    }
}

TEST(DraculaPlaces, ShortestPathIsValid) {
  const MapTables& m = map();
  std::array<PlaceId, kNumPlaces> path;
  for (int k = 0; k < 4; ++k)
    for (PlaceId a = 0; a < kNumPlaces; ++a)
      for (PlaceId b = 0; b < kNumPlaces; ++b) {
        int len = hunter_shortest_path(a, b, k, path);
        ASSERT_EQ(len, m.hunter_dist[k][a][b]);
        PlaceId cur = a;
        for (int i = 0; i < len; ++i) {
          ASSERT_TRUE(m.hunter_moves[(k + i) % 4][cur].test(path[i]));
          cur = path[i];
        }
        ASSERT_EQ(cur, b);
      }
}

}  // namespace
}  // namespace arena::dracula
