// Live spectating (MatchSetup::on_line, docs/web.md "Live spectating"): a referee's replay lines,
// kept for its RefereeRecord and handed to the listener, when there is one, at the moment each is
// recorded. One place appends and streams, so the stream and the final replay hold the same lines
// in the same order, and a match nobody watches pays nothing but the test of an empty function.
#pragma once

#include <deque>
#include <functional>
#include <iterator>
#include <utility>
#include <vector>

#include "core/replay.h"

namespace arena {

using LineListener = std::function<void(const Json& line)>;

// Sends a referee's header fields to `on_line` as {"type":"header", fields...} (match/ puts the
// container's fields in front; a field named here, such as "seats", replaces the container's).
// Nothing when `on_line` is empty.
void stream_header(const LineListener& on_line, const Json& fields);

class LiveLines {
 public:
  explicit LiveLines(LineListener on_line) : on_line_(std::move(on_line)) {}

  // Whether someone listens.
  bool live() const { return static_cast<bool>(on_line_); }
  // Records one turn or event line: the listener sees it first, then it is kept.
  void add(Json line) {
    if (on_line_) on_line_(line);
    lines_.push_back(std::move(line));
  }
  size_t size() const { return lines_.size(); }
  // The lines kept so far, for the RefereeRecord; the log is empty afterwards.
  std::vector<Json> take() {
    std::vector<Json> out(std::make_move_iterator(lines_.begin()),
                          std::make_move_iterator(lines_.end()));
    lines_.clear();
    return out;
  }

 private:
  LineListener on_line_;
  // A deque: appending never moves the lines already kept, so a real-time referee's event never
  // pays for a vector of a million lines growing (docs/dungeon.md, V1).
  std::deque<Json> lines_;
};

}  // namespace arena
