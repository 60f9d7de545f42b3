#include <filesystem>
#include <iostream>

#include "cli/commands.h"

namespace arena::cli {

int cmd_replay(const std::string& path, bool do_export, const std::string& export_path, bool json) {
  std::string text;
  try {
    text = read_file(path);
  } catch (const std::exception& e) {
    std::cerr << "arena: " << e.what() << "\n";
    return kFailure;
  }
  auto parsed = Replay::parse(text);
  if (auto* err = std::get_if<std::string>(&parsed)) {
    std::cerr << "arena: " << path << ": invalid replay: " << *err << "\n";
    return kFailure;
  }
  const Replay& replay = std::get<Replay>(parsed);
  const std::string game_name = replay.header["game"];
  const GameInfo* game = Registry::instance().find(game_name);
  if (!game) {
    std::cerr << "arena: " << path << ": replay of an unknown game '" << game_name << "'\n";
    return kFailure;
  }
  std::vector<std::string> problems;
  if (game->check_replay) problems = game->check_replay(replay);
  if (!problems.empty()) {
    std::cerr << "arena: " << path << ": invalid " << game_name << " replay:\n";
    for (const auto& p : problems) std::cerr << "  " << p << "\n";
    return kFailure;
  }
  if (do_export) {
    if (!game->export_replay) {
      std::cerr << "arena: " << game_name << " has no export form\n";
      return kFailure;
    }
    Json doc = game->export_replay(replay);
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
      std::cerr << "arena: " << e.what() << "\n";
      return kFailure;
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
