// Fury of Dracula: the GameView ADT, a view of the game from a past-plays string (spec §5.5).
// Course-compatible: exactly the names and signatures of the course's GameView.h.
// Arrays returned by the functions below are malloc'ed: release them with free().

#ifndef FOD__GAME_VIEW_H_
#define FOD__GAME_VIEW_H_

#include <stdbool.h>

#include "Game.h"
#include "Places.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gameView *GameView;

GameView GvNew(char *pastPlays, Message messages[]);
void GvFree(GameView gv);

Round GvGetRound(GameView gv);
Player GvGetPlayer(GameView gv);
int GvGetScore(GameView gv);
int GvGetHealth(GameView gv, Player player);
PlaceId GvGetPlayerLocation(GameView gv, Player player);
PlaceId GvGetVampireLocation(GameView gv);
PlaceId *GvGetTrapLocations(GameView gv, int *numTraps);

PlaceId *GvGetMoveHistory(GameView gv, Player player, int *numReturnedMoves, bool *canFree);
PlaceId *GvGetLastMoves(GameView gv, Player player, int numMoves, int *numReturnedMoves,
                        bool *canFree);
PlaceId *GvGetLocationHistory(GameView gv, Player player, int *numReturnedLocs, bool *canFree);
PlaceId *GvGetLastLocations(GameView gv, Player player, int numLocs, int *numReturnedLocs,
                            bool *canFree);

PlaceId *GvGetReachable(GameView gv, Player player, Round round, PlaceId from,
                        int *numReturnedLocs);
PlaceId *GvGetReachableByType(GameView gv, Player player, Round round, PlaceId from, bool road,
                              bool rail, bool boat, int *numReturnedLocs);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__GAME_VIEW_H_)
