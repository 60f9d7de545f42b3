// The client side of spec §8.4-8.7, for any Player: sign up with a name, then answer the server's
// messages, told apart by array length (Start 4, Choose 2, State 5). Replies are compact JSON
// followed by a newline (§8.6); growth pairs are unlabelled (§8.5).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "core/message_bot.h"
#include "core/seat.h"
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

// A player as the client of §8.4-8.7, one MessageBot for both ways a built-in player plays: over
// TCP (`arena bot evolution NAME`, xclient: run_client) and in process (`bot:NAME` in `arena play`,
// an in-process seat carrying the same bytes). Its first words are its sign-up (on_open()); then it
// answers the server's messages through a ClientSession. On a message it cannot parse or classify
// it stops (finished(), error() says why; §8.8: the client closes).
class PlayerBot : public MessageBot {
 public:
  PlayerBot(std::unique_ptr<Player> player, std::string name);
  // Plays `player`, which must outlive the bot.
  PlayerBot(Player& player, std::string name);

  // The connection is open: appends the sign-up (§8.4) once.
  void on_open(std::string& out) override;
  void on_message(std::string_view message, std::string& out) override;
  bool finished() const override { return failed_; }
  std::string take_log() override { return std::exchange(log_, {}); }
  const std::string& error() const { return session_.error(); }
  bool signed_up() const { return session_.signed_up(); }

 private:
  std::unique_ptr<Player> owned_;
  std::string name_;
  ClientSession session_;
  bool opened_ = false;
  bool failed_ = false;
  std::string log_;
};

// What an in-process PlayerBot reads: the server's bytes through the JSON framer a TCP client
// uses (16 MiB per value).
FramerFactory bot_input_framer();

// Connects to host:port, signs up as `name` and plays until the server closes the connection.
// Returns 0 when the server closed the connection (at the end of the game, §8.7), 1 when the
// connection cannot be made or the server sent something unparseable (diagnostic on stderr,
// prefixed with `program`).
int run_client(Player& player, const std::string& host, int port, const std::string& name,
               const std::string& program);

// The same loop over a connected socket (the caller keeps ownership of fd), with a PlayerBot.
int run_client_fd(Player& player, int fd, const std::string& name, const std::string& program);

// A built-in player as a PlayerBot signing up as `name`.
std::unique_ptr<MessageBot> make_player_bot(std::unique_ptr<Player> player, std::string name);

}  // namespace arena::evolution
