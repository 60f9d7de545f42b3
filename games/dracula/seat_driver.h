// One seat of the Dracula referee, whatever carries it: a program started afresh for every turn
// (§6.2), a program living for the whole game (§6.3), or a built-in AI in process speaking either
// mode. ask() runs one turn up to its deadline and returns what the referee judges: the last move
// line counted, the lines it ignored, and how the turn ended.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/process.h"
#include "core/seat.h"
#include "games/dracula/referee.h"

namespace arena::dracula {

// One line of a reply, classified (§6.2 step 3, §6.3, §6.5 rows 5, 6, 10, 12, 13).
enum class LineKind { kMove, kDone, kStale, kGarbled };
struct ReplyLine {
  LineKind kind = LineKind::kGarbled;
  std::string move;     // kMove: the `move` member, as sent
  std::string message;  // kMove: the `message` member, "" when missing or not a string
  bool done = false;    // persistent: a move line that also carries "done":true ends the turn
};
// `turn` is the open turn in persistent mode, nullopt in process mode.
ReplyLine classify_line(std::string_view line, std::optional<int> turn);

// How a turn ended when the seat answered as the protocol allows (verdict ok): its persistent
// program or AI said "done", its per-turn process exited, or a built-in AI had said all it had.
enum class TurnEnd { kDone, kExited, kIdle };

struct TurnReply {
  std::optional<ReplyLine> counted;  // the last move line received in time
  int garbled = 0;                   // lines ignored as not protocol (incl. over 64 KiB)
  int stale = 0;                     // persistent: lines for another turn
  // How the turn ended: ok (then `end` says how), timeout (the deadline), crashed (the process
  // died, could not start, or its output could not be framed) or closed (a persistent program
  // closed its stdout), with the seat's detail (exit status, start error...).
  Verdict verdict = Verdict::ok;
  TurnEnd end = TurnEnd::kIdle;
  std::string detail;
  bool dead = false;  // persistent: the program is gone, later turns get default moves
  double ms = 0;      // from the start of the turn to the counted line, else to its end
  // What the seat wrote on stderr during this turn (§6.1: at most 64 KiB per turn, the rest
  // discarded). Process mode: the turn's process. Persistent mode: what arrived since the previous
  // turn ended (so output between turns, and start-up output, goes with the next turn).
  std::string stderr_text;
  bool stderr_truncated = false;
};

// The replay's `end` of a turn: "done", "exited", "idle", or the verdict ("timeout", "crashed",
// "closed").
std::string_view end_name(const TurnReply& reply);

class SeatDriver {
 public:
  virtual ~SeatDriver() = default;
  virtual TurnReply ask(int turn, std::string_view past_plays,
                        const std::vector<std::string>& messages) = 0;
  // Disqualified: never asked again; a persistent program is closed and killed (§6.4).
  virtual void retire() = 0;
  // End of the game: stdin closed, `grace_ms` to exit, then killed (§6.3).
  virtual void finish(int grace_ms) = 0;
};

// Drives `seat`, opened by match/ from seat_plan() just before the game: a persistent program's
// start-up counts from now (§6.3). `seat` must outlive the driver.
std::unique_ptr<SeatDriver> make_seat_driver(Seat& seat, bool builtin, SeatMode mode,
                                             int time_limit_ms);

// How match/ opens a seat (§6.1-6.3): a program per turn or for the game, JSON lines both ways,
// the §6.1 environment, stderr kept 64 KiB per turn; bot:NAME through `make_bot` in process.
SeatPlan seat_plan(const RefereeConfig& config, int seat, InProcessBotMaker make_bot);

}  // namespace arena::dracula
