// xstep [rules=spec|instructor] (spec §7; docs/evolution.md for the rule sets): see
// games/evolution/harness/harness.h.
#include "games/evolution/harness/harness.h"

int main(int argc, char** argv) {
  using namespace arena::evolution;
  return run_rules_harness("xstep", argc, argv, xstep);
}
