// Properties over random input: the map loader and the answer classifiers never crash on
// mangled text, and random play keeps the engine's invariants (no credit, cargo within capacity,
// every card in exactly one place, money moved by fees conserved).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "core/rng.h"
#include "games/empire/astar.h"
#include "games/empire/codec.h"

namespace arena::empire {
namespace {

TEST(Properties, MangledMapsGiveAnErrorOrAMapNeverACrash) {
  const std::string base(*builtin_map_text("simple-game"));
  const char alphabet[] = "()\";\n 0123456789-+abcXYZ";
  Rng rng(2026);
  int errors = 0;
  for (int i = 0; i < 400; ++i) {
    std::string text = base;
    for (uint64_t k = 1 + rng.below(4); k > 0; --k) {
      size_t at = static_cast<size_t>(rng.below(text.size()));
      switch (rng.below(3)) {
        case 0:
          text[at] = alphabet[rng.below(sizeof alphabet - 1)];
          break;
        case 1:
          text.erase(at, 1 + rng.below(8));
          break;
        default:
          text.insert(at, 1, alphabet[rng.below(sizeof alphabet - 1)]);
          break;
      }
    }
    MapLoad r = load_map_text(text, "z");
    if (r.map) {
      EXPECT_TRUE(r.error.empty());
      EXPECT_GE(r.map->demands().size(), 3u);
    } else {
      ++errors;
      EXPECT_EQ(r.error.rfind("z:", 0), 0u) << r.error;
      EXPECT_NE(r.error.find(": error: "), std::string::npos) << r.error;
    }
  }
  EXPECT_GT(errors, 0);
}

Sexpr random_datum(Rng& rng, int depth) {
  switch (rng.below(depth > 3 ? 3 : 5)) {
    case 0:
      return Sexpr::make_int(static_cast<int32_t>(rng.between(-3, 60)));
    case 1: {
      static const char* kSyms[] = {"MOVE-TO-POINT", "ACQUIRE-GOOD", "DROP-GOOD", "MAKE-DELIVERY",
                                    "UPGRADE-TRAIN", "BEER",         "IRON",      "FOO"};
      return Sexpr::make_symbol(kSyms[rng.below(8)]);
    }
    case 2:
      return Sexpr::make_string("x");
    default: {
      std::vector<Sexpr> items;
      for (uint64_t k = rng.below(4); k > 0; --k) items.push_back(random_datum(rng, depth + 1));
      return Sexpr::make_list(std::move(items));
    }
  }
}

EdgeRequest random_edge(Rng& rng, const Game& g) {
  const PlayerState& me = g.player(g.current());
  Point at = g.map().dims().point(me.position);
  Point a =
      rng.below(2) ? at : Point{static_cast<int>(rng.below(59)), static_cast<int>(rng.below(21))};
  const Offset& o = kOffsets[rng.below(8)];
  return {true, a, {a.x + o.dx, a.y + o.dy}};
}

// A simple plan for the current player: the first demand of its first card, by the cheapest
// route (A*) from where it stands to a producing city and on to the demand's city.
struct Plan {
  std::vector<Point> route;
  size_t pickup = 0;  // index in route of the producing city
  int card = -1, demand = 0, good = -1;
};

Plan make_plan(const Game& g, AstarSearch& search) {
  const Map& m = g.map();
  const PlayerState& me = g.player(g.current());
  Plan plan;
  plan.card = me.hand[0];
  const Demand& d = m.demands()[g.card(plan.card).demands[0]];
  plan.good = d.good;
  Point at = m.dims().point(me.position);
  for (const City& c : m.cities()) {
    if (std::find(c.goods.begin(), c.goods.end(), d.good) == c.goods.end()) continue;
    AstarResult a = search.run(at, c.nodes[0]);
    AstarResult b = search.run(c.nodes[0], m.cities()[d.city].nodes[0]);
    if (a.kind != AstarResult::Kind::path || b.kind != AstarResult::Kind::path) continue;
    plan.route = a.path;
    plan.pickup = a.path.size() - 1;
    plan.route.insert(plan.route.end(), b.path.begin() + 1, b.path.end());
    break;
  }
  return plan;
}

TEST(Properties, RandomPlayKeepsTheInvariants) {
  MapLoad loaded = load_map_text(*builtin_map_text("simple-game"), "simple-game");
  ASSERT_TRUE(loaded.map.has_value());
  const Map& m = *loaded.map;
  int total_delivered = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed);
    Settings s;
    s.seed = seed;
    s.turn_limit = 30;
    const int players = static_cast<int>(seed % 6) + 1;
    Game g(m, s, players);
    for (int p = 0; p < players; ++p) {
      g.begin_turn();
      const City& c = m.cities()[rng.below(m.cities().size())];
      EXPECT_TRUE(g.choose_start(c.nodes[0]));
      g.end_turn();
    }
    int delivered = 0;
    Events ev;  // every change after the start choice
    AstarSearch search(m, s.adjacency);
    std::vector<Plan> plans(players);
    while (!g.over()) {
      g.begin_turn(&ev);
      Plan& plan = plans[g.current()];
      const PlayerState& me = g.player(g.current());
      if (std::find(me.hand.begin(), me.hand.end(), plan.card) == me.hand.end()) {
        plan = make_plan(g, search);
      }
      for (size_t k = 1; k < plan.route.size() && !g.build_limit_reached(); ++k) {
        if (g.edge_owner(plan.route[k - 1], plan.route[k]) >= 0) continue;
        BuildReply r = g.build({{true, plan.route[k - 1], plan.route[k]}}, &ev);
        if (r.error != BuildError::none) break;
      }
      for (int q = 0; q < 6 && !g.build_limit_reached(); ++q) {
        if (rng.below(10) == 0) {
          g.upgrade(&ev);
          continue;
        }
        BuildAnswer a = classify_build(random_datum(rng, 0));
        if (a.kind == BuildAnswer::Kind::edges) g.build(a.edges, &ev);
        std::vector<EdgeRequest> edges;
        for (uint64_t k = 1 + rng.below(6); k > 0; --k) edges.push_back(random_edge(rng, g));
        g.build(edges, &ev);
      }
      g.end_build();
      // Follow the plan: load at the pickup, deliver at the end.
      std::vector<MoveCommand> route_cmds;
      Point at = m.dims().point(me.position);
      auto pos = std::find(plan.route.begin(), plan.route.end(), at);
      for (int left = g.moves_left(); pos != plan.route.end(); ++pos) {
        size_t k = static_cast<size_t>(pos - plan.route.begin());
        MoveCommand c;
        if (k == plan.pickup && !me.cargo.contains(plan.good)) {
          c.kind = MoveCommand::Kind::acquire;
          c.good = plan.good;
          route_cmds.push_back(c);
        }
        if (k + 1 == plan.route.size()) {
          c.kind = MoveCommand::Kind::deliver;
          c.card = plan.card;
          c.demand = 0;
          route_cmds.push_back(c);
          break;
        }
        if (left == 0 || g.edge_owner(*pos, *(pos + 1)) < 0) break;
        c.kind = MoveCommand::Kind::move_to;
        c.to = *(pos + 1);
        route_cmds.push_back(c);
        --left;
      }
      g.move(route_cmds, &ev);
      for (int q = 0; q < 6 && g.moves_left() > 0; ++q) {
        MoveAnswer a = classify_move(random_datum(rng, 0), m);
        if (a.kind == MoveAnswer::Kind::commands) g.move(a.commands, &ev);
        // Random moves: along a built edge, load what the city has, deliver what can be.
        at = m.dims().point(me.position);
        std::vector<MoveCommand> cmds;
        for (int k = 0; k < 8; ++k) {
          Point n{at.x + kOffsets[k].dx, at.y + kOffsets[k].dy};
          if (g.edge_owner(at, n) >= 0 && rng.below(2)) {
            MoveCommand c;
            c.kind = MoveCommand::Kind::move_to;
            c.to = n;
            cmds.push_back(c);
            break;
          }
        }
        int city = m.city_index_at(me.position);
        if (city >= 0 && !m.cities()[city].goods.empty()) {
          MoveCommand c;
          c.kind = MoveCommand::Kind::acquire;
          c.good = m.cities()[city].goods[0];
          cmds.push_back(c);
        }
        for (int card : me.hand) {
          for (int d = 0; d < 3; ++d) {
            MoveCommand c;
            c.kind = MoveCommand::Kind::deliver;
            c.card = card;
            c.demand = d;
            cmds.push_back(c);
          }
        }
        g.move(cmds, &ev);
      }
      g.end_turn(&ev);
      // Invariants.
      std::vector<int> where(g.card_count(), 0);
      for (int i = 0; i < g.deck().size(); ++i) ++where[g.deck().peek(i)];
      for (int c : g.deck().discards()) ++where[c];
      for (int p = 0; p < players; ++p) {
        const PlayerState& ps = g.player(p);
        EXPECT_GE(ps.cash, 0);
        EXPECT_LE(ps.cargo.size, capacity(ps.train));
        for (int c : ps.hand) ++where[c];
      }
      for (int w : where) ASSERT_EQ(w, 1) << "seed " << seed;
    }
    EXPECT_TRUE(g.end_reason() == EndReason::turn_limit || g.end_reason() == EndReason::cash_goal);
    // The change log accounts for every cash change; fees move money, never make it.
    std::vector<int> cash(players, s.start_cash);
    int fees_paid = 0, fees_earned = 0;
    for (const Event& e : ev) {
      delivered += e.kind == Event::Kind::delivered;
      if (e.kind != Event::Kind::cash) continue;
      cash[e.player] += e.b;
      EXPECT_EQ(cash[e.player], e.a);
      if (e.reason == CashReason::fee_paid) fees_paid -= e.b;
      if (e.reason == CashReason::fee_earned) fees_earned += e.b;
    }
    EXPECT_EQ(fees_paid, fees_earned);
    for (int p = 0; p < players; ++p) EXPECT_EQ(cash[p], g.player(p).cash);
    total_delivered += delivered;
  }
  EXPECT_GT(total_delivered, 0);  // the random play reaches deliveries
  std::cout << "deliveries: " << total_delivered << "\n";
}

}  // namespace
}  // namespace arena::empire
