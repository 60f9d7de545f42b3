// games/empire/map_loader.cc (spec §3): load_map_text never throws or crashes on any text; it
// either gives a map or one error, in the `FILE:LINE:COL: error: MESSAGE` form, with warnings in
// the `FILE:LINE:COL: warning: MESSAGE` form; loading is deterministic; an accepted map is
// consistent (every city node on the board and owned by its city, every demand naming known
// goods) and its initialisation log (§5.5) is made of lines that each read as one S-expression.
#include <string>

#include "core/sexpr.h"
#include "fuzz/fuzz_check.h"
#include "games/empire/codec.h"
#include "games/empire/map.h"

using namespace arena;
using namespace arena::empire;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  MapLoad load = load_map_text(text, "m");
  for (const auto& w : load.warnings)
    FUZZ_CHECK(w.rfind("m:", 0) == 0 && w.find(": warning: ") != std::string::npos,
               "a map warning not in the FILE:LINE:COL: warning: form");
  if (!load.map) {
    FUZZ_CHECK(load.error.rfind("m:", 0) == 0 && load.error.find(": error: ") != std::string::npos,
               "a map error not in the FILE:LINE:COL: error: form");
    MapLoad again = load_map_text(text, "m");
    FUZZ_CHECK(!again.map && again.error == load.error, "loading the same text failed differently");
    return 0;
  }
  FUZZ_CHECK(load.error.empty(), "a loaded map with an error");
  const Map& map = *load.map;
  for (size_t c = 0; c < map.cities().size(); ++c) {
    const City& city = map.cities()[c];
    FUZZ_CHECK(map.city_index(city.name) == static_cast<int>(c), "a city not found by its name");
    for (const Point& p : city.nodes) {
      FUZZ_CHECK(map.dims().on_board(p), "a city node off the board");
      FUZZ_CHECK(map.city_index_at(p) == static_cast<int>(c), "a city node owned by another city");
    }
    for (int g : city.goods)
      FUZZ_CHECK(g >= 0 && g < static_cast<int>(map.goods().size()), "a city good out of range");
  }
  for (const auto& line : map_log_lines(map))
    FUZZ_CHECK(std::holds_alternative<Sexpr>(read_sexpr(line)), "a map log line does not read");
  (void)map.render();
  MapLoad again = load_map_text(text, "m");
  FUZZ_CHECK(again.map && again.warnings == load.warnings, "loading the same text differed");
  FUZZ_CHECK(map_log_lines(*again.map) == map_log_lines(map), "loading the same text differed");
  return 0;
}
