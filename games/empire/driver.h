// The referee's turn logic of spec §4.2–§4.9 and §5.8 without any I/O: which query is pending,
// and what an answer (or a timeout) changes, replies and starts next. The server (server.h), the
// arena referee (game.cc) and the replay checker (record.h) all drive the engine through it, so a
// record re-checked through the rules takes exactly the server's path.
#pragma once

#include <optional>
#include <string>

#include "core/sexpr.h"
#include "games/empire/rules.h"

namespace arena::empire {

struct Limits {
  int max_queries = 50;    // build queries and move queries per turn
  int start_attempts = 3;  // failed start answers before automatic placement
};

enum class QueryKind { start, build, move };
std::string_view query_name(QueryKind k);  // CHOOSE-START ...

struct Pending {
  int seat = -1;
  QueryKind kind = QueryKind::start;
};

// What one answer did: the change-log entries before the reply, the reply to the asking seat
// ("" = none: a nil answer, a timeout), and the entries after it (the next turn's TURN, an
// automatic START, GAME-OVER).
struct Step {
  Events before;
  std::string reply;
  Events after;
};

class Driver {
 public:
  // `init` receives the engine's part of the initialisation log (CASH, TRAIN, CARD).
  Driver(const Map& map, const Settings& settings, int players, const Limits& limits,
         Events* init = nullptr);

  const Game& game() const { return game_; }
  const Limits& limits() const { return limits_; }
  bool over() const { return game_.over(); }

  // The first (TURN 0 0). Call once, after the initialisation log.
  void begin(Events* ev);
  // The query due now; nullopt when the game is over.
  std::optional<Pending> pending() const;

  // Would this datum be a BAD-REPLY to the pending query (a non-nil atom to choose-build or
  // choose-move)? Such an answer is refused with an ERROR and the query stays pending.
  bool bad_reply(const Sexpr& answer) const;
  // The pending query's answer; nullptr: it timed out (also a disconnected seat's nil is a datum).
  Step answer(const Sexpr* datum);
  // Every player has left: ABANDONED.
  void abandon(Events* ev) { game_.abandon(ev); }

 private:
  void next_turn(Events* ev);

  Game game_;
  Limits limits_;
  int attempts_ = 0;  // failed start answers of the current seat
  int build_queries_ = 0;
  int move_queries_ = 0;
};

}  // namespace arena::empire
