// core/line_framer.cc under every option combination (framer_check.h states the properties), and:
// no message holds a newline.
#include "core/framers.h"
#include "fuzz/framer_check.h"
#include "fuzz/framer_input.h"

using namespace arena;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = fuzz::split_framer_input(fuzz::as_text(data, size));
  LineFramerOptions o;
  o.max_line = fuzz::small_or(o.max_line, in.options);
  o.recover_after_overlong = in.options & 1;
  o.final_partial_line_counts = in.options & 2;
  auto make = [&] { return make_line_framer(o); };
  fuzz::check_framer(make, o.max_line, in.stream, in.cuts);
  for (const auto& e : fuzz::run_framer(make, in.stream, {}))
    FUZZ_CHECK(e.message.find('\n') == std::string::npos, "a line holds a newline");
  return 0;
}
