// games/dracula/bots/protocol_bot.cc, the bot side of spec §6: parse_request never throws or
// crashes on any line, and what it accepts prints (request_line) to a line that parses to the same
// past plays, messages and turn. The past plays it carries are judged by check_shape without harm.
#include <limits>
#include <string>

#include "fuzz/fuzz_check.h"
#include "games/dracula/bots/protocol_bot.h"
#include "games/dracula/past_plays.h"

using namespace arena;
using namespace arena::dracula;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto p = parse_request(fuzz::as_text(data, size));
  if (!p) return 0;
  check_shape(p->request.past_plays);
  std::optional<int> turn;
  if (p->turn) {
    // request_line writes the referee's turns, which fit an int; others cannot round-trip.
    if (*p->turn < std::numeric_limits<int>::min() || *p->turn > std::numeric_limits<int>::max())
      return 0;
    turn = static_cast<int>(*p->turn);
  }
  std::string line = request_line(p->request.past_plays, p->request.messages, turn);
  auto back = parse_request(line);
  FUZZ_CHECK(back.has_value(), "request_line of a parsed request does not parse");
  FUZZ_CHECK(back->request.past_plays == p->request.past_plays,
             "past plays changed on a round trip");
  FUZZ_CHECK(back->request.messages == p->request.messages, "messages changed on a round trip");
  FUZZ_CHECK(back->turn == p->turn, "the turn changed on a round trip");
  FUZZ_CHECK(line.find('\n') == std::string::npos, "a request line holds a newline");
  return 0;
}
