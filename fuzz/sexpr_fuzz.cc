// core/sexpr.cc: the reader never throws or crashes, and on what it accepts
//  - every datum prints (to_string) to text that reads back to an equal datum and prints the same;
//  - read_sexpr(text) succeeds exactly when read_sexprs(text) finds one datum, and gives it;
//  - errors carry a message, and a position inside the text when they have one.
#include <algorithm>

#include "core/sexpr.h"
#include "fuzz/fuzz_check.h"

using namespace arena;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  auto all = read_sexprs(text);
  auto one = read_sexpr(text);
  if (auto* e = std::get_if<SexprError>(&all)) {
    FUZZ_CHECK(!e->message.empty(), "an S-expression error without a message");
    size_t lines = 1 + static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
    FUZZ_CHECK(e->line <= lines, "an S-expression error past the last line");
    FUZZ_CHECK(std::holds_alternative<SexprError>(one),
               "read_sexpr accepts what read_sexprs refuses");
    return 0;
  }
  const auto& data_read = std::get<std::vector<Sexpr>>(all);
  if (data_read.size() == 1) {
    FUZZ_CHECK(std::holds_alternative<Sexpr>(one), "read_sexpr refuses a single datum");
    FUZZ_CHECK(std::get<Sexpr>(one) == data_read[0], "read_sexpr and read_sexprs disagree");
  } else {
    FUZZ_CHECK(std::holds_alternative<SexprError>(one), "read_sexpr accepts several or no data");
  }
  std::string joined;
  for (const auto& d : data_read) {
    std::string printed = to_string(d);
    auto back = read_sexpr(printed);
    FUZZ_CHECK(std::holds_alternative<Sexpr>(back), "the printed form of a datum does not read");
    FUZZ_CHECK(std::get<Sexpr>(back) == d, "the printed form reads to another datum");
    FUZZ_CHECK(to_string(std::get<Sexpr>(back)) == printed, "printing is not stable");
    joined += printed + "\n";
  }
  auto again = read_sexprs(joined);
  FUZZ_CHECK(std::holds_alternative<std::vector<Sexpr>>(again) &&
                 std::get<std::vector<Sexpr>>(again) == data_read,
             "the printed data, one per line, read back differently");
  return 0;
}
