#include "tournament/store_rows.h"

namespace arena::tournament {

Json seats_json(const std::vector<SeatEntry>& seats) {
  Json a = Json::array();
  for (const SeatEntry& s : seats)
    a.push_back({{"role", s.role}, {"entrant", s.entrant}, {"spec", s.spec}});
  return a;
}

std::vector<SeatEntry> seats_from(const std::string& text) {
  std::vector<SeatEntry> out;
  for (const Json& s : Json::parse(text))
    out.push_back({s.at("role").get<std::string>(), s.at("entrant").get<std::string>(),
                   s.at("spec").get<std::string>()});
  return out;
}

}  // namespace arena::tournament
