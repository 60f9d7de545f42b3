// A course-style test program for the Fury of Dracula views: every function of Places.h, Map.h,
// GameView.h, HunterView.h, DraculaView.h and testUtils.h, on the test vectors of the spec (§8).
// Exits 0 only if every check passes; each failure is reported on stderr with its line.
//
// Build it as a user would (see docs/dracula-capi.md):
//   cc testViews.c $(pkg-config --cflags --libs dracula-views) -o testViews

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "DraculaView.h"
#include "Game.h"
#include "GameView.h"
#include "HunterView.h"
#include "Map.h"
#include "Places.h"
#include "testUtils.h"

static int checks = 0;
static int failures = 0;

#define CHECK(cond)                                                              \
	do {                                                                         \
		checks++;                                                                \
		if (!(cond)) {                                                           \
			failures++;                                                          \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		}                                                                        \
	} while (0)

// Messages for any string of the tests: all empty, enough for every play.
static Message MESSAGES[2000];

#define LIST(...) ((PlaceId[]){__VA_ARGS__})
#define COUNT(...) ((int) (sizeof(LIST(__VA_ARGS__)) / sizeof(PlaceId)))

// Compares a returned array with an expected list (as a set when `asSet`), then frees it.
static void checkList(PlaceId *got, int n, const PlaceId *want, int m, bool asSet, int line)
{
	checks++;
	bool ok = n == m && (n == 0) == (got == NULL);
	if (ok && n > 0) {
		PlaceId *a = malloc(sizeof(PlaceId) * (size_t) n);
		PlaceId *b = malloc(sizeof(PlaceId) * (size_t) n);
		memcpy(a, got, sizeof(PlaceId) * (size_t) n);
		memcpy(b, want, sizeof(PlaceId) * (size_t) n);
		if (asSet) {
			sortPlaces(a, n);
			sortPlaces(b, n);
		}
		ok = memcmp(a, b, sizeof(PlaceId) * (size_t) n) == 0;
		free(a);
		free(b);
	}
	if (!ok) {
		failures++;
		fprintf(stderr, "%s:%d: got {", __FILE__, line);
		for (int i = 0; i < n; i++) fprintf(stderr, " %s", placeIdToAbbrev(got[i]));
		fprintf(stderr, " }, want {");
		for (int i = 0; i < m; i++) fprintf(stderr, " %s", placeIdToAbbrev(want[i]));
		fprintf(stderr, " }\n");
	}
	free(got);
}

// The call is made before its count is read (argument evaluation order is unspecified in C).
#define CHECK_LIST(call, n, want, m, asSet)               \
	do {                                                  \
		PlaceId *got_ = (call);                           \
		checkList(got_, n, want, m, asSet, __LINE__);     \
	} while (0)
#define CHECK_SET(call, n, ...) CHECK_LIST(call, n, LIST(__VA_ARGS__), COUNT(__VA_ARGS__), true)
#define CHECK_SEQ(call, n, ...) CHECK_LIST(call, n, LIST(__VA_ARGS__), COUNT(__VA_ARGS__), false)
#define CHECK_EMPTY(call, n) CHECK_LIST(call, n, NULL, 0, true)

static GameView gv(const char *plays) { return GvNew((char *) plays, MESSAGES); }
static HunterView hv(const char *plays) { return HvNew((char *) plays, MESSAGES); }
static DraculaView dv(const char *plays) { return DvNew((char *) plays, MESSAGES); }

static void testPlaces(void)
{
	for (int i = 0; i < NUM_REAL_PLACES; i++) CHECK(PLACES[i].id == i);
	CHECK(NUM_REAL_PLACES == 71 && MIN_REAL_PLACE == 0 && MAX_REAL_PLACE == 70);
	CHECK(HOSPITAL_PLACE == 59 && CITY_UNKNOWN == 100 && TELEPORT == 108 && NOWHERE == -2);
	CHECK(strcmp(PLACES[ST_JOSEPH_AND_ST_MARY].name, "St Joseph and St Mary") == 0);
	CHECK(strcmp(PLACES[CLERMONT_FERRAND].abbrev, "CF") == 0);
	int nConns = 0, nRoad = 0, nRail = 0, nBoat = 0;
	while (CONNECTIONS[nConns].v != -1) {
		nRoad += CONNECTIONS[nConns].t == ROAD;
		nRail += CONNECTIONS[nConns].t == RAIL;
		nBoat += CONNECTIONS[nConns].t == BOAT;
		nConns++;
	}
	CHECK(nConns == 198 && nRoad == 115 && nRail == 43 && nBoat == 40);
	CHECK(CONNECTIONS[198].w == -1 && CONNECTIONS[198].t == ANY);
	CHECK(CONNECTIONS[0].v == ALICANTE && CONNECTIONS[0].w == GRANADA && CONNECTIONS[0].t == ROAD);
	CHECK(CONNECTIONS[197].v == ROME && CONNECTIONS[197].w == TYRRHENIAN_SEA);

	CHECK(placeNameToId("Adriatic Sea") == ADRIATIC_SEA);
	CHECK(placeNameToId("St Joseph and St Mary") == ST_JOSEPH_AND_ST_MARY);
	CHECK(placeNameToId("Strasbourg") == STRASBOURG);
	CHECK(placeNameToId("Zurich") == ZURICH);
	CHECK(placeNameToId("zurich") == NOWHERE);
	CHECK(placeNameToId("Atlantis") == NOWHERE);
	for (int i = 0; i < NUM_REAL_PLACES; i++) {
		CHECK(placeNameToId(PLACES[i].name) == i);
		CHECK(placeAbbrevToId(PLACES[i].abbrev) == i);
	}
	CHECK(placeAbbrevToId("C?") == CITY_UNKNOWN);
	CHECK(placeAbbrevToId("S?") == SEA_UNKNOWN);
	CHECK(placeAbbrevToId("HI") == HIDE);
	CHECK(placeAbbrevToId("D1") == DOUBLE_BACK_1);
	CHECK(placeAbbrevToId("D5") == DOUBLE_BACK_5);
	CHECK(placeAbbrevToId("TP") == TELEPORT);
	CHECK(placeAbbrevToId("D6") == NOWHERE);
	CHECK(placeAbbrevToId("ZZ") == NOWHERE);
	CHECK(placeAbbrevToId("cd") == NOWHERE);

	CHECK(placeIdToType(ADRIATIC_SEA) == SEA);
	CHECK(placeIdToType(CASTLE_DRACULA) == LAND);
	CHECK(placeIdToType(CITY_UNKNOWN) == LAND);
	CHECK(placeIdToType(SEA_UNKNOWN) == SEA);
	CHECK(placeIdToType(HIDE) == UNKNOWN);
	CHECK(placeIdToType(NOWHERE) == UNKNOWN);

	CHECK(strcmp(placeIdToName(GALATZ), "Galatz") == 0);
	CHECK(strcmp(placeIdToName(CITY_UNKNOWN), "Unknown City") == 0);
	CHECK(strcmp(placeIdToName(SEA_UNKNOWN), "Unknown Sea") == 0);
	CHECK(strcmp(placeIdToName(HIDE), "Hide") == 0);
	CHECK(strcmp(placeIdToName(DOUBLE_BACK_3), "Double Back 3") == 0);
	CHECK(strcmp(placeIdToName(TELEPORT), "Teleport") == 0);
	CHECK(strcmp(placeIdToName(NOWHERE), "Unknown Place") == 0);

	CHECK(strcmp(placeIdToAbbrev(ZURICH), "ZU") == 0);
	CHECK(strcmp(placeIdToAbbrev(CITY_UNKNOWN), "C?") == 0);
	CHECK(strcmp(placeIdToAbbrev(SEA_UNKNOWN), "S?") == 0);
	CHECK(strcmp(placeIdToAbbrev(HIDE), "HI") == 0);
	CHECK(strcmp(placeIdToAbbrev(DOUBLE_BACK_5), "D5") == 0);
	CHECK(strcmp(placeIdToAbbrev(TELEPORT), "TP") == 0);
	CHECK(strcmp(placeIdToAbbrev(UNKNOWN_PLACE), "??") == 0);

	CHECK(strcmp(transportTypeToString(ROAD), "road") == 0);
	CHECK(strcmp(transportTypeToString(RAIL), "rail") == 0);
	CHECK(strcmp(transportTypeToString(BOAT), "boat") == 0);
	CHECK(strcmp(transportTypeToString(ANY), "????") == 0);
	CHECK(transportTypeIsValid(ROAD) && transportTypeIsValid(BOAT));
	CHECK(!transportTypeIsValid(NONE) && !transportTypeIsValid(ANY));
	CHECK(placeIsLand(CITY_UNKNOWN) && placeIsLand(PARIS) && !placeIsLand(NORTH_SEA));
	CHECK(placeIsSea(SEA_UNKNOWN) && placeIsSea(NORTH_SEA) && !placeIsSea(PARIS));
	CHECK(placeIsReal(ADRIATIC_SEA) && placeIsReal(ZURICH));
	CHECK(!placeIsReal(CITY_UNKNOWN) && !placeIsReal(NOWHERE) && !placeIsReal(UNKNOWN_PLACE));

	PlaceId unsorted[] = {ZURICH, HIDE, ADRIATIC_SEA, NOWHERE, PARIS};
	sortPlaces(unsorted, 5);
	PlaceId sorted[] = {NOWHERE, ADRIATIC_SEA, PARIS, ZURICH, HIDE};
	CHECK(memcmp(unsorted, sorted, sizeof sorted) == 0);
}

static void testMap(void)
{
	Map m = MapNew();
	CHECK(m != NULL);
	CHECK(MapNumPlaces(m) == 71);
	CHECK(MapNumConnections(m, ROAD) == 230);
	CHECK(MapNumConnections(m, RAIL) == 86);
	CHECK(MapNumConnections(m, BOAT) == 80);
	CHECK(MapNumConnections(m, ANY) == 396);

	int n = 0;
	bool ga = false, kl = false;
	for (ConnList c = MapGetConnections(m, CASTLE_DRACULA); c != NULL; c = c->next, n++) {
		CHECK(c->type == ROAD);
		ga = ga || c->p == GALATZ;
		kl = kl || c->p == KLAUSENBURG;
	}
	CHECK(n == 2 && ga && kl);
	n = 0;
	for (ConnList c = MapGetConnections(m, ST_JOSEPH_AND_ST_MARY); c != NULL; c = c->next) n++;
	CHECK(n == 4);
	n = 0;
	for (ConnList c = MapGetConnections(m, CAGLIARI); c != NULL; c = c->next) {
		CHECK(c->type == BOAT);
		n++;
	}
	CHECK(n == 2);
	CHECK(MapGetConnections(m, NOWHERE) == NULL);

	// MapShow writes to stdout: capture it in a temporary file and check its shape.
	FILE *tmp = tmpfile();
	CHECK(tmp != NULL);
	if (tmp != NULL) {
		fflush(stdout);
		int saved = dup(1);
		dup2(fileno(tmp), 1);
		MapShow(m);
		fflush(stdout);
		dup2(saved, 1);
		close(saved);
		rewind(tmp);
		char line[256];
		int lines = 0;
		bool first = false, sample = false;
		while (fgets(line, sizeof line, tmp) != NULL) {
			if (lines == 0) first = strcmp(line, "V = 71, E = 198\n") == 0;
			if (strcmp(line, "Castle Dracula connects to Galatz by road\n") == 0) sample = true;
			lines++;
		}
		CHECK(first && sample && lines == 1 + 396);
		fclose(tmp);
	}
	MapFree(m);
}

static void testGameViewVectors(void)
{
	// V1
	GameView g = gv("");
	CHECK(GvGetRound(g) == 0 && GvGetPlayer(g) == PLAYER_LORD_GODALMING);
	CHECK(GvGetScore(g) == GAME_START_SCORE);
	CHECK(GvGetHealth(g, PLAYER_LORD_GODALMING) == 9 && GvGetHealth(g, PLAYER_DRACULA) == 40);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == NOWHERE);
	CHECK(GvGetVampireLocation(g) == NOWHERE);
	int n = -1;
	CHECK_EMPTY(GvGetTrapLocations(g, &n), n);
	bool canFree = false;
	PlaceId *moves = GvGetMoveHistory(g, PLAYER_DRACULA, &n, &canFree);
	CHECK_EMPTY(moves, n);
	// V15-V18, V28: reachability does not depend on the string.
	CHECK_SET(GvGetReachableByType(g, PLAYER_LORD_GODALMING, 1, GALATZ, true, false, false, &n), n,
	          BUCHAREST, CASTLE_DRACULA, CONSTANTA, GALATZ, KLAUSENBURG);
	CHECK_SET(GvGetReachableByType(g, PLAYER_LORD_GODALMING, 1, IONIAN_SEA, false, false, true, &n), n,
	          ADRIATIC_SEA, ATHENS, BLACK_SEA, IONIAN_SEA, SALONICA, TYRRHENIAN_SEA, VALONA);
	CHECK_SET(GvGetReachableByType(g, PLAYER_LORD_GODALMING, 2, PARIS, false, true, false, &n), n,
	          BORDEAUX, BRUSSELS, COLOGNE, LE_HAVRE, MARSEILLES, PARIS, SARAGOSSA);
	CHECK_SET(GvGetReachableByType(g, PLAYER_LORD_GODALMING, 1, ATHENS, false, true, false, &n), n,
	          ATHENS);
	CHECK_SET(GvGetReachableByType(g, PLAYER_LORD_GODALMING, 3, PARIS, false, true, false, &n), n,
	          BARCELONA, BORDEAUX, BRUSSELS, COLOGNE, FRANKFURT, LE_HAVRE, MADRID, MARSEILLES, PARIS,
	          SARAGOSSA);
	CHECK_SET(GvGetReachableByType(g, PLAYER_DR_SEWARD, 1, MADRID, false, true, false, &n), n,
	          ALICANTE, BARCELONA, BORDEAUX, LISBON, MADRID, SANTANDER, SARAGOSSA);
	CHECK_SET(GvGetReachableByType(g, PLAYER_VAN_HELSING, 1, BUDAPEST, false, true, false, &n), n,
	          BUCHAREST, BUDAPEST, BELGRADE, BERLIN, CONSTANTA, GALATZ, PRAGUE, SOFIA, SZEGED, VENICE,
	          VIENNA);
	// All transport types; Dracula never by rail nor into the hospital.
	CHECK_SET(GvGetReachable(g, PLAYER_LORD_GODALMING, 0, SZEGED, &n), n, BUDAPEST, BELGRADE,
	          ST_JOSEPH_AND_ST_MARY, KLAUSENBURG, SZEGED, ZAGREB);
	CHECK_SET(GvGetReachable(g, PLAYER_DRACULA, 3, SZEGED, &n), n, BUDAPEST, BELGRADE, KLAUSENBURG,
	          SZEGED, ZAGREB);
	CHECK_SET(GvGetReachableByType(g, PLAYER_DRACULA, 3, SZEGED, false, true, false, &n), n, SZEGED);
	CHECK_EMPTY(GvGetReachable(g, PLAYER_LORD_GODALMING, 1, NOWHERE, &n), n);
	CHECK_EMPTY(GvGetReachable(g, 9, 1, PARIS, &n), n);
	GvFree(g);

	// V2
	g = gv("GST....");
	CHECK(GvGetRound(g) == 0 && GvGetPlayer(g) == PLAYER_DR_SEWARD && GvGetScore(g) == 366);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == STRASBOURG);
	CHECK(GvGetPlayerLocation(g, PLAYER_DR_SEWARD) == NOWHERE);
	GvFree(g);

	// V3
	g = gv("GST.... SAO.... HZU....");
	CHECK(GvGetRound(g) == 0 && GvGetPlayer(g) == PLAYER_MINA_HARKER);
	CHECK(GvGetPlayerLocation(g, PLAYER_MINA_HARKER) == NOWHERE);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == NOWHERE);
	GvFree(g);

	// V4
	g = gv("GST.... SAO.... HZU.... MBB.... DC?.V..");
	CHECK(GvGetRound(g) == 1 && GvGetPlayer(g) == PLAYER_LORD_GODALMING && GvGetScore(g) == 365);
	CHECK(GvGetHealth(g, PLAYER_DRACULA) == 40);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == STRASBOURG);
	CHECK(GvGetPlayerLocation(g, PLAYER_DR_SEWARD) == ATLANTIC_OCEAN);
	CHECK(GvGetPlayerLocation(g, PLAYER_VAN_HELSING) == ZURICH);
	CHECK(GvGetPlayerLocation(g, PLAYER_MINA_HARKER) == BAY_OF_BISCAY);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == CITY_UNKNOWN);
	CHECK(GvGetVampireLocation(g) == CITY_UNKNOWN);
	GvFree(g);

	// V5
	g = gv("GST.... SAO.... HCD.... MAO.... DGE.V.. GGEVD..");
	CHECK(GvGetHealth(g, PLAYER_LORD_GODALMING) == 5 && GvGetHealth(g, PLAYER_DRACULA) == 30);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == GENEVA);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == GENEVA);
	CHECK(GvGetVampireLocation(g) == NOWHERE);
	GvFree(g);

	// V6
	g = gv("GGE.... SGE.... HGE.... MGE.... DS?.... GST.... SST.... HST.... MST.... DD1....");
	CHECK(GvGetRound(g) == 2 && GvGetPlayer(g) == PLAYER_LORD_GODALMING && GvGetScore(g) == 364);
	CHECK(GvGetHealth(g, PLAYER_DRACULA) == 36);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == SEA_UNKNOWN);
	GvFree(g);

	// V7
	g = gv("GGE.... SGE.... HGE.... MGE.... DEC.... GST.... SST.... HST.... MST.... DD1.... "
	       "GFR.... SFR.... HFR.... MFR....");
	CHECK(GvGetRound(g) == 2 && GvGetPlayer(g) == PLAYER_DRACULA && GvGetScore(g) == 364);
	CHECK(GvGetHealth(g, PLAYER_DRACULA) == 36);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == ENGLISH_CHANNEL);
	GvFree(g);

	// V8
	g = gv("GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE....");
	CHECK(GvGetHealth(g, PLAYER_LORD_GODALMING) == 9);
	GvFree(g);

	// V9 and V9b
	const char *v9 = "GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE.... SGE.... HGE.... MGE.... DSTT... "
	                 "GGE.... SGE.... HGE.... MGE.... DHIT... GGE.... SGE.... HGE.... MGE.... DD1T... "
	                 "GSTTTTD";
	g = gv(v9);
	CHECK(GvGetScore(g) == 356 && GvGetHealth(g, PLAYER_LORD_GODALMING) == 0);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == ST_JOSEPH_AND_ST_MARY);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == STRASBOURG);
	CHECK(GvGetHealth(g, PLAYER_DRACULA) == 30);
	CHECK_SEQ(GvGetMoveHistory(g, PLAYER_LORD_GODALMING, &n, &canFree), n, GENEVA, GENEVA, GENEVA,
	          GENEVA, STRASBOURG);
	CHECK(canFree);
	GvFree(g);
	char buf[512];
	snprintf(buf, sizeof buf, "%s SGE.... HGE.... MGE....", v9);
	g = gv(buf);
	CHECK(GvGetPlayer(g) == PLAYER_DRACULA && GvGetHealth(g, PLAYER_LORD_GODALMING) == 0);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == ST_JOSEPH_AND_ST_MARY);
	GvFree(g);
	snprintf(buf, sizeof buf, "%s SGE.... HGE.... MGE.... DC?T...", v9);
	g = gv(buf);
	CHECK(GvGetPlayer(g) == PLAYER_LORD_GODALMING && GvGetHealth(g, PLAYER_LORD_GODALMING) == 9);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == ST_JOSEPH_AND_ST_MARY);
	CHECK(GvGetScore(g) == 355);
	GvFree(g);
	snprintf(buf, sizeof buf, "%s SGE.... HGE.... MGE.... DC?T... GJM....", v9);
	g = gv(buf);
	CHECK(GvGetHealth(g, PLAYER_LORD_GODALMING) == 9 && GvGetScore(g) == 355);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == ST_JOSEPH_AND_ST_MARY);
	GvFree(g);

	// V10
	g = gv("GGE.... SGE.... HGE.... MGE.... DCD.V.. GGE.... SGE.... HGE.... MGE.... DD1T...");
	CHECK(GvGetHealth(g, PLAYER_DRACULA) == 60);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == CASTLE_DRACULA);
	GvFree(g);

	// V11
	g = gv("GVI.... SGE.... HGE.... MGE.... DCD.V.. GBD.... SGE.... HGE.... MGE.... DKLT... "
	       "GSZ.... SGE.... HGE.... MGE.... DGAT... GSZ.... SGE.... HGE.... MGE....");
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == GALATZ);
	CHECK(GvGetVampireLocation(g) == CASTLE_DRACULA);
	CHECK_SET(GvGetTrapLocations(g, &n), n, GALATZ, KLAUSENBURG);
	GvFree(g);

	// V12
	g = gv("GVI.... SGE.... HGE.... MGE.... DBC.V.. GBD.... SGE.... HGE.... MGE.... DKLT... "
	       "GSZ.... SGE.... HGE.... MGE.... DGAT... GBE.... SGE.... HGE.... MGE.... DCNT... "
	       "GKLT... SGE.... HGE.... MGE....");
	CHECK(GvGetHealth(g, PLAYER_LORD_GODALMING) == 7);
	CHECK(GvGetPlayerLocation(g, PLAYER_LORD_GODALMING) == KLAUSENBURG);
	CHECK(GvGetVampireLocation(g) == BUCHAREST);
	CHECK_SET(GvGetTrapLocations(g, &n), n, CONSTANTA, GALATZ);
	GvFree(g);

	// V13
	g = gv("GGE.... SGE.... HGE.... MGE.... DC?.V.. GGE.... SGE.... HGE.... MGE.... DC?T... "
	       "GGE.... SGE.... HGE.... MGE.... DC?T... GGE.... SGE.... HGE.... MGE.... DC?T... "
	       "GGE.... SGE.... HGE.... MGE.... DC?T... GGE.... SGE.... HGE.... MGE.... DC?T... "
	       "GGE.... SGE.... HGE.... MGE.... DC?T.V.");
	CHECK(GvGetScore(g) == 346);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == CITY_UNKNOWN);
	CHECK(GvGetVampireLocation(g) == NOWHERE);
	CHECK_EMPTY(GvGetTrapLocations(g, &n), n);  // their places are unknown
	GvFree(g);

	// V14: histories, whole and partial.
	g = gv("GLS.... SGE.... HGE.... MGE.... DST.V.. GCA.... SGE.... HGE.... MGE.... DC?T... "
	       "GGR.... SGE.... HGE.... MGE.... DC?T... GAL.... SGE.... HGE.... MGE.... DD3T... "
	       "GSR.... SGE.... HGE.... MGE.... DHIT... GSN.... SGE.... HGE.... MGE.... DC?T... "
	       "GMA.... SSTTTV.");
	CHECK(GvGetHealth(g, PLAYER_DR_SEWARD) == 5);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == CITY_UNKNOWN);
	CHECK(GvGetVampireLocation(g) == NOWHERE);
	canFree = false;
	CHECK_SEQ(GvGetMoveHistory(g, PLAYER_LORD_GODALMING, &n, &canFree), n, LISBON, CADIZ, GRANADA,
	          ALICANTE, SARAGOSSA, SANTANDER, MADRID);
	CHECK(canFree);
	CHECK_SEQ(GvGetMoveHistory(g, PLAYER_DRACULA, &n, &canFree), n, STRASBOURG, CITY_UNKNOWN,
	          CITY_UNKNOWN, DOUBLE_BACK_3, HIDE, CITY_UNKNOWN);
	CHECK_SEQ(GvGetLocationHistory(g, PLAYER_DRACULA, &n, &canFree), n, STRASBOURG, CITY_UNKNOWN,
	          CITY_UNKNOWN, STRASBOURG, STRASBOURG, CITY_UNKNOWN);
	CHECK_SEQ(GvGetLocationHistory(g, PLAYER_LORD_GODALMING, &n, &canFree), n, LISBON, CADIZ,
	          GRANADA, ALICANTE, SARAGOSSA, SANTANDER, MADRID);
	CHECK_SEQ(GvGetLastMoves(g, PLAYER_LORD_GODALMING, 3, &n, &canFree), n, SARAGOSSA, SANTANDER,
	          MADRID);
	CHECK_SEQ(GvGetLastMoves(g, PLAYER_DRACULA, 2, &n, &canFree), n, HIDE, CITY_UNKNOWN);
	{
		// More moves asked for than were made: all of them (the array is ours to free).
		PlaceId *all = GvGetLastMoves(g, PLAYER_DRACULA, 100, &n, &canFree);
		CHECK(all != NULL && n == 6);
		if (canFree) free(all);
	}
	CHECK_SEQ(GvGetLastLocations(g, PLAYER_DRACULA, 3, &n, &canFree), n, STRASBOURG, STRASBOURG,
	          CITY_UNKNOWN);
	CHECK_SEQ(GvGetLastLocations(g, PLAYER_DR_SEWARD, 1, &n, &canFree), n, STRASBOURG);
	CHECK_EMPTY(GvGetLastLocations(g, PLAYER_MINA_HARKER, 0, &n, &canFree), n);
	// Out-of-range arguments give neutral values.
	CHECK(GvGetPlayerLocation(g, (Player) 7) == NOWHERE && GvGetHealth(g, (Player) -1) == 0);
	CHECK_EMPTY(GvGetMoveHistory(g, (Player) 5, &n, &canFree), n);
	GvFree(g);
}

static void testHunterViewVectors(void)
{
	int n = -1;
	// V4
	HunterView h = hv("GST.... SAO.... HZU.... MBB.... DC?.V..");
	CHECK(HvGetRound(h) == 1 && HvGetPlayer(h) == PLAYER_LORD_GODALMING && HvGetScore(h) == 365);
	CHECK(HvGetHealth(h, PLAYER_DRACULA) == 40 && HvGetHealth(h, PLAYER_MINA_HARKER) == 9);
	CHECK(HvGetPlayerLocation(h, PLAYER_DR_SEWARD) == ATLANTIC_OCEAN);
	CHECK(HvGetPlayerLocation(h, PLAYER_DRACULA) == CITY_UNKNOWN);
	CHECK(HvGetVampireLocation(h) == CITY_UNKNOWN);
	Round round = 1234;
	CHECK(HvGetLastKnownDraculaLocation(h, &round) == NOWHERE && round == 1234);
	CHECK_SET(HvWhereCanIGo(h, &n), n, STRASBOURG, BRUSSELS, COLOGNE, FRANKFURT, GENEVA, MUNICH,
	          NUREMBURG, PARIS, ZURICH);
	CHECK_SET(HvWhereCanIGoByType(h, false, true, false, &n), n, STRASBOURG, FRANKFURT, ZURICH);
	CHECK_SET(HvWhereCanIGoByType(h, false, false, false, &n), n, STRASBOURG);
	CHECK_SET(HvWhereCanTheyGo(h, PLAYER_DR_SEWARD, &n), n, ATLANTIC_OCEAN, BAY_OF_BISCAY, CADIZ,
	          ENGLISH_CHANNEL, GALWAY, IRISH_SEA, LISBON, MEDITERRANEAN_SEA, NORTH_SEA);
	CHECK_SET(HvWhereCanTheyGoByType(h, PLAYER_DR_SEWARD, true, true, false, &n), n,
	          ATLANTIC_OCEAN);
	CHECK_EMPTY(HvWhereCanTheyGo(h, PLAYER_DRACULA, &n), n);  // unknown city
	HvFree(h);

	// V5
	h = hv("GST.... SAO.... HCD.... MAO.... DGE.V.. GGEVD..");
	CHECK(HvGetHealth(h, PLAYER_LORD_GODALMING) == 5 && HvGetHealth(h, PLAYER_DRACULA) == 30);
	CHECK(HvGetPlayerLocation(h, PLAYER_DRACULA) == GENEVA && HvGetVampireLocation(h) == NOWHERE);
	round = -1;
	CHECK(HvGetLastKnownDraculaLocation(h, &round) == GENEVA && round == 0);
	CHECK_SET(HvWhereCanTheyGoByType(h, PLAYER_DRACULA, true, true, true, &n), n, GENEVA,
	          CLERMONT_FERRAND, MARSEILLES, PARIS, STRASBOURG, ZURICH);
	HvFree(h);

	// V11b
	h = hv("GVI.... SGE.... HGE.... MGE.... DCD.V.. GBD.... SGE.... HGE.... MGE.... DC?T... "
	       "GSZ.... SGE.... HGE.... MGE.... DC?T... GSZ.... SGE.... HGE....");
	CHECK(HvGetPlayerLocation(h, PLAYER_DRACULA) == CITY_UNKNOWN);
	CHECK(HvGetVampireLocation(h) == CASTLE_DRACULA);
	HvFree(h);

	// V19
	h = hv("GGE.... SGE.... HVI.... MGE.... DCD.V.. GGE.... SGE.... HBD.... MGE.... DKLT... "
	       "GGE.... SGE.... HSZ.... MGE.... DC?T... GGE.... SGE.... HKLT... MGE.... DC?T... "
	       "GGE.... SGE.... HCDV... MGE.... DD1T...");
	CHECK(HvGetPlayerLocation(h, PLAYER_DRACULA) == CITY_UNKNOWN);
	round = -1;
	CHECK(HvGetLastKnownDraculaLocation(h, &round) == KLAUSENBURG && round == 1);
	HvFree(h);

	// V20: shortest paths (any shortest path is acceptable: check lengths and the end).
	h = hv("GLS.... SLS.... HSW.... MMR.... DCD.V..");
	struct {
		Player who;
		PlaceId dest;
		int length;
	} paths[] = {
	    {PLAYER_LORD_GODALMING, BARCELONA, 2}, {PLAYER_LORD_GODALMING, COLOGNE, 3},
	    {PLAYER_VAN_HELSING, HAMBURG, 3},      {PLAYER_MINA_HARKER, CONSTANTA, 4},
	    {PLAYER_DR_SEWARD, CASTLE_DRACULA, 7},
	};
	for (int i = 0; i < 5; i++) {
		int length = -1;
		PlaceId *path = HvGetShortestPathTo(h, paths[i].who, paths[i].dest, &length);
		CHECK(length == paths[i].length && path != NULL && path[length - 1] == paths[i].dest);
		free(path);
	}
	int length = -1;
	PlaceId *path = HvGetShortestPathTo(h, PLAYER_LORD_GODALMING, LISBON, &length);
	CHECK(path == NULL && length == 0);  // already there
	path = HvGetShortestPathTo(h, PLAYER_LORD_GODALMING, CITY_UNKNOWN, &length);
	CHECK(path == NULL && length == 0);
	HvFree(h);
	h = hv("GLS....");
	CHECK_SEQ(HvGetShortestPathTo(h, PLAYER_MINA_HARKER, VENICE, &length), length, VENICE);
	HvFree(h);

	// V21
	h = hv("GGA....");
	CHECK_SET(HvWhereCanTheyGoByType(h, PLAYER_LORD_GODALMING, true, false, false, &n), n,
	          BUCHAREST, CASTLE_DRACULA, CONSTANTA, GALATZ, KLAUSENBURG);
	CHECK_EMPTY(HvWhereCanIGo(h, &n), n);  // Seward has not moved yet
	HvFree(h);
	h = hv("GPA....");
	CHECK_SET(HvWhereCanTheyGoByType(h, PLAYER_LORD_GODALMING, false, true, false, &n), n,
	          BORDEAUX, BRUSSELS, LE_HAVRE, MARSEILLES, PARIS);
	HvFree(h);
	h = hv("GAS....");
	CHECK_SET(HvWhereCanTheyGoByType(h, PLAYER_LORD_GODALMING, false, false, true, &n), n,
	          ADRIATIC_SEA, BARI, IONIAN_SEA, VENICE);
	HvFree(h);

	// V22
	h = hv("GSZ.... SGE.... HGE.... MGE.... DSZ.V..");
	CHECK_SET(HvWhereCanTheyGoByType(h, PLAYER_DRACULA, true, false, false, &n), n, BUDAPEST,
	          BELGRADE, KLAUSENBURG, SZEGED, ZAGREB);
	CHECK_SET(HvWhereCanTheyGo(h, PLAYER_DRACULA, &n), n, BUDAPEST, BELGRADE, KLAUSENBURG, SZEGED,
	          ZAGREB);
	HvFree(h);

	// T1: the redacted string after a forced teleport.
	h = hv("GMA.... SMA.... HMA.... MMA.... DC?.V.. GMA.... SMA.... HMA.... MMA.... DS?.... "
	       "GMA.... SMA.... HMA.... MMA.... DS?.... GMA.... SMA.... HMA.... MMA.... DD3T... "
	       "GMA.... SMA.... HMA.... MMA.... DC?T... GMA.... SMA.... HMA.... MMA.... DTPT...");
	CHECK(HvGetPlayerLocation(h, PLAYER_DRACULA) == CASTLE_DRACULA);
	CHECK(HvGetHealth(h, PLAYER_DRACULA) == 46 && HvGetScore(h) == 360);
	CHECK(HvGetVampireLocation(h) == CITY_UNKNOWN);
	round = -1;
	CHECK(HvGetLastKnownDraculaLocation(h, &round) == CASTLE_DRACULA && round == 5);
	HvFree(h);

	// R2 (redacted, given to Godalming for play 45): a HIDE shown as HI, Dracula unknown.
	h = hv("GPA.... SBR.... HMA.... MKL.... DC?.V.. GPA.... SPR.... HMA.... MKL.... DC?T... "
	       "GST.... SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA.... DC?T... "
	       "GZU.... SZA.... HSR.... MGA.... DC?T... GZU.... SSZ.... HTO.... MGA.... DC?T... "
	       "GZU.... SJM.... HMR.... MGA.... DC?T.V. GZU.... SJM.... HMS.... MCN.... DC?T.M. "
	       "GMU.... SZA.... HTS.... MBS.... DC?T.M.");
	CHECK(HvGetRound(h) == 9 && HvGetPlayer(h) == PLAYER_LORD_GODALMING);
	CHECK(HvGetPlayerLocation(h, PLAYER_DRACULA) == CITY_UNKNOWN);
	CHECK(HvGetLastKnownDraculaLocation(h, &round) == NOWHERE);
	CHECK(HvGetScore(h) == 366 - 9 - 13 && HvGetHealth(h, PLAYER_DRACULA) == 40);
	HvFree(h);
}

static void testDraculaViewVectors(void)
{
	int n = -1;
	// V23
	DraculaView d = dv("GST.... SAO.... HZU.... MBB....");
	CHECK(DvGetRound(d) == 0 && DvGetScore(d) == 366 && DvGetHealth(d, PLAYER_DRACULA) == 40);
	CHECK(DvGetPlayerLocation(d, PLAYER_LORD_GODALMING) == STRASBOURG);
	CHECK(DvGetPlayerLocation(d, PLAYER_DR_SEWARD) == ATLANTIC_OCEAN);
	CHECK(DvGetPlayerLocation(d, PLAYER_VAN_HELSING) == ZURICH);
	CHECK(DvGetPlayerLocation(d, PLAYER_MINA_HARKER) == BAY_OF_BISCAY);
	CHECK(DvGetPlayerLocation(d, PLAYER_DRACULA) == NOWHERE);
	CHECK(DvGetVampireLocation(d) == NOWHERE);
	CHECK_EMPTY(DvGetTrapLocations(d, &n), n);
	CHECK_EMPTY(DvGetValidMoves(d, &n), n);  // round 0: any real place but JM
	CHECK_EMPTY(DvWhereCanIGo(d, &n), n);
	CHECK_EMPTY(DvWhereCanTheyGo(d, PLAYER_DRACULA, &n), n);
	CHECK_SET(DvWhereCanTheyGo(d, PLAYER_DR_SEWARD, &n), n, ATLANTIC_OCEAN, BAY_OF_BISCAY, CADIZ,
	          ENGLISH_CHANNEL, GALWAY, IRISH_SEA, LISBON, MEDITERRANEAN_SEA, NORTH_SEA);
	DvFree(d);

	// V24
	d = dv("GST.... SAO.... HCD.... MAO.... DGE.V.. GGEVD.. SAO.... HCD.... MAO....");
	CHECK(DvGetRound(d) == 1 && DvGetScore(d) == 365);
	CHECK(DvGetHealth(d, PLAYER_LORD_GODALMING) == 5 && DvGetHealth(d, PLAYER_DRACULA) == 30);
	CHECK(DvGetPlayerLocation(d, PLAYER_LORD_GODALMING) == GENEVA);
	CHECK(DvGetPlayerLocation(d, PLAYER_DRACULA) == GENEVA);
	CHECK(DvGetVampireLocation(d) == NOWHERE);
	DvFree(d);

	// V25
	d = dv("GGE.... SGE.... HGE.... MGE.... DED.V.. GST.... SST.... HST.... MST.... DMNT... "
	       "GST.... SST.... HST.... MST.... DLOT... GST.... SST.... HST.... MST.... DHIT... "
	       "GST.... SST.... HST.... MST....");
	CHECK(DvGetRound(d) == 4 && DvGetVampireLocation(d) == EDINBURGH);
	CHECK_SET(DvGetTrapLocations(d, &n), n, LONDON, LONDON, MANCHESTER);
	DvFree(d);

	// V26, with the typed and per-player variants.
	d = dv("GGE.... SGE.... HGE.... MGE.... DCD.V.. GGE.... SGE.... HGE.... MGE....");
	CHECK_SET(DvGetValidMoves(d, &n), n, GALATZ, KLAUSENBURG, HIDE, DOUBLE_BACK_1);
	CHECK_SET(DvWhereCanIGo(d, &n), n, CASTLE_DRACULA, GALATZ, KLAUSENBURG);
	CHECK_SET(DvWhereCanIGoByType(d, true, false, &n), n, CASTLE_DRACULA, GALATZ, KLAUSENBURG);
	CHECK_SET(DvWhereCanIGoByType(d, false, true, &n), n, CASTLE_DRACULA);
	CHECK_SET(DvWhereCanTheyGo(d, PLAYER_DRACULA, &n), n, CASTLE_DRACULA, GALATZ, KLAUSENBURG);
	CHECK_SET(DvWhereCanTheyGoByType(d, PLAYER_DRACULA, false, true, true, &n), n, CASTLE_DRACULA);
	// Godalming's next move is in round 2: rail allowance 2 from Geneva.
	CHECK_SET(DvWhereCanTheyGo(d, PLAYER_LORD_GODALMING, &n), n, GENEVA, CLERMONT_FERRAND,
	          MARSEILLES, PARIS, STRASBOURG, ZURICH, MILAN, FLORENCE, GENOA);
	CHECK_SET(DvWhereCanTheyGoByType(d, PLAYER_LORD_GODALMING, false, true, false, &n), n, GENEVA,
	          MILAN, FLORENCE, GENOA, ZURICH);
	DvFree(d);

	// V27
	d = dv("GGE.... SGE.... HGE.... MGE.... DKL.V.. GGE.... SGE.... HGE.... MGE.... DD1T... "
	       "GGE.... SGE.... HGE.... MGE.... DBCT... GGE.... SGE.... HGE.... MGE.... DHIT... "
	       "GGE.... SGE.... HGE.... MGE....");
	CHECK_SET(DvWhereCanIGo(d, &n), n, BELGRADE, CONSTANTA, GALATZ, SOFIA);
	CHECK_SET(DvGetValidMoves(d, &n), n, BELGRADE, CONSTANTA, GALATZ, SOFIA);
	DvFree(d);

	// T1: no valid move (only TELEPORT).
	d = dv("GMA.... SMA.... HMA.... MMA.... DCG.V.. GMA.... SMA.... HMA.... MMA.... DMS.... "
	       "GMA.... SMA.... HMA.... MMA.... DTS.... GMA.... SMA.... HMA.... MMA.... DD3T... "
	       "GMA.... SMA.... HMA.... MMA.... DHIT... GMA.... SMA.... HMA.... MMA....");
	CHECK_EMPTY(DvGetValidMoves(d, &n), n);
	CHECK_EMPTY(DvWhereCanIGo(d, &n), n);
	CHECK(DvGetPlayerLocation(d, PLAYER_DRACULA) == CAGLIARI);
	CHECK(DvGetHealth(d, PLAYER_DRACULA) == 36);
	DvFree(d);
	GameView g = GvNew("GMA.... SMA.... HMA.... MMA.... DCG.V.. GMA.... SMA.... HMA.... MMA.... "
	                   "DMS.... GMA.... SMA.... HMA.... MMA.... DTS.... GMA.... SMA.... HMA.... "
	                   "MMA.... DD3T... GMA.... SMA.... HMA.... MMA.... DHIT... GMA.... SMA.... "
	                   "HMA.... MMA.... DTPT...",
	                   MESSAGES);
	CHECK(GvGetPlayerLocation(g, PLAYER_DRACULA) == CASTLE_DRACULA);
	CHECK(GvGetHealth(g, PLAYER_DRACULA) == 46 && GvGetScore(g) == 360);
	CHECK_SET(GvGetTrapLocations(g, &n), n, CASTLE_DRACULA, CAGLIARI, CAGLIARI);
	CHECK(GvGetVampireLocation(g) == CAGLIARI);
	GvFree(g);
}

// §8.3: Dracula's legal moves.
static void testDraculaMoves(void)
{
	int n = -1;
	DraculaView d;
	d = dv("GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL....");
	CHECK_SET(DvGetValidMoves(d, &n), n, AMSTERDAM, BRUSSELS, FRANKFURT, HAMBURG, LEIPZIG,
	          STRASBOURG, DOUBLE_BACK_1, HIDE);
	DvFree(d);
	d = dv("GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... "
	       "GPA.... SPR.... HSR.... MGA....");
	CHECK_SET(DvGetValidMoves(d, &n), n, BRUSSELS, COLOGNE, NORTH_SEA, DOUBLE_BACK_1, DOUBLE_BACK_2);
	DvFree(d);
	d = dv("GPA.... SBR.... HMA.... MKL.... DCO.V.. GPA.... SPR.... HMA.... MKL.... DAMT... "
	       "GST.... SPR.... HMA.... MCD.... DHIT... GZU.... SVI.... HSR.... MGA....");
	CHECK_SET(DvGetValidMoves(d, &n), n, BRUSSELS, NORTH_SEA, DOUBLE_BACK_1, DOUBLE_BACK_2,
	          DOUBLE_BACK_3);
	DvFree(d);
	d = dv("GPA.... SBR.... HMA.... MKL.... DGO.V.. GST.... SPR.... HSR.... MKL.... DFLT... "
	       "GZU.... SPR.... HTO.... MCD.... DVET... GZU.... SVI.... HTO.... MGA....");
	CHECK_SET(DvGetValidMoves(d, &n), n, MILAN, MUNICH, ADRIATIC_SEA, DOUBLE_BACK_1, DOUBLE_BACK_2,
	          DOUBLE_BACK_3, HIDE);
	DvFree(d);
	d = dv("GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... "
	       "GPA.... SPR.... HSR.... MGA.... DD1T... GST.... SVI.... HTO.... MCN....");
	CHECK_SET(DvGetValidMoves(d, &n), n, BRUSSELS, COLOGNE, NORTH_SEA);
	DvFree(d);
	d = dv("GPA.... SBR.... HMA.... MKL.... DAM.V.. GPA.... SPR.... HSR.... MCD.... DHIT... "
	       "GPA.... SPR.... HSR.... MGA.... DD1T... GST.... SVI.... HTO.... MCN.... DNS.... "
	       "GZU.... SZA.... HSR.... MBS....");
	CHECK_SET(DvGetValidMoves(d, &n), n, EDINBURGH, HAMBURG, ENGLISH_CHANNEL, ATLANTIC_OCEAN);
	DvFree(d);
	d = dv("GPA.... SBR.... HMA.... MKL.... DSA.V.. GST.... SPR.... HSR.... MCD.... DSOT... "
	       "GZU.... SPR.... HSR.... MGA.... DBET... GZU.... SVI.... HTO.... MCN.... DKLT... "
	       "GST.... SVI.... HMR.... MCN.... DCDT... GNU.... SZA.... HMS.... MGA.... DD2T... "
	       "GPR.... SSZ.... HTS.... MCDT...");
	CHECK_SET(DvGetValidMoves(d, &n), n, BUCHAREST, BUDAPEST, GALATZ, SZEGED, HIDE);
	DvFree(d);
	// E8c
	d = dv("GMA.... SMA.... HMA.... MMA.... DKL.V.. GMA.... SMA.... HMA.... MMA.... DBCT... "
	       "GMA.... SMA.... HMA.... MMA.... DCNT... GMA.... SMA.... HMA.... MMA.... DGAT... "
	       "GMA.... SMA.... HMA.... MMA.... DCDT... GMA.... SMA.... HMA.... MMA.... DD5T... "
	       "GMA.... SMA.... HMA.... MMA....");
	CHECK_SET(DvGetValidMoves(d, &n), n, BUDAPEST, BELGRADE, KLAUSENBURG, SZEGED, HIDE);
	CHECK_SET(DvWhereCanIGo(d, &n), n, BUDAPEST, BELGRADE, KLAUSENBURG, SZEGED);
	CHECK(DvGetPlayerLocation(d, PLAYER_DRACULA) == KLAUSENBURG);
	CHECK(DvGetHealth(d, PLAYER_DRACULA) == 50 && DvGetScore(d) == 360);
	CHECK_SET(DvGetTrapLocations(d, &n), n, BUCHAREST, CASTLE_DRACULA, CONSTANTA, GALATZ,
	          KLAUSENBURG);
	CHECK(DvGetVampireLocation(d) == KLAUSENBURG);
	DvFree(d);
}

int main(void)
{
	testPlaces();
	testMap();
	testGameViewVectors();
	testHunterViewVectors();
	testDraculaViewVectors();
	testDraculaMoves();
	if (failures > 0) {
		printf("testViews: %d of %d checks FAILED\n", failures, checks);
		return EXIT_FAILURE;
	}
	printf("testViews: all %d checks passed\n", checks);
	return EXIT_SUCCESS;
}
