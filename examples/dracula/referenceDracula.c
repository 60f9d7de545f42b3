// A course dracula AI that plays Arena's reference dracula (library dracula-ai, ReferenceAI.h): the
// same moves as `--seat ...=bot:dracula`, as a program built from C. Replace the call with your
// own code, or keep it as a fallback that you register first and improve on.
//
//   cc referenceDracula.c $(pkg-config --cflags --libs dracula-ai dracula-dracula) -o referenceDracula

#include "ReferenceAI.h"
#include "dracula.h"

void decideDraculaMove(DraculaView state) {
	referenceDraculaMove(state);
}
