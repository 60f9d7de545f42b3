// xserver [--port P] [--seed S] [--timeout-ms T] [--signup-window-s W] (spec §8.3), and
// [--replay FILE] [--rules spec|instructor] [--deck shuffled|unshuffled] (docs/evolution.md).
#include <iostream>

#include "games/evolution/net/server.h"

int main(int argc, char** argv) {
  using namespace arena::evolution;
  auto options = parse_server_args(std::vector<std::string>(argv + 1, argv + argc), std::cerr);
  if (!options) return 1;
  return run_server(*options, std::cout, std::cerr);
}
