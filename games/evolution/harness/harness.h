// Shared logic of the §7 harness executables, on text so that tests can run it in process: read
// one JSON value, compute one answer, print it compactly with a newline (or nothing where the spec
// says so); on malformed input print nothing on stdout, one line on stderr, and exit 1.
#pragma once

#include <string>

#include "games/evolution/rule_set.h"

namespace arena::evolution {

struct HarnessResult {
  int status = 0;
  std::string out;  // exactly what goes to stdout
  std::string err;  // the diagnostic, without the program name
};
// xattack, xfeed, xstep and xstep4 follow a rule set (docs/evolution.md "Two rule sets"); the
// spec's is the default, and the executables take `rules=instructor` as their only argument.
HarnessResult xattack(const std::string& input, Rules rules = Rules::spec);
HarnessResult xfeed(const std::string& input, Rules rules = Rules::spec);
HarnessResult xstep(const std::string& input, Rules rules = Rules::spec);
HarnessResult xstep4(const std::string& input, Rules rules = Rules::spec);
HarnessResult xsilly(const std::string& input);
HarnessResult xstream(const std::string& input);
// `xmain n [seed] [rules=spec|instructor] [deck=shuffled|unshuffled]`: the spec's command line,
// then the options in any order.
HarnessResult xmain(int argc, const char* const* argv);

// Writes r to stdout (and its diagnostic, prefixed with `name`, to stderr); returns the status.
int finish(const char* name, const HarnessResult& r);
std::string read_stdin();

// main() of xattack, xfeed, xstep, xstep4: `name [rules=spec|instructor]`, input on stdin.
int run_rules_harness(const char* name, int argc, const char* const* argv,
                      HarnessResult (*harness)(const std::string&, Rules));

}  // namespace arena::evolution
