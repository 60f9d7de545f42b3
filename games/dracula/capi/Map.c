// Fury of Dracula: the map as an adjacency-list graph (spec §5.4), built from CONNECTIONS.
//
// Kept in C and independent of the views, because Map.c is the one course file a submission may
// replace (§5.10): a program that brings its own Map never pulls this object in.

#include <stdio.h>
#include <stdlib.h>

#include "Map.h"
#include "Places.h"

struct map {
	int nV;                                // number of places (71)
	int nE;                                // number of undirected connections (198)
	struct connNode *nodes;                // one block: two nodes per connection
	ConnList connections[NUM_REAL_PLACES];  // adjacency list heads, by place
};

Map MapNew(void)
{
	int nConns = 0;
	while (CONNECTIONS[nConns].v != -1) nConns++;

	Map m = malloc(sizeof *m);
	if (m == NULL) return NULL;
	m->nV = NUM_REAL_PLACES;
	m->nE = nConns;
	m->nodes = malloc(2 * (size_t) nConns * sizeof *m->nodes);
	if (m->nodes == NULL) {
		free(m);
		return NULL;
	}
	for (int i = 0; i < NUM_REAL_PLACES; i++) m->connections[i] = NULL;

	// Prepend in reverse so each list reads in CONNECTIONS order (ROAD, then RAIL, then BOAT).
	for (int i = nConns - 1; i >= 0; i--) {
		Connection c = CONNECTIONS[i];
		struct connNode *a = &m->nodes[2 * i];
		struct connNode *b = &m->nodes[2 * i + 1];
		*a = (struct connNode){c.w, c.t, m->connections[c.v]};
		m->connections[c.v] = a;
		*b = (struct connNode){c.v, c.t, m->connections[c.w]};
		m->connections[c.w] = b;
	}
	return m;
}

void MapFree(Map m)
{
	if (m == NULL) return;
	free(m->nodes);
	free(m);
}

void MapShow(Map m)
{
	if (m == NULL) return;
	printf("V = %d, E = %d\n", m->nV, m->nE);
	for (int i = 0; i < m->nV; i++) {
		for (ConnList curr = m->connections[i]; curr != NULL; curr = curr->next) {
			printf("%s connects to %s by %s\n", placeIdToName((PlaceId) i),
			       placeIdToName(curr->p), transportTypeToString(curr->type));
		}
	}
}

int MapNumPlaces(Map m)
{
	return m == NULL ? 0 : m->nV;
}

int MapNumConnections(Map m, TransportType type)
{
	if (m == NULL || (!transportTypeIsValid(type) && type != ANY)) return 0;
	int n = 0;
	for (int i = 0; i < m->nV; i++) {
		for (ConnList curr = m->connections[i]; curr != NULL; curr = curr->next) {
			if (type == ANY || curr->type == type) n++;
		}
	}
	return n;
}

ConnList MapGetConnections(Map m, PlaceId p)
{
	if (m == NULL || !placeIsReal(p)) return NULL;
	return m->connections[p];
}
