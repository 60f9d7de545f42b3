#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "server/server.h"

namespace arena::cli {

int cmd_serve(const ServeArgs& a) {
  server::ServeOptions o;
  o.bind = a.bind;
  o.port = a.port;
  o.replays_dir = a.replays_dir;
  std::error_code ec;
  if (!std::filesystem::is_directory(o.replays_dir, ec)) {
    std::cerr << "arena: --replays " << o.replays_dir << ": not a directory\n";
    return kUsage;
  }
  server::Server server(o);
  int port = 0;
  try {
    port = server.listen();
  } catch (const std::exception& e) {
    std::cerr << "arena: " << e.what() << "\n";
    return kFailure;
  }
  // An IPv6 address is written in brackets in a URL.
  const std::string host = o.bind.find(':') != std::string::npos ? "[" + o.bind + "]" : o.bind;
  std::cout << "arena: serving on http://" << host << ":" << port << "/" << std::endl;
  server.run();
  return kOk;
}

}  // namespace arena::cli
