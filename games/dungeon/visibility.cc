// §6: what each agent sees, and the EnemyLocationResponses that keep it informed.
#include <algorithm>

#include "games/dungeon/rules.h"

namespace arena::dungeon {

void Engine::compute_view(int a, std::vector<Seen>& out) const {
  out.clear();
  const int enemy = 1 - team_of(a);
  const int u = agents_[a].node;  // a COMMITTED or HELD agent still stands on its source
  // Everyone knows where the enemy heir is.
  out.push_back({kHeir, agents_[index_of(enemy, kHeir)].node});
  for (int k = 1; k < kAgentsPerTeam; ++k) {
    int n = agents_[index_of(enemy, k)].node;
    if (n == u || d_->adjacent(u, n)) out.push_back({k, n});
  }
  for (int n : d_->neighbours(u)) {
    if (npc_[n]) out.push_back({kNpc, n});
  }
  std::sort(out.begin(), out.end());
}

void Engine::update_views(Effects& fx) {
  if (!began_) return;
  for (int a = 0; a < kNumAgents; ++a) {
    compute_view(a, scratch_);
    std::vector<Seen>& old = views_[a];
    if (old == scratch_) continue;
    // Both lists are sorted by (who, node): one merge finds what left and what entered.
    size_t i = 0, j = 0;
    while (i < old.size()) {
      if (j < scratch_.size() && scratch_[j] < old[i]) {
        ++j;
      } else if (j < scratch_.size() && scratch_[j] == old[i]) {
        ++i;
        ++j;
      } else {
        fx.sights.push_back({a, old[i].who, old[i].node, false});
        ++i;
      }
    }
    i = j = 0;
    while (j < scratch_.size()) {
      if (i < old.size() && old[i] < scratch_[j]) {
        ++i;
      } else if (i < old.size() && old[i] == scratch_[j]) {
        ++i;
        ++j;
      } else {
        fx.sights.push_back({a, scratch_[j].who, scratch_[j].node, true});
        ++j;
      }
    }
    old.swap(scratch_);
  }
}

std::optional<std::string> Engine::check_invariants() const {
  auto fail = [](int n, const std::string& what) {
    return std::optional<std::string>("invariant " + std::to_string(n) + ": " + what);
  };
  for (int a = 0; a < kNumAgents; ++a) {
    const Agent& g = agents_[a];
    const int t = team_of(a);
    if (g.node < 0 || g.node >= kNumNodes) return fail(1, "agent off the graph");
    if (d_->forbidden(t, g.node)) return fail(2, "agent on an enemy special node");
    if (npc_[g.node]) return fail(3, "agent on an NPC node");
    if ((g.state == AgentState::idle) != (g.dest < 0)) return fail(7, "pending crossing mismatch");
    if (g.state != AgentState::idle && !d_->adjacent(g.node, g.dest)) {
      return fail(7, "pending crossing does not start at the agent's node");
    }
    if (!g.connected && g.state != AgentState::idle) return fail(7, "inert agent is committed");
    for (int b = 0; b < kNumAgents; ++b) {
      if (team_of(b) == t || agents_[b].node != g.node) continue;
      if (number_of(a) != kHeir && number_of(b) != kHeir) return fail(4, "rival henchmen share");
      if (number_of(a) == kHeir && number_of(b) != kHeir)
        return fail(5, "heir with enemy henchman");
    }
  }
  for (int t = 0; t < 2; ++t) {
    if (npc_[d_->start[t]]) return fail(6, "NPC on a start node");
  }
  int npcs = 0;
  for (int n = 0; n < kNumNodes; ++n) {
    if (!npc_[n]) continue;
    ++npcs;
    if (!std::binary_search(d_->npc_nodes.begin(), d_->npc_nodes.end(), n)) {
      return fail(6, "NPC where none started");
    }
  }
  if (npcs != npc_count_) return fail(6, "NPC count drifted");
  return std::nullopt;
}

}  // namespace arena::dungeon
