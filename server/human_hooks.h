// Per-game settings of a human seat (docs/web.md, "Human seats"): the human's time per turn, and
// an optional hint the page shows beside the request (e.g. Dracula's legal moves). A game adds one
// entry in human_hooks.cc (or calls register_human_hooks from its own file before serving); the
// hint is computed on the server from exactly the bytes the seat received.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/replay.h"

namespace arena::server {

struct HumanHooks {
  int time_ms = 0;  // per turn; 0: 100 s clamped to the game's allowed range
  // (role, request bytes) -> a JSON object for the page, or null for none. Runs on the server's
  // thread: keep it quick. An exception is reported to the page as a hint error, not fatal.
  std::function<Json(const std::string& role, std::string_view request)> hint;
  // The human seat's transport mode where a game has several (`--mode ROLE=MODE`), "" for the
  // default. A human is one connection for the whole game, so a game whose default starts a
  // program per turn (and ends the turn when it exits) needs its persistent mode here.
  std::string seat_mode;
  // Whether the human's page gets the referee's turn lines as they are recorded (`line`
  // messages). Only for a game whose lines hold nothing the seat may not know: Wumpus's turn
  // entries are the hero's own; Dracula's hold every seat's move, so a hunter's page must not
  // get them (it knows the game from its requests). Spectators get every line either way.
  bool lines_to_page = false;
};

void register_human_hooks(const std::string& game, HumanHooks hooks);
// The game's hooks, or null. The first call registers the games listed in human_hooks.cc.
const HumanHooks* human_hooks(const std::string& game);

// The hint of `game` for one request: null without a hint function; {"error": ...} if it threw.
Json human_hint(const std::string& game, const std::string& role, std::string_view request);

}  // namespace arena::server
