// games/evolution/net/client.cc, the client side of remote play (spec §8): a stream of JSON values
// from a hostile server, framed as the client frames it, answered by a ClientSession around a
// Silly player. No exception escapes on_message; each reply is one line of compact JSON; a
// refused message comes with a reason and ends the session (§8.8).
#include <string>

#include "core/framers.h"
#include "fuzz/fuzz_check.h"
#include "games/evolution/json.h"
#include "games/evolution/net/client.h"
#include "games/evolution/silly.h"

using namespace arena;
using namespace arena::evolution;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto framer = make_json_framer();
  framer->feed(fuzz::as_text(data, size));
  SillyPlayer silly;
  ClientSession session(silly);
  for (;;) {
    Frame f = framer->next();
    if (!f.is_message()) break;
    std::string out;
    if (!session.on_message(f.message, out)) {
      FUZZ_CHECK(!session.error().empty(), "a refused message without a reason");
      break;
    }
    if (out.empty()) continue;
    FUZZ_CHECK(out.back() == '\n', "a reply without its newline");
    std::string_view reply(out.data(), out.size() - 1);
    FUZZ_CHECK(reply.find('\n') == std::string_view::npos, "a reply of several lines");
    try {
      parse_json_text(reply);
    } catch (const JsonShapeError&) {
      FUZZ_CHECK(false, "a reply that is not JSON");
    }
  }
  return 0;
}
