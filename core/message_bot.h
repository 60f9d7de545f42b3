// A built-in bot, written once and reachable two ways (DESIGN.md, "One game, four parts"): in
// process
// (`bot:NAME`, through an in-process seat that frames its bytes exactly like a pipe would) and as a
// program speaking the game's protocol (`arena bot <game> NAME`).
#pragma once

#include <string>
#include <string_view>

namespace arena {

class MessageBot {
 public:
  virtual ~MessageBot() = default;
  // Handles one message from the referee (unframed); appends its answer, already framed (with its
  // newline, length prefix...), to `out`. Appending nothing is allowed.
  virtual void on_message(std::string_view message, std::string& out) = 0;
  // Called once when the connection opens, before any message: where the protocol has the bot
  // speak first (Evolution's sign-up, Empire Builder's register, Dungeon Race's StartRequest), it
  // appends those bytes to `out`. Default: nothing.
  virtual void on_open(std::string& out) {}
  // True once the bot has nothing more to say (after the game's end message).
  virtual bool finished() const { return false; }
  // Diagnostics the bot wants logged (stderr when run as a program).
  virtual std::string take_log() { return {}; }
};

}  // namespace arena
