// xstep (spec §7): see games/evolution/harness/harness.h.
#include "games/evolution/harness/harness.h"

int main() {
  using namespace arena::evolution;
  return finish("xstep", xstep(read_stdin()));
}
