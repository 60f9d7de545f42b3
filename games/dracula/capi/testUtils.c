// Fury of Dracula: utilities for test programs (spec §5.8).
//
// In its own object file: course code often defines its own sortPlaces, and then this object is
// simply never pulled out of the static library.

#include <stdlib.h>

#include "testUtils.h"

static int fodPlaceIdCmp(const void *a, const void *b)
{
	PlaceId x = *(const PlaceId *) a;
	PlaceId y = *(const PlaceId *) b;
	return (x > y) - (x < y);
}

void sortPlaces(PlaceId *places, int numPlaces)
{
	if (places == NULL || numPlaces <= 1) return;
	qsort(places, (size_t) numPlaces, sizeof(PlaceId), fodPlaceIdCmp);
}
