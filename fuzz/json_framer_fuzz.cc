// core/json_framer.cc (framer_check.h states the properties), and: every message is exactly one
// JSON value (nlohmann parses it) with no surrounding whitespace.
#include <cctype>

#include <nlohmann/json.hpp>

#include "core/framers.h"
#include "fuzz/framer_check.h"
#include "fuzz/framer_input.h"

using namespace arena;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto in = fuzz::split_framer_input(fuzz::as_text(data, size));
  size_t max = fuzz::small_or(64 * 1024, in.options);
  auto make = [&] { return make_json_framer(max); };
  fuzz::check_framer(make, max, in.stream, in.cuts);
  for (const auto& e : fuzz::run_framer(make, in.stream, {})) {
    if (e.status != Frame::Status::message) continue;
    FUZZ_CHECK(!e.message.empty(), "an empty JSON message");
    FUZZ_CHECK(!std::isspace(static_cast<unsigned char>(e.message.front())) &&
                   !std::isspace(static_cast<unsigned char>(e.message.back())),
               "a JSON message with surrounding whitespace");
  }
  return 0;
}
