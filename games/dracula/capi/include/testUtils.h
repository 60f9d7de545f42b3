// Fury of Dracula: utilities for test programs (spec §5.8).

#ifndef FOD__TEST_UTILS_H_
#define FOD__TEST_UTILS_H_

#include <stdbool.h>
#include <stdlib.h>

#include "Game.h"
#include "Places.h"

#ifdef __cplusplus
extern "C" {
#endif

// Sorts an array of places in ascending order of PlaceId value.
void sortPlaces(PlaceId *places, int numPlaces);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__TEST_UTILS_H_)
