// The past-plays string (spec §3): the full form, its validated parsing, revelation over the whole
// history (§3.4), the redacted form given to hunters (§3.5), message sanitising (§3.6) and what
// each seat receives (§3.7).
//
// Part of the contract for the referee and the C API layer:
//   Record r;                                  // an empty game
//   r.play(move, "message");                   // apply + record (message sanitised)
//   r.full(); r.redacted(); r.for_current_seat();
//   auto parsed = parse_full(text, messages);   // validated replay of a full string
//   if (auto* rec = std::get_if<Record>(&parsed)) ... else std::get<ParseError>(parsed).message
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "games/dracula/engine.h"

namespace arena::dracula {

// §3.6: characters outside 0x20..0x7E become '?', then the text is cut to 99 characters.
std::string sanitize_message(std::string_view text);

// A whole game: the engine state plus everything needed to produce each seat's strings.
class Record {
 public:
  Record() = default;

  const GameState& state() const { return state_; }
  int plays() const { return state_.plays; }

  // Resolves `m` for the current player (assumed legal, see is_legal) and records it with the
  // sanitised message. Returns the play's text.
  PlayText play(Move m, std::string_view message = {});

  // The full form (§3.3), as given to Dracula and stored in the game record.
  const std::string& full() const { return full_; }
  const std::vector<std::string>& messages() const { return messages_; }
  // The redacted form (§3.5) as it must be given now to a hunter (R = current round).
  std::string redacted() const;
  // What the current seat receives (§3.7): full for Dracula, redacted for a hunter.
  std::string for_current_seat() const;

  // Revealed flag of Dracula's move of `round` (§3.4), over the whole history.
  bool revealed(int round) const { return revealed_[round] != 0; }
  // Dracula's move identifiers, one per round played.
  const std::vector<int8_t>& dracula_moves() const { return dracula_moves_; }

 private:
  void sync_revealed();

  GameState state_;
  std::string full_;
  std::vector<std::string> messages_;
  std::vector<int8_t> dracula_moves_;
  std::vector<uint8_t> revealed_;
};

struct ParseError {
  int play = -1;    // index of the faulty play, -1 for the string as a whole
  int column = -1;  // character offset in the string
  std::string message;
};

// Parses and validates a full past-plays string (§3.1–§3.3) by replaying it with the engine:
// separators, seat letters, move codes, legality, and that characters 3–6 equal the play the
// engine resolves. `messages` may be empty (all messages "") or hold one entry per play.
// Never crashes on any input.
std::variant<Record, ParseError> parse_full(std::string_view text,
                                            const std::vector<std::string>& messages = {});

// Checks only the shape of a (full or redacted) string: 7-character plays separated by single
// spaces, seat letters in turn order, known codes. "" when fine, else a precise error.
std::string check_shape(std::string_view text);

// Number of plays in a well-formed string ((length + 1) / 8, 0 for "").
inline int play_count(std::string_view text) {
  return text.empty() ? 0 : static_cast<int>((text.size() + 1) / 8);
}

}  // namespace arena::dracula
