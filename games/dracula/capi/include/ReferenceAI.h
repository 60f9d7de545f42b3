// Fury of Dracula: Arena's reference AIs as sparring partners (library dracula-ai).
//
// Each function decides the move the built-in AI would make in this turn (`bot:hunter`,
// `bot:dracula`: the same code, the same seed, so the same game) and registers it with
// registerBestPlay, as a course AI does. A student can play against them, or fall back on them:
//
//   void decideDraculaMove(DraculaView dv) { referenceDraculaMove(dv); }
//
//   cc myDracula.c $(pkg-config --cflags --libs dracula-ai dracula-dracula)
//
// The seed is FOD_SEED, as the referee sets it (0 + seat when run by hand); the time limit is
// FOD_TURN_LIMIT_MS or TURN_LIMIT_MSECS. They need Arena's views (the dracula-views objects that
// every driver library carries), since the views keep the string the AIs read. Call each from its
// own role: the hunter AI from decideHunterMove, the Dracula AI from decideDraculaMove.

#ifndef FOD__REFERENCE_AI_H_
#define FOD__REFERENCE_AI_H_

#include "DraculaView.h"
#include "HunterView.h"

#ifdef __cplusplus
extern "C" {
#endif

void referenceHunterMove(HunterView state);
void referenceDraculaMove(DraculaView state);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__REFERENCE_AI_H_)
