#include "core/replay.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <stdexcept>

namespace arena {

const char* const kArenaVersion = ARENA_VERSION;  // project(arena VERSION ...) in CMakeLists.txt

Json Replay::make_header(const std::string& game, const Json& match_params, const Json& seed,
                         const Json& seats, const Json& time_control) {
  Json h = Json::object();
  h["type"] = "header";
  h["container"] = "arena-replay";
  h["version"] = kReplayVersion;
  h["arena_version"] = kArenaVersion;
  h["game"] = game;
  h["match_params"] = match_params;
  h["seed"] = seed;
  h["seats"] = seats;
  h["time_control"] = time_control;
  return h;
}

std::string Replay::to_jsonl() const {
  // Bots write arbitrary bytes on stderr, and the replay keeps them: bytes that are not UTF-8
  // become U+FFFD rather than making the whole match fail to serialise.
  auto line = [](const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
  };
  std::string out = line(header);
  for (const Json& e : events) out += line(e);
  out += line(result);
  return out;
}

namespace {

std::string line_ref(size_t n) {
  return "line " + std::to_string(n);
}

// The header's container fields, each with the JSON type it must have.
std::optional<std::string> check_header(const Json& h) {
  auto wrong = [](const char* key, const Json& v, const char* expected) {
    return std::string("header: \"") + key + "\" is " + (v.is_null() ? "null" : v.type_name()) +
           " " + v.dump().substr(0, 40) + ", expected " + expected;
  };
  if (!h.contains("container") || !h["container"].is_string() ||
      h["container"].get_ref<const std::string&>() != "arena-replay")
    return std::string("header: not an arena replay (\"container\" is not \"arena-replay\")");
  if (!h.contains("version") || !h["version"].is_number_integer())
    return h.contains("version") ? wrong("version", h["version"], "an integer")
                                 : "header: no \"version\"";
  if (h["version"].get<int64_t>() != kReplayVersion)
    return "header: container version " + h["version"].dump() + " is not supported (expected " +
           std::to_string(kReplayVersion) + ")";
  for (const char* key : {"game", "seats", "time_control", "seed"}) {
    if (!h.contains(key)) return std::string("header: no \"") + key + "\"";
  }
  if (!h["game"].is_string()) return wrong("game", h["game"], "a string");
  if (h.contains("arena_version") && !h["arena_version"].is_string())
    return wrong("arena_version", h["arena_version"], "a string");
  if (!h["seats"].is_object()) return wrong("seats", h["seats"], "an object");
  if (!h["time_control"].is_object()) return wrong("time_control", h["time_control"], "an object");
  if (h.contains("match_params") && !h["match_params"].is_object())
    return wrong("match_params", h["match_params"], "an object");
  const Json& seed = h["seed"];
  if (!seed.is_null() && !(seed.is_string() && parse_seed(seed.get<std::string>())))
    return wrong("seed", seed, "a decimal string from 0 to 18446744073709551615, or null");
  return std::nullopt;
}

}  // namespace

std::optional<uint64_t> parse_seed(std::string_view text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) return std::nullopt;
    v = v * 10 + d;
  }
  // One spelling per seed: "007" would replay as 7 but compare differently.
  if (text.size() > 1 && text[0] == '0') return std::nullopt;
  return v;
}

std::variant<Replay, std::string> Replay::parse(std::string_view text) {
  if (text.empty()) return std::string("empty file, not a replay");
  Replay r;
  std::vector<Json> lines;
  size_t line_no = 0, pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    const bool cut = end == std::string_view::npos;  // no newline: the file ends in this line
    if (cut) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.empty()) return line_ref(line_no) + ": empty line (a replay is JSON Lines)";
    Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
      if (cut && line_no > 1)
        return "truncated: " + line_ref(line_no) + " is cut off and there is no result line";
      return line_ref(line_no) + ": not valid JSON (a replay is JSON Lines: one object per line)";
    }
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
      return line_ref(line_no) + ": not a JSON object with a string \"type\"";
    lines.push_back(std::move(j));
  }
  const Json& h = lines.front();
  if (h["type"] != "header") return "line 1: the first line must be the header";
  if (auto err = check_header(h)) return *err;
  if (lines.size() < 2 || lines.back()["type"] != "result")
    return "truncated: no result line (the file ends with the " +
           lines.back()["type"].get<std::string>() + " line at " + line_ref(lines.size()) + ")";
  for (size_t i = 1; i + 1 < lines.size(); ++i) {
    const std::string type = lines[i]["type"];
    if (type != "turn" && type != "event" && type != "log")
      return line_ref(i + 1) + ": unknown line type \"" + type + "\"";
  }
  r.header = std::move(lines.front());
  r.result = std::move(lines.back());
  r.events.assign(std::make_move_iterator(lines.begin() + 1),
                  std::make_move_iterator(lines.end() - 1));
  return r;
}

std::string error_text(const std::exception& e) {
  std::string text = e.what();
  if (text.rfind("[json.exception.", 0) == 0) {
    const size_t end = text.find("] ");
    if (end != std::string::npos) text.erase(0, end + 2);
  }
  return text;
}

std::string quote_json(const Json& value, size_t max) {
  std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (text.size() > max) text = text.substr(0, max) + "...";
  return text;
}

void compare_recorded(const std::string& where, const std::string& path, const Json* recorded,
                      const Json& expected, std::vector<std::string>& problems) {
  const std::string said = recorded ? quote_json(*recorded) : std::string("missing");
  if (recorded && recorded->is_object() && expected.is_object()) {
    for (const auto& [key, value] : expected.items()) {
      const Json* r = recorded->contains(key) ? &(*recorded)[key] : nullptr;
      compare_recorded(where, path + "." + key, r, value, problems);
    }
    for (const auto& [key, value] : recorded->items())
      if (!expected.contains(key))
        problems.push_back(where + ": " + path + "." + key + " is " + quote_json(value) +
                           ", replaying gives no such field");
    return;
  }
  // Arrays of objects or arrays are compared element by element; arrays of plain values (a
  // position, a list of event names) are one value.
  const bool nested = expected.is_array() && !expected.empty() &&
                      (expected[0].is_object() || expected[0].is_array());
  if (nested && recorded && recorded->is_array() && recorded->size() == expected.size()) {
    for (size_t i = 0; i < expected.size(); ++i)
      compare_recorded(where, path + "[" + std::to_string(i) + "]", &(*recorded)[i], expected[i],
                       problems);
    return;
  }
  if (!recorded || *recorded != expected)
    problems.push_back(where + ": " + path + " is " + said + ", replaying gives " +
                       quote_json(expected));
}

namespace {
void strip_ms(Json& j) {
  if (j.is_object()) {
    j.erase("ms");
    for (auto& [k, v] : j.items()) strip_ms(v);
  } else if (j.is_array()) {
    for (auto& v : j) strip_ms(v);
  }
}
}  // namespace

std::string without_timings(std::string_view jsonl) {
  std::string out;
  size_t pos = 0;
  while (pos < jsonl.size()) {
    size_t end = jsonl.find('\n', pos);
    if (end == std::string_view::npos) end = jsonl.size();
    Json j = Json::parse(jsonl.substr(pos, end - pos), nullptr, false);
    if (!j.is_discarded()) {
      strip_ms(j);
      out += j.dump();
    } else {
      out += jsonl.substr(pos, end - pos);
    }
    out += '\n';
    pos = end + 1;
  }
  return out;
}

void write_file(const std::string& path, std::string_view text) {
  if (path == "-") {
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
    std::cout.flush();
    return;
  }
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  f.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!f) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

std::optional<std::string> read_whole_file(const std::string& path, std::string& out) {
  out.clear();
  int fd = 0;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::string(std::strerror(errno));
  }
  std::optional<std::string> error;
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    error = std::strerror(EISDIR);
  } else {
    char buf[1 << 16];
    for (;;) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n > 0) {
        out.append(buf, static_cast<size_t>(n));
      } else if (n == 0) {
        break;
      } else if (errno != EINTR) {
        error = std::strerror(errno);
        break;
      }
    }
  }
  if (fd != 0) ::close(fd);
  return error;
}

std::string read_file(const std::string& path) {
  std::string text;
  if (auto error = read_whole_file(path, text))
    throw std::runtime_error("cannot read " + path + ": " + *error);
  return text;
}

}  // namespace arena
