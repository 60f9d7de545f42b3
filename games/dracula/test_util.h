// Helpers shared by the Dracula tests (header only, not part of the library's API).
#pragma once

#include <algorithm>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "games/dracula/places.h"
#include "games/dracula/view.h"

namespace arena::dracula::testing {

// "GA KL HI D1 C?" -> sorted identifiers.
inline std::vector<PlaceId> ids(const std::string& codes) {
  std::vector<PlaceId> out;
  std::istringstream in(codes);
  std::string c;
  while (in >> c) out.push_back(code_to_id(c));
  std::sort(out.begin(), out.end());
  return out;
}

// Same, keeping the order.
inline std::vector<PlaceId> seq(const std::string& codes) {
  std::vector<PlaceId> out;
  std::istringstream in(codes);
  std::string c;
  while (in >> c) out.push_back(code_to_id(c));
  return out;
}

inline std::vector<PlaceId> sorted(const PlaceList& l) {
  std::vector<PlaceId> v = l.to_vector();
  std::sort(v.begin(), v.end());
  return v;
}

inline std::vector<PlaceId> vec(std::span<const PlaceId> s) {
  return {s.begin(), s.end()};
}

inline PlaceId id(const char* code) {
  return code_to_id(code);
}

}  // namespace arena::dracula::testing
