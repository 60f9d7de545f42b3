// core/sexpr_framer.cc (framer_check.h states the properties), and: no message is blank, holds a
// newline or ends in "\r" (blank and comment-only lines are skipped, CR before LF dropped).
#include "core/framers.h"
#include "fuzz/framer_check.h"
#include "fuzz/framer_input.h"

using namespace arena;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = fuzz::split_framer_input(fuzz::as_text(data, size));
  size_t max = fuzz::small_or(65536, in.options);
  auto make = [&] { return make_sexpr_framer(max); };
  // Only one CR before LF is dropped (§5.1), so a line ending "\r\r\n" keeps one "\r", which
  // encode() + framing then drops: trailing CRs are whitespace to the reader, the same datum.
  auto same = [](std::string_view a, std::string_view b) {
    while (!a.empty() && a.back() == '\r') a.remove_suffix(1);
    while (!b.empty() && b.back() == '\r') b.remove_suffix(1);
    return a == b;
  };
  fuzz::check_framer(make, max, in.stream, in.cuts, same);
  for (const auto& e : fuzz::run_framer(make, in.stream, {})) {
    if (e.status != Frame::Status::message) continue;
    FUZZ_CHECK(e.message.find('\n') == std::string::npos, "an S-expression line holds a newline");
    FUZZ_CHECK(e.message.find_first_not_of(" \t") != std::string::npos, "a blank line came out");
  }
  return 0;
}
