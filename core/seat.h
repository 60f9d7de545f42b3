// A seat is one participant's connection, whatever carries it: a child process over pipes (one for
// the whole game, or a fresh one per turn), a TCP connection, or a built-in bot in process.
// Referees talk to every kind through this one interface, so a game's referee never cares which it
// has. Every seat of a match lives on the match's one Hub: whichever seat is waited for, every
// other seat's output is still written and every child's stderr still drained.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/hub.h"
#include "core/message_bot.h"
#include "core/process.h"

namespace arena {

// What a seat wrote on stderr over some stretch (e.g. one turn), bounded.
struct StderrExcerpt {
  std::string text;
  bool truncated = false;  // more was written than the bound kept; the rest was discarded
};

class Seat {
 public:
  virtual ~Seat() = default;
  // Sends one message (unframed; the seat's framer frames it).
  virtual void send(std::string_view message) = 0;
  // Waits for the next message until the deadline. A process seat reports `crashed` (with the exit
  // status in `detail`) when its process has exited and its output holds no further message.
  virtual Received receive(Deadline deadline) = 0;
  // Without blocking: has the seat already sent bytes beyond its last message?
  virtual bool bytes_waiting() = 0;
  // The seat's part is over: close its input, give it grace_ms to exit by itself, then kill it and
  // everything it started, and reap them all. Idempotent.
  virtual void finish(int grace_ms) = 0;
  // What the seat wrote on stderr (bounded), and how its process ended ("" if not a process).
  virtual std::string stderr_text() const { return {}; }
  virtual bool stderr_truncated() const { return false; }
  // Hands over what the seat wrote on stderr since the previous take_stderr() (or since it
  // started) and starts a fresh capture: the seat's stderr bound then applies from one take to the
  // next instead of to the seat's whole life, so a referee can keep stderr per turn. A process
  // seat first collects, without blocking, what its stderr pipe already holds. Afterwards
  // stderr_text() and stderr_truncated() only cover what came after the take. Stderr is drained
  // continuously either way; seats with no stderr give an empty excerpt.
  virtual StderrExcerpt take_stderr() { return {}; }
  virtual std::string exit_description() const { return {}; }
  // The seat could not start at all (exec failed, connection never came): the reason, else "".
  virtual std::string start_error() const { return {}; }
  // The hub connections this seat holds, for a real-time referee that reads them with
  // Hub::next() (one per connection of a TCP seat, one per in-process bot). A seat of several
  // connections is read this way only: its send() and receive() concern its first connection.
  // Empty for seats over pipes.
  virtual std::vector<ConnId> connections() const { return {}; }
};

using FramerFactory = std::function<std::unique_ptr<Framer>()>;

// Waits until the child exits or the deadline passes, running the hub meanwhile, so that its
// stderr and every other seat's are drained (a child blocked on a full stderr pipe could otherwise
// never exit). The exit status, or nullopt at the deadline.
std::optional<ExitStatus> wait_exit_running(Hub& hub, ChildProcess& child, Deadline deadline);

// A child process for the whole game, over pipes. `stderr_limit` bounds the stderr kept (per
// take_stderr() when the referee takes it).
std::unique_ptr<Seat> make_process_seat(Hub& hub, const ProcessOptions& options,
                                        FramerFactory framer, size_t stderr_limit = 64 * 1024);

// A fresh child process for every turn (Dracula spec §6.2): send() starts the process, writes the
// message and closes its stdin; receive() returns its messages, then `crashed`/`closed` once it
// has exited and everything was read; at a receive() deadline the process tree is killed. A final
// line without newline counts only if the process exited by itself (framer finish()). Stderr is
// one capture across turns, bounded by `stderr_limit` until take_stderr() starts a fresh one.
std::unique_ptr<Seat> make_per_turn_process_seat(Hub& hub, const ProcessOptions& options,
                                                 FramerFactory framer,
                                                 size_t stderr_limit = 64 * 1024);

// A built-in bot in this process, on a thread of its own. Bytes sent to it are framed and parsed
// exactly as the bot's program would parse them; its answers are framed by `framer` as a referee
// reading a pipe would. It thinks while the referee waits, so its time is measured like a
// process's, and several bots think at once.
std::unique_ptr<Seat> make_in_process_seat(Hub& hub, std::unique_ptr<MessageBot> bot,
                                           FramerFactory framer_to_bot, FramerFactory framer);

// Several built-in bots behind one seat, each an in-process connection on a thread of its own (a
// team of agents, each with its own connection, as one program with several sockets would be).
// Their logs go to the seat's one bounded capture.
std::unique_ptr<Seat> make_in_process_team_seat(Hub& hub,
                                                std::vector<std::unique_ptr<MessageBot>> bots,
                                                FramerFactory framer_to_bot, FramerFactory framer);

// A fresh built-in bot for every turn (`make_bot` runs at each send()), as a per-turn program is a
// fresh process: the previous turn's bot and its late answers are dropped. Stderr is the current
// turn's bot's log.
std::unique_ptr<Seat> make_per_turn_in_process_seat(
    Hub& hub, std::function<std::unique_ptr<MessageBot>()> make_bot, FramerFactory framer_to_bot,
    FramerFactory framer);

// Runs a MessageBot as a program over stdin/stdout until EOF or bot.finished(). Returns exit code:
// 0 at EOF or when finished, 1 when reading or writing fails, 2 when the input cannot be framed.
int run_bot_stdio(MessageBot& bot, Framer& input);

// The loop of run_bot_stdio over any pair of fds (in_fd == out_fd for a socket); the bot's log goes
// to stderr. Shared with run_bot_tcp.
int run_bot_fds(MessageBot& bot, Framer& input, int in_fd, int out_fd);

}  // namespace arena
