#include "games/empire/board.h"

#include <string>

namespace arena::empire {

std::string_view type_name(NodeType t) {
  switch (t) {
    case NodeType::plain:
      return "plain";
    case NodeType::mountain:
      return "mountain";
    case NodeType::city:
      return "city";
    case NodeType::invalid:
      return "invalid-node";
  }
  return "?";
}

std::string to_string(Point p) {
  std::string out = "(";
  out += std::to_string(p.x);
  out += ' ';
  out += std::to_string(p.y);
  out += ')';
  return out;
}

std::string_view to_string(Adjacency a) {
  return a == Adjacency::literal8 ? "LITERAL8" : "HEX6";
}

std::optional<Adjacency> parse_adjacency(std::string_view s) {
  std::string lower(s);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (lower == "literal8") return Adjacency::literal8;
  if (lower == "hex6") return Adjacency::hex6;
  return std::nullopt;
}

}  // namespace arena::empire
