// A small course-style hunter AI for Fury of Dracula, written against the course API only.
//
// Build it as a user would (see docs/dracula-capi.md):
//   cc hunter.c $(pkg-config --cflags --libs dracula-hunter) -o hunter
//
// Strategy: register a safe move first (stay where we are), then improve on it: rest when hurt,
// head for Dracula's last known location when there is one, else wander to a reachable place.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Game.h"
#include "HunterView.h"
#include "hunter.h"

// Starting places spread over the map, one per hunter.
static const PlaceId START[] = {STRASBOURG, MADRID, VIENNA, CASTLE_DRACULA};

static void play(PlaceId place, const char *reason)
{
	Message message = "";
	snprintf(message, sizeof message, "%s", reason);
	registerBestPlay(placeIdToAbbrev(place), message);
}

void decideHunterMove(HunterView hv)
{
	Player me = HvGetPlayer(hv);
	Round round = HvGetRound(hv);
	PlaceId here = HvGetPlayerLocation(hv, me);

	if (here == NOWHERE) {
		play(START[me], "starting out");
		return;
	}
	// A stay is always legal: register it at once so that a slow search still has a move.
	play(here, "resting");

	// This printf goes to stderr: the driver keeps stdout for the protocol.
	printf("hunter %d, round %d, at %s, health %d\n", me, round, placeIdToName(here),
	       HvGetHealth(hv, me));

	if (HvGetHealth(hv, me) <= 4) return;  // rest to recover

	Round seen = -1;
	PlaceId dracula = HvGetLastKnownDraculaLocation(hv, &seen);
	if (dracula != NOWHERE && dracula != here) {
		int length = 0;
		PlaceId *path = HvGetShortestPathTo(hv, me, dracula, &length);
		if (length > 0) play(path[0], "on his trail");
		free(path);
		return;
	}

	// No lead: move somewhere reachable, different for each hunter and round.
	int n = 0;
	PlaceId *moves = HvWhereCanIGo(hv, &n);
	if (n > 0) play(moves[(me + round) % n], "searching");
	free(moves);
}
