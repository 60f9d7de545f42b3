// Sign-up (spec §8.4) for the server: any number of connections may be in the middle of signing up
// at once, each with its own time limit, while the listener keeps accepting. The first message of
// a connection must be a JSON string; the answer is "ok". Three sign-ups are awaited without
// limit, then a window of W seconds (or the 8th sign-up) closes the list.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/seat.h"
#include "core/tcp.h"

namespace arena::evolution {

struct SignupOptions {
  std::chrono::milliseconds time_limit{1000};  // for the first message of a connection
  std::chrono::milliseconds window{10000};     // after the 3rd sign-up
  int wait_for = 3;                            // awaited without limit
  int max_players = 8;
};

struct SignedUp {
  std::unique_ptr<Seat> seat;
  std::string name;  // the sign-up string, for logs
};

using LogFn = std::function<void(const std::string&)>;

// Runs the sign-up phase on `listener`; returns the clients in sign-up order. Connections still
// signing up when the list closes are closed without an answer.
std::vector<SignedUp> accept_signups(TcpListener& listener, const SignupOptions& options,
                                     const LogFn& log);

// Reads the first message of `seat` until the deadline: the sign-up name, or "" with *why set.
bool read_signup(Seat& seat, Deadline deadline, std::string* name, std::string* why);

// While the game runs, connections that arrive are accepted and closed at once, without an answer
// (§8.4 item 5). Stops (and joins) on destruction.
class LateRejecter {
 public:
  LateRejecter(TcpListener& listener, LogFn log);
  ~LateRejecter();
  LateRejecter(const LateRejecter&) = delete;
  LateRejecter& operator=(const LateRejecter&) = delete;

 private:
  TcpListener& listener_;
  LogFn log_;
  int stop_pipe_[2] = {-1, -1};
  std::thread thread_;
};

}  // namespace arena::evolution
