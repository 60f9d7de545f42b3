#include "games/dracula/places.h"

#include <algorithm>

namespace arena::dracula {
namespace {

constexpr uint8_t kFar = 255;

MapTables build() {
  MapTables m{};
  for (PlaceId p = 0; p < kNumPlaces; ++p) {
    m.all.set(p);
    (kPlaces[p].type == PlaceType::kLand ? m.land : m.sea).set(p);
  }
  for (const Connection& c : kConnections) {
    auto& table = c.type == Transport::kRoad   ? m.road
                  : c.type == Transport::kRail ? m.rail
                                               : m.boat;
    table[c.a].set(c.b);
    table[c.b].set(c.a);
  }
  // Rail reach by breadth-first layers: stations passed through are not visited (§2.5), so
  // reach[k] is simply every station within k rail hops.
  for (PlaceId p = 0; p < kNumPlaces; ++p) {
    PlaceSet reached = PlaceSet::of(p), frontier = reached;
    for (int k = 1; k < 4; ++k) {
      PlaceSet next;
      frontier.for_each([&](PlaceId q) { next |= m.rail[q]; });
      frontier = next.without(reached);
      reached |= next;
      PlaceSet r = reached;
      r.reset(p);
      m.rail_reach[k][p] = r;
    }
  }
  for (int k = 0; k < 4; ++k)
    for (PlaceId p = 0; p < kNumPlaces; ++p)
      m.hunter_moves[k][p] = PlaceSet::of(p) | m.road[p] | m.boat[p] | m.rail_reach[k][p];
  for (PlaceId p = 0; p < kNumPlaces; ++p) {
    m.dracula_adj[p] = PlaceSet::of(p) | m.road[p] | m.boat[p];
    if (p != kHospital) m.dracula_adj[p].reset(kHospital);
  }
  // Round-aware hunter distances: backwards induction on (place, allowance) — the distance with
  // allowance k is 1 + the minimum over destinations of the distance with allowance k+1.
  for (PlaceId to = 0; to < kNumPlaces; ++to) {
    std::array<std::array<uint8_t, kNumPlaces>, 4> d;
    for (auto& row : d) row.fill(kFar);
    for (int k = 0; k < 4; ++k) d[k][to] = 0;
    for (bool changed = true; changed;) {
      changed = false;
      for (int k = 0; k < 4; ++k) {
        const int nk = (k + 1) % 4;
        for (PlaceId p = 0; p < kNumPlaces; ++p) {
          uint8_t best = d[k][p];
          m.hunter_moves[k][p].for_each([&](PlaceId q) {
            if (d[nk][q] != kFar && d[nk][q] + 1 < best) best = static_cast<uint8_t>(d[nk][q] + 1);
          });
          if (best != d[k][p]) d[k][p] = best, changed = true;
        }
      }
    }
    for (int k = 0; k < 4; ++k)
      for (PlaceId p = 0; p < kNumPlaces; ++p) m.hunter_dist[k][p][to] = d[k][p];
  }
  for (PlaceId from = 0; from < kNumPlaces; ++from) {
    auto& d = m.dracula_dist[from];
    d.fill(kFar);
    d[from] = 0;
    PlaceSet seen = PlaceSet::of(from), frontier = seen;
    for (uint8_t step = 1; !frontier.empty(); ++step) {
      PlaceSet next;
      frontier.for_each([&](PlaceId q) { next |= m.dracula_adj[q]; });
      next = next.without(seen);
      next.for_each([&](PlaceId q) { d[q] = step; });
      seen |= next;
      frontier = next;
    }
  }
  m.letter_codes.fill(static_cast<int8_t>(kNowhere));
  auto put = [&](std::string_view code, PlaceId id) {
    m.letter_codes[(code[0] - 'A') * 26 + (code[1] - 'A')] = static_cast<int8_t>(id);
  };
  for (PlaceId p = 0; p < kNumPlaces; ++p) put(kPlaces[p].code, p);
  put("HI", kHide);
  put("TP", kTeleport);
  return m;
}

bool upper(char c) {
  return c >= 'A' && c <= 'Z';
}

}  // namespace

const MapTables& map() {
  static const MapTables tables = build();
  return tables;
}

PlaceType place_type(PlaceId p) {
  if (is_real(p)) return kPlaces[p].type;
  if (p == kCityUnknown) return PlaceType::kLand;
  if (p == kSeaUnknown) return PlaceType::kSea;
  return PlaceType::kUnknown;
}

PlaceId code_to_id(std::string_view code) {
  if (code.size() != 2) return kNowhere;
  if (upper(code[0]) && upper(code[1]))
    return map().letter_codes[(code[0] - 'A') * 26 + (code[1] - 'A')];
  if (code == "C?") return kCityUnknown;
  if (code == "S?") return kSeaUnknown;
  if (code[0] == 'D' && code[1] >= '1' && code[1] <= '5') return kDoubleBack1 + (code[1] - '1');
  return kNowhere;
}

std::string_view id_to_code(PlaceId p) {
  static constexpr std::string_view kDb[] = {"D1", "D2", "D3", "D4", "D5"};
  if (is_real(p)) return kPlaces[p].code;
  if (p == kCityUnknown) return "C?";
  if (p == kSeaUnknown) return "S?";
  if (p == kHide) return "HI";
  if (is_double_back(p)) return kDb[p - kDoubleBack1];
  if (p == kTeleport) return "TP";
  return "??";
}

std::string_view id_to_name(PlaceId p) {
  static constexpr std::string_view kDb[] = {"Double Back 1", "Double Back 2", "Double Back 3",
                                             "Double Back 4", "Double Back 5"};
  if (is_real(p)) return kPlaces[p].name;
  if (p == kCityUnknown) return "Unknown City";
  if (p == kSeaUnknown) return "Unknown Sea";
  if (p == kHide) return "Hide";
  if (is_double_back(p)) return kDb[p - kDoubleBack1];
  if (p == kTeleport) return "Teleport";
  return "Unknown Place";
}

PlaceId name_to_id(std::string_view name) {
  // Names are in byte order (§4.1), so a binary search is exact.
  auto it = std::lower_bound(kPlaces.begin(), kPlaces.end(), name,
                             [](const PlaceInfo& p, std::string_view n) { return p.name < n; });
  if (it != kPlaces.end() && it->name == name) return static_cast<PlaceId>(it - kPlaces.begin());
  return kNowhere;
}

PlaceSet hunter_reach(int hunter, int round, PlaceId from, uint8_t mask) {
  if (!is_real(from)) return {};
  const MapTables& m = map();
  const int k = rail_allowance(round, hunter);
  if (mask == kByAny) return m.hunter_moves[k][from];
  PlaceSet s = PlaceSet::of(from);
  if (mask & kByRoad) s |= m.road[from];
  if (mask & kByRail) s |= m.rail_reach[k][from];
  if (mask & kByBoat) s |= m.boat[from];
  return s;
}

PlaceSet dracula_reach(PlaceId from, uint8_t mask) {
  if (!is_real(from)) return {};
  const MapTables& m = map();
  PlaceSet s = PlaceSet::of(from);
  if (mask & kByRoad) s |= m.road[from];
  if (mask & kByBoat) s |= m.boat[from];
  if (from != kHospital) s.reset(kHospital);
  return s;
}

int hunter_shortest_path(PlaceId from, PlaceId to, int k, std::span<PlaceId, kNumPlaces> out) {
  const MapTables& m = map();
  if (!is_real(from) || !is_real(to) || from == to) return 0;
  int len = 0;
  for (PlaceId cur = from; cur != to; k = (k + 1) % 4) {
    const int want = m.hunter_dist[k][cur][to] - 1;
    const int nk = (k + 1) % 4;
    PlaceId next = kNowhere;
    m.hunter_moves[k][cur].for_each([&](PlaceId q) {
      if (next == kNowhere && m.hunter_dist[nk][q][to] == want) next = q;
    });
    if (next == kNowhere) return 0;  // unreachable: cannot happen on the connected map
    out[len++] = next;
    cur = next;
  }
  return len;
}

}  // namespace arena::dracula
