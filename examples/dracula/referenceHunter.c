// A course hunter AI that plays Arena's reference hunter (library dracula-ai, ReferenceAI.h): the
// same moves as `--seat ...=bot:hunter`, as a program built from C. Replace the call with your
// own code, or keep it as a fallback that you register first and improve on.
//
//   cc referenceHunter.c $(pkg-config --cflags --libs dracula-ai dracula-hunter) -o referenceHunter

#include "ReferenceAI.h"
#include "hunter.h"

void decideHunterMove(HunterView state) {
	referenceHunterMove(state);
}
