// games/evolution/json.cc (spec §6, §8.5): parse_json_text and every reader throw only
// JsonShapeError on bad input (nlohmann's own exceptions, or anything else, escaping is a bug),
// and whatever a reader accepts, the matching writer prints to JSON that reads back to an equal
// value (writers print the normative form, readers accept every valid form).
#include <string>

#include "fuzz/fuzz_check.h"
#include "games/evolution/json.h"

using namespace arena;
using namespace arena::evolution;

namespace arena::evolution {
// The remote messages have no == of their own; field by field is what the round trip means.
bool operator==(const StartMessage& a, const StartMessage& b) {
  return a.watering_hole == b.watering_hole && a.bag == b.bag && a.boards == b.boards &&
         a.cards == b.cards;
}
bool operator==(const ChooseMessage& a, const ChooseMessage& b) {
  return a.before == b.before && a.after == b.after;
}
bool operator==(const StateMessage& a, const StateMessage& b) {
  return a.bag == b.bag && a.boards == b.boards && a.cards == b.cards &&
         a.watering_hole == b.watering_hole && a.others == b.others;
}
}  // namespace arena::evolution

namespace {

// Runs `read` on j; if it accepts, checks write(read(j)) reads back equal.
template <class Read, class Write>
void round_trip(const Json& j, Read read, Write write, const char* what) {
  decltype(read(j)) v;
  try {
    v = read(j);
  } catch (const JsonShapeError& e) {
    FUZZ_CHECK(e.what()[0] != '\0', "a JsonShapeError without a message");
    return;
  }
  Json printed = write(v);
  decltype(read(j)) back;
  try {
    back = read(printed);
  } catch (const JsonShapeError& e) {
    std::fprintf(stderr, "%s: %s\nprinted: %s\n", what, e.what(), printed.dump().c_str());
    FUZZ_CHECK(false, "a writer's output does not read back");
  }
  if (!(back == v)) std::fprintf(stderr, "%s: printed %s\n", what, printed.dump().c_str());
  FUZZ_CHECK(back == v, "a value changed on a write/read round trip");
}

// Readers without a writer of their own: only "JsonShapeError or a value".
template <class Read>
void read_only(const Json& j, Read read) {
  try {
    (void)read(j);
  } catch (const JsonShapeError&) {
  }
}

void check_all(const Json& j) {
  round_trip(j, species_from_json, species_to_json, "species");
  round_trip(j, boards_from_json, boards_to_json, "boards");
  round_trip(j, lob_from_json, lob_to_json, "lob");
  round_trip(j, card_from_json, card_to_json, "card");
  round_trip(j, cards_from_json, cards_to_json, "cards");
  round_trip(j, player_from_json, player_to_json, "player");
  round_trip(j, configuration_from_json, configuration_to_json, "configuration");
  round_trip(
      j, [](const Json& x) { return action4_from_json(x, GrowthForm::labelled); }, action4_to_json,
      "action4 labelled");
  round_trip(
      j, [](const Json& x) { return action4_from_json(x, GrowthForm::pairs); },
      remote_action4_to_json, "action4 pairs");
  round_trip(j, feeding_choice_from_json, feeding_choice_to_json, "feeding choice");
  round_trip(
      j, start_from_json,
      [](const StartMessage& m) {
        return start_message(m.watering_hole, m.bag, m.boards, m.cards);
      },
      "start");
  round_trip(
      j, choose_from_json, [](const ChooseMessage& m) { return choose_message(m.before, m.after); },
      "choose");
  round_trip(
      j, state_from_json,
      [](const StateMessage& m) {
        return state_message(m.bag, m.boards, m.cards, m.watering_hole, m.others);
      },
      "state");
  read_only(j, [](const Json& x) { return action4_from_json(x, GrowthForm::either); });
  read_only(j, step4_from_json);
  read_only(j, situation_from_json);
  read_only(j, feeding_from_json);
  read_only(j, choice_from_json);
  // The engine: read, print, read again, print again: the two prints are the same JSON.
  try {
    Engine e = engine_from_json(j);
    Json printed = engine_to_json(e);
    Json again = engine_to_json(engine_from_json(printed));
    FUZZ_CHECK(again == printed, "an engine changed on a write/read round trip");
  } catch (const JsonShapeError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Json j;
  try {
    j = parse_json_text(fuzz::as_text(data, size));
  } catch (const JsonShapeError&) {
    return 0;
  }
  // The harness inputs are arrays of such values (xstep4: [Configuration, Step4]), so each
  // reader also runs on the first elements of an array.
  std::vector<const Json*> values{&j};
  if (j.is_array())
    for (size_t i = 0; i < j.size() && i < 4; ++i) values.push_back(&j[i]);
  for (const Json* v : values) check_all(*v);
  return 0;
}
