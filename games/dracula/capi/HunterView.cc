// The course's HunterView ADT (spec §5.6) over the C++ view layer (games/dracula/view.h).
//
// Independent of GameView.cc (no Gv* calls), so a program that brings its own views never pulls
// this object in (§5.10).

#include "HunterView.h"

#include <new>
#include <string>

#include "capi_util.h"
#include "view_text.h"

using arena::dracula::PlaceList;
using arena::dracula::View;
using namespace arena::dracula::capi;

struct hunterView {
  View view;
  std::string past_plays;  // for the reference AIs (view_text.h)
};

FOD_API HunterView HvNew(char* pastPlays, Message messages[]) {
  try {
    return new hunterView{make_view(pastPlays), pastPlays ? pastPlays : ""};
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

const std::string& arena::dracula::capi::past_plays_of(HunterView v) {
  static const std::string none;
  return v ? v->past_plays : none;
}

FOD_API void HvFree(HunterView hv) {
  delete hv;
}

FOD_API Round HvGetRound(HunterView hv) {
  return hv ? hv->view.round() : 0;
}

FOD_API Player HvGetPlayer(HunterView hv) {
  return static_cast<Player>(hv ? hv->view.player() : 0);
}

FOD_API int HvGetScore(HunterView hv) {
  return hv ? hv->view.score() : 0;
}

FOD_API int HvGetHealth(HunterView hv, Player player) {
  return hv && valid_player(player) ? hv->view.health(player) : 0;
}

FOD_API PlaceId HvGetPlayerLocation(HunterView hv, Player player) {
  return hv && valid_player(player) ? to_c(hv->view.location(player)) : NOWHERE;
}

FOD_API PlaceId HvGetVampireLocation(HunterView hv) {
  return hv ? to_c(hv->view.vampire_location()) : NOWHERE;
}

FOD_API PlaceId HvGetLastKnownDraculaLocation(HunterView hv, Round* round) {
  // The view leaves *round untouched when nothing is known, as the spec requires.
  return hv ? to_c(hv->view.last_known_dracula_location(round)) : NOWHERE;
}

FOD_API PlaceId* HvGetShortestPathTo(HunterView hv, Player hunter, PlaceId dest, int* pathLength) {
  if (!hv) return to_c_array(PlaceList{}, pathLength);
  return to_c_array(hv->view.shortest_path(hunter, dest), pathLength);
}

FOD_API PlaceId* HvWhereCanIGo(HunterView hv, int* numReturnedLocs) {
  if (!hv) return to_c_array(PlaceList{}, numReturnedLocs);
  return to_c_array(hv->view.where_can_they_go(hv->view.player()), numReturnedLocs);
}

FOD_API PlaceId* HvWhereCanIGoByType(HunterView hv, bool road, bool rail, bool boat,
                                     int* numReturnedLocs) {
  if (!hv) return to_c_array(PlaceList{}, numReturnedLocs);
  return to_c_array(hv->view.where_can_they_go(hv->view.player(), transport_mask(road, rail, boat)),
                    numReturnedLocs);
}

FOD_API PlaceId* HvWhereCanTheyGo(HunterView hv, Player player, int* numReturnedLocs) {
  if (!hv) return to_c_array(PlaceList{}, numReturnedLocs);
  return to_c_array(hv->view.where_can_they_go(player), numReturnedLocs);
}

FOD_API PlaceId* HvWhereCanTheyGoByType(HunterView hv, Player player, bool road, bool rail,
                                        bool boat, int* numReturnedLocs) {
  if (!hv) return to_c_array(PlaceList{}, numReturnedLocs);
  return to_c_array(hv->view.where_can_they_go(player, transport_mask(road, rail, boat)),
                    numReturnedLocs);
}
