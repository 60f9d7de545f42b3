// xclient [--host H] [--port P] [--name N] [--rules spec|instructor] (spec §8.3): a Silly player
// over TCP; --rules instructor plays the instructor's Silly (docs/evolution.md).
#include <cstdlib>
#include <iostream>
#include <string>

#include "games/evolution/net/client.h"
#include "games/evolution/silly.h"

int main(int argc, char** argv) {
  using namespace arena::evolution;
  std::string host = "localhost", name = "silly";
  int port = 45678;
  Rules rules = Rules::spec;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc || (a != "--host" && a != "--port" && a != "--name" && a != "--rules")) {
      std::cerr << "usage: xclient [--host H] [--port P] [--name N] [--rules spec|instructor]\n";
      return 1;
    }
    std::string v = argv[++i];
    if (a == "--host") host = v;
    if (a == "--name") name = v;
    if (a == "--rules") {
      const auto r = parse_rules(v);
      if (!r) {
        std::cerr << "xclient: --rules must be spec or instructor\n";
        return 1;
      }
      rules = *r;
    }
    if (a == "--port") {
      char* end = nullptr;
      long p = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || p < 1 || p > 65535) {
        std::cerr << "xclient: --port must be 1..65535\n";
        return 1;
      }
      port = static_cast<int>(p);
    }
  }
  SillyPlayer silly(rules);
  return run_client(silly, host, port, name, "xclient");
}
