// A small course-style Dracula AI for Fury of Dracula, written against the course API only.
//
// Build it as a user would (see docs/dracula-capi.md):
//   cc dracula.c $(pkg-config --cflags --libs dracula-dracula) -o dracula
//
// Strategy: greedy. Among the valid LOCATION moves, prefer land places no hunter can reach next
// turn, then any place no hunter can reach, then anything valid; when no LOCATION move is valid,
// hide or double back. With no valid move at all the referee teleports him, whatever he says.

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "DraculaView.h"
#include "Game.h"
#include "dracula.h"

static void play(PlaceId move, const char *reason)
{
	Message message = "";
	snprintf(message, sizeof message, "%s", reason);
	registerBestPlay(placeIdToAbbrev(move), message);
}

// true if some hunter can reach `place` with his next move.
static bool threatened(DraculaView dv, PlaceId place)
{
	for (Player h = PLAYER_LORD_GODALMING; h <= PLAYER_MINA_HARKER; h++) {
		int n = 0;
		PlaceId *reach = DvWhereCanTheyGo(dv, h, &n);
		bool hit = false;
		for (int i = 0; i < n; i++) hit = hit || reach[i] == place;
		free(reach);
		if (hit) return true;
	}
	return false;
}

static int score(DraculaView dv, PlaceId move)
{
	if (!placeIsReal(move)) return 1;  // HIDE / DOUBLE_BACK: acceptable, not preferred
	int s = 2;
	if (!threatened(dv, move)) s += 4;
	if (placeIsLand(move)) s += 2;  // the sea costs blood
	if (move == CASTLE_DRACULA) s += 1;
	return s;
}

void decideDraculaMove(DraculaView dv)
{
	int n = 0;
	PlaceId *moves = DvGetValidMoves(dv, &n);
	if (DvGetPlayerLocation(dv, PLAYER_DRACULA) == NOWHERE) {
		// First move: any real place but the hospital; pick one that no hunter can reach.
		PlaceId start = KLAUSENBURG;
		for (PlaceId p = MIN_REAL_PLACE; p <= MAX_REAL_PLACE; p++) {
			if (p != HOSPITAL_PLACE && placeIsLand(p) && !threatened(dv, p)) {
				start = p;
				if ((p * 7 + DvGetScore(dv)) % 5 == 0) break;  // a little variety
			}
		}
		play(start, "rising");
		free(moves);
		return;
	}
	if (n == 0) {
		play(TELEPORT, "teleporting");  // the referee teleports him anyway
		return;
	}
	PlaceId best = moves[0];
	int bestScore = score(dv, best);
	play(best, "moving");
	for (int i = 1; i < n; i++) {
		int s = score(dv, moves[i]);
		if (s > bestScore) {
			best = moves[i];
			bestScore = s;
		}
	}
	printf("dracula: %d valid moves, choosing %s\n", n, placeIdToAbbrev(best));
	play(best, "moving");
	free(moves);
}
