// Sign-up (spec §8.4) for the server: any number of connections may be in the middle of signing up
// at once, each with its own time limit, while the listener keeps accepting. The first message of
// a connection must be a JSON string; the answer is "ok". Three sign-ups are awaited without
// limit, then a window of W seconds (or the 8th sign-up) closes the list.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
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

// Runs the sign-up phase on the hub's `listener`; returns the clients in sign-up order, as seats
// on the hub. Connections still signing up when the list closes are closed without an answer.
// From then on the listener refuses connections (§8.4 item 5: accepted and closed at once, each
// logged) whenever the hub runs, for as long as it lives.
std::vector<SignedUp> accept_signups(Hub& hub, ListenerId listener, const SignupOptions& options,
                                     const LogFn& log);

// Reads the first message of `seat` until the deadline: the sign-up name, or "" with *why set.
bool read_signup(Seat& seat, Deadline deadline, std::string* name, std::string* why);

}  // namespace arena::evolution
