#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"

namespace arena::cli {

namespace {

// Every message of `arena replay` names the file it is about: "arena: replay: FILE: reason".
int fail(const std::string& path, const std::string& reason) {
  std::cerr << "arena: replay: " << (path == "-" ? "<stdin>" : path) << ": " << reason << "\n";
  return kFailure;
}

// The game whose own log `text` is (its first line a JSON object with no container "type" but a
// "game" that has import_log), or nullptr.
const GameInfo* own_log_game(const std::string& text) {
  Json first = Json::parse(text.substr(0, text.find('\n')), nullptr, /*allow_exceptions=*/false);
  if (!first.is_object() || first.contains("type") || !first.contains("game") ||
      !first["game"].is_string())
    return nullptr;
  const GameInfo* game = Registry::instance().find(first["game"].get<std::string>());
  return game && game->import_log ? game : nullptr;
}

}  // namespace

int cmd_replay(const std::string& path, bool do_export, const std::string& export_path, bool json) {
  std::string text;
  if (auto error = read_whole_file(path, text)) {
    if (*error == std::strerror(EISDIR)) return fail(path, "is a directory, not a replay file");
    return fail(path, "cannot read: " + *error);
  }
  auto parsed = Replay::parse(text);
  if (std::holds_alternative<std::string>(parsed))
    if (const GameInfo* own = own_log_game(text)) parsed = own->import_log(text);
  if (auto* err = std::get_if<std::string>(&parsed)) return fail(path, *err);
  const Replay& replay = std::get<Replay>(parsed);
  const std::string game_name = replay.header["game"];
  const GameInfo* game = Registry::instance().find(game_name);
  if (!game) {
    std::string known;
    for (const auto& g : Registry::instance().games())
      known += (known.empty() ? "" : ", ") + g.name;
    return fail(path, "unknown game '" + game_name + "' (games: " + known + ")");
  }
  std::vector<std::string> problems;
  try {
    if (game->check_replay) problems = game->check_replay(replay);
  } catch (const std::exception& e) {
    // A checker reads fields it has not type-checked; what it tripped on is still named.
    problems.push_back("malformed " + game_name + " replay: " + error_text(e));
  }
  if (!problems.empty()) {
    for (const auto& p : problems) fail(path, p);
    return kFailure;
  }
  if (do_export) {
    if (!game->export_replay) return fail(path, game_name + " has no export form");
    Json doc;
    try {
      doc = game->export_replay(replay);
    } catch (const std::exception& e) {
      return fail(path, "cannot export: " + error_text(e));
    }
    if (export_path.empty() || export_path == "-") {
      std::cout << doc.dump() << "\n";
      return kOk;
    }
    const std::filesystem::path out(export_path);
    std::vector<ExportFile> files;
    if (game->export_files) files = game->export_files(replay, out.filename().string(), doc);
    try {
      for (const ExportFile& f : files) write_file((out.parent_path() / f.name).string(), f.text);
      write_file(export_path, doc.dump() + "\n");
    } catch (const std::exception& e) {
      return fail(path, std::string("--export: ") + e.what());
    }
    return kOk;
  }
  const Json& result = replay.result;
  if (json) {
    Json j = Json::object();
    j["game"] = game_name;
    j["seed"] = replay.header["seed"];
    j["seats"] = replay.header["seats"];
    j["events"] = replay.events.size();
    j["scores"] = result.value("scores", Json::object());
    j["winner"] = result.value("winner", Json(nullptr));
    j["result"] = result.value("result", Json::object());
    j["valid"] = true;
    std::cout << j.dump() << "\n";
    return kOk;
  }
  std::cout << path << ": valid " << game_name << " replay\n";
  std::cout << "  seed: " << replay.header["seed"].dump() << "\n";
  std::cout << "  seats: " << replay.header["seats"].dump() << "\n";
  std::cout << "  events: " << replay.events.size() << "\n";
  std::cout << "  scores: " << result.value("scores", Json::object()).dump() << "\n";
  std::cout << "  winner: " << result.value("winner", Json(nullptr)).dump() << "\n";
  std::cout << "  result: " << result.value("result", Json::object()).dump() << "\n";
  return kOk;
}

}  // namespace arena::cli
