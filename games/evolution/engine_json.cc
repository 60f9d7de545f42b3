// Serialisation of a whole Engine (json.h): the Configuration of §6 plus the machine's own state.
#include "games/evolution/json.h"

namespace arena::evolution {
namespace {

constexpr const char* kPhases[] = {"setup", "start", "choose", "feed", "step4_done", "over"};

}  // namespace

Json engine_to_json(const Engine& e) {
  Json actions = Json::array();
  for (const Action4& a : e.actions()) actions.push_back(action4_to_json(a));
  Json queue = Json::array();
  for (uint8_t v : e.queue()) queue.push_back(v);
  Json out = Json::object();
  out["configuration"] = configuration_to_json(e.config());
  out["phase"] = kPhases[static_cast<int>(e.phase())];
  out["index"] = e.index();
  out["turn"] = e.turn();
  out["actions"] = std::move(actions);
  out["queue"] = std::move(queue);
  out["ejected"] = e.ejected();
  out["harness"] = e.harness_mode();
  // Only a non-default rule set is written, so that spec games serialise as before.
  if (e.rules() != Rules::spec) out["rules"] = rules_name(e.rules());
  return out;
}

Engine engine_from_json(const Json& j) {
  if (!j.is_object()) throw JsonShapeError("engine: expected an object");
  for (const char* key :
       {"configuration", "phase", "index", "turn", "actions", "queue", "ejected", "harness"}) {
    if (!j.contains(key)) throw JsonShapeError(std::string("engine: missing ") + key);
  }
  Rules rules = Rules::spec;
  if (j.contains("rules")) {
    const auto r =
        j["rules"].is_string() ? parse_rules(j["rules"].get<std::string>()) : std::nullopt;
    if (!r) throw JsonShapeError("engine: rules must be \"spec\" or \"instructor\"");
    rules = *r;
  }
  Engine e(configuration_from_json(j["configuration"]), rules);
  int phase = -1;
  for (int i = 0; i < 6; ++i) {
    if (j["phase"].is_string() && j["phase"].get<std::string>() == kPhases[i]) phase = i;
  }
  if (phase < 0) throw JsonShapeError("engine: bad phase");
  const int n = e.num_players();
  auto small = [&](const Json& v, const char* what, int hi) {
    if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > hi)
      throw JsonShapeError(std::string("engine: bad ") + what);
    return static_cast<int>(v.get<int64_t>());
  };
  const int index = small(j["index"], "index", n);
  const int turn = small(j["turn"], "turn", 1 << 20);
  std::vector<Action4> actions;
  if (!j["actions"].is_array() || j["actions"].size() > static_cast<size_t>(n))
    throw JsonShapeError("engine: bad actions");
  for (const Json& a : j["actions"]) actions.push_back(action4_from_json(a, GrowthForm::labelled));
  std::vector<uint8_t> queue;
  if (!j["queue"].is_array()) throw JsonShapeError("engine: bad queue");
  for (const Json& v : j["queue"])
    queue.push_back(static_cast<uint8_t>(small(v, "queue entry", n - 1)));
  std::vector<int64_t> ejected;
  if (!j["ejected"].is_array()) throw JsonShapeError("engine: bad ejected");
  for (const Json& v : j["ejected"]) {
    if (!v.is_number_integer()) throw JsonShapeError("engine: bad ejected id");
    ejected.push_back(v.get<int64_t>());
  }
  if (!j["harness"].is_boolean()) throw JsonShapeError("engine: bad harness flag");
  e.restore(static_cast<Engine::Phase>(phase), index, turn, std::move(actions), std::move(queue),
            std::move(ejected), j["harness"].get<bool>());
  return e;
}

}  // namespace arena::evolution
