// xattack (spec §7): see games/evolution/harness/harness.h.
#include "games/evolution/harness/harness.h"

int main() {
  using namespace arena::evolution;
  return finish("xattack", xattack(read_stdin()));
}
