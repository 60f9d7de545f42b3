// A hunter AI that never finishes: the player driver must end it at its deadline, keep the moves
// it registered before, escape its message as JSON and keep its printf output off the protocol.

#include <stdio.h>
#include <unistd.h>

#include "hunter.h"

void decideHunterMove(HunterView hv)
{
	(void) hv;
	// Messages in full-size buffers: GCC warns about short literals passed as a Message.
	Message tricky = "say \"hi\" \\ then\nnewline";
	Message second = "second";
	registerBestPlay("GE", tricky);
	registerBestPlay("GE", tricky);  // unchanged: not written again
	printf("thinking hard\n");
	registerBestPlay("MU", second);
	for (;;) sleep(1);
}
