// Fury of Dracula: the place and connection tables and the place utilities (spec §4, §5.3).
//
// A C translation unit on purpose: Place.name and Place.abbrev are `char *`, which C++ cannot
// initialise from string literals (§5.1). Every function here is self-contained so that this
// object is the only one a program pulls in for the place utilities, and the tables are checked
// against the engine's own tables (games/dracula/places.h) by capi_test.

#include <string.h>

#include "Places.h"

Place PLACES[] = {
	{ADRIATIC_SEA, "Adriatic Sea", "AS", SEA},
	{ALICANTE, "Alicante", "AL", LAND},
	{AMSTERDAM, "Amsterdam", "AM", LAND},
	{ATHENS, "Athens", "AT", LAND},
	{ATLANTIC_OCEAN, "Atlantic Ocean", "AO", SEA},
	{BARCELONA, "Barcelona", "BA", LAND},
	{BARI, "Bari", "BI", LAND},
	{BAY_OF_BISCAY, "Bay of Biscay", "BB", SEA},
	{BELGRADE, "Belgrade", "BE", LAND},
	{BERLIN, "Berlin", "BR", LAND},
	{BLACK_SEA, "Black Sea", "BS", SEA},
	{BORDEAUX, "Bordeaux", "BO", LAND},
	{BRUSSELS, "Brussels", "BU", LAND},
	{BUCHAREST, "Bucharest", "BC", LAND},
	{BUDAPEST, "Budapest", "BD", LAND},
	{CADIZ, "Cadiz", "CA", LAND},
	{CAGLIARI, "Cagliari", "CG", LAND},
	{CASTLE_DRACULA, "Castle Dracula", "CD", LAND},
	{CLERMONT_FERRAND, "Clermont-Ferrand", "CF", LAND},
	{COLOGNE, "Cologne", "CO", LAND},
	{CONSTANTA, "Constanta", "CN", LAND},
	{DUBLIN, "Dublin", "DU", LAND},
	{EDINBURGH, "Edinburgh", "ED", LAND},
	{ENGLISH_CHANNEL, "English Channel", "EC", SEA},
	{FLORENCE, "Florence", "FL", LAND},
	{FRANKFURT, "Frankfurt", "FR", LAND},
	{GALATZ, "Galatz", "GA", LAND},
	{GALWAY, "Galway", "GW", LAND},
	{GENEVA, "Geneva", "GE", LAND},
	{GENOA, "Genoa", "GO", LAND},
	{GRANADA, "Granada", "GR", LAND},
	{HAMBURG, "Hamburg", "HA", LAND},
	{IONIAN_SEA, "Ionian Sea", "IO", SEA},
	{IRISH_SEA, "Irish Sea", "IR", SEA},
	{KLAUSENBURG, "Klausenburg", "KL", LAND},
	{LE_HAVRE, "Le Havre", "LE", LAND},
	{LEIPZIG, "Leipzig", "LI", LAND},
	{LISBON, "Lisbon", "LS", LAND},
	{LIVERPOOL, "Liverpool", "LV", LAND},
	{LONDON, "London", "LO", LAND},
	{MADRID, "Madrid", "MA", LAND},
	{MANCHESTER, "Manchester", "MN", LAND},
	{MARSEILLES, "Marseilles", "MR", LAND},
	{MEDITERRANEAN_SEA, "Mediterranean Sea", "MS", SEA},
	{MILAN, "Milan", "MI", LAND},
	{MUNICH, "Munich", "MU", LAND},
	{NANTES, "Nantes", "NA", LAND},
	{NAPLES, "Naples", "NP", LAND},
	{NORTH_SEA, "North Sea", "NS", SEA},
	{NUREMBURG, "Nuremburg", "NU", LAND},
	{PARIS, "Paris", "PA", LAND},
	{PLYMOUTH, "Plymouth", "PL", LAND},
	{PRAGUE, "Prague", "PR", LAND},
	{ROME, "Rome", "RO", LAND},
	{SALONICA, "Salonica", "SA", LAND},
	{SANTANDER, "Santander", "SN", LAND},
	{SARAGOSSA, "Saragossa", "SR", LAND},
	{SARAJEVO, "Sarajevo", "SJ", LAND},
	{SOFIA, "Sofia", "SO", LAND},
	{ST_JOSEPH_AND_ST_MARY, "St Joseph and St Mary", "JM", LAND},
	{STRASBOURG, "Strasbourg", "ST", LAND},
	{SWANSEA, "Swansea", "SW", LAND},
	{SZEGED, "Szeged", "SZ", LAND},
	{TOULOUSE, "Toulouse", "TO", LAND},
	{TYRRHENIAN_SEA, "Tyrrhenian Sea", "TS", SEA},
	{VALONA, "Valona", "VA", LAND},
	{VARNA, "Varna", "VR", LAND},
	{VENICE, "Venice", "VE", LAND},
	{VIENNA, "Vienna", "VI", LAND},
	{ZAGREB, "Zagreb", "ZA", LAND},
	{ZURICH, "Zurich", "ZU", LAND},
};

Connection CONNECTIONS[] = {
	{ALICANTE, GRANADA, ROAD},
	{ALICANTE, MADRID, ROAD},
	{ALICANTE, SARAGOSSA, ROAD},
	{AMSTERDAM, BRUSSELS, ROAD},
	{AMSTERDAM, COLOGNE, ROAD},
	{ATHENS, VALONA, ROAD},
	{BARCELONA, SARAGOSSA, ROAD},
	{BARCELONA, TOULOUSE, ROAD},
	{BUCHAREST, BELGRADE, ROAD},
	{BUCHAREST, CONSTANTA, ROAD},
	{BUCHAREST, GALATZ, ROAD},
	{BUCHAREST, KLAUSENBURG, ROAD},
	{BUCHAREST, SOFIA, ROAD},
	{BUDAPEST, KLAUSENBURG, ROAD},
	{BUDAPEST, SZEGED, ROAD},
	{BUDAPEST, VIENNA, ROAD},
	{BUDAPEST, ZAGREB, ROAD},
	{BELGRADE, ST_JOSEPH_AND_ST_MARY, ROAD},
	{BELGRADE, KLAUSENBURG, ROAD},
	{BELGRADE, SARAJEVO, ROAD},
	{BELGRADE, SOFIA, ROAD},
	{BELGRADE, SZEGED, ROAD},
	{BARI, NAPLES, ROAD},
	{BARI, ROME, ROAD},
	{BORDEAUX, CLERMONT_FERRAND, ROAD},
	{BORDEAUX, NANTES, ROAD},
	{BORDEAUX, SARAGOSSA, ROAD},
	{BORDEAUX, TOULOUSE, ROAD},
	{BERLIN, HAMBURG, ROAD},
	{BERLIN, LEIPZIG, ROAD},
	{BERLIN, PRAGUE, ROAD},
	{BRUSSELS, COLOGNE, ROAD},
	{BRUSSELS, LE_HAVRE, ROAD},
	{BRUSSELS, PARIS, ROAD},
	{BRUSSELS, STRASBOURG, ROAD},
	{CADIZ, GRANADA, ROAD},
	{CADIZ, LISBON, ROAD},
	{CADIZ, MADRID, ROAD},
	{CASTLE_DRACULA, GALATZ, ROAD},
	{CASTLE_DRACULA, KLAUSENBURG, ROAD},
	{CLERMONT_FERRAND, GENEVA, ROAD},
	{CLERMONT_FERRAND, MARSEILLES, ROAD},
	{CLERMONT_FERRAND, NANTES, ROAD},
	{CLERMONT_FERRAND, PARIS, ROAD},
	{CLERMONT_FERRAND, TOULOUSE, ROAD},
	{CONSTANTA, GALATZ, ROAD},
	{CONSTANTA, VARNA, ROAD},
	{COLOGNE, FRANKFURT, ROAD},
	{COLOGNE, HAMBURG, ROAD},
	{COLOGNE, LEIPZIG, ROAD},
	{COLOGNE, STRASBOURG, ROAD},
	{DUBLIN, GALWAY, ROAD},
	{EDINBURGH, MANCHESTER, ROAD},
	{FLORENCE, GENOA, ROAD},
	{FLORENCE, ROME, ROAD},
	{FLORENCE, VENICE, ROAD},
	{FRANKFURT, LEIPZIG, ROAD},
	{FRANKFURT, NUREMBURG, ROAD},
	{FRANKFURT, STRASBOURG, ROAD},
	{GALATZ, KLAUSENBURG, ROAD},
	{GENEVA, MARSEILLES, ROAD},
	{GENEVA, PARIS, ROAD},
	{GENEVA, STRASBOURG, ROAD},
	{GENEVA, ZURICH, ROAD},
	{GENOA, MILAN, ROAD},
	{GENOA, MARSEILLES, ROAD},
	{GENOA, VENICE, ROAD},
	{GRANADA, MADRID, ROAD},
	{HAMBURG, LEIPZIG, ROAD},
	{ST_JOSEPH_AND_ST_MARY, SARAJEVO, ROAD},
	{ST_JOSEPH_AND_ST_MARY, SZEGED, ROAD},
	{ST_JOSEPH_AND_ST_MARY, ZAGREB, ROAD},
	{KLAUSENBURG, SZEGED, ROAD},
	{LE_HAVRE, NANTES, ROAD},
	{LE_HAVRE, PARIS, ROAD},
	{LEIPZIG, NUREMBURG, ROAD},
	{LONDON, MANCHESTER, ROAD},
	{LONDON, PLYMOUTH, ROAD},
	{LONDON, SWANSEA, ROAD},
	{LISBON, MADRID, ROAD},
	{LISBON, SANTANDER, ROAD},
	{LIVERPOOL, MANCHESTER, ROAD},
	{LIVERPOOL, SWANSEA, ROAD},
	{MADRID, SANTANDER, ROAD},
	{MADRID, SARAGOSSA, ROAD},
	{MILAN, MARSEILLES, ROAD},
	{MILAN, MUNICH, ROAD},
	{MILAN, VENICE, ROAD},
	{MILAN, ZURICH, ROAD},
	{MARSEILLES, TOULOUSE, ROAD},
	{MARSEILLES, ZURICH, ROAD},
	{MUNICH, NUREMBURG, ROAD},
	{MUNICH, STRASBOURG, ROAD},
	{MUNICH, VENICE, ROAD},
	{MUNICH, VIENNA, ROAD},
	{MUNICH, ZAGREB, ROAD},
	{MUNICH, ZURICH, ROAD},
	{NANTES, PARIS, ROAD},
	{NAPLES, ROME, ROAD},
	{NUREMBURG, PRAGUE, ROAD},
	{NUREMBURG, STRASBOURG, ROAD},
	{PARIS, STRASBOURG, ROAD},
	{PRAGUE, VIENNA, ROAD},
	{SALONICA, SOFIA, ROAD},
	{SALONICA, VALONA, ROAD},
	{SARAJEVO, SOFIA, ROAD},
	{SARAJEVO, VALONA, ROAD},
	{SARAJEVO, ZAGREB, ROAD},
	{SANTANDER, SARAGOSSA, ROAD},
	{SOFIA, VALONA, ROAD},
	{SOFIA, VARNA, ROAD},
	{SARAGOSSA, TOULOUSE, ROAD},
	{STRASBOURG, ZURICH, ROAD},
	{SZEGED, ZAGREB, ROAD},
	{VIENNA, ZAGREB, ROAD},
	{ALICANTE, BARCELONA, RAIL},
	{ALICANTE, MADRID, RAIL},
	{BARCELONA, SARAGOSSA, RAIL},
	{BUCHAREST, CONSTANTA, RAIL},
	{BUCHAREST, GALATZ, RAIL},
	{BUCHAREST, SZEGED, RAIL},
	{BUDAPEST, SZEGED, RAIL},
	{BUDAPEST, VIENNA, RAIL},
	{BELGRADE, SOFIA, RAIL},
	{BELGRADE, SZEGED, RAIL},
	{BARI, NAPLES, RAIL},
	{BORDEAUX, PARIS, RAIL},
	{BORDEAUX, SARAGOSSA, RAIL},
	{BERLIN, HAMBURG, RAIL},
	{BERLIN, LEIPZIG, RAIL},
	{BERLIN, PRAGUE, RAIL},
	{BRUSSELS, COLOGNE, RAIL},
	{BRUSSELS, PARIS, RAIL},
	{COLOGNE, FRANKFURT, RAIL},
	{EDINBURGH, MANCHESTER, RAIL},
	{FLORENCE, MILAN, RAIL},
	{FLORENCE, ROME, RAIL},
	{FRANKFURT, LEIPZIG, RAIL},
	{FRANKFURT, STRASBOURG, RAIL},
	{GENEVA, MILAN, RAIL},
	{GENOA, MILAN, RAIL},
	{LE_HAVRE, PARIS, RAIL},
	{LEIPZIG, NUREMBURG, RAIL},
	{LONDON, MANCHESTER, RAIL},
	{LONDON, SWANSEA, RAIL},
	{LISBON, MADRID, RAIL},
	{LIVERPOOL, MANCHESTER, RAIL},
	{MADRID, SANTANDER, RAIL},
	{MADRID, SARAGOSSA, RAIL},
	{MILAN, ZURICH, RAIL},
	{MARSEILLES, PARIS, RAIL},
	{MUNICH, NUREMBURG, RAIL},
	{NAPLES, ROME, RAIL},
	{PRAGUE, VIENNA, RAIL},
	{SALONICA, SOFIA, RAIL},
	{SOFIA, VARNA, RAIL},
	{STRASBOURG, ZURICH, RAIL},
	{VENICE, VIENNA, RAIL},
	{ALICANTE, MEDITERRANEAN_SEA, BOAT},
	{AMSTERDAM, NORTH_SEA, BOAT},
	{ATLANTIC_OCEAN, BAY_OF_BISCAY, BOAT},
	{ATLANTIC_OCEAN, CADIZ, BOAT},
	{ATLANTIC_OCEAN, ENGLISH_CHANNEL, BOAT},
	{ATLANTIC_OCEAN, GALWAY, BOAT},
	{ATLANTIC_OCEAN, IRISH_SEA, BOAT},
	{ATLANTIC_OCEAN, LISBON, BOAT},
	{ATLANTIC_OCEAN, MEDITERRANEAN_SEA, BOAT},
	{ATLANTIC_OCEAN, NORTH_SEA, BOAT},
	{ADRIATIC_SEA, BARI, BOAT},
	{ADRIATIC_SEA, IONIAN_SEA, BOAT},
	{ADRIATIC_SEA, VENICE, BOAT},
	{ATHENS, IONIAN_SEA, BOAT},
	{BARCELONA, MEDITERRANEAN_SEA, BOAT},
	{BAY_OF_BISCAY, BORDEAUX, BOAT},
	{BAY_OF_BISCAY, NANTES, BOAT},
	{BAY_OF_BISCAY, SANTANDER, BOAT},
	{BLACK_SEA, CONSTANTA, BOAT},
	{BLACK_SEA, IONIAN_SEA, BOAT},
	{BLACK_SEA, VARNA, BOAT},
	{CAGLIARI, MEDITERRANEAN_SEA, BOAT},
	{CAGLIARI, TYRRHENIAN_SEA, BOAT},
	{DUBLIN, IRISH_SEA, BOAT},
	{ENGLISH_CHANNEL, LE_HAVRE, BOAT},
	{ENGLISH_CHANNEL, LONDON, BOAT},
	{ENGLISH_CHANNEL, NORTH_SEA, BOAT},
	{ENGLISH_CHANNEL, PLYMOUTH, BOAT},
	{EDINBURGH, NORTH_SEA, BOAT},
	{GENOA, TYRRHENIAN_SEA, BOAT},
	{HAMBURG, NORTH_SEA, BOAT},
	{IONIAN_SEA, SALONICA, BOAT},
	{IONIAN_SEA, TYRRHENIAN_SEA, BOAT},
	{IONIAN_SEA, VALONA, BOAT},
	{IRISH_SEA, LIVERPOOL, BOAT},
	{IRISH_SEA, SWANSEA, BOAT},
	{MARSEILLES, MEDITERRANEAN_SEA, BOAT},
	{MEDITERRANEAN_SEA, TYRRHENIAN_SEA, BOAT},
	{NAPLES, TYRRHENIAN_SEA, BOAT},
	{ROME, TYRRHENIAN_SEA, BOAT},
	{-1, -1, ANY},  // sentinel
};
PlaceId placeNameToId(char *name)
{
	if (name == NULL) return NOWHERE;
	// The names are in byte order ("St Joseph and St Mary" < "Strasbourg"), so binary search.
	int lo = MIN_REAL_PLACE, hi = MAX_REAL_PLACE;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		int cmp = strcmp(name, PLACES[mid].name);
		if (cmp == 0) return PLACES[mid].id;
		if (cmp < 0) {
			hi = mid - 1;
		} else {
			lo = mid + 1;
		}
	}
	return NOWHERE;
}

PlaceId placeAbbrevToId(char *abbrev)
{
	if (abbrev == NULL || abbrev[0] == '\0' || abbrev[1] == '\0' || abbrev[2] != '\0') {
		return NOWHERE;
	}
	for (int i = MIN_REAL_PLACE; i <= MAX_REAL_PLACE; i++) {
		if (abbrev[0] == PLACES[i].abbrev[0] && abbrev[1] == PLACES[i].abbrev[1]) {
			return PLACES[i].id;
		}
	}
	if (strcmp(abbrev, "C?") == 0) return CITY_UNKNOWN;
	if (strcmp(abbrev, "S?") == 0) return SEA_UNKNOWN;
	if (strcmp(abbrev, "HI") == 0) return HIDE;
	if (strcmp(abbrev, "TP") == 0) return TELEPORT;
	if (abbrev[0] == 'D' && abbrev[1] >= '1' && abbrev[1] <= '5') {
		return (PlaceId) (DOUBLE_BACK_1 + (abbrev[1] - '1'));
	}
	return NOWHERE;
}

PlaceType placeIdToType(PlaceId pid)
{
	if (placeIsReal(pid)) return PLACES[pid].type;
	if (pid == CITY_UNKNOWN) return LAND;
	if (pid == SEA_UNKNOWN) return SEA;
	return UNKNOWN;
}

const char *placeIdToName(PlaceId pid)
{
	if (placeIsReal(pid)) return PLACES[pid].name;
	switch (pid) {
	case CITY_UNKNOWN: return "Unknown City";
	case SEA_UNKNOWN: return "Unknown Sea";
	case HIDE: return "Hide";
	case DOUBLE_BACK_1: return "Double Back 1";
	case DOUBLE_BACK_2: return "Double Back 2";
	case DOUBLE_BACK_3: return "Double Back 3";
	case DOUBLE_BACK_4: return "Double Back 4";
	case DOUBLE_BACK_5: return "Double Back 5";
	case TELEPORT: return "Teleport";
	default: return "Unknown Place";
	}
}

const char *placeIdToAbbrev(PlaceId pid)
{
	if (placeIsReal(pid)) return PLACES[pid].abbrev;
	switch (pid) {
	case CITY_UNKNOWN: return "C?";
	case SEA_UNKNOWN: return "S?";
	case HIDE: return "HI";
	case DOUBLE_BACK_1: return "D1";
	case DOUBLE_BACK_2: return "D2";
	case DOUBLE_BACK_3: return "D3";
	case DOUBLE_BACK_4: return "D4";
	case DOUBLE_BACK_5: return "D5";
	case TELEPORT: return "TP";
	default: return "??";
	}
}

const char *transportTypeToString(TransportType t)
{
	switch (t) {
	case ROAD: return "road";
	case RAIL: return "rail";
	case BOAT: return "boat";
	default: return "????";
	}
}
