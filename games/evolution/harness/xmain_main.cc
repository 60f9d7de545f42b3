// xmain n [seed] (spec §7): a whole game of n Silly players, ranking lines on stdout.
#include "games/evolution/harness/harness.h"

int main(int argc, char** argv) {
  using namespace arena::evolution;
  return finish("xmain", xmain(argc, argv));
}
