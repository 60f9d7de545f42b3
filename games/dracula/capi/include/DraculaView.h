// Fury of Dracula: the DraculaView ADT, the game as Dracula sees it (spec §5.7).
// Course-compatible: exactly the names and signatures of the course's DraculaView.h.
// Arrays returned by the functions below are malloc'ed: release them with free().

#ifndef FOD__DRACULA_VIEW_H_
#define FOD__DRACULA_VIEW_H_

#include <stdbool.h>

#include "Game.h"
#include "Places.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct draculaView *DraculaView;

DraculaView DvNew(char *pastPlays, Message messages[]);
void DvFree(DraculaView dv);

Round DvGetRound(DraculaView dv);
int DvGetScore(DraculaView dv);
int DvGetHealth(DraculaView dv, Player player);
PlaceId DvGetPlayerLocation(DraculaView dv, Player player);
PlaceId DvGetVampireLocation(DraculaView dv);
PlaceId *DvGetTrapLocations(DraculaView dv, int *numTraps);

PlaceId *DvGetValidMoves(DraculaView dv, int *numReturnedMoves);
PlaceId *DvWhereCanIGo(DraculaView dv, int *numReturnedLocs);
PlaceId *DvWhereCanIGoByType(DraculaView dv, bool road, bool boat, int *numReturnedLocs);
PlaceId *DvWhereCanTheyGo(DraculaView dv, Player player, int *numReturnedLocs);
PlaceId *DvWhereCanTheyGoByType(DraculaView dv, Player player, bool road, bool rail, bool boat,
                                int *numReturnedLocs);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__DRACULA_VIEW_H_)
