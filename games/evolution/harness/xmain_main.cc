// xmain n [seed] [rules=spec|instructor] [deck=shuffled|unshuffled] (spec §7; docs/evolution.md):
// a whole game of n Silly players, ranking lines on stdout.
#include "games/evolution/harness/harness.h"

int main(int argc, char** argv) {
  using namespace arena::evolution;
  return finish("xmain", xmain(argc, argv));
}
