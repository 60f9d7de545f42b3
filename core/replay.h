// DESIGN.md's replay container: JSON Lines. A header line (container version, arena version, game,
// parameters, seed, seats, time control, plus the spec's top-level fields), one line per turn or
// event (the spec's per-turn entry, the verdict, milliseconds used), seat logs (stderr, capped),
// and a closing result line. Measured times live only in fields named "ms", so that replays of the
// same seed and deterministic bots compare byte for byte once those are removed.
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace arena {

using Json = nlohmann::ordered_json;

constexpr int kReplayVersion = 1;
constexpr size_t kStderrCapBytes = 64 * 1024;
extern const char* const kArenaVersion;

struct Replay {
  Json header = Json::object();  // "type": "header"
  std::vector<Json> events;      // "type": "turn" | "event" | "log"
  Json result = Json::object();  // "type": "result"

  // Starts a header with the container's own fields, in order.
  static Json make_header(const std::string& game, const Json& match_params, const Json& seed,
                          const Json& seats, const Json& time_control);

  // The whole container, one JSON document per line, each line ending in "\n".
  std::string to_jsonl() const;
  // Parses and checks the container's structure and the types of the header's container fields
  // (not the game's content). Errors name the line or the field, never the JSON library.
  static std::variant<Replay, std::string> parse(std::string_view text);
};

// `text` with every "ms" member removed from every line: what must be identical across runs.
std::string without_timings(std::string_view jsonl);

// Writes `text` to `path` ("-" for stdout). Throws std::runtime_error with the reason on failure.
void write_file(const std::string& path, std::string_view text);
// Reads a whole file ("-" for stdin). Throws std::runtime_error with the reason on failure.
std::string read_file(const std::string& path);
// The same into `out`; on failure the system's reason ("Is a directory", "Permission denied").
std::optional<std::string> read_whole_file(const std::string& path, std::string& out);

// Replay checks: compares what a replay records with what replaying gives and adds one problem per
// difference, "<where>: <path> is <recorded>, replaying gives <expected>". Objects are compared
// member by member (so the path names the exact field, e.g. "scores.hero"), other values whole.
// `recorded` may be nullptr (missing).
void compare_recorded(const std::string& where, const std::string& path, const Json* recorded,
                      const Json& expected, std::vector<std::string>& problems);
// An exception's text for a user: without the JSON library's own prefix
// ("[json.exception.type_error.302] "), the rest names the types involved.
std::string error_text(const std::exception& e);

// A value as problems quote it: its JSON text, cut to `max` characters.
std::string quote_json(const Json& value, size_t max = 80);

// A recorded seed: the decimal spelling of 0..2^64-1, without leading zeros.
std::optional<uint64_t> parse_seed(std::string_view text);

}  // namespace arena
