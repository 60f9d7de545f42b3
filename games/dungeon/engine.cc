// The events of §4-§7: moves, solutions, held releases, combat, death, winning and the end.
#include <algorithm>

#include "games/dungeon/rules.h"

namespace arena::dungeon {

std::optional<std::string> validate(const Params& p) {
  if (p.switches < 3 || p.switches > 100000) {
    return "switches=" + std::to_string(p.switches) + " is outside 3..100000";
  }
  if (p.traps < 0 || p.traps > 300000) {
    return "traps=" + std::to_string(p.traps) + " is outside 0..300000";
  }
  if (p.time_limit_s < 0) return "time_limit_s=" + std::to_string(p.time_limit_s) + " is negative";
  if (p.min_cross_ms < 0) return "min_cross_ms=" + std::to_string(p.min_cross_ms) + " is negative";
  return std::nullopt;
}

std::string_view to_string(AgentState s) {
  switch (s) {
    case AgentState::idle:
      return "IDLE";
    case AgentState::committed:
      return "COMMITTED";
    default:
      return "HELD";
  }
}

std::string_view to_string(EndReason r) {
  switch (r) {
    case EndReason::shrine:
      return "shrine";
    case EndReason::time_limit:
      return "time_limit";
    case EndReason::all_disconnected:
      return "all_disconnected";
    default:
      return "none";
  }
}

std::string_view to_string(PosCause c) {
  switch (c) {
    case PosCause::cross:
      return "cross";
    case PosCause::trap:
      return "trap";
    default:
      return "combat";
  }
}

void Effects::clear() {
  error.reset();
  sat_response = false;
  held = false;
  solve.reset();
  moves.clear();
  sights.clear();
  positions.clear();
  kills.clear();
  cancels.clear();
  game_over.reset();
}

std::array<double, 2> scores(int winner) {
  if (winner == 0) return {1.0, 0.0};
  if (winner == 1) return {0.0, 1.0};
  return {0.5, 0.5};
}

Verdict verdict_of(ErrorCode c) {
  switch (c) {
    case ErrorCode::frame_too_large:
    case ErrorCode::empty_frame:
    case ErrorCode::bad_tag:
    case ErrorCode::malformed:
      return Verdict::malformed;
    case ErrorCode::game_started:
      return Verdict::closed;
    default:
      return Verdict::illegal;
  }
}

Engine::Engine(const Dungeon& dungeon, const Params& params)
    : d_(&dungeon),
      params_(params),
      sat_(dungeon.seed, kSatStream),
      trap_(dungeon.seed, kTrapStream),
      npc_(kNumNodes, 0) {
  for (int a = 0; a < kNumAgents; ++a) {
    agents_[a].node = d_->start[team_of(a)];
    views_[a].reserve(64);
  }
  for (int n : d_->npc_nodes) npc_[n] = 1;
  npc_count_ = static_cast<int>(d_->npc_nodes.size());
  scratch_.reserve(64);
}

void Engine::begin(Effects& fx) {
  fx.clear();
  if (began_) return;
  began_ = true;
  update_views(fx);
}

void Engine::move(int a, int32_t dest, int64_t now_ms, Effects& fx) {
  fx.clear();
  Agent& ag = agents_[a];
  if (over() || !began_ || !ag.connected) return;  // an inert agent sends nothing
  if (ag.state != AgentState::idle) {
    fx.error = ErrorCode::already_committed;
  } else if (dest < 0 || dest >= kNumNodes) {
    fx.error = ErrorCode::no_such_node;
  } else if (!d_->adjacent(ag.node, dest)) {
    fx.error = ErrorCode::not_adjacent;
  } else if (d_->forbidden(team_of(a), dest)) {
    fx.error = ErrorCode::forbidden_node;
  }
  if (fx.error) return;
  draw_instance(sat_, params_.sat_mode, params_.switches, params_.traps, instances_[a],
                &hidden_[a]);
  ag.dest = dest;
  ag.accepted_ms = now_ms;
  ag.state = AgentState::committed;
  ++crossings_;
  fx.sat_response = true;
}

void Engine::solution(int a, const uint8_t* assignment, size_t n, int64_t now_ms, Effects& fx) {
  fx.clear();
  Agent& ag = agents_[a];
  if (over() || !began_ || !ag.connected) return;
  if (ag.state == AgentState::held) {
    fx.error = ErrorCode::solution_pending;
  } else if (ag.state == AgentState::idle) {
    fx.error = ErrorCode::not_moving;
  } else if (n != static_cast<size_t>(params_.switches)) {
    fx.error = ErrorCode::bad_assignment;
  }
  if (fx.error) return;
  if (params_.min_cross_ms > 0 && now_ms - ag.accepted_ms < params_.min_cross_ms) {
    held_[a].assign(assignment, assignment + n);
    ag.state = AgentState::held;
    ag.release_ms = ag.accepted_ms + params_.min_cross_ms;
    fx.held = true;
    return;
  }
  resolve(a, assignment, fx);
  update_views(fx);
}

void Engine::release(int a, int64_t now_ms, Effects& fx) {
  fx.clear();
  if (over() || agents_[a].state != AgentState::held || now_ms < agents_[a].release_ms) return;
  resolve(a, held_[a].data(), fx);
  update_views(fx);
}

std::optional<std::pair<int64_t, int>> Engine::next_release() const {
  std::optional<std::pair<int64_t, int>> best;
  if (over()) return best;
  for (int a = 0; a < kNumAgents; ++a) {
    if (agents_[a].state != AgentState::held) continue;
    std::pair<int64_t, int> p{agents_[a].release_ms, a};
    if (!best || p < *best) best = p;
  }
  return best;
}

void Engine::disconnect(int a, Effects& fx) {
  fx.clear();
  if (!agents_[a].connected) return;
  agents_[a].connected = false;
  if (over()) return;
  agents_[a].state = AgentState::idle;  // a pending crossing is dropped (§7.3)
  agents_[a].dest = -1;
  bool anyone = false;
  for (const Agent& g : agents_) anyone = anyone || g.connected;
  if (!anyone) finish(-1, EndReason::all_disconnected, fx);
}

void Engine::time_limit(Effects& fx) {
  fx.clear();
  if (over() || !began_) return;
  finish(-1, EndReason::time_limit, fx);
}

void Engine::finish(int winner, EndReason reason, Effects& fx) {
  winner_ = winner;
  reason_ = reason;
  fx.game_over = winner;
}

// §4.4.
void Engine::resolve(int a, const uint8_t* assignment, Effects& fx) {
  Agent& ag = agents_[a];
  const int k = count_active(instances_[a], assignment);
  bool died = false;
  for (int i = 0; i < k; ++i) died = trap_.unit() < kTrapKillP || died;  // exactly k draws
  const int team = team_of(a);
  const int dest = ag.dest;
  ag.state = AgentState::idle;
  ag.dest = -1;
  fx.solve = Effects::Solve{a, k, !died};
  if (died) {
    ++deaths_[team][0];
    const int home = d_->start[team];
    if (ag.node != home) {
      ag.node = home;
      fx.positions.push_back({a, home, PosCause::trap});
    }
    fx.moves.push_back({a, home, false, 0, {0, 0}});
    return;
  }
  ag.node = dest;
  fx.positions.push_back({a, dest, PosCause::cross});
  arrive(a, dest, fx);
  if (!over() && number_of(a) == kHeir && ag.node == d_->shrine[team]) {
    finish(team, EndReason::shrine, fx);
  }
}

void Engine::kill(int a, Effects& fx) {
  Agent& ag = agents_[a];
  if (ag.state != AgentState::idle) fx.cancels.push_back(a);
  ag.state = AgentState::idle;
  ag.dest = -1;
  ++deaths_[team_of(a)][1];
  ag.node = d_->start[team_of(a)];
  fx.positions.push_back({a, ag.node, PosCause::combat});
}

// §5.2: A (index `a`, already standing on v) has just arrived by surviving a corridor.
void Engine::arrive(int a, int v, Effects& fx) {
  const int team = team_of(a), enemy = 1 - team;
  const bool heir = number_of(a) == kHeir;
  // Enemy agents on v, ascending agent number, as they stood before A arrived.
  int on_v[kAgentsPerTeam];
  int n_on = 0, first_henchman = -1, enemy_heir = -1;
  for (int k = 0; k < kAgentsPerTeam; ++k) {
    int e = index_of(enemy, k);
    if (agents_[e].node != v) continue;
    on_v[n_on++] = e;
    if (k == kHeir) {
      enemy_heir = e;
    } else if (first_henchman < 0) {
      first_henchman = e;
    }
  }
  const size_t a_move = fx.moves.size();
  fx.moves.push_back({a, v, true, 0, {0, 0}});
  int victim = -1, killer = -1;  // the enemy agent A killed, or that killed A
  if (first_henchman >= 0) {
    killer = first_henchman;
    if (!heir) victim = first_henchman;  // henchmen trade; an heir just dies
  } else if (npc_[v]) {
    if (heir) {
      fx.moves[a_move] = {a, d_->start[team], false, 0, {0, 0}};
      kill(a, fx);
      return;  // nobody else stood on v: an NPC never shares a node with an agent
    }
    npc_[v] = 0;
    --npc_count_;
    fx.moves[a_move].killed[fx.moves[a_move].n_killed++] = kNpc;
    fx.kills.push_back({v, a, kNpc});
  } else if (enemy_heir >= 0 && !heir) {
    victim = enemy_heir;
  }
  if (killer >= 0) {
    fx.kills.push_back({v, killer, a});
    fx.moves[a_move].location = d_->start[team];
    fx.moves[a_move].success = false;
  }
  if (victim >= 0) {
    fx.kills.push_back({v, a, victim});
    fx.moves[a_move].killed[fx.moves[a_move].n_killed++] = number_of(victim);
  }
  // Everyone who stood on v hears about the arrival, ascending.
  for (int i = 0; i < n_on; ++i) {
    int e = on_v[i];
    Effects::Move m{e, v, true, 0, {0, 0}};
    if (e == victim) {
      m.location = d_->start[enemy];
      m.success = false;
      if (e == killer) m.killed[m.n_killed++] = number_of(a);  // henchman trade
    } else if (e == killer) {
      m.killed[m.n_killed++] = number_of(a);
    }
    fx.moves.push_back(m);
  }
  // State changes after the messages are fixed: A dies first, then its victim.
  if (killer >= 0) kill(a, fx);
  if (victim >= 0) kill(victim, fx);
}

}  // namespace arena::dungeon
