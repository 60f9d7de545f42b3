// What a request may name in the replay directory: one plain file name, resolved so that nothing
// a page sends reads outside the directory (`..`, encoded `%2e%2e`, absolute paths, symlinks that
// point out of it are all refused).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace arena::server {

// Percent-decodes a URL path segment or query value ('+' stays '+'); nullopt for a bad escape.
std::optional<std::string> url_decode(std::string_view text);

// Splits "a=1&b=2" into decoded pairs, in order; nullopt for a bad escape.
std::optional<std::vector<std::pair<std::string, std::string>>> parse_query(std::string_view q);

// Escapes text for HTML element content and attribute values.
std::string html_escape(std::string_view text);
// Percent-encodes a file name for a URL path segment.
std::string url_encode(std::string_view text);

// Why `name` (already decoded) is not a plain file name of the directory, or nullopt: empty, ".",
// "..", a '/' or '\\', a NUL byte, a control character, or longer than 255 bytes.
std::optional<std::string> bad_file_name(std::string_view name);

// The canonical path of `dir`/`name`, if it is a regular file whose real location (after every
// symlink) is inside the real `dir`; otherwise an error message for the page (and the HTTP status:
// 400 bad name, 403 outside the directory, 404 missing or not a regular file).
struct ResolveError {
  int status;
  std::string message;
};
std::variant<std::string, ResolveError> resolve_in_dir(const std::string& dir,
                                                       std::string_view name);

// The names of the regular files directly in `dir` whose real location is inside it, sorted.
std::vector<std::string> list_dir(const std::string& dir);

}  // namespace arena::server
