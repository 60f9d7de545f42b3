// The course's DraculaView ADT (spec §5.7) over the C++ view layer (games/dracula/view.h).
//
// Independent of GameView.cc (no Gv* calls), so a program that brings its own views never pulls
// this object in (§5.10).

#include "DraculaView.h"

#include <new>
#include <string>

#include "capi_util.h"
#include "view_text.h"

using arena::dracula::PlaceList;
using arena::dracula::View;
using namespace arena::dracula::capi;

struct draculaView {
  View view;
  std::string past_plays;  // for the reference AIs (view_text.h)
};

FOD_API DraculaView DvNew(char* pastPlays, Message messages[]) {
  try {
    return new draculaView{make_view(pastPlays), pastPlays ? pastPlays : ""};
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

const std::string& arena::dracula::capi::past_plays_of(DraculaView v) {
  static const std::string none;
  return v ? v->past_plays : none;
}

FOD_API void DvFree(DraculaView dv) {
  delete dv;
}

FOD_API Round DvGetRound(DraculaView dv) {
  return dv ? dv->view.round() : 0;
}

FOD_API int DvGetScore(DraculaView dv) {
  return dv ? dv->view.score() : 0;
}

FOD_API int DvGetHealth(DraculaView dv, Player player) {
  return dv && valid_player(player) ? dv->view.health(player) : 0;
}

FOD_API PlaceId DvGetPlayerLocation(DraculaView dv, Player player) {
  return dv && valid_player(player) ? to_c(dv->view.location(player)) : NOWHERE;
}

FOD_API PlaceId DvGetVampireLocation(DraculaView dv) {
  return dv ? to_c(dv->view.vampire_location()) : NOWHERE;
}

FOD_API PlaceId* DvGetTrapLocations(DraculaView dv, int* numTraps) {
  if (!dv) return to_c_array(PlaceList{}, numTraps);
  return to_c_array(dv->view.trap_locations(), numTraps);
}

FOD_API PlaceId* DvGetValidMoves(DraculaView dv, int* numReturnedMoves) {
  if (!dv) return to_c_array(PlaceList{}, numReturnedMoves);
  return to_c_array(dv->view.dracula_valid_moves(), numReturnedMoves);
}

FOD_API PlaceId* DvWhereCanIGo(DraculaView dv, int* numReturnedLocs) {
  if (!dv) return to_c_array(PlaceList{}, numReturnedLocs);
  return to_c_array(dv->view.dracula_where_can_i_go(), numReturnedLocs);
}

FOD_API PlaceId* DvWhereCanIGoByType(DraculaView dv, bool road, bool boat, int* numReturnedLocs) {
  if (!dv) return to_c_array(PlaceList{}, numReturnedLocs);
  return to_c_array(dv->view.dracula_where_can_i_go(transport_mask(road, false, boat)),
                    numReturnedLocs);
}

FOD_API PlaceId* DvWhereCanTheyGo(DraculaView dv, Player player, int* numReturnedLocs) {
  if (!dv) return to_c_array(PlaceList{}, numReturnedLocs);
  return to_c_array(dv->view.dracula_where_can_they_go(player), numReturnedLocs);
}

FOD_API PlaceId* DvWhereCanTheyGoByType(DraculaView dv, Player player, bool road, bool rail,
                                        bool boat, int* numReturnedLocs) {
  if (!dv) return to_c_array(PlaceList{}, numReturnedLocs);
  return to_c_array(dv->view.dracula_where_can_they_go(player, transport_mask(road, rail, boat)),
                    numReturnedLocs);
}
