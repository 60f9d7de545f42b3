// eb-client HOST PORT NAME [strategy=ai|manual|reference|greedy] [think_ms=N] [log=FILE]
#include "games/empire/client.h"

int main(int argc, char** argv) {
  return arena::empire::client_main(std::vector<std::string>(argv + 1, argv + argc), "eb-client");
}
