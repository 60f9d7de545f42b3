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

struct TurnReply {
  std::optional<ReplyLine> counted;  // the last move line received in time
  int garbled = 0;                   // lines ignored as not protocol (incl. over 64 KiB)
  int stale = 0;                     // persistent: lines for another turn
  // How the turn ended: "done" (persistent done line), "exited" (process mode: exit status 0),
  // "idle" (a built-in AI said all it had), "crashed", "closed" (persistent: stdout closed),
  // "timeout" (the deadline).
  std::string end;
  std::string detail;  // exit status, start error, ...
  bool dead = false;   // persistent: the program is gone, later turns get default moves
  double ms = 0;       // from the start of the turn to the counted line, else to its end
  // What the seat wrote on stderr during this turn (§6.1: at most 64 KiB per turn, the rest
  // discarded). Process mode: the turn's process. Persistent mode: what arrived since the previous
  // turn ended (so output between turns, and start-up output, goes with the next turn).
  std::string stderr_text;
  bool stderr_truncated = false;
};

// The seat after the game: how its program started and ended, and what it wrote on stderr after
// its last turn (shutdown output, at most 64 KiB).
struct SeatLog {
  std::string stderr_text;
  bool truncated = false;
  std::string exit;
  std::string start_error;
};

class SeatDriver {
 public:
  virtual ~SeatDriver() = default;
  // Persistent seats start their program here: start-up is not counted against any turn.
  virtual void start() = 0;
  virtual TurnReply ask(int turn, std::string_view past_plays,
                        const std::vector<std::string>& messages) = 0;
  // Disqualified: never asked again; a persistent program is closed and killed (§6.4).
  virtual void retire() = 0;
  // End of the game: stdin closed, `grace_ms` to exit, then killed (§6.3).
  virtual void finish(int grace_ms) = 0;
  virtual SeatLog log() const = 0;
};

// `spec` is a command line or bot:NAME; `bot` makes the in-process AI (already checked to exist).
// The seat lives on `hub`, the match's one hub, which must outlive it.
std::unique_ptr<SeatDriver> make_seat_driver(Hub& hub, const SeatSpec& spec, SeatMode mode,
                                             const ProcessOptions& process, int time_limit_ms,
                                             std::function<std::unique_ptr<MessageBot>()> bot);

}  // namespace arena::dracula
