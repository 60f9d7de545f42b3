#include "games/evolution/human_hint.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "games/evolution/engine.h"
#include "games/evolution/json.h"
#include "games/evolution/silly.h"

namespace arena::evolution {

namespace {

std::string describe(const FeedingChoice& c) {
  switch (c.kind) {
    case FeedingChoice::Kind::decline:
      return "stop feeding this turn";
    case FeedingChoice::Kind::feed:
      return "feed board " + std::to_string(c.s);
    case FeedingChoice::Kind::store_fat:
      return "store " + std::to_string(c.n) + " fat on board " + std::to_string(c.s);
    case FeedingChoice::Kind::attack:
      return "board " + std::to_string(c.s) + " attacks board " + std::to_string(c.d) +
             " of the player +" + std::to_string(c.p + 1);
  }
  return "";
}

Json feed_hint(const StateMessage& m) {
  // The receiver first, then its others in the order they were sent: the engine's "others" of
  // position 0 are then exactly the message's.
  Configuration config;
  config.players.push_back(PlayerState{1, m.boards, m.bag, m.cards});
  for (size_t i = 0; i < m.others.size(); ++i)
    config.players.push_back(PlayerState{static_cast<int64_t>(i + 2), m.others[i], 0, {}});
  config.watering_hole = m.watering_hole;
  const Engine engine(std::move(config));
  Json options = Json::array();
  std::vector<FeedingChoice> choices = engine.feeding_options(0);
  choices.push_back(FeedingChoice::decline());
  for (const FeedingChoice& c : choices)
    options.push_back({{"choice", feeding_choice_to_json(c)}, {"text", describe(c)}});
  const auto silly = silly_feed(m.boards, std::max<int64_t>(m.watering_hole, 1), m.others);
  return {{"message", "feed"},
          {"options", std::move(options)},
          {"suggested", feeding_choice_to_json(silly.value_or(FeedingChoice::decline()))}};
}

}  // namespace

Json human_hint(std::string_view request) {
  Json j;
  try {
    j = parse_json_text(request);
  } catch (const JsonShapeError& e) {
    throw std::invalid_argument(std::string("not a JSON value: ") + e.what());
  }
  try {
    if (j.is_string()) return {{"message", "signed-up"}};
    if (!j.is_array())
      throw std::invalid_argument("not a message of §8.5: " + j.dump().substr(0, 60));
    switch (j.size()) {
      case 4: {
        const StartMessage m = start_from_json(j);
        const auto action = silly_choose(static_cast<int>(m.boards.size()), m.cards);
        return {{"message", "start"},
                {"suggested", action ? remote_action4_to_json(*action) : Json(nullptr)}};
      }
      case 2:
        choose_from_json(j);  // checked, so a malformed Choose is named here too
        return {{"message", "choose"}};
      case 5:
        return feed_hint(state_from_json(j));
      default:
        throw std::invalid_argument("a message of §8.5 has 2, 4 or 5 elements, not " +
                                    std::to_string(j.size()));
    }
  } catch (const JsonShapeError& e) {
    throw std::invalid_argument(e.what());
  }
}

}  // namespace arena::evolution
