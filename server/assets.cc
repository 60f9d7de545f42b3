#include "server/assets.h"

#include <algorithm>

namespace arena::server {

const Asset* find_asset(std::string_view path) {
  const auto& all = assets();
  auto it = std::find_if(all.begin(), all.end(), [&](const Asset& a) { return a.path == path; });
  return it == all.end() ? nullptr : &*it;
}

std::string_view content_type(std::string_view path) {
  auto ends = [&](std::string_view ext) {
    return path.size() >= ext.size() && path.substr(path.size() - ext.size()) == ext;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".json")) return "application/json";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  return "application/octet-stream";
}

}  // namespace arena::server
