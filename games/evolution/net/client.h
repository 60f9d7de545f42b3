// The client side of spec §8.4-8.7, for any Player: sign up with a name, then answer the server's
// messages, told apart by array length (Start 4, Choose 2, State 5). Replies are compact JSON
// followed by a newline (§8.6); growth pairs are unlabelled (§8.5).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/message_bot.h"
#include "games/evolution/player.h"

namespace arena::evolution {

// One client's protocol state, independent of any socket: feed it messages, get replies.
class ClientSession {
 public:
  explicit ClientSession(Player& player) : player_(player) {}

  // Handles one message (the exact text of one JSON value). Appends the reply (with its newline)
  // to `out`, if the message wants one. Returns false, with error() set, when the message cannot
  // be parsed or classified (§8.8: the client then closes and exits with status 1).
  bool on_message(std::string_view message, std::string& out);
  const std::string& error() const { return error_; }
  bool signed_up() const { return signed_up_; }
  // The sign-up message (§8.4): the name as a JSON string, with its newline.
  static std::string signup(const std::string& name);

 private:
  Player& player_;
  bool signed_up_ = false;
  std::string error_;
};

// Connects to host:port, signs up as `name` and plays until the server closes the connection.
// Returns 0 when the server closed the connection (at the end of the game, §8.7), 1 when the
// connection cannot be made or the server sent something unparseable (diagnostic on stderr,
// prefixed with `program`).
int run_client(Player& player, const std::string& host, int port, const std::string& name,
               const std::string& program);

// The same loop over a connected socket (the caller keeps ownership of fd).
int run_client_fd(Player& player, int fd, const std::string& name, const std::string& program);

// A built-in player as a MessageBot for in-process seats that were already signed up: the "ok"
// of the sign-up is accepted and ignored, everything else is a ClientSession.
std::unique_ptr<MessageBot> make_player_bot(std::unique_ptr<Player> player);

}  // namespace arena::evolution
