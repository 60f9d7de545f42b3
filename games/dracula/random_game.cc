#include "games/dracula/random_game.h"

namespace arena::dracula {

Move random_move(const GameState& s, Rng& rng) {
  MoveList moves;
  legal_moves(s, moves);
  if (moves.empty()) return Move();
  return moves[static_cast<int>(rng.below(static_cast<uint64_t>(moves.size())))];
}

Record random_game(uint64_t seed, int max_plays, bool messages) {
  Rng rng = named_stream(seed, "random-game");
  Record record;
  while (!record.state().is_over() && record.plays() < max_plays) {
    const Move m = random_move(record.state(), rng);
    std::string message;
    if (messages) message.append(1, 'm').append(std::to_string(record.plays()));
    record.play(m, message);
  }
  return record;
}

}  // namespace arena::dracula
