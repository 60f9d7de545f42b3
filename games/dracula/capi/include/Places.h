// Fury of Dracula: places, place types, transport types and the place utilities (spec §5.3).
// Course-compatible: exactly the names, values and signatures of the course's Places.h.

#ifndef FOD__PLACES_H_
#define FOD__PLACES_H_

#include <stdbool.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum placeType {
	UNKNOWN,
	LAND,
	SEA,
} PlaceType;

typedef enum transportType {
	NONE,
	ROAD,
	RAIL,
	BOAT,
	ANY,
} TransportType;

#define MIN_TRANSPORT ((TransportType) ROAD)
#define MAX_TRANSPORT ((TransportType) BOAT)

typedef enum placeId {
	ADRIATIC_SEA = 0,
	ALICANTE = 1,
	AMSTERDAM = 2,
	ATHENS = 3,
	ATLANTIC_OCEAN = 4,
	BARCELONA = 5,
	BARI = 6,
	BAY_OF_BISCAY = 7,
	BELGRADE = 8,
	BERLIN = 9,
	BLACK_SEA = 10,
	BORDEAUX = 11,
	BRUSSELS = 12,
	BUCHAREST = 13,
	BUDAPEST = 14,
	CADIZ = 15,
	CAGLIARI = 16,
	CASTLE_DRACULA = 17,
	CLERMONT_FERRAND = 18,
	COLOGNE = 19,
	CONSTANTA = 20,
	DUBLIN = 21,
	EDINBURGH = 22,
	ENGLISH_CHANNEL = 23,
	FLORENCE = 24,
	FRANKFURT = 25,
	GALATZ = 26,
	GALWAY = 27,
	GENEVA = 28,
	GENOA = 29,
	GRANADA = 30,
	HAMBURG = 31,
	IONIAN_SEA = 32,
	IRISH_SEA = 33,
	KLAUSENBURG = 34,
	LE_HAVRE = 35,
	LEIPZIG = 36,
	LISBON = 37,
	LIVERPOOL = 38,
	LONDON = 39,
	MADRID = 40,
	MANCHESTER = 41,
	MARSEILLES = 42,
	MEDITERRANEAN_SEA = 43,
	MILAN = 44,
	MUNICH = 45,
	NANTES = 46,
	NAPLES = 47,
	NORTH_SEA = 48,
	NUREMBURG = 49,
	PARIS = 50,
	PLYMOUTH = 51,
	PRAGUE = 52,
	ROME = 53,
	SALONICA = 54,
	SANTANDER = 55,
	SARAGOSSA = 56,
	SARAJEVO = 57,
	SOFIA = 58,
	ST_JOSEPH_AND_ST_MARY = 59,
	STRASBOURG = 60,
	SWANSEA = 61,
	SZEGED = 62,
	TOULOUSE = 63,
	TYRRHENIAN_SEA = 64,
	VALONA = 65,
	VARNA = 66,
	VENICE = 67,
	VIENNA = 68,
	ZAGREB = 69,
	ZURICH = 70,

	// Identifiers that are not real places.
	CITY_UNKNOWN = 100,
	SEA_UNKNOWN = 101,
	HIDE = 102,
	DOUBLE_BACK_1 = 103,
	DOUBLE_BACK_2 = 104,
	DOUBLE_BACK_3 = 105,
	DOUBLE_BACK_4 = 106,
	DOUBLE_BACK_5 = 107,
	TELEPORT = 108,
	UNKNOWN_PLACE = -1,
	NOWHERE = -2,
} PlaceId;

#define MIN_REAL_PLACE ((PlaceId) ADRIATIC_SEA)
#define MAX_REAL_PLACE ((PlaceId) ZURICH)
#define HOSPITAL_PLACE ((PlaceId) ST_JOSEPH_AND_ST_MARY)
#define NUM_REAL_PLACES ((int) ZURICH + 1)

typedef struct place {
	PlaceId id;
	char *name;
	char *abbrev;
	PlaceType type;
} Place;

// The 71 real places; PLACES[id].id == id.
extern Place PLACES[];

typedef struct connection {
	PlaceId v;
	PlaceId w;
	TransportType t;
} Connection;

// The 198 connections (ROAD, then RAIL, then BOAT), ended by the sentinel {-1, -1, ANY}.
extern Connection CONNECTIONS[];

// Exact, case-sensitive name -> ID; NOWHERE if not found.
PlaceId placeNameToId(char *name);
// Two-character code -> ID (real places, C? S? HI D1..D5 TP); NOWHERE if not found.
PlaceId placeAbbrevToId(char *abbrev);
// Type of a place; CITY_UNKNOWN is LAND, SEA_UNKNOWN is SEA, anything else UNKNOWN.
PlaceType placeIdToType(PlaceId pid);
// Name of a place or special identifier (a static string).
const char *placeIdToName(PlaceId pid);
// Code of a place or special identifier (a static string); "??" if it has none.
const char *placeIdToAbbrev(PlaceId pid);
// "road", "rail", "boat", otherwise "????" (a static string).
const char *transportTypeToString(TransportType t);

static inline bool transportTypeIsValid(TransportType t)
{
	return t >= MIN_TRANSPORT && t <= MAX_TRANSPORT;
}

static inline bool placeIsLand(PlaceId pid)
{
	return placeIdToType(pid) == LAND;
}

static inline bool placeIsSea(PlaceId pid)
{
	return placeIdToType(pid) == SEA;
}

static inline bool placeIsReal(PlaceId pid)
{
	return pid >= MIN_REAL_PLACE && pid <= MAX_REAL_PLACE;
}

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__PLACES_H_)
