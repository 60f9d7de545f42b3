// dracula-v1: the reference Dracula before the search (bots/dracula_ai.h), kept as a baseline.
// A two-move look-ahead over his own legal moves (trail rules exact, so a forced TELEPORT is seen
// coming) scored with bots/dracula_eval.h, plus the vampire's survival in vampire rounds and a
// mild cost for HIDE / DOUBLE_BACK so that they stay available as escape hatches.
#include <algorithm>
#include <string>
#include <variant>

#include "core/rng.h"
#include "games/dracula/bots/dracula_ai.h"
#include "games/dracula/bots/dracula_eval.h"
#include "games/dracula/past_plays.h"

namespace arena::dracula {
namespace {

class DraculaV1 : public Ai {
 public:
  Decision decide(const TurnRequest& request) override {
    auto parsed = parse_full(request.past_plays, {});
    const Record* rec = std::get_if<Record>(&parsed);
    GameState s;
    if (rec) s = rec->state();
    MoveList moves;
    legal_moves(s, moves);
    if (moves.empty() || (moves.size() == 1 && moves[0].id == kTeleport)) return {"TP", ""};
    Rng rng(request.seed ^ (0x9e3779b97f4a7c15ULL * (s.plays + 1)));
    const Threat th = make_threat(s);
    double best_value = -1e18;
    Move best = moves[0];
    for (Move m1 : moves) {
      double value = heuristic_move_value(s, th, m1);
      value += 0.5 * rng.unit();  // unpredictability among near-equal moves
      if (value > best_value) best_value = value, best = m1;
    }
    return {std::string(best.code()), ""};
  }
};

}  // namespace

std::unique_ptr<Ai> make_dracula_v1() {
  return std::make_unique<DraculaV1>();
}

}  // namespace arena::dracula
