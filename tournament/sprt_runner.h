// `arena sprt`: two entrants play pairs of games until the SPRT of tournament/sprt.h decides.
// A pair is one seed played twice with the sides swapped (as fastchess plays each opening with
// the colours reversed), so a seed that favours one side favours both entrants once.
//
// A game qualifies when it has two sides: two role groups covering its required roles (Dracula:
// hunters and dracula; each entrant plays all four hunters with one program), or exactly two
// required roles (Empire Builder p1 and p2, Dungeon Race team0 and team1). An entrant gives one
// program for every side (`A=SPEC`) or one per side (`A:hunters=SPEC A:dracula=SPEC`).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "core/registry.h"
#include "match/runner.h"
#include "tournament/sprt.h"

namespace arena::tournament {

struct Sides {
  std::array<std::string, 2> names;               // a group or a role, as `--seat` takes it
  std::array<std::vector<std::string>, 2> roles;  // the roles each side fills
};

// The game's two sides, or why it has not two.
std::variant<Sides, std::string> two_sides(const GameInfo& game);

struct SprtEntrant {
  std::string name;
  std::map<std::string, std::string> specs;  // side name -> SPEC; "" = every side
  // The SPEC for `side` (the side's own, else the one for every side), or "".
  std::string spec_for(const std::string& side) const;
};

// Adds one `--bot NAME=SPEC` or `--bot NAME:SIDE=SPEC` to `entrants` (a new name makes a new
// entrant, in order); the error line, or nullopt.
std::optional<std::string> add_bot_arg(const GameInfo& game, const Sides& sides,
                                       const std::string& arg, std::vector<SprtEntrant>& entrants);

// Checks there are exactly two entrants and each has a program for both sides; the error line,
// or nullopt.
std::optional<std::string> check_entrants(const Sides& sides,
                                          const std::vector<SprtEntrant>& entrants);

struct SprtPlan {
  // The two legs of a pair (seeds set per game): leg 0 has entrant A on side 0 and B on side 1,
  // leg 1 the reverse.
  std::array<MatchSetup, 2> legs;
  Sides sides;
  sprt::Config config;
  uint64_t seed = 0;   // pair i plays seed + i (modulo the game's seed range)
  int jobs = 1;        // games played at once
  long max_pairs = 0;  // 0: until the test decides
};

// Builds the two legs from the command line's match words (parameters, time, sandbox; no seats,
// no seed) and the entrants; the usage error, or the plan (seed, jobs and limits left to fill).
std::variant<SprtPlan, std::string> build_plan(const GameInfo& game, const MatchArgs& base,
                                               const Sides& sides, const SprtEntrant& a,
                                               const SprtEntrant& b);

// The first entrant's result in one game: +1 won, 0 drawn (no winner), -1 lost.
int game_result(const GameInfo& game, const Sides& sides, int a_side, const MatchOutcome& outcome);

struct FailedPair {
  uint64_t seed = 0;
  std::string reason;
};

struct SprtState {
  sprt::Pentanomial counts;
  double llr = 0;
  sprt::Decision decision = sprt::Decision::none;
  int failed = 0;
  double elapsed_s = 0;
};

struct SprtRun {
  SprtState state;
  std::vector<FailedPair> failed;
  std::vector<std::string> warnings;  // each once
  bool stopped = false;               // stop() ended the run before a decision or the limit
};

// Plays pairs `jobs` games at a time, counting each pair when both its games end (in finishing
// order), until the LLR crosses a bound, `max_pairs` pairs were counted or tried, or stop() says
// so. A pair with a failed game is reported and not counted. Games still in flight at a decision
// are finished and ignored. A UsageError (a seat that cannot be opened) is rethrown.
SprtRun run_sprt(const GameInfo& game, const SprtPlan& plan, const std::function<bool()>& stop,
                 const std::function<void(const SprtState&)>& progress);

// The result object of `arena sprt --json`.
Json sprt_json(const GameInfo& game, const SprtPlan& plan, const SprtEntrant& a,
               const SprtEntrant& b, const SprtRun& run);

// One progress line: pairs, LLR and bounds, W/D/L, the pentanomial counts, the Elo estimate.
std::string sprt_line(const SprtPlan& plan, const SprtState& state);

}  // namespace arena::tournament
