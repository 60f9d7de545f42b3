// One game of Empire Builder over some connections (spec §5): the initialisation log, the
// queries with their deadlines, malformed input, (TIMEOUT)/(sync), disconnections, the change log
// broadcast before each reply, and the record file of §9.3. The connections are behind TableIo:
// the server's sockets on the hub (server.h), the arena's seats (game.cc), or a record read back
// (record.h), so all three take the very same path through the rules.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/clock.h"
#include "games/empire/driver.h"

namespace arena::empire {

struct Incoming {
  enum class Kind { line, too_long, timeout, closed };
  Kind kind = Kind::line;
  std::string text;  // line: the line; too_long: what the framer said
  double ms = 0;     // how long the wait took
};

class Table;

class TableIo {
 public:
  virtual ~TableIo() = default;
  virtual void send(int seat, const std::string& line) = 0;
  // The next input of `seat` before `deadline`. While waiting an implementation serves everything
  // else (consoles, other players' lines through Table::unsolicited, Table::left). `for_sync`: the
  // seat is out of step and only its (sync) is awaited (§5.9).
  virtual Incoming wait(int seat, Deadline deadline, bool for_sync) = 0;
  // Just before `seat` is asked: lines it sent while nobody asked it are handed to
  // Table::unsolicited now (NO-QUERY-PENDING, sync), never taken as the answer. The server sees
  // them as they come; connections read only when waited for (the arena's seats) catch up here.
  virtual void before_query(int seat) {}
  // The GAME-OVER line, for consoles (players got it with the change log).
  virtual void game_over(const std::string& line) {}
};

struct TableOptions {
  Settings settings;
  Limits limits;
  int query_timeout_ms = 10000;  // 0: wait forever
  std::string map_label = "simple-game";
  std::vector<std::string> names;  // one per seat, seat order
  // Seats that never registered (an arena seat whose program did not start): gone from the start.
  std::vector<bool> absent;
};

class Table {
 public:
  // `record` receives every line of the record file (§9.3) as it is made, with the answer's
  // time for ANSWERED lines (0 otherwise); may be null.
  using RecordSink = std::function<void(const std::string& line, double ms)>;
  Table(const Map& map, TableOptions options, TableIo& io, RecordSink record);

  // Sends the initialisation logs and plays until GAME-OVER.
  void run();

  // A line from `seat` while it is not the seat being waited for (§5.9, §5.10): (sync), lines of
  // an out-of-step seat, NO-QUERY-PENDING, PARSE-ERROR.
  void unsolicited(int seat, const std::string& text);
  void unsolicited_too_long(int seat, const std::string& detail);
  // `seat`'s connection closed (§4.9): PLAYER-LEFT, and ABANDONED once every player has left.
  void left(int seat);

  const Driver& driver() const { return driver_; }
  bool connected(int seat) const { return !gone_[seat]; }
  // (STATUS PLAYING|OVER ROUND CURRENT ((ID "NAME" CASH TRAIN STATE) ...)).
  std::string status_line() const;
  std::string settings_line() const;
  // The GAME-OVER line once over, else "".
  const std::string& game_over_line() const { return game_over_; }

 private:
  void broadcast(const Events& events);
  void broadcast_line(const std::string& line, int only = -1);
  void record(const std::string& line, double ms = 0) {
    if (record_) record_(line, ms);
  }
  void ask(const Pending& q);
  void apply(const Pending& q, const Sexpr* datum, double ms);
  bool answer_line(const Pending& q, const std::string& text, double ms);
  void error(int seat, std::string_view kind, std::string_view detail);

  const Map& map_;
  TableOptions options_;
  TableIo& io_;
  RecordSink record_;
  Events init_;  // before driver_, which fills it when constructed
  Driver driver_;
  std::vector<bool> gone_;
  std::vector<bool> out_of_step_;
  std::string game_over_;
};

// Lines of a seat before they are classified: a trailing CR dropped (§5.1).
std::string strip_cr(std::string line);

}  // namespace arena::empire
