// Fury of Dracula: the hunter AI's entry point (spec §5.8), called by the player driver.

#ifndef FOD__HUNTER_H_
#define FOD__HUNTER_H_

#include "HunterView.h"

#ifdef __cplusplus
extern "C" {
#endif

// Decides this turn's move and registers it (at least once) with registerBestPlay.
void decideHunterMove(HunterView state);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__HUNTER_H_)
