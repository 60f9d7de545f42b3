// How a seat is filled, as the command line says it (`--seat ROLE=SPEC`): a command line, split as
// a shell would split it, or `bot:NAME` for a built-in bot played in process.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/message_bot.h"
#include "core/process.h"
#include "core/seat.h"
#include "core/tcp.h"

namespace arena {

struct SeatSpec {
  std::string role;
  std::string text;               // the SPEC as given
  std::vector<std::string> argv;  // a command line (empty for a built-in bot)
  std::string builtin;            // `bot:NAME`: NAME
  std::string mode;               // transport mode where a game has several ("" = its default)
  // A seat whose bytes come from outside the match through a connected socket (a human in the
  // browser: server/ bridges the WebSocket to the other end). The match's hub takes it over like
  // an accepted TCP connection, so deadlines, `closed` and framing errors are a bot's. -1: none.
  int peer_fd = -1;
  bool human = false;  // the seat is played by a person (the replay's player kind says so)
  bool is_builtin() const { return !builtin.empty(); }
};

// Splits a command line as a POSIX shell would split words: blanks separate, '...' is literal,
// "..." allows \" \\ \$ \` escapes, a backslash outside quotes escapes the next character.
// Errors: an unterminated quote or a trailing backslash.
std::variant<std::vector<std::string>, std::string> shell_split(const std::string& text);

// Parses "ROLE=SPEC". Errors name what is wrong.
std::variant<SeatSpec, std::string> parse_seat_arg(const std::string& arg);

// The seed a built-in bot of `role` gets in a match of `match_seed` (its own named stream).
uint64_t bot_seed(uint64_t match_seed, const std::string& role);

using BotMaker = std::function<std::unique_ptr<MessageBot>(const std::string& name, uint64_t seed)>;

// Opens a seat whose bot talks over stdin/stdout for the whole game: a child process for a command,
// or an in-process seat for `bot:NAME` (made by `make_bot`; an unknown name throws
// std::runtime_error). `framer` frames what the seat sends us; a built-in bot parses what we send
// with the same kind of framer.
std::unique_ptr<Seat> open_stdio_seat(Hub& hub, const SeatSpec& spec, const BotMaker& make_bot,
                                      uint64_t match_seed, FramerFactory framer,
                                      FramerFactory framer_to_bot,
                                      const ProcessOptions& extra = {});

// Opens a seat for a TCP game: a command is started with `--host 127.0.0.1 --port N` appended (N
// the port of a listener of this seat's own, as the seeds' clients are started), its stdin closed
// and its stderr kept, and its first connection accepted before `connect_deadline`; the listener
// is then closed, so no other program can take the seat. `bot:NAME` is played in process (no
// socket, same bytes). A command that exits or does not connect in time gives a seat whose
// start_error() says so and whose receive() reports `crashed`.
std::unique_ptr<Seat> open_tcp_seat(Hub& hub, const SeatSpec& spec, const BotMaker& make_bot,
                                    uint64_t match_seed, FramerFactory framer,
                                    FramerFactory framer_to_bot, Deadline connect_deadline,
                                    const SandboxOptions& sandbox = {});

// A program holding several connections of one seat (a team whose agents each have a socket):
// it is started with `--host 127.0.0.1 --port N` and then `extra_args` (e.g. `--player 1`), on a
// listener of this seat's own, and `connections` connections are accepted before
// `connect_deadline`, then the listener is closed (a further connection is refused). Which
// connection is which is the referee's business: it reads them with Hub::next() through
// Seat::connections() and classifies each by its first frame. A program that opens fewer in time
// keeps those it opened, and start_error() says how many came; one that exits or opens none gives
// a seat whose start_error() says why.
std::unique_ptr<Seat> open_tcp_program_seat(Hub& hub, const SeatSpec& spec, int connections,
                                            const std::vector<std::string>& extra_args,
                                            FramerFactory framer, Deadline connect_deadline,
                                            const SandboxOptions& sandbox = {});

// How a game wants one seat opened; match/ opens every seat of a match from its plan (open_seat).
enum class SeatTransport {
  process,           // a program for the whole game over stdin/stdout; bot:NAME in process
  process_per_turn,  // a fresh program every turn (send() starts it); bot:NAME fresh per turn
  tcp,               // a program started with --host/--port, connecting back; bot:NAME in process
};

struct SeatPlan {
  SeatTransport transport = SeatTransport::process;
  FramerFactory from_bot;  // frames what the seat sends the referee
  FramerFactory to_bot;    // frames what a built-in bot reads
  // bot:NAME: makes the bot (one per game, or one per turn); the game has checked that it exists.
  std::function<std::unique_ptr<MessageBot>()> make_bot;
  std::vector<std::pair<std::string, std::string>> env;  // added to a program's environment
  std::string working_dir;                               // of a program; "" = ours
  size_t stderr_limit = 64 * 1024;                       // per take_stderr(), or for the game
  int connect_ms = 5000;  // tcp: how long a started program has to connect
  // tcp: how many connections the seat holds (a team of agents each on its own socket). With
  // more than one, a program's connections are all accepted on the seat's own listener, and
  // bot:NAME runs `make_bot` that many times (the game's factory shares a team's state between
  // them), each bot on its own thread and connection; the referee reads them through
  // Seat::connections().
  int connections = 1;
  // tcp: words appended to a program's command line after --host/--port (e.g. `--player 1`).
  std::vector<std::string> extra_args;
  SandboxOptions sandbox;  // how a program is confined (match/ sets it from the match's setup)
};

// Opens `spec`'s seat as `plan` says. A program that cannot start gives a seat whose
// start_error() says why (its receive() reports `crashed`).
std::unique_ptr<Seat> open_seat(Hub& hub, const SeatSpec& spec, const SeatPlan& plan);

}  // namespace arena
