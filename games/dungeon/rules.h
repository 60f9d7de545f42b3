// Dungeon Race spec §4-§7: the pure game engine. It owns the agents, the NPCs, the pending
// crossings and the `sat` and `trap` streams; it reads no clock (the referee passes the event
// time in) and does no I/O. Each call is one event of §3.3: it changes the state and fills an
// Effects with everything the referee must send and log, in the order §5.2 and §6.2 require.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/verdict.h"
#include "games/dungeon/codec.h"
#include "games/dungeon/dungeon.h"
#include "games/dungeon/streams.h"
#include "games/dungeon/traps.h"

namespace arena::dungeon {

inline constexpr int kNumAgents = 2 * kAgentsPerTeam;
inline constexpr double kTrapKillP = 0.125;

// Agent index: team * 6 + agent number. Team 0's agents come first, as in every broadcast.
inline int team_of(int index) {
  return index / kAgentsPerTeam;
}
inline int number_of(int index) {
  return index % kAgentsPerTeam;
}
inline int index_of(int team, int agent) {
  return team * kAgentsPerTeam + agent;
}

// §3.5 parameters.
struct Params {
  SatMode sat_mode = SatMode::planted;
  int switches = kDefaultSwitches;  // 3..100000
  int traps = kDefaultTraps;        // 0..300000
  int time_limit_s = 600;           // 0 = no limit
  int64_t min_cross_ms = 0;
};
// The first out-of-range parameter, as a message, or nullopt.
std::optional<std::string> validate(const Params& p);

enum class AgentState : uint8_t { idle, committed, held };
std::string_view to_string(AgentState s);

struct Agent {
  int node = 0;
  AgentState state = AgentState::idle;
  bool connected = true;
  int dest = -1;            // pending crossing (COMMITTED or HELD)
  int64_t accepted_ms = 0;  // when its MoveRequest was accepted
  int64_t release_ms = 0;   // HELD: when the timer resolves it
};

enum class EndReason : uint8_t { none, shrine, time_limit, all_disconnected };
std::string_view to_string(EndReason r);

enum class PosCause : uint8_t { cross, trap, combat };
std::string_view to_string(PosCause c);

// What one event produced. The vectors keep their capacity across events (clear() only), so a
// referee that reuses one Effects allocates nothing per event in the steady state.
struct Effects {
  struct Move {  // a MoveResponse
    int to;
    int32_t location;
    bool success;
    int n_killed;
    int32_t killed[2];
  };
  struct Sight {  // an EnemyLocationResponse
    int to;
    int32_t who, location;
    bool seen;
  };
  struct Pos {  // log: an agent changed node
    int agent, node;
    PosCause cause;
  };
  struct Kill {  // log: a kill in combat; victim is an agent index, or kNpc (on `node`)
    int node, killer, victim;
  };
  struct Solve {  // log: a crossing resolved
    int agent, active;
    bool survived;
  };

  std::optional<ErrorCode> error;  // the request was refused; nothing else happened
  bool sat_response = false;       // send the sender its new instance (Engine::instance)
  bool held = false;               // the solution is held until Agent::release_ms
  std::optional<Solve> solve;
  std::vector<Move> moves;  // in the order of §5.2: the arriving agent first
  std::vector<Sight> sights;
  std::vector<Pos> positions;
  std::vector<Kill> kills;
  std::vector<int> cancels;      // agents whose pending crossing died with them
  std::optional<int> game_over;  // the winner (0, 1, or -1 for a draw) when this event ended it

  void clear();
};

// A pair of a view (§6.1): who (enemy agent number or kNpc) at a node.
struct Seen {
  int32_t who, node;
  auto operator<=>(const Seen&) const = default;
};

class Engine {
 public:
  // `dungeon` must outlive the engine.
  Engine(const Dungeon& dungeon, const Params& params);

  // §3.2 step 4: the game begins; every agent gets its initial view.
  void begin(Effects& fx);
  // §4.2: a MoveRequest from agent `a`.
  void move(int a, int32_t dest, int64_t now_ms, Effects& fx);
  // §4.3: a SatSolutionRequest from agent `a`.
  void solution(int a, const uint8_t* assignment, size_t n, int64_t now_ms, Effects& fx);
  void solution(int a, const std::vector<uint8_t>& assignment, int64_t now_ms, Effects& fx) {
    solution(a, assignment.data(), assignment.size(), now_ms, fx);
  }
  // §4.3: the timer of a HELD solution fired (at or after its release_ms).
  void release(int a, int64_t now_ms, Effects& fx);
  // §7.3: agent `a`'s connection is gone; it turns inert.
  void disconnect(int a, Effects& fx);
  // §7.2: the time limit passed.
  void time_limit(Effects& fx);

  const Dungeon& dungeon() const { return *d_; }
  const Params& params() const { return params_; }
  const Agent& agent(int a) const { return agents_[a]; }
  // The pending (or last) instance of agent `a`, and its hidden assignment (a test hook).
  const Instance& instance(int a) const { return instances_[a]; }
  const std::vector<uint8_t>& hidden(int a) const { return hidden_[a]; }
  bool npc_at(int node) const { return npc_[node] != 0; }
  int npc_count() const { return npc_count_; }
  bool began() const { return began_; }
  bool over() const { return reason_ != EndReason::none; }
  int winner() const { return winner_; }
  EndReason reason() const { return reason_; }
  // The earliest pending HELD release, if any (the referee arms its timer with it).
  std::optional<std::pair<int64_t, int>> next_release() const;
  // The view last reported to agent `a` (sorted by who, then node).
  const std::vector<Seen>& reported_view(int a) const { return views_[a]; }
  // The view agent `a` has now (§6.1), into `out`, sorted.
  void compute_view(int a, std::vector<Seen>& out) const;

  // Counters for the result record (§11.2).
  int64_t crossings() const { return crossings_; }  // accepted MoveRequests
  int deaths(int team, PosCause how) const { return deaths_[team][how == PosCause::trap ? 0 : 1]; }
  // Streams, so tests can show what an event consumed.
  const Stream& sat_stream() const { return sat_; }
  const Stream& trap_stream() const { return trap_; }

  // §5.4 invariants 1-9 on the current state: the first one broken, as a message, or nullopt.
  std::optional<std::string> check_invariants() const;

 private:
  void resolve(int a, const uint8_t* assignment, Effects& fx);
  void arrive(int a, int v, Effects& fx);
  void kill(int a, Effects& fx);  // sends `a` home, cancelling its crossing
  void finish(int winner, EndReason reason, Effects& fx);
  void update_views(Effects& fx);

  const Dungeon* d_;
  Params params_;
  Stream sat_, trap_;
  std::array<Agent, kNumAgents> agents_{};
  std::array<Instance, kNumAgents> instances_;
  std::array<std::vector<uint8_t>, kNumAgents> hidden_;
  std::array<std::vector<uint8_t>, kNumAgents> held_;  // HELD assignments
  std::vector<uint8_t> npc_;
  int npc_count_ = 0;
  std::array<std::vector<Seen>, kNumAgents> views_;
  std::vector<Seen> scratch_;
  bool began_ = false;
  EndReason reason_ = EndReason::none;
  int winner_ = -1;
  int64_t crossings_ = 0;
  int deaths_[2][2] = {{0, 0}, {0, 0}};
};

// §7.4: scores for (team 0, team 1): a win is 1/0, a draw 0.5 each.
std::array<double, 2> scores(int winner);
// §7.4 seat verdicts: a framing error is malformed, a semantic error illegal (counted, not
// fatal); GAME_STARTED belongs to no seat and maps to closed.
Verdict verdict_of(ErrorCode c);

}  // namespace arena::dungeon
