// core/binary_codec.cc: a BinaryReader driven by fuzzed operations over a fuzzed body never reads
// out of bounds, keeps offset() + remaining() == the body size, reports its first problem as
// "MALFORMED: ...", and, while it is fine, a BinaryWriter given the values read writes back
// exactly the bytes consumed. Input: byte 0 (mod 32) = number of operation bytes, then those, then
// the body.
#include <cstring>
#include <string>

#include "core/binary_codec.h"
#include "fuzz/fuzz_check.h"

using namespace arena;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  size_t nops = std::min<size_t>(data[0] % 32, size - 1);
  const uint8_t* ops = data + 1;
  std::string body(reinterpret_cast<const char*>(data + 1 + nops), size - 1 - nops);
  BinaryReader r(body);
  BinaryWriter w;
  for (size_t i = 0; i < nops; ++i) {
    switch (ops[i] % 7) {
      case 0:
        w.u8(r.u8());
        break;
      case 1:
        w.i32(r.i32());
        break;
      case 2:
        w.u32(r.u32());
        break;
      case 3:
        w.f64(r.f64());
        break;
      case 4:
        w.boolean(r.boolean());
        break;
      case 5:
        w.string(r.string());
        break;
      case 6:
        w.count(r.count(1 + ops[i] / 7 % 16));
        break;
    }
    FUZZ_CHECK(r.offset() + r.remaining() == body.size(), "the reader lost track of its bytes");
    if (r.ok()) {
      FUZZ_CHECK(w.bytes() == body.substr(0, r.offset()),
                 "the values read do not write back to the bytes consumed");
    } else {
      FUZZ_CHECK(r.error().rfind("MALFORMED: ", 0) == 0, "an error not in the MALFORMED form");
    }
  }
  bool was_ok = r.ok();
  size_t left = r.remaining();
  bool done = r.finish();
  FUZZ_CHECK(done == (was_ok && left == 0), "finish() disagrees with the bytes left and errors");
  if (!done) FUZZ_CHECK(!r.error().empty(), "finish() failed without an error");
  return 0;
}
