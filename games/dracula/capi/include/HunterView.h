// Fury of Dracula: the HunterView ADT, the game as a hunter sees it (spec §5.6).
// Course-compatible: exactly the names and signatures of the course's HunterView.h.
// Arrays returned by the functions below are malloc'ed: release them with free().

#ifndef FOD__HUNTER_VIEW_H_
#define FOD__HUNTER_VIEW_H_

#include <stdbool.h>

#include "Game.h"
#include "Places.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hunterView *HunterView;

HunterView HvNew(char *pastPlays, Message messages[]);
void HvFree(HunterView hv);

Round HvGetRound(HunterView hv);
Player HvGetPlayer(HunterView hv);
int HvGetScore(HunterView hv);
int HvGetHealth(HunterView hv, Player player);
PlaceId HvGetPlayerLocation(HunterView hv, Player player);
PlaceId HvGetVampireLocation(HunterView hv);

PlaceId HvGetLastKnownDraculaLocation(HunterView hv, Round *round);
PlaceId *HvGetShortestPathTo(HunterView hv, Player hunter, PlaceId dest, int *pathLength);

PlaceId *HvWhereCanIGo(HunterView hv, int *numReturnedLocs);
PlaceId *HvWhereCanIGoByType(HunterView hv, bool road, bool rail, bool boat,
                             int *numReturnedLocs);
PlaceId *HvWhereCanTheyGo(HunterView hv, Player player, int *numReturnedLocs);
PlaceId *HvWhereCanTheyGoByType(HunterView hv, Player player, bool road, bool rail, bool boat,
                                int *numReturnedLocs);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__HUNTER_VIEW_H_)
