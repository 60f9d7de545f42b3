// Empire Builder's wire forms for the rules engine (spec §5.6, §5.7): change-log lines, build
// and move replies, and the classification of players' answers into engine requests.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/sexpr.h"
#include "games/empire/rules.h"

namespace arena::empire {

std::string_view to_string(TrainType t);   // FREIGHT, FAST-FREIGHT, SUPERFREIGHT
std::string_view to_string(CashReason r);  // START, BUILD, ...
std::string_view to_string(EndReason r);   // CASH-GOAL, TURN-LIMIT, ABANDONED
std::string_view to_string(BuildError e);  // INVALID-EDGES, ...

// "(BEER COAL)" newest first, "NIL" when empty.
std::string cargo_string(const Cargo& c, const Map& map);

// One change-log line as seat `viewer` sees it: another player's CARD reads HIDDEN. viewer < 0
// sees every card (the record file's neutral observer). GAME-OVER reads the standings from
// `game`, so it must be printed when it happens (it is the last event).
std::string event_line(const Event& e, const Game& game, int viewer);

// The map's part of the initialisation log (§5.5), in its order: (MAP-SIZE W H), (MOUNTAINS ...)
// and (INVALID ...) sorted by x then y, one (CITY NAME (GOODS) ((x y) ...)) per city,
// (DEMANDS ...), then (TRAIN-TYPES ...).
std::vector<std::string> map_log_lines(const Map& map);

std::string build_reply_line(const BuildReply& r);
std::string move_reply_line(const MoveReply& r, const Map& map);

// §5.7 choose-start: a list of two integers, else nullopt (INVALID-START-LOCATION).
std::optional<Point> parse_start(const Sexpr& answer);

struct BuildAnswer {
  enum class Kind { nil, upgrade, edges, bad_reply };
  Kind kind = Kind::nil;
  std::vector<EdgeRequest> edges;
};
// §5.7 choose-build: nil; (UPGRADE-TRAIN); any other list is an edge list; a non-nil atom is a
// BAD-REPLY.
BuildAnswer classify_build(const Sexpr& answer);

struct MoveAnswer {
  enum class Kind { nil, commands, bad_reply };
  Kind kind = Kind::nil;
  std::vector<MoveCommand> commands;
};
// §5.7 choose-move: nil; any list is a command list (malformed elements are INVALID-COMMAND);
// a non-nil atom is a BAD-REPLY.
MoveAnswer classify_move(const Sexpr& answer, const Map& map);

// The other way (clients, §8.1): a change-log line back into an Event, nullopt when `line` is
// not a change-log entry this map can mean. A CARD entry with contents also fills `card` with
// its three demands as (city, good, amount) indices into the map, when `card` is given.
struct CardContents {
  int id = -1;
  std::array<Demand, 3> demands{};
};
std::optional<Event> parse_event(const Sexpr& line, const Map& map, CardContents* card = nullptr);

}  // namespace arena::empire
