// Fury of Dracula: the map as an adjacency-list graph (spec §5.4).
// Course-compatible: exactly the names and signatures of the course's Map.h.

#ifndef FOD__MAP_H_
#define FOD__MAP_H_

#include <stdbool.h>
#include <stdlib.h>

#include "Places.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct connNode *ConnList;
struct connNode {
	PlaceId p;           // the other end of the connection
	TransportType type;  // ROAD, RAIL or BOAT
	ConnList next;
};

typedef struct map *Map;

// A new map with the 71 places and the 198 connections.
Map MapNew(void);
// Releases a map.
void MapFree(Map m);
// Prints the map to stdout: "V = 71, E = 198", then one line per adjacency entry.
void MapShow(Map m);
// The number of places (71).
int MapNumPlaces(Map m);
// Adjacency entries of a type (each connection once per endpoint): ROAD 230, RAIL 86, BOAT 80,
// ANY 396.
int MapNumConnections(Map m, TransportType type);
// The adjacency list of a real place; it belongs to the map (do not modify or free it).
ConnList MapGetConnections(Map m, PlaceId p);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__MAP_H_)
