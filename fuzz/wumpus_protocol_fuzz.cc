// games/wumpus/protocol.cc, both sides of the line protocol (spec §5), on any line:
//  - parse_answer accepts exactly the six words (after the allowed trimming), and to_string of
//    what it accepted is such a word;
//  - escape_answer gives printable ASCII only, at most 64 input bytes' worth (4 per byte);
//  - parse_start_line -> start_line -> parse_start_line gives the same parameters;
//  - parse_percept_line -> percept_line -> parse_percept_line gives the same percept, no unknowns.
#include <string>

#include "fuzz/fuzz_check.h"
#include "games/wumpus/protocol.h"

using namespace arena;
using namespace arena::wumpus;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view line = fuzz::as_text(data, size);

  if (auto a = parse_answer(line)) {
    std::string_view word = to_string(*a);
    FUZZ_CHECK(line.find(word) != std::string_view::npos, "an accepted answer lacks its word");
    FUZZ_CHECK(parse_answer(word) == a, "the word of an accepted answer does not parse to it");
  }

  std::string esc = escape_answer(line);
  FUZZ_CHECK(esc.size() <= 4 * kMaxAnswerBytes, "an escaped answer longer than 64 escaped bytes");
  for (char c : esc) FUZZ_CHECK(c >= 0x20 && c < 0x7f, "an escaped answer holds a raw byte");

  if (auto s = parse_start_line(line)) {
    std::string printed = start_line(s->params);
    auto back = parse_start_line(printed);
    FUZZ_CHECK(back.has_value(), "start_line of accepted parameters does not parse");
    FUZZ_CHECK(back->params == s->params, "start line parameters changed on a round trip");
    FUZZ_CHECK(back->turn_limit == s->params.turn_limit(), "start_line's turn limit is not 6WH");
  }

  int unknown = -1;
  Percept p = parse_percept_line(line, &unknown);
  FUZZ_CHECK(unknown >= 0, "parse_percept_line did not count unknown words");
  std::string printed = percept_line(p);
  int unknown2 = -1;
  FUZZ_CHECK(parse_percept_line(printed, &unknown2) == p, "a percept changed on a round trip");
  FUZZ_CHECK(unknown2 == 0, "percept_line wrote a word its parser does not know");
  return 0;
}
