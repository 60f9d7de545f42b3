#include "core/replay.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
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

std::variant<Replay, std::string> Replay::parse(std::string_view text) {
  Replay r;
  std::vector<Json> lines;
  size_t line_no = 0, pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.empty()) return "line " + std::to_string(line_no) + ": empty line";
    Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return "line " + std::to_string(line_no) + ": not valid JSON";
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
      return "line " + std::to_string(line_no) + ": not an object with a string \"type\"";
    lines.push_back(std::move(j));
  }
  if (lines.size() < 2) return "a replay needs at least a header line and a result line";
  const Json& h = lines.front();
  if (h["type"] != "header") return "line 1: the first line must be the header";
  if (h.value("container", "") != "arena-replay") return "line 1: not an arena replay container";
  if (!h.contains("version") || !h["version"].is_number_integer() ||
      h["version"].get<int>() != kReplayVersion)
    return "line 1: unsupported container version (expected " + std::to_string(kReplayVersion) +
           ")";
  for (const char* key : {"game", "seats", "time_control", "seed"}) {
    if (!h.contains(key)) return std::string("line 1: header has no \"") + key + "\"";
  }
  if (!h["game"].is_string()) return "line 1: \"game\" must be a string";
  if (!h["seed"].is_null() && !h["seed"].is_string())
    return "line 1: \"seed\" must be a decimal string or null";
  if (lines.back()["type"] != "result")
    return "line " + std::to_string(lines.size()) + ": the last line must be the result";
  for (size_t i = 1; i + 1 < lines.size(); ++i) {
    const std::string type = lines[i]["type"];
    if (type != "turn" && type != "event" && type != "log")
      return "line " + std::to_string(i + 1) + ": unknown line type \"" + type + "\"";
  }
  r.header = std::move(lines.front());
  r.result = std::move(lines.back());
  r.events.assign(std::make_move_iterator(lines.begin() + 1),
                  std::make_move_iterator(lines.end() - 1));
  return r;
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

std::string read_file(const std::string& path) {
  if (path == "-") {
    return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace arena
