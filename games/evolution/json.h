// The JSON representations of spec §6, with exact shapes and key orders. Writers produce the
// normative output form (fat-food only when meaningful, cards only when non-empty); readers accept
// every valid input form and throw JsonShapeError, naming the offending place, on anything else.
// No reader trusts its input: wrong types, ranges, lengths and keys are all reported, never UB.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/replay.h"  // arena::Json = nlohmann::ordered_json
#include "games/evolution/engine.h"
#include "games/evolution/state.h"

namespace arena::evolution {

class JsonShapeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses one JSON text (surrounding whitespace allowed); throws JsonShapeError if it is not JSON.
Json parse_json_text(std::string_view text);

// ---- writers ----
Json species_to_json(const Species& s);  // Species+
Json boards_to_json(const Boards& b);    // LOS
Json lob_to_json(const Lob& l);
Json card_to_json(const Card& c);
Json cards_to_json(const Hand& h);          // LOC
Json player_to_json(const PlayerState& p);  // Player+ (cards iff the hand is non-empty)
Json configuration_to_json(const Configuration& c);
Json action4_to_json(const Action4& a);         // harness form: labelled GP/GB
Json remote_action4_to_json(const Action4& a);  // remote form: [b,c] pairs (§8.5)
Json feeding_choice_to_json(const FeedingChoice& c);
Json start_message(int64_t watering_hole, int64_t bag, const Boards& boards, const Hand& cards);
Json choose_message(const Lob& before, const Lob& after);
Json state_message(int64_t bag, const Boards& boards, const Hand& cards, int64_t watering_hole,
                   const Lob& others);

// ---- readers (throw JsonShapeError) ----
Species species_from_json(const Json& j);  // Species or Species+
Boards boards_from_json(const Json& j);
Lob lob_from_json(const Json& j);
Card card_from_json(const Json& j);
Hand cards_from_json(const Json& j);
PlayerState player_from_json(const Json& j);  // Player or Player+
Configuration configuration_from_json(const Json& j);

enum class GrowthForm { labelled, pairs, either };
Action4 action4_from_json(const Json& j, GrowthForm form);
// xstep4's Step4: a list of Action4, each GP/GB entry labelled or a pair.
std::vector<Action4> step4_from_json(const Json& j);
FeedingChoice feeding_choice_from_json(const Json& j);

struct Situation {  // xattack's input
  Species defender;
  Species attacker;
  std::optional<Species> left;
  std::optional<Species> right;
};
Situation situation_from_json(const Json& j);

struct Feeding {  // xfeed's input
  PlayerState current;
  int64_t watering_hole = 1;
  std::vector<PlayerState> others;
};
Feeding feeding_from_json(const Json& j);

struct Choice {  // xsilly's input
  PlayerState current;
  Lob before;
  Lob after;
};
Choice choice_from_json(const Json& j);

// The remote messages of §8.5, as a client reads them.
struct StartMessage {
  int64_t watering_hole = 0;
  int64_t bag = 0;
  Boards boards;
  Hand cards;
};
struct ChooseMessage {
  Lob before;
  Lob after;
};
struct StateMessage {
  int64_t bag = 0;
  Boards boards;
  Hand cards;
  int64_t watering_hole = 1;
  Lob others;
};
StartMessage start_from_json(const Json& j);
ChooseMessage choose_from_json(const Json& j);
StateMessage state_from_json(const Json& j);

// The whole engine (configuration, phase, pending answers, queue), for clones in tests and bots.
Json engine_to_json(const Engine& e);
Engine engine_from_json(const Json& j);

}  // namespace arena::evolution
