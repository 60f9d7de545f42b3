// Shared logic of the §7 harness executables, on text so that tests can run it in process: read
// one JSON value, compute one answer, print it compactly with a newline (or nothing where the spec
// says so); on malformed input print nothing on stdout, one line on stderr, and exit 1.
#pragma once

#include <string>

namespace arena::evolution {

struct HarnessResult {
  int status = 0;
  std::string out;  // exactly what goes to stdout
  std::string err;  // the diagnostic, without the program name
};
HarnessResult xattack(const std::string& input);
HarnessResult xfeed(const std::string& input);
HarnessResult xstep(const std::string& input);
HarnessResult xstep4(const std::string& input);
HarnessResult xsilly(const std::string& input);
HarnessResult xstream(const std::string& input);
HarnessResult xmain(int argc, const char* const* argv);

// Writes r to stdout (and its diagnostic, prefixed with `name`, to stderr); returns the status.
int finish(const char* name, const HarnessResult& r);
std::string read_stdin();

}  // namespace arena::evolution
