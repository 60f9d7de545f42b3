#include "games/dracula/human_hint.h"

#include <stdexcept>
#include <string>

#include "games/dracula/engine.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/view.h"

namespace arena::dracula {
namespace {

Json place_or_null(PlaceId p) {
  return is_real(p) ? Json(std::string(id_to_code(p))) : Json(nullptr);
}

// Where Dracula's move `m` leaves him (§2.3), from the state before it.
PlaceId dracula_destination(const GameState& s, Move m) {
  if (m.is_location()) return m.id;
  if (m.id == kTeleport) return kCastleDracula;
  if (m.id == kHide) return s.dracula_loc();
  return s.trail[m.double_back() - 1].loc;
}

}  // namespace

Json human_hint(std::string_view role, std::string_view request) {
  const std::string seats = "GSHMD";
  const auto seat = role.size() == 1 ? seats.find(role[0]) : std::string::npos;
  if (seat == std::string::npos)
    throw std::invalid_argument("unknown Dracula seat '" + std::string(role) +
                                "' (G, S, H, M or D)");
  Json req = Json::parse(request, nullptr, /*allow_exceptions=*/false);
  if (!req.is_object()) throw std::invalid_argument("the request is not a JSON object");
  if (!req.contains("past_plays") || !req["past_plays"].is_string())
    throw std::invalid_argument("the request has no string 'past_plays'");
  const std::string plays = req["past_plays"].get<std::string>();
  if (std::string shape = check_shape(plays); !shape.empty())
    throw std::invalid_argument("past_plays: " + shape);
  const int n = play_count(plays);
  if (n % kNumSeats != static_cast<int>(seat))
    throw std::invalid_argument("past_plays holds " + std::to_string(n) + " plays: play " +
                                std::to_string(n) + " is " + std::string(1, seats[n % kNumSeats]) +
                                "'s, not " + std::string(role) + "'s");
  Json out = {{"role", std::string(role)}, {"round", n / kNumSeats}};
  Json moves = Json::array();
  if (seat == kDraculaSeat) {
    auto parsed = parse_full(plays);
    if (auto* err = std::get_if<ParseError>(&parsed))
      throw std::invalid_argument("past_plays (full form): " + err->message);
    const GameState& s = std::get<Record>(parsed).state();
    if (s.is_over()) throw std::invalid_argument("past_plays: the game is over");
    out["from"] = place_or_null(s.dracula_loc());
    MoveList legal;
    legal_moves(s, legal);
    for (Move m : legal)
      moves.push_back({{"move", std::string(m.code())},
                       {"location", std::string(id_to_code(dracula_destination(s, m)))}});
  } else {
    // A hunter's moves depend only on his own location and the round (§2.5), both exact on the
    // redacted string he receives.
    const View v(plays);
    const PlaceId from = v.location(static_cast<int>(seat));
    out["from"] = place_or_null(from);
    PlaceSet reach;
    if (!is_real(from))
      for (PlaceId p = 0; p < kNumPlaces; ++p) reach.set(p);
    else
      reach = hunter_reach(static_cast<int>(seat), v.round(), from);
    reach.for_each([&](PlaceId p) {
      const std::string code(id_to_code(p));
      moves.push_back({{"move", code}, {"location", code}});
    });
  }
  out["moves"] = std::move(moves);
  return out;
}

}  // namespace arena::dracula
