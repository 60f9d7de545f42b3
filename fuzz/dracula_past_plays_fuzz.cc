// games/dracula/past_plays.cc (spec §3): parse_full and check_shape never throw or crash on any
// string, and on what parse_full accepts
//  - the replayed record prints (full()) the very same string, with play_count() plays;
//  - check_shape accepts it, and accepts the redacted form a hunter would be given;
//  - the record's full form parses again to the same string.
// Errors name a play and column inside the string (or -1) and say what is wrong.
#include <string>

#include "fuzz/fuzz_check.h"
#include "games/dracula/past_plays.h"

using namespace arena;
using namespace arena::dracula;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  std::string shape = check_shape(text);
  auto r = parse_full(text);
  if (auto* e = std::get_if<ParseError>(&r)) {
    FUZZ_CHECK(!e->message.empty(), "a past-plays error without a message");
    FUZZ_CHECK(e->column >= -1 && e->column <= static_cast<int>(text.size()),
               "a past-plays error column outside the string");
    FUZZ_CHECK(e->play >= -1 && e->play <= play_count(text),
               "a past-plays error play out of range");
    return 0;
  }
  const Record& rec = std::get<Record>(r);
  FUZZ_CHECK(shape.empty(), "parse_full accepts what check_shape refuses");
  FUZZ_CHECK(rec.full() == text, "the replayed record prints another string");
  FUZZ_CHECK(rec.plays() == play_count(text), "the record holds another number of plays");
  FUZZ_CHECK(check_shape(rec.redacted()).empty(), "the redacted form has a bad shape");
  FUZZ_CHECK(rec.messages().size() == static_cast<size_t>(rec.plays()), "one message per play");
  auto again = parse_full(rec.full(), rec.messages());
  FUZZ_CHECK(std::holds_alternative<Record>(again) && std::get<Record>(again).full() == text,
             "the full form of a record does not parse back");
  return 0;
}
