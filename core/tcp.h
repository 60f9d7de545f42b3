// TCP for the games that speak it: a listener the referee owns, seats over accepted sockets (with
// the bot process the runner started, if any), and the client side for built-in bots.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/clock.h"
#include "core/message_bot.h"
#include "core/seat.h"

namespace arena {

class TcpListener {
 public:
  // Listens on host:port (port 0: a free port chosen by the system). Throws std::runtime_error with
  // a precise message when it cannot.
  TcpListener(const std::string& host, int port);
  ~TcpListener();
  TcpListener(const TcpListener&) = delete;
  TcpListener& operator=(const TcpListener&) = delete;

  int port() const { return port_; }
  int fd() const { return fd_; }
  // Accepts one connection, waiting until the deadline. Returns the fd (non-blocking,
  // close-on-exec), or -1 on timeout.
  int accept(Deadline deadline);

 private:
  int fd_ = -1;
  int port_ = 0;
};

// Connects to host:port; returns the fd, or -1 with `error` set.
int tcp_connect(const std::string& host, int port, std::string* error);

// A seat over an accepted socket. `bot` is the process the runner started for it, or null for a
// program that connected by itself; if the bot's stderr is on a pipe, the seat drains and keeps it
// (bounded) like a process seat does.
std::unique_ptr<Seat> make_socket_seat(Hub& hub, int fd, FramerFactory framer,
                                       std::unique_ptr<ChildProcess> bot = nullptr);

// A seat over several accepted sockets of one program (at least one fd), e.g. a team whose agents
// each have a connection. `start_error` says what went wrong while they were accepted ("" if
// nothing): the seat then still holds the connections it got.
std::unique_ptr<Seat> make_sockets_seat(Hub& hub, const std::vector<int>& fds,
                                        const FramerFactory& framer,
                                        std::unique_ptr<ChildProcess> bot, std::string start_error);

// A seat over a connection the hub already has (e.g. accepted by one of its listeners); the seat
// closes it when destroyed.
std::unique_ptr<Seat> make_conn_seat(Hub& hub, ConnId conn);

// Runs a MessageBot as a TCP client of host:port until the server closes or bot.finished().
// Returns the exit code (0 when the server closed the connection normally).
int run_bot_tcp(MessageBot& bot, Framer& input, const std::string& host, int port);

}  // namespace arena
