#include "server/paths.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace arena::server {

namespace fs = std::filesystem;

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// `path` lies in `dir` (both canonical): dir itself is not "in" it.
bool inside(const fs::path& dir, const fs::path& path) {
  auto d = dir.begin(), p = path.begin();
  for (; d != dir.end(); ++d, ++p)
    if (p == path.end() || *d != *p) return false;
  return p != path.end();
}

}  // namespace

std::optional<std::string> url_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int hi = hex_value(text[i + 1]), lo = hex_value(text[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return out;
}

std::optional<std::vector<std::pair<std::string, std::string>>> parse_query(std::string_view q) {
  std::vector<std::pair<std::string, std::string>> out;
  while (!q.empty()) {
    const size_t amp = q.find('&');
    std::string_view part = q.substr(0, amp);
    q = amp == std::string_view::npos ? std::string_view() : q.substr(amp + 1);
    if (part.empty()) continue;
    const size_t eq = part.find('=');
    auto key = url_decode(part.substr(0, eq));
    auto value = url_decode(eq == std::string_view::npos ? "" : part.substr(eq + 1));
    if (!key || !value) return std::nullopt;
    out.emplace_back(std::move(*key), std::move(*value));
  }
  return out;
}

std::string html_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string url_encode(std::string_view text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::optional<std::string> bad_file_name(std::string_view name) {
  if (name.empty()) return "empty file name";
  if (name == "." || name == "..") return "'" + std::string(name) + "' is not a file name";
  if (name.size() > 255) return "file name longer than 255 bytes";
  for (unsigned char c : name) {
    if (c == '/' || c == '\\') return "a file name of the replay directory has no '/' or '\\'";
    if (c < 0x20 || c == 0x7f) return "control character in the file name";
  }
  return std::nullopt;
}

std::variant<std::string, ResolveError> resolve_in_dir(const std::string& dir,
                                                       std::string_view name) {
  if (auto why = bad_file_name(name)) return ResolveError{400, *why};
  std::error_code ec;
  const fs::path real_dir = fs::canonical(dir, ec);
  if (ec) return ResolveError{404, "the replay directory cannot be read: " + ec.message()};
  const fs::path candidate = real_dir / fs::path(std::string(name));
  if (!fs::exists(fs::symlink_status(candidate, ec)))
    return ResolveError{404, "no file named '" + std::string(name) + "' in the replay directory"};
  const fs::path real = fs::canonical(candidate, ec);
  if (ec)
    return ResolveError{404, "'" + std::string(name) + "' cannot be resolved: " + ec.message()};
  if (!inside(real_dir, real))
    return ResolveError{403, "'" + std::string(name) + "' points outside the replay directory"};
  if (!fs::is_regular_file(real, ec))
    return ResolveError{404, "'" + std::string(name) + "' is not a regular file"};
  return real.string();
}

std::vector<std::string> list_dir(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (bad_file_name(name)) continue;
    if (std::holds_alternative<std::string>(resolve_in_dir(dir, name))) out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arena::server
