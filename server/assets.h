// The files of server/web/, compiled into the binary (server/embed.cmake): the pages need no
// installed data directory and no front-end build step.
#pragma once

#include <string_view>
#include <vector>

namespace arena::server {

struct Asset {
  const char* path;  // relative to server/web/, e.g. "games/wumpus.js"
  const char* data;
  std::size_t size;
  std::string_view bytes() const { return {data, size}; }
};

// Every embedded file, sorted by path.
const std::vector<Asset>& assets();

// The file at `path` (relative, no leading slash), or null.
const Asset* find_asset(std::string_view path);

// The Content-Type for a file name, by its extension.
std::string_view content_type(std::string_view path);

}  // namespace arena::server
