// The client's state mirror (spec §8.1) is built only from log entries: after every step of whole
// games between built-in bots, each player's mirror equals the server's state as far as a player
// may know it (cash, train, position, cargo, hands, every edge and its owner, own cards' contents).
#include <gtest/gtest.h>

#include <deque>

#include "games/empire/client.h"
#include "games/empire/table.h"

namespace arena::empire {
namespace {

class BotsIo : public TableIo {
 public:
  explicit BotsIo(std::vector<std::unique_ptr<ClientBot>>& bots)
      : bots_(bots), pending_(bots.size()) {}
  void send(int seat, const std::string& line) override {
    std::string out;
    bots_[seat]->on_message(line, out);
    for (size_t at = 0; (at = out.find('\n')) != std::string::npos;) {
      pending_[seat].push_back(out.substr(0, at));
      out.erase(0, at + 1);
    }
  }
  Incoming wait(int seat, Deadline, bool) override {
    if (pending_[seat].empty()) return {Incoming::Kind::timeout, "", 0};
    std::string l = pending_[seat].front();
    pending_[seat].pop_front();
    return {Incoming::Kind::line, l, 0};
  }
  std::vector<std::unique_ptr<ClientBot>>& bots_;
  std::vector<std::deque<std::string>> pending_;
};

void expect_mirrors(const Game& g, const std::vector<std::unique_ptr<ClientBot>>& bots,
                    const std::string& where) {
  for (size_t s = 0; s < bots.size(); ++s) {
    const Mirror& m = bots[s]->mirror();
    ASSERT_TRUE(m.ready()) << where;
    EXPECT_EQ(m.me(), static_cast<int>(s));
    for (int p = 0; p < g.players(); ++p) {
      const PlayerState& a = g.player(p);
      const PlayerState& b = m.game().player(p);
      EXPECT_EQ(a.cash, b.cash) << where << " seat " << s << " player " << p;
      EXPECT_EQ(a.train, b.train) << where;
      EXPECT_EQ(a.position, b.position) << where;
      EXPECT_EQ(a.cargo, b.cargo) << where;
      EXPECT_EQ(a.hand, b.hand) << where;
      EXPECT_EQ(m.game().hand_size(p), 3) << where;
    }
    for (int i = 0; i < g.map().dims().size(); ++i) {
      const Point a = g.map().dims().point(i);
      for (const Offset& o : kOffsets) {
        const Point b{a.x + o.dx, a.y + o.dy};
        ASSERT_EQ(g.edge_owner(a, b), m.game().edge_owner(a, b))
            << where << " edge " << to_string(a) << to_string(b);
      }
    }
    for (int k = 0; k < 3; ++k) {
      const int id = g.player(static_cast<int>(s)).hand[k];
      ASSERT_TRUE(m.cards().count(id)) << where;
      for (int d = 0; d < 3; ++d) {
        const Demand& want = g.map().demands()[g.card(id).demands[d]];
        const Demand& got = m.cards().at(id).demands[d];
        EXPECT_EQ(g.map().cities()[want.city].name, m.map().cities()[got.city].name);
        EXPECT_EQ(g.map().goods()[want.good], m.map().goods()[got.good]);
        EXPECT_EQ(want.amount, got.amount);
      }
    }
  }
}

TEST(ClientMirror, EqualsTheServersStateThroughWholeGames) {
  MapLoad load = load_map("simple-game");
  ASSERT_TRUE(load.map);
  for (int players : {2, 4}) {
    std::vector<std::unique_ptr<ClientBot>> bots;
    TableOptions o;
    o.settings.seed = static_cast<uint64_t>(players);
    o.settings.turn_limit = 12;
    o.query_timeout_ms = 1;
    for (int p = 0; p < players; ++p) {
      o.names.push_back("b" + std::to_string(p));
      bots.push_back(std::make_unique<ClientBot>(o.names.back(),
                                                 make_strategy(p % 2 ? "greedy" : "reference")));
    }
    BotsIo io(bots);
    Table* table = nullptr;
    int steps = 0;
    Table t(*load.map, o, io, [&](const std::string& line, double) {
      // After each reply the mirrors must agree with the engine (replies follow the change log).
      if (table && line.rfind("(REPLIED", 0) == 0 && ++steps % 7 == 0)
        expect_mirrors(table->driver().game(), bots, line);
    });
    table = &t;
    t.run();
    EXPECT_GT(steps, 30);
    expect_mirrors(t.driver().game(), bots, "end");
    for (auto& b : bots) EXPECT_TRUE(b->finished());
    for (auto& b : bots) EXPECT_EQ(b->take_log(), "");
  }
}

}  // namespace
}  // namespace arena::empire
