// eb-server MAP PORT [name=value ...] (spec §9.1).
#include "games/empire/server.h"

int main(int argc, char** argv) {
  return arena::empire::server_main(std::vector<std::string>(argv + 1, argv + argc), "eb-server");
}
