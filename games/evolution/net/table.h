// One game of Evolution over any mix of participants (remote clients, in-process players), shared
// by xserver, `arena host` and `arena play`: the Dealer runs §3; every message exchanged becomes an
// event of the replay; every ejection closes the participant's connection and is logged with its
// reason (§8.8); at the end every connection is closed (§8.7).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/replay.h"
#include "core/seat.h"
#include "games/evolution/engine.h"
#include "games/evolution/net/remote_player.h"
#include "games/evolution/player.h"
#include "games/evolution/rule_set.h"

namespace arena::evolution {

struct Participant {
  std::string seat;                   // "p1".. in `arena play`, "client1".. on a server
  std::string name;                   // the seat spec or the sign-up name
  Seat* connection = nullptr;         // a program's, or a built-in bot's in-process seat
  std::unique_ptr<Seat> owned;        // the connection, when the table's caller gave it away
  std::unique_ptr<Player> player;     // RemotePlayer over `connection` (any Player will do)
  RemotePlayer* remote = nullptr;     // = player when it is remote
  std::string dropped;                // why it never got into the game ("" if it did)
  std::optional<std::string> signup;  // the name the seat signed up with (§8.4)
};

struct TableOptions {
  uint32_t seed = 0;
  Variant variant;  // rule set and deck order
  std::chrono::milliseconds time_limit{1000};
  int end_grace_ms = 500;  // how long a started bot may take to leave once its connection closes
  bool record = true;      // build the replay's event lines
  bool log_seats = true;   // a log line per connection at the end (match/ writes its own)
  std::function<void(const std::string&)> log;  // one line per sign-up problem and ejection
  // Live spectating: each line of `events` at the moment it is recorded (MatchSetup::on_line);
  // may be empty.
  std::function<void(const Json& line)> on_line;
};

struct Ejection {
  int64_t id;
  std::string seat;
  std::string reason;
};

struct TableResult {
  std::vector<Engine::Rank> ranking;
  std::vector<Ejection> ejections;
  int turns = 0;
  std::vector<Json> events;  // the replay's event, turn and log lines
  Json players;              // [{"id","seat","name"}] in initial turn order
};

// The replay's players, [{"id","seat","name"}]: the participants that take part (not dropped, with
// a player), ids 1..n in order. Known before the game: the replay header's `players`.
Json players_json(const std::vector<Participant>& participants);

// Plays one game. Participants with `dropped` set take no part; the others get ids 1..n in order.
TableResult run_table(std::vector<Participant>& participants, const TableOptions& options);

// The replay header's match_params: {"rules": ..., "deck": ...}.
Json variant_json(const Variant& v);

// The spec's result fields: ranking (place, id, seat, score), ejected (id, seat, reason), turns.
Json result_json(const TableResult& r);

// The replay's result line, one function for `arena play` and `arena host`: {"type": "result",
// "scores": every seat of `seats` -> its score (§3.12; 0 for a seat not ranked, dropped or
// ejected), "winner": the seat at place 1 (null if nobody is ranked), "result": result_json(r)}.
Json result_line(const TableResult& r, const std::vector<std::string>& seats);

}  // namespace arena::evolution
