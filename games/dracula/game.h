// Fury of Dracula's registration (DESIGN.md: name, parameters, roles, bots, entry points).
#pragma once

#include "core/registry.h"
#include "games/dracula/referee.h"

namespace arena::dracula {

GameInfo game_info();
// The same game with in-process seats (`bot:NAME`) made by `make_bot` (tests' scripted bots).
GameInfo game_info(InProcessBotMaker make_bot);

// Replay content checks and the spec's own document (§6.6), in replay_check.cc.
std::vector<std::string> check_replay(const Replay& replay);
Json export_replay(const Replay& replay);
// The §6.6 "separate log file" of per-turn stderr excerpts next to an exported document (JSON
// Lines: play, seat, stderr, truncated), referenced from it as "stderr_log"; none without stderr.
std::vector<ExportFile> export_files(const Replay& replay, const std::string& document_name,
                                     Json& document);

}  // namespace arena::dracula
