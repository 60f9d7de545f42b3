// The game registry: each game registers its name, parameters with defaults, roles and seat counts,
// transport, default time control and built-in bots, and the entry points the runner calls. The
// registry knows no game; games/all_games.cc adds them, one line each.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "core/message_bot.h"
#include "core/replay.h"
#include "core/seat_spec.h"

namespace arena {

using Json = nlohmann::ordered_json;

// A configuration error found when a match is set up (unknown built-in bot, unreadable map...): the
// match never starts and `arena` exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One `k=v` parameter of a game.
struct ParamSpec {
  std::string name;
  std::string default_value;
  std::string help;
  // The reason a value is refused (the message after "<name>: "), or nullopt when it is accepted.
  std::function<std::optional<std::string>(const std::string&)> check;
};

// Parameters after parsing: every declared parameter, with its default when not given.
struct ParamValues {
  std::map<std::string, std::string> values;
  std::map<std::string, bool> given;
  const std::string& get(const std::string& name) const;
  int get_int(const std::string& name) const;
  bool was_given(const std::string& name) const;
};

// Everything that describes one match (DESIGN.md: game, parameters, seed, the seats' commands).
struct MatchSetup {
  ParamValues params;
  uint64_t seed = 0;
  bool seed_given = false;                // false: drawn from entropy (and recorded)
  std::map<std::string, SeatSpec> seats;  // by role
  int time_ms = 0;                        // per-turn limit
  bool record_stderr = true;
  SandboxOptions sandbox;  // how bot programs are confined (off unless asked)
  // Live spectating: every referee calls this (on the match's thread) with its header fields
  // first ({"type":"header",...}: match/ adds its own), then each turn or event line as it records
  // it, exactly the lines of the replay (core/live_lines.h). Empty: nobody watches.
  std::function<void(const Json& line)> on_line;
};

// What one match gives back.
struct MatchOutcome {
  std::map<std::string, double> scores;  // role -> score
  std::optional<std::string> winner;     // a role or team, or nullopt
  Json result;                           // the spec's own result fields, with its names
  std::map<std::string, double> stats;   // per-game figures for eval (e.g. "death": 0/1)
  std::string summary;                   // a short human-readable report for `arena play`
  Replay replay;                         // the whole match, in DESIGN.md's container
  // What the user must hear of besides the result, one "ROLE: why" each (a seat whose program
  // could not start): printed on stderr by `arena play` and, once each, by `arena eval`.
  std::vector<std::string> warnings;
};

// What match/ hands a game's referee: the match's hub, its setup, and every seat already open (in
// role order), by role. The seats stay match/'s: after the referee it finishes them all, records
// what each left on stderr and how it ended, and cleans up every process.
struct RefereeContext {
  Hub& hub;
  const MatchSetup& setup;
  std::map<std::string, Seat*> seats;
};

// What a referee gives back: the outcome and the game's own parts of the replay. match/ writes the
// header (container fields, then `header_fields`), the events, one log line per seat with
// anything to say, and the result line {type, scores, winner, result}.
struct RefereeRecord {
  std::map<std::string, double> scores;  // role -> score
  std::optional<std::string> winner;     // a role or team, or nullopt
  Json result = Json::object();          // the spec's own result fields
  std::map<std::string, double> stats;   // per-game figures for eval
  std::string summary;                   // for `arena play`
  std::vector<Json> events;              // turns and events, in order
  Json header_fields = Json::object();   // the spec's top-level header fields
  Json header_seats;                     // null: role -> the SPEC text
  Json match_params;                     // null: the parameters given on the command line
  bool seeded = true;                    // false: the header's seed is null (a fixed map)
};

// A file that goes with an exported replay document, written next to it.
struct ExportFile {
  std::string name;  // a plain file name, without directory
  std::string text;
};

// One extra argument of `arena bot <game> NAME`: a word (`--persistent`, `rules=instructor`), or a
// flag followed by a value (`--player 1`), whose value the game may check.
struct BotFlag {
  std::string word;
  bool takes_value = false;
  std::function<std::optional<std::string>(const std::string&)> check;  // the refusal, or nullopt
};

// A game's own command-line tool: `arena <game> <tool> ARGS...` (Empire Builder's astar, Dungeon
// Race's gen, Evolution's course harnesses). Returns the exit status.
struct GameTool {
  std::string name;
  std::string help;
  std::function<int(const std::vector<std::string>& args)> run;
};

// How a game's seats take their turns: asked one at a time, or all acting as events come.
enum class Dynamics { turn_based, real_time };

struct BotInfo {
  std::string name;
  std::string help;
  // The roles it is made for, as roles or groups ("hunters"); empty: any role.
  std::vector<std::string> roles;
};

// Arguments of `arena bot <game> <name> ...`.
struct BotArgs {
  uint64_t seed = 0;
  std::string host = "127.0.0.1";
  int port = 0;  // TCP games
  std::vector<std::string> extra;
};

// Arguments of `arena host <game> ...`: the game's own server, waiting for external clients (TCP
// games). Unset values take the game's defaults.
struct HostArgs {
  std::optional<int> port;
  std::optional<std::string> seed;  // decimal text, validated by the game
  std::optional<int> time_ms;
  std::string replay_path;  // "" = none
  // The `k=v` words, parsed against the game's params and host_params (defaults filled in).
  ParamValues params;
};

struct GameInfo {
  std::string name;
  std::string title;
  std::string transport;  // e.g. "process per game, lines on stdin/stdout"
  Dynamics dynamics = Dynamics::turn_based;
  std::vector<GameTool> tools;  // `arena <game> <tool> ...`
  std::vector<ParamSpec> params;
  // Parameters only `arena host` takes, beside `params` (e.g. Evolution's sign-up window).
  std::vector<ParamSpec> host_params;
  std::vector<std::string> roles;  // seat roles, in seat order
  int min_seats = 1;               // the first min_seats roles must be filled
  std::map<std::string, std::vector<std::string>> role_groups;  // e.g. "hunters" -> G,S,H,M
  int default_time_ms = 1000;
  // What a confined bot program of this game may use, unless `--limit` says otherwise
  // (docs/sandbox.md gives each game's figures and why).
  SandboxLimits sandbox_limits;
  // The largest seed the game takes (Evolution §2.5: MT19937 takes 32 bits); a drawn seed is
  // drawn below it, a given one is checked against it.
  uint64_t max_seed = UINT64_MAX;
  int min_time_ms = 1, max_time_ms = 3600 * 1000;  // the range --time-ms accepts
  std::vector<BotInfo> bots;
  // Extra arguments `arena bot <game> NAME` accepts; any other is refused (check_bot_args).
  std::vector<BotFlag> bot_flags;

  // Cross-parameter checks after each value passed its own: the full error line, or nullopt.
  // It may also normalise values (e.g. load a map file into the parameters).
  std::function<std::optional<std::string>(ParamValues&)> check_params;
  // A built-in bot for an in-process seat (nullptr if `name` is unknown).
  std::function<std::unique_ptr<MessageBot>(const std::string& name, uint64_t seed)> make_bot;
  // A built-in bot as a program speaking the protocol (`arena bot`). Returns the exit code.
  std::function<int(const std::string& name, const BotArgs& args)> run_bot;
  // How each seat is opened (transport, framers, environment, the built-in bot). Throws UsageError
  // for a seat that cannot be (an unknown built-in bot): the match never starts.
  std::function<SeatPlan(const MatchSetup& setup, const SeatSpec& spec)> seat_plan;
  // Plays one match on seats match/ opened (match/match.h runs every match).
  std::function<RefereeRecord(RefereeContext& context)> referee;
  // The name of the per-turn limit in the replay header's time_control.
  std::string time_control_key = "turn_ms";
  // Extra eval statistics from the outcomes (e.g. Wumpus death_rate), merged into eval's JSON.
  std::function<void(const std::vector<MatchOutcome>& outcomes, Json& out)> eval_extras;
  // Checks a replay's game-specific content; returns the problems found (empty: valid).
  std::function<std::vector<std::string>(const Replay& replay)> check_replay;
  // Optional: the game's own log format, which `arena replay` also reads (Dungeon Race's `serve`
  // writes its spec's records), turned into the container; or why it cannot be.
  std::function<std::variant<Replay, std::string>(std::string_view text)> import_log;
  // The spec's own single-document form of a replay (`arena replay FILE --export`).
  std::function<Json(const Replay& replay)> export_replay;
  // Optional: files that go next to the exported document when it is written to a file
  // (`arena replay FILE --export OUT`; never when it goes to stdout), e.g. Dracula's per-turn
  // stderr log (§6.6). `document_name` is OUT's file name; the game may add references to its
  // files into `document` (they are written in OUT's directory).
  std::function<std::vector<ExportFile>(const Replay& replay, const std::string& document_name,
                                        Json& document)>
      export_files;
  // `arena host`: runs the game's server until its game is over. Returns the exit code (a bad
  // argument: 2). Null for games without a server.
  std::function<int(const HostArgs& args)> host;
};

class Registry {
 public:
  static Registry& instance();
  void add(GameInfo game);
  const GameInfo* find(const std::string& name) const;
  const std::vector<GameInfo>& games() const { return games_; }

 private:
  std::vector<GameInfo> games_;
};

// Checks the extra words of `arena bot <game> NAME` against the game's bot_flags: the error line
// (e.g. "--player: needs a value"), or nullopt.
std::optional<std::string> check_bot_args(const GameInfo& game,
                                          const std::vector<std::string>& extra);

// Parses `k=v` words against a game's parameters: unknown names and refused values give the
// error "<name>: <reason>"; then the game's cross checks run.
std::variant<ParamValues, std::string> parse_params(const GameInfo& game,
                                                    const std::vector<std::string>& words);
// The same for `arena host`: the game's params and its host_params.
std::variant<ParamValues, std::string> parse_host_params(const GameInfo& game,
                                                         const std::vector<std::string>& words);

}  // namespace arena
