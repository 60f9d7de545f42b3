// A tournament's schedule, from its entrants, format and seeds: pure and deterministic (the same
// configuration gives the same list of matches, in the same order, every time), so that a run that
// stopped can be resumed from the rows already stored and a report can name every match.
//
// Fairness: the entrants of a table meet on the same seeds in every seat arrangement (the sides of
// the game rotated, as fastchess swaps colours on one opening): in Dracula A's hunters meet B's
// Dracula and B's hunters meet A's Dracula on each seed; in a game of N seats each seed is played
// in the N rotations of the seat order.
#pragma once

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "core/registry.h"
#include "tournament/store.h"
#include "tournament/swiss.h"

namespace arena::tournament {

// One participant: a label and the program of each role it plays. The key is a role ("D"), a
// group of roles ("hunters") or "" (every role it has no more precise program for).
struct Entrant {
  std::string label;
  std::map<std::string, std::string> specs;
};

enum class Format { round_robin, gauntlet, swiss };
const char* to_string(Format f);
std::optional<Format> parse_format(const std::string& text);

// A side of a game: the roles one entrant holds together (a group such as Dracula's hunters, or a
// single role).
struct Side {
  std::string name;  // the group's name or the role's
  std::vector<std::string> roles;
};

// The sides of `game` played with its first `seats` roles: roles of one group are one side.
std::vector<Side> game_sides(const GameInfo& game, int seats);

struct ScheduleConfig {
  Format format = Format::round_robin;
  std::vector<Entrant> entrants;  // gauntlet: the first one meets each of the others
  int games_per_pairing = 1;      // seeds per table, each played in every arrangement
  uint64_t seed = 0;              // seeds are seed, seed+1, ... seed+games_per_pairing-1
  int seats = 0;                  // 0: the game's minimum
  int rounds = 0;                 // swiss: rounds to play; 0: swiss_default_rounds(entrants)
};

// Parses `--bot` words: `LABEL=SPEC` (the program of every role) or `LABEL:ROLE=SPEC` (the program
// of one role or group; several words build one entrant), in order of first appearance.
std::variant<std::vector<Entrant>, std::string> parse_entrants(
    const std::vector<std::string>& args);

// Every match of the tournament: for each seed in turn, for each table (the entrants that meet,
// in the order of the entrants), every arrangement. The error names what is wrong (too few
// entrants, a role no program was given for, a format not available). Swiss: the first round's
// matches only (each later round is paired from the results: swiss_round_matches).
std::variant<std::vector<MatchSpec>, std::string> make_schedule(const GameInfo& game,
                                                                const ScheduleConfig& config);

// Swiss: the rounds to play (config.rounds, or the default for its entrants).
int swiss_rounds(const ScheduleConfig& config);
// Swiss: the matches of one round, the same number in every round.
int swiss_round_size(const GameInfo& game, const ScheduleConfig& config);

// Swiss: the matches of round `round` (0-based; MatchSpec::round) for these pairings, for a
// configuration make_schedule accepted. Each pair plays every seed in both arrangements (two
// sides: each entrant on each side); in a one-side game (Wumpus) the two play each seed alone,
// one match each, and the higher score takes the seed. Order as make_schedule's: seed, then pair
// (board order), then arrangement; indices follow the earlier rounds' (round * round size + i).
std::vector<MatchSpec> swiss_round_matches(const GameInfo& game, const ScheduleConfig& config,
                                           int round, const SwissRound& pairs);

// The largest schedule accepted (a typo such as --games-per-pairing 1000000 fails early).
constexpr int kMaxMatches = 1000000;
// The most swiss rounds accepted.
constexpr int kMaxSwissRounds = 1000;

}  // namespace arena::tournament
