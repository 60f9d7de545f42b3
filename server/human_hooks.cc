#include "server/human_hooks.h"

#include <map>
#include <mutex>

#include "core/replay.h"
#include "games/dracula/human_hint.h"
#include "games/evolution/human_hint.h"

namespace arena::server {

namespace {

std::mutex& hooks_mutex() {
  static std::mutex m;
  return m;
}

std::map<std::string, HumanHooks>& table() {
  static std::map<std::string, HumanHooks> t;
  return t;
}

// The games' own entries, one line each.
void register_builtin(std::map<std::string, HumanHooks>& t) {
  // Wumpus spec §9: humans get 100 s per turn; the turn lines are what the hero itself saw.
  t["wumpus"] = HumanHooks{100000, nullptr, "", true};
  // Dracula: the legal moves of the request, from the rules engine, so the page needs no rules;
  // 0 keeps the server's default of 100 s per human turn. Persistent mode (§6.3): in process mode
  // a turn ends only when the seat's process exits, which a browser's seat never does, so every
  // human turn would last until its deadline.
  t["dracula"] = HumanHooks{0,
                            [](const std::string& role, std::string_view request) {
                              return dracula::human_hint(role, request);
                            },
                            "persistent"};
  // Evolution: what each message is, the feeding answers the rules allow and the Silly player's
  // answers as suggestions; 0: 100 s per human answer, where a bot has the spec's 1 s (§8.2).
  t["evolution"] = HumanHooks{
      0,
      [](const std::string&, std::string_view request) { return evolution::human_hint(request); },
      ""};
}

std::map<std::string, HumanHooks>& ready_table() {
  static std::once_flag once;
  std::call_once(once, [] { register_builtin(table()); });
  return table();
}

}  // namespace

void register_human_hooks(const std::string& game, HumanHooks hooks) {
  std::lock_guard lock(hooks_mutex());
  ready_table()[game] = std::move(hooks);
}

const HumanHooks* human_hooks(const std::string& game) {
  std::lock_guard lock(hooks_mutex());
  auto& t = ready_table();
  auto it = t.find(game);
  return it == t.end() ? nullptr : &it->second;
}

Json human_hint(const std::string& game, const std::string& role, std::string_view request) {
  const HumanHooks* hooks = human_hooks(game);
  if (!hooks || !hooks->hint) return nullptr;
  try {
    return hooks->hint(role, request);
  } catch (const std::exception& e) {
    return Json{{"error", error_text(e)}};
  }
}

}  // namespace arena::server
