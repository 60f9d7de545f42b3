#include "core/registry.h"

#include <stdexcept>

namespace arena {

const std::string& ParamValues::get(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end()) throw std::logic_error("no parameter named " + name);
  return it->second;
}

int ParamValues::get_int(const std::string& name) const {
  return std::stoi(get(name));
}

bool ParamValues::was_given(const std::string& name) const {
  auto it = given.find(name);
  return it != given.end() && it->second;
}

Registry& Registry::instance() {
  static Registry registry;
  return registry;
}

void Registry::add(GameInfo game) {
  if (find(game.name)) throw std::logic_error("game registered twice: " + game.name);
  games_.push_back(std::move(game));
}

const GameInfo* Registry::find(const std::string& name) const {
  for (const GameInfo& g : games_)
    if (g.name == name) return &g;
  return nullptr;
}

namespace {

std::variant<ParamValues, std::string> parse_against(const GameInfo& game,
                                                     const std::vector<const ParamSpec*>& specs,
                                                     const std::vector<std::string>& words) {
  ParamValues out;
  for (const ParamSpec* p : specs) {
    out.values[p->name] = p->default_value;
    out.given[p->name] = false;
  }
  for (const std::string& word : words) {
    size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return word + ": expected a parameter as name=value";
    std::string name = word.substr(0, eq), value = word.substr(eq + 1);
    const ParamSpec* spec = nullptr;
    for (const ParamSpec* p : specs)
      if (p->name == name) spec = p;
    if (!spec) {
      std::string known;
      for (const ParamSpec* p : specs) known += (known.empty() ? "" : ", ") + p->name;
      return name + ": unknown parameter of " + game.name +
             (known.empty() ? " (it has none)" : " (known: " + known + ")");
    }
    if (out.was_given(name)) return name + ": given twice";
    if (spec->check) {
      if (auto reason = spec->check(value)) return name + ": " + *reason;
    }
    out.values[name] = value;
    out.given[name] = true;
  }
  if (game.check_params) {
    if (auto error = game.check_params(out)) return *error;
  }
  return out;
}

}  // namespace

std::optional<std::string> check_bot_args(const GameInfo& game,
                                          const std::vector<std::string>& extra) {
  for (size_t i = 0; i < extra.size(); ++i) {
    const BotFlag* flag = nullptr;
    for (const BotFlag& f : game.bot_flags)
      if (f.word == extra[i]) flag = &f;
    if (!flag) {
      std::string known;
      for (const BotFlag& f : game.bot_flags)
        known += (known.empty() ? "" : ", ") + f.word + (f.takes_value ? " VALUE" : "");
      return "unknown argument '" + extra[i] + "'" +
             (known.empty() ? " (it takes none)" : " (known: " + known + ")");
    }
    if (!flag->takes_value) continue;
    if (i + 1 >= extra.size()) return flag->word + ": needs a value";
    const std::string& value = extra[++i];
    if (flag->check) {
      if (auto why = flag->check(value)) return flag->word + ": " + *why;
    }
  }
  return std::nullopt;
}

std::variant<ParamValues, std::string> parse_params(const GameInfo& game,
                                                    const std::vector<std::string>& words) {
  std::vector<const ParamSpec*> specs;
  for (const ParamSpec& p : game.params) specs.push_back(&p);
  return parse_against(game, specs, words);
}

std::variant<ParamValues, std::string> parse_host_params(const GameInfo& game,
                                                         const std::vector<std::string>& words) {
  std::vector<const ParamSpec*> specs;
  for (const ParamSpec& p : game.params) specs.push_back(&p);
  for (const ParamSpec& p : game.host_params) specs.push_back(&p);
  return parse_against(game, specs, words);
}

}  // namespace arena
