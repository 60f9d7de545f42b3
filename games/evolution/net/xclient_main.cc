// xclient [--host H] [--port P] [--name N] (spec §8.3): a Silly player over TCP.
#include <cstdlib>
#include <iostream>
#include <string>

#include "games/evolution/net/client.h"
#include "games/evolution/silly.h"

int main(int argc, char** argv) {
  using namespace arena::evolution;
  std::string host = "localhost", name = "silly";
  int port = 45678;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc || (a != "--host" && a != "--port" && a != "--name")) {
      std::cerr << "usage: xclient [--host H] [--port P] [--name N]\n";
      return 1;
    }
    std::string v = argv[++i];
    if (a == "--host") host = v;
    if (a == "--name") name = v;
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
  SillyPlayer silly;
  return run_client(silly, host, port, name, "xclient");
}
