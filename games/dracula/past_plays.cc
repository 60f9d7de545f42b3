#include "games/dracula/past_plays.h"

#include <string>

namespace arena::dracula {

std::string sanitize_message(std::string_view text) {
  std::string out;
  out.reserve(std::min<size_t>(text.size(), kMessageMax));
  for (char c : text) {
    if (out.size() == kMessageMax) break;
    out.push_back(c >= 0x20 && c <= 0x7e ? c : '?');
  }
  return out;
}

PlayText Record::play(Move m, std::string_view message) {
  const bool dracula = state_.player() == kDraculaSeat;
  PlayText t = apply(state_, m);
  if (!full_.empty()) full_.push_back(' ');
  full_.append(t.view());
  messages_.push_back(sanitize_message(message));
  if (dracula) {
    dracula_moves_.push_back(m.id);
    revealed_.push_back(0);
  }
  sync_revealed();
  return t;
}

void Record::sync_revealed() {
  const int n = static_cast<int>(dracula_moves_.size());
  for (int i = 0; i < state_.trail_len; ++i) {
    if (!state_.trail[i].revealed) continue;
    // Reveal and propagate through HIDE / DOUBLE_BACK over the whole history (§3.4). A move
    // already revealed has already propagated, so the walk stops there.
    for (int j = n - 1 - i; j >= 0 && !revealed_[j];) {
      revealed_[j] = 1;
      const int8_t mv = dracula_moves_[j];
      if (mv == kHide) {
        j -= 1;
      } else if (is_double_back(mv)) {
        j -= mv - kDoubleBack1 + 1;
      } else {
        break;
      }
    }
  }
}

std::string Record::redacted() const {
  std::string out = full_;
  const int r_now = state_.round();
  for (size_t j = 0; j < dracula_moves_.size(); ++j) {
    const size_t at = (j * kNumSeats + kDraculaSeat) * 8 + 1;
    const int8_t mv = dracula_moves_[j];
    std::string_view shown;
    if (is_real(mv)) {
      if (!revealed_[j]) shown = kPlaces[mv].type == PlaceType::kLand ? "C?" : "S?";
    } else if (mv == kHide) {
      if (!revealed_[j] && static_cast<int>(j) > r_now - 6) shown = "C?";
    }
    if (!shown.empty()) out[at] = shown[0], out[at + 1] = shown[1];
  }
  return out;
}

std::string Record::for_current_seat() const {
  return state_.player() == kDraculaSeat ? full_ : redacted();
}

namespace {

std::string at_play(int i, std::string_view what) {
  std::string out = "play ";
  out += std::to_string(i);
  out += ": ";
  out += what;
  return out;
}

// Checks separators and seat letters; "" or an error with *play / *column set.
std::string check_frame(std::string_view text, int* play, int* column) {
  if (text.empty()) return "";
  if ((text.size() + 1) % 8 != 0) {
    *column = static_cast<int>(text.size());
    return std::string("length ") + std::to_string(text.size()) +
           " is not 8 * plays - 1 (each play is 7 characters, single spaces between plays)";
  }
  const int n = play_count(text);
  if (n > kMaxPlays) return "more than 1830 plays";
  for (int i = 0; i < n; ++i) {
    const size_t at = static_cast<size_t>(i) * 8;
    if (i > 0 && text[at - 1] != ' ') {
      *play = i, *column = static_cast<int>(at - 1);
      return at_play(i, "expected a single space before the play");
    }
    if (text[at] != kSeatLetters[i % kNumSeats]) {
      *play = i, *column = static_cast<int>(at);
      return at_play(i, std::string("expected seat letter '") + kSeatLetters[i % kNumSeats] +
                            "', got '" + text[at] + "'");
    }
  }
  return "";
}

bool valid_tail(std::string_view p, bool dracula) {
  if (dracula) {
    return (p[3] == 'T' || p[3] == '.') && (p[4] == 'V' || p[4] == '.') &&
           (p[5] == 'M' || p[5] == 'V' || p[5] == '.') && p[6] == '.';
  }
  int i = 3;
  while (i < 7 && p[i] == 'T') ++i;
  if (i < 7 && p[i] == 'V') ++i;
  if (i < 7 && p[i] == 'D') ++i;
  while (i < 7 && p[i] == '.') ++i;
  return i == 7;
}

}  // namespace

std::string check_shape(std::string_view text) {
  int play = -1, column = -1;
  std::string error = check_frame(text, &play, &column);
  if (!error.empty()) return error;
  for (int i = 0; i < play_count(text); ++i) {
    std::string_view p = text.substr(static_cast<size_t>(i) * 8, 7);
    const bool dracula = i % kNumSeats == kDraculaSeat;
    const PlaceId id = code_to_id(p.substr(1, 2));
    const bool ok_code = dracula ? id != kNowhere : is_real(id);
    if (!ok_code) return at_play(i, "unknown move code '" + std::string(p.substr(1, 2)) + "'");
    if (!valid_tail(p, dracula)) return at_play(i, "malformed encounter characters");
  }
  return "";
}

std::variant<Record, ParseError> parse_full(std::string_view text,
                                            const std::vector<std::string>& messages) {
  ParseError err;
  err.message = check_frame(text, &err.play, &err.column);
  if (!err.message.empty()) return err;
  const int n = play_count(text);
  if (!messages.empty() && static_cast<int>(messages.size()) != n) {
    err.message = std::string("messages: ") + std::to_string(messages.size()) + " entries for " +
                  std::to_string(n) + " plays";
    return err;
  }
  Record record;
  for (int i = 0; i < n; ++i) {
    const size_t at = static_cast<size_t>(i) * 8;
    std::string_view p = text.substr(at, 7);
    auto fail = [&](int col, std::string what) {
      err.play = i;
      err.column = static_cast<int>(at) + col;
      err.message = at_play(i, what);
      return err;
    };
    if (record.state().is_over()) return fail(0, "the game was already over");
    const Move m = parse_move(p.substr(1, 2));
    const bool dracula = i % kNumSeats == kDraculaSeat;
    const std::string code(p.substr(1, 2));
    if (m.id == kNowhere || (!dracula && !m.is_location())) {
      std::string what = "'";
      what += code;
      what += dracula ? "' is not a Dracula move code" : "' is not a hunter move code";
      return fail(1, what);
    }
    if (!is_legal(record.state(), m))
      return fail(1, std::string("illegal move '").append(code).append("'"));
    PlayText t = record.play(m, messages.empty() ? std::string_view{} : messages[i]);
    for (int c = 3; c < 7; ++c) {
      if (t.c[c] != p[c])
        return fail(c,
                    std::string("expected '").append(t.view()).append("', got '").append(p) + "'");
    }
  }
  return record;
}

}  // namespace arena::dracula
