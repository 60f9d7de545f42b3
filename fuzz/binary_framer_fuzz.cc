// core/binary_framer.cc (framer_check.h states the properties), and: every message is non-empty
// (length 0 is EMPTY_FRAME) and the bytes consumed are exactly the 4-byte prefixes plus bodies.
#include "core/framers.h"
#include "fuzz/framer_check.h"
#include "fuzz/framer_input.h"

using namespace arena;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = fuzz::split_framer_input(fuzz::as_text(data, size));
  size_t max = fuzz::small_or(4 * 1024 * 1024, in.options);
  auto make = [&] { return make_binary_framer(max); };
  fuzz::check_framer(make, max, in.stream, in.cuts);
  size_t used = 0;
  for (const auto& e : fuzz::run_framer(make, in.stream, {})) {
    if (e.status != Frame::Status::message) break;
    FUZZ_CHECK(!e.message.empty(), "an empty binary frame came out");
    // The message is the body that follows its length prefix in the stream.
    FUZZ_CHECK(in.stream.substr(used + 4, e.message.size()) == e.message,
               "a binary frame is not the bytes after its prefix");
    used += 4 + e.message.size();
  }
  return 0;
}
