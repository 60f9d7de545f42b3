// referenceDraculaMove (ReferenceAI.h): Arena's reference Dracula AI (`bot:dracula`) called from
// a course program. In an object of its own, so a hunter program never links the other AI.

#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>

#include "ReferenceAI.h"
#include "capi_util.h"
#include "reference_request.h"
#include "view_text.h"

FOD_API void referenceDraculaMove(DraculaView state) {
  using namespace arena::dracula;
  // One instance per process, like a bot playing the whole game: its inference keeps what earlier
  // turns computed. Its decisions never depend on that (equal strings give equal moves), so a
  // process per turn, or a fork per turn in persistent mode, plays exactly as `bot:dracula` does.
  try {
    static std::unique_ptr<Ai> ai = make_reference_dracula();
    const Decision d = ai->decide(capi::reference_request(capi::past_plays_of(state)));
    Message message = "";
    std::strncpy(message, d.message.c_str(), MESSAGE_SIZE - 1);
    registerBestPlay(d.move.c_str(), message);
  } catch (const std::exception& e) {
    // Out of memory: whatever the program registered before stands (spec §5.9).
    std::fprintf(stderr, "referenceDraculaMove: %s\n", e.what());
  }
}
