// Fury of Dracula: Dracula's AI entry point (spec §5.8), called by the player driver.

#ifndef FOD__DRACULA_H_
#define FOD__DRACULA_H_

#include "DraculaView.h"

#ifdef __cplusplus
extern "C" {
#endif

// Decides this turn's move and registers it (at least once) with registerBestPlay.
void decideDraculaMove(DraculaView state);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__DRACULA_H_)
