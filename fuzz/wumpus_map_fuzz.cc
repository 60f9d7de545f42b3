// games/wumpus/world.cc, map codes (spec §4): parse_map_code never throws or crashes, its errors
// have a message, and an accepted cave exports (to_map_code) to a code that parses to the same
// cave and exports to the same text; the accepted cave respects the size limits.
#include <string>

#include "fuzz/fuzz_check.h"
#include "games/wumpus/world.h"

using namespace arena;
using namespace arena::wumpus;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto r = parse_map_code(fuzz::as_text(data, size));
  if (auto* err = std::get_if<std::string>(&r)) {
    FUZZ_CHECK(!err->empty(), "a map code error without a message");
    return 0;
  }
  const Cave& cave = std::get<Cave>(r);
  FUZZ_CHECK(
      cave.width >= 1 && cave.width <= kMaxSide && cave.height >= 1 && cave.height <= kMaxSide,
      "an accepted cave outside the size limits");
  FUZZ_CHECK(cave.gold >= 0 && cave.gold < cave.cells(), "an accepted cave without gold on it");
  for (int w : cave.wumpuses) FUZZ_CHECK(w >= 0 && w < cave.cells(), "a wumpus off the cave");
  std::string code = to_map_code(cave);
  auto back = parse_map_code(code);
  FUZZ_CHECK(std::holds_alternative<Cave>(back), "an exported map code does not parse");
  FUZZ_CHECK(std::get<Cave>(back) == cave, "a cave changed on export and re-import");
  FUZZ_CHECK(to_map_code(std::get<Cave>(back)) == code, "map code export is not stable");
  return 0;
}
