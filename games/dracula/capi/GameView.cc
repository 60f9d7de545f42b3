// The course's GameView ADT (spec §5.5) over the C++ view layer (games/dracula/view.h).
//
// Each of the three views lives in its own translation unit and uses only the view layer, so a
// program that brings its own GameView.c never pulls this object in (§5.10).

#include "GameView.h"

#include <new>

#include "capi_util.h"

using arena::dracula::View;
using namespace arena::dracula::capi;

struct gameView {
  View view;
};

FOD_API GameView GvNew(char* pastPlays, Message messages[]) {
  return new (std::nothrow) gameView{make_view(pastPlays)};
}

FOD_API void GvFree(GameView gv) {
  delete gv;
}

FOD_API Round GvGetRound(GameView gv) {
  return gv ? gv->view.round() : 0;
}

FOD_API Player GvGetPlayer(GameView gv) {
  return static_cast<Player>(gv ? gv->view.player() : 0);
}

FOD_API int GvGetScore(GameView gv) {
  return gv ? gv->view.score() : 0;
}

FOD_API int GvGetHealth(GameView gv, Player player) {
  return gv && valid_player(player) ? gv->view.health(player) : 0;
}

FOD_API PlaceId GvGetPlayerLocation(GameView gv, Player player) {
  return gv && valid_player(player) ? to_c(gv->view.location(player)) : NOWHERE;
}

FOD_API PlaceId GvGetVampireLocation(GameView gv) {
  return gv ? to_c(gv->view.vampire_location()) : NOWHERE;
}

FOD_API PlaceId* GvGetTrapLocations(GameView gv, int* numTraps) {
  if (!gv) return to_c_array(arena::dracula::PlaceList{}, numTraps);
  return to_c_array(gv->view.trap_locations(), numTraps);
}

FOD_API PlaceId* GvGetMoveHistory(GameView gv, Player player, int* numReturnedMoves,
                                  bool* canFree) {
  if (!gv) return to_c_array(std::span<const int>{}, numReturnedMoves, canFree);
  return to_c_array(gv->view.move_history(player), numReturnedMoves, canFree);
}

FOD_API PlaceId* GvGetLastMoves(GameView gv, Player player, int numMoves, int* numReturnedMoves,
                                bool* canFree) {
  if (!gv) return to_c_array(std::span<const int>{}, numReturnedMoves, canFree);
  return to_c_array(gv->view.last_moves(player, numMoves), numReturnedMoves, canFree);
}

FOD_API PlaceId* GvGetLocationHistory(GameView gv, Player player, int* numReturnedLocs,
                                      bool* canFree) {
  if (!gv) return to_c_array(std::span<const int>{}, numReturnedLocs, canFree);
  return to_c_array(gv->view.location_history(player), numReturnedLocs, canFree);
}

FOD_API PlaceId* GvGetLastLocations(GameView gv, Player player, int numLocs, int* numReturnedLocs,
                                    bool* canFree) {
  if (!gv) return to_c_array(std::span<const int>{}, numReturnedLocs, canFree);
  return to_c_array(gv->view.last_locations(player, numLocs), numReturnedLocs, canFree);
}

FOD_API PlaceId* GvGetReachable(GameView gv, Player player, Round round, PlaceId from,
                                int* numReturnedLocs) {
  return to_c_array(View::reachable(player, round, from), numReturnedLocs);
}

FOD_API PlaceId* GvGetReachableByType(GameView gv, Player player, Round round, PlaceId from,
                                      bool road, bool rail, bool boat, int* numReturnedLocs) {
  return to_c_array(View::reachable(player, round, from, transport_mask(road, rail, boat)),
                    numReturnedLocs);
}
