// games/empire/codec.cc (spec §5.7): a player's answer line, read as an S-expression, classified
// as a choose-start, choose-build and choose-move answer on the shipped simple-game map. Never a
// crash or exception, and the classification follows the spec's shape rules:
//  - parse_start accepts exactly a list of two integers, and gives those integers;
//  - nil is a nil answer, a non-nil atom is BAD-REPLY, and any list is not BAD-REPLY;
//  - (UPGRADE-TRAIN) is the upgrade answer of choose-build.
#include <string>

#include "core/sexpr.h"
#include "fuzz/fuzz_check.h"
#include "games/empire/codec.h"
#include "games/empire/map.h"

using namespace arena;
using namespace arena::empire;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Map map = *load_map("simple-game").map;
  auto read = read_sexpr(fuzz::as_text(data, size));
  if (!std::holds_alternative<Sexpr>(read)) return 0;
  const Sexpr& a = std::get<Sexpr>(read);
  bool atom = a.kind != Sexpr::Kind::list;

  auto start = parse_start(a);
  bool two_ints = !atom && a.items.size() == 2 && a.items[0].kind == Sexpr::Kind::integer &&
                  a.items[1].kind == Sexpr::Kind::integer;
  FUZZ_CHECK(start.has_value() == two_ints, "parse_start disagrees with 'a list of two integers'");
  if (start)
    FUZZ_CHECK(start->x == a.items[0].integer && start->y == a.items[1].integer,
               "parse_start changed the integers");

  BuildAnswer b = classify_build(a);
  FUZZ_CHECK((b.kind == BuildAnswer::Kind::bad_reply) == (atom && !a.is_nil()),
             "choose-build: BAD-REPLY is not exactly the non-nil atoms");
  FUZZ_CHECK((b.kind == BuildAnswer::Kind::nil) == a.is_nil(), "choose-build: nil misjudged");
  bool upgrade = !atom && a.items.size() == 1 && a.items[0].is_symbol("UPGRADE-TRAIN");
  FUZZ_CHECK((b.kind == BuildAnswer::Kind::upgrade) == upgrade, "choose-build: upgrade misjudged");
  if (b.kind == BuildAnswer::Kind::edges)
    FUZZ_CHECK(b.edges.size() == a.items.size(), "choose-build: not one edge request per element");

  MoveAnswer m = classify_move(a, map);
  FUZZ_CHECK((m.kind == MoveAnswer::Kind::bad_reply) == (atom && !a.is_nil()),
             "choose-move: BAD-REPLY is not exactly the non-nil atoms");
  FUZZ_CHECK((m.kind == MoveAnswer::Kind::nil) == a.is_nil(), "choose-move: nil misjudged");
  if (m.kind == MoveAnswer::Kind::commands)
    FUZZ_CHECK(m.commands.size() == a.items.size(), "choose-move: not one command per element");
  return 0;
}
