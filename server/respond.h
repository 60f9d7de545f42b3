// The shapes of a plain GET's answer, shared by the route files of server/.
#pragma once

#include <string>

#include "core/replay.h"  // arena::Json
#include "server/server.h"

namespace arena::server {

// A one-line plain-text answer (a reason for an error status, most often).
inline Response text_response(int status, std::string body) {
  Response r;
  r.status = status;
  r.body = std::move(body) + "\n";
  return r;
}

inline Response json_response(int status, const Json& j) {
  Response r;
  r.status = status;
  r.content_type = "application/json";
  r.body = j.dump() + "\n";
  return r;
}

inline Response html_response(std::string html) {
  Response r;
  r.content_type = "text/html; charset=utf-8";
  r.body = std::move(html);
  return r;
}

}  // namespace arena::server
