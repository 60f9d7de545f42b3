// The server over real sockets: every row of spec §12, each checking that nothing else changed
// and that no randomness was consumed (the streams are compared with fresh ones advanced by the
// accepted moves only), plus clients that never read, flood, send half a frame, or close in the
// middle of a crossing.
#include <algorithm>

#include "games/dungeon/server_test_util.h"

namespace arena::dungeon::testing {
namespace {

// The `sat` stream after `moves` accepted MoveRequests, drawn afresh.
Stream sat_after(const ServerGame& g, int moves) {
  Stream s(g.d.seed, kSatStream);
  Instance inst;
  for (int i = 0; i < moves; ++i)
    draw_instance(s, g.params.sat_mode, g.params.switches, g.params.traps, inst);
  return s;
}

SatResponse first_instance(const ServerGame& g) {
  Stream s(g.d.seed, kSatStream);
  Instance inst;
  draw_instance(s, g.params.sat_mode, g.params.switches, g.params.traps, inst);
  return SatResponse{inst.n, inst.lits};
}

// A neighbour of team `t`'s start that it may enter.
int exit_of(const Dungeon& d, int t) {
  for (int v : d.neighbours(d.start[t]))
    if (!d.forbidden(t, v)) return v;
  return -1;
}

std::vector<std::string> error_codes(const ServerGame& g, int a) {
  std::vector<std::string> out;
  for (const Json& r : g.records("error"))
    if (r.contains("p") && index_of(r["p"], r["a"]) == a) out.push_back(r["code"]);
  return out;
}

Params no_limit() {
  Params p;
  p.time_limit_s = 0;
  return p;
}

std::string frame_header(uint32_t len) {
  std::string s(4, '\0');
  for (int i = 0; i < 4; ++i) s[i] = static_cast<char>(len >> (24 - 8 * i));
  return s;
}

TEST(Server, BeforeTheGameBeginsBadRegistrationsAreSilentAndChangeNothing) {
  ServerGame g(1, no_limit());
  Client not_start(g.port);  // row 1
  not_start.send(MoveRequest{5});
  EXPECT_EQ(not_start.read_to_eof(), "");
  Client bad_player(g.port), bad_agent(g.port);  // row 2
  bad_player.send(StartRequest{2, 0});
  EXPECT_EQ(bad_player.read_to_eof(), "");
  bad_agent.send(StartRequest{0, 6});
  EXPECT_EQ(bad_agent.read_to_eof(), "");
  auto holder = std::make_unique<Client>(g.port);
  holder->send(StartRequest{0, 0});
  Client taken(g.port);  // row 3: the holder keeps (0, 0)
  taken.send(StartRequest{0, 0});
  EXPECT_EQ(taken.read_to_eof(), "");
  holder->send(MoveRequest{exit_of(g.d, 0)});  // row 4: discarded
  // Row 5, on a registered connection (its pair is freed) and on fresh ones.
  Client empty(g.port);
  empty.send(StartRequest{0, 1});
  empty.send_bytes(frame_header(0));
  EXPECT_EQ(empty.read_to_eof(), "");
  Client too_long(g.port), bad_tag(g.port), malformed(g.port);
  too_long.send_bytes(frame_header(kMaxFrame + 1));
  EXPECT_EQ(too_long.read_to_eof(), "");
  bad_tag.send_bytes(frame_header(1) + std::string(1, '\x10'));
  EXPECT_EQ(bad_tag.read_to_eof(), "");
  malformed.send_bytes(frame_header(6) + std::string("\x02\0\0\0\x05\x00", 6));
  EXPECT_EQ(malformed.read_to_eof(), "");

  std::vector<std::unique_ptr<Client>> c(kNumAgents);
  c[0] = std::move(holder);
  for (int a = 1; a < kNumAgents; ++a) {
    c[a] = std::make_unique<Client>(g.port);
    c[a]->send(StartRequest{team_of(a), number_of(a)});  // (0, 1) again: it was freed
  }
  // Nothing was sent before the 12th registration: DungeonResponse is every first frame.
  for (int a = 0; a < kNumAgents; ++a) {
    auto first = c[a]->next();
    ASSERT_TRUE(first && std::holds_alternative<DungeonResponse>(*first)) << a;
  }
  // The discarded MoveRequest committed nothing, and drew no instance.
  c[0]->send(SatSolutionRequest{std::vector<uint8_t>(100, 0)});
  EXPECT_EQ(c[0]->expect_error(), "NOT_MOVING");
  c[7]->send(MoveRequest{exit_of(g.d, 1)});
  EXPECT_EQ(c[7]->expect<SatResponse>(), first_instance(g));
  for (auto& client : c) client->close_now();
  g.join();

  std::vector<std::string> refused;
  for (const Json& r : g.records("refused")) refused.push_back(r["code"]);
  std::sort(refused.begin(), refused.end());
  EXPECT_EQ(refused, (std::vector<std::string>{"BAD_PAIR", "BAD_PAIR", "BAD_TAG", "EMPTY_FRAME",
                                               "FRAME_TOO_LARGE", "MALFORMED", "NOT_START",
                                               "PAIR_TAKEN", "REGISTERED"}));
  EXPECT_EQ(g.records("move").size(), 1u);
  EXPECT_TRUE(g.server->engine().sat_stream() == sat_after(g, 1));
  EXPECT_TRUE(g.server->engine().trap_stream() == Stream(1, kTrapStream));
  EXPECT_EQ(g.result.reason, "all_disconnected");
}

TEST(Server, RequestErrorsAfterTheBeginningAnswerAndChangeNothing) {
  ServerGame g(1, no_limit());
  auto c = g.register_all();
  Client late(g.port);  // row 6
  EXPECT_EQ(late.expect_error(), "GAME_STARTED");
  EXPECT_EQ(late.read_to_eof(), "");
  Client& h = *c[1];           // agent (0, 1)
  h.send(StartRequest{0, 1});  // row 7
  EXPECT_EQ(h.expect_error(), "ALREADY_REGISTERED");
  h.send(MoveRequest{1000});  // row 10
  EXPECT_EQ(h.expect_error(), "NO_SUCH_NODE");
  h.send(MoveRequest{-1});
  EXPECT_EQ(h.expect_error(), "NO_SUCH_NODE");
  h.send(MoveRequest{g.d.start[0]});  // row 11: its own node
  EXPECT_EQ(h.expect_error(), "NOT_ADJACENT");
  h.send(MoveRequest{g.d.shrine[0]});  // row 11: far away
  EXPECT_EQ(h.expect_error(), "NOT_ADJACENT");
  h.send(SatSolutionRequest{std::vector<uint8_t>(100, 0)});  // row 13
  EXPECT_EQ(h.expect_error(), "NOT_MOVING");
  const int dest = exit_of(g.d, 0);
  h.send(MoveRequest{dest});
  SatResponse sat = h.expect<SatResponse>();
  EXPECT_EQ(sat, first_instance(g));
  h.send(MoveRequest{dest});  // row 8: still committed to the same instance
  EXPECT_EQ(h.expect_error(), "ALREADY_COMMITTED");
  h.send(SatSolutionRequest{std::vector<uint8_t>(99, 0)});  // row 16
  EXPECT_EQ(h.expect_error(), "BAD_ASSIGNMENT");
  h.send(SatSolutionRequest{solve_instance(sat)});
  MoveResponse m = h.expect<MoveResponse>();
  EXPECT_EQ(m.location, dest);
  EXPECT_TRUE(m.success);
  h.send(SatSolutionRequest{solve_instance(sat)});  // row 13: resolved already
  EXPECT_EQ(h.expect_error(), "NOT_MOVING");
  c[11]->close_now();  // row 22: the game goes on
  MoveResponse m2 = cross(*c[2], dest);
  EXPECT_EQ(m2.location, dest);
  for (auto& client : c) client->close_now();
  g.join();

  EXPECT_EQ(error_codes(g, 1),
            (std::vector<std::string>{"ALREADY_REGISTERED", "NO_SUCH_NODE", "NO_SUCH_NODE",
                                      "NOT_ADJACENT", "NOT_ADJACENT", "NOT_MOVING",
                                      "ALREADY_COMMITTED", "BAD_ASSIGNMENT", "NOT_MOVING"}));
  auto errors = g.records("error");
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0]["code"], "GAME_STARTED");
  EXPECT_EQ(g.records("move").size(), 2u);
  EXPECT_EQ(g.records("disconnect").at(0)["p"], 1);
  EXPECT_EQ(g.records("disconnect").at(0)["a"], 5);
  EXPECT_EQ(g.records("disconnect").at(0)["reason"], "eof");
  EXPECT_TRUE(g.server->engine().sat_stream() == sat_after(g, 2));
  EXPECT_TRUE(g.server->engine().trap_stream() == Stream(1, kTrapStream));
  EXPECT_EQ(g.result.counts[0].illegal, 9);
}

TEST(Server, AHeldSolutionStandsAndItsTimerResolvesIt) {
  Params p = no_limit();
  p.min_cross_ms = 1500;
  ServerGame g(1, p);
  auto c = g.register_all();
  Client& h = *c[1];
  const int dest = exit_of(g.d, 0);
  h.send(MoveRequest{dest});
  SatResponse sat = h.expect<SatResponse>();
  h.send(SatSolutionRequest{solve_instance(sat)});  // held
  h.send(MoveRequest{dest});                        // row 9
  EXPECT_EQ(h.expect_error(), "ALREADY_COMMITTED");
  h.send(SatSolutionRequest{std::vector<uint8_t>(100, 0)});  // row 15: the first one stands
  EXPECT_EQ(h.expect_error(), "SOLUTION_PENDING");
  MoveResponse m = h.expect<MoveResponse>();  // the release timer
  EXPECT_EQ(m.location, dest);
  EXPECT_TRUE(m.success);
  for (auto& client : c) client->close_now();
  g.join();
  EXPECT_EQ(g.records("held").size(), 1u);
  ASSERT_EQ(g.records("solve").size(), 1u);
  EXPECT_EQ(g.records("solve")[0]["active"], 0);
  EXPECT_TRUE(g.server->engine().trap_stream() == Stream(1, kTrapStream));
}

TEST(Server, FramingErrorsCloseOneAgentAndTheGameGoesOn) {
  ServerGame g(1, no_limit());
  auto c = g.register_all();
  c[7]->send_bytes(frame_header(kMaxFrame + 1));  // row 17
  EXPECT_EQ(c[7]->expect_error(), "FRAME_TOO_LARGE");
  c[8]->send_bytes(frame_header(0));  // row 18
  EXPECT_EQ(c[8]->expect_error(), "EMPTY_FRAME");
  c[9]->send_bytes(frame_header(5) + std::string("\x12\0\0\0\x01", 5));  // row 19
  EXPECT_EQ(c[9]->expect_error(), "BAD_TAG");
  c[10]->send_bytes(frame_header(6) + std::string("\x03\0\0\0\x01\x02", 6));  // row 20
  EXPECT_EQ(c[10]->expect_error(), "MALFORMED");
  for (int a = 7; a <= 10; ++a) c[a]->read_to_eof();
  // Half a frame, then silence: the others are served meanwhile.
  c[2]->send_bytes(frame_header(5) + std::string("\x02\0", 2));
  // A flood of refused requests, not read until later.
  std::string flood;
  for (int i = 0; i < 20000; ++i) flood += encode(MoveRequest{g.d.start[0]});
  c[5]->send_bytes(flood);
  const int dest = exit_of(g.d, 0);
  EXPECT_EQ(cross(*c[3], dest).location, dest);
  // Closing in the middle of a crossing drops it.
  c[4]->send(MoveRequest{dest});
  c[4]->expect<SatResponse>();
  c[4]->close_now();
  for (int i = 0; i < 20000; ++i) ASSERT_EQ(c[5]->expect_error(), "NOT_ADJACENT");
  EXPECT_EQ(cross(*c[5], dest).location, dest);
  for (auto& client : c) client->close_now();
  g.join();

  std::vector<std::string> reasons;
  for (const Json& r : g.records("disconnect"))
    if (r["p"] == 1 && r["a"].get<int>() >= 1 && r["a"].get<int>() <= 4)
      reasons.push_back(r["reason"]);
  EXPECT_EQ(reasons, (std::vector<std::string>{"frame", "frame", "frame", "frame"}));
  EXPECT_EQ(g.result.counts[1].malformed, 4);
  EXPECT_EQ(g.records("move").size(), 3u);
  EXPECT_EQ(g.records("solve").size(), 2u);  // agent (0, 4)'s crossing was dropped
  EXPECT_TRUE(g.server->engine().sat_stream() == sat_after(g, 3));
  EXPECT_TRUE(g.server->engine().trap_stream() == Stream(1, kTrapStream));
}

TEST(Server, AClientThatNeverReadsIsClosedPastTheOutputBound) {
  Params p = no_limit();
  p.switches = 100000;
  p.traps = 300000;  // a SatResponse of 3.6 MB
  ServerGame g(1, p);
  auto c = g.register_all();
  const int dest = exit_of(g.d, 0);
  const std::string zeros = encode(SatSolutionRequest{std::vector<uint8_t>(100000, 0)});
  // Row 21: it moves, dies in the corridor (a setting of all zeros leaves some 37,000 traps
  // active), moves again, and never reads its instances: 16 of them are 58 MB, far past the
  // 16 MiB bound and whatever the kernel buffers hold.
  for (int i = 0; i < 16; ++i) {
    c[1]->send(MoveRequest{dest});
    c[1]->send_bytes(zeros);
  }
  // Every other client leaves: the game ends (all disconnected) only once the server has closed
  // the one that does not read.
  for (int a = 0; a < kNumAgents; ++a)
    if (a != 1) c[a]->close_now();
  g.join();
  std::vector<std::string> reasons;
  for (const Json& r : g.records("disconnect"))
    if (r["p"] == 0 && r["a"] == 1) reasons.push_back(r["reason"]);
  EXPECT_EQ(reasons, std::vector<std::string>{"slow"});
  EXPECT_EQ(g.result.counts[0].slow, 1);
}

TEST(Server, ForbiddenNodesAndACrossingCancelledByDeath) {
  ServerGame g(1, no_limit());
  auto c = g.register_all();
  // Agent (0, 1) walks to a neighbour v of team 1's start (its henchmen kill any NPC on the way).
  const int v = exit_of(g.d, 1);
  ASSERT_FALSE(g.d.forbidden(0, v));
  std::vector<int> prev(kNumNodes, -1), queue{g.d.start[0]};
  prev[g.d.start[0]] = g.d.start[0];
  for (size_t i = 0; i < queue.size(); ++i)
    for (int w : g.d.neighbours(queue[i]))
      if (prev[w] < 0 && !g.d.forbidden(0, w)) prev[w] = queue[i], queue.push_back(w);
  std::vector<int> path;
  for (int u = v; u != g.d.start[0]; u = prev[u]) path.push_back(u);
  std::reverse(path.begin(), path.end());
  for (int u : path) ASSERT_EQ(cross(*c[1], u).location, u);
  c[1]->send(MoveRequest{g.d.start[1]});  // row 12
  EXPECT_EQ(c[1]->expect_error(), "FORBIDDEN_NODE");
  // Row 14: (0, 1) commits, then team 1's henchman 1 arrives on v: both die, the crossing is
  // cancelled, and the solution that follows is NOT_MOVING.
  int w = -1;
  for (int x : g.d.neighbours(v))
    if (!g.d.forbidden(0, x)) w = x;
  c[1]->send(MoveRequest{w});
  SatResponse sat = c[1]->expect<SatResponse>();
  MoveResponse attacker = cross(*c[7], v);
  EXPECT_EQ(attacker, (MoveResponse{g.d.start[1], false, {1}}));
  EXPECT_EQ(c[1]->expect<MoveResponse>(), (MoveResponse{g.d.start[0], false, {1}}));
  c[1]->send(SatSolutionRequest{solve_instance(sat)});
  EXPECT_EQ(c[1]->expect_error(), "NOT_MOVING");
  for (auto& client : c) client->close_now();
  g.join();
  ASSERT_EQ(g.records("cancel").size(), 1u);
  EXPECT_EQ(g.records("cancel")[0]["a"], 1);
  EXPECT_EQ(error_codes(g, 1), (std::vector<std::string>{"FORBIDDEN_NODE", "NOT_MOVING"}));
  EXPECT_TRUE(g.server->engine().sat_stream() == sat_after(g, static_cast<int>(path.size()) + 2));
  EXPECT_TRUE(g.server->engine().trap_stream() == Stream(1, kTrapStream));
}

TEST(Server, ASeatsConnectionClaimingTheOtherTeamIsRefusedAndRegistrationHasABound) {
  // As in `arena play`: connections come from a team's seat, and may claim only that team.
  Hub hub;
  const Dungeon d = generate_dungeon(1);
  TcpListener listener("127.0.0.1", 0);
  Client wrong(listener.port()), right(listener.port());
  ServerOptions o;
  o.registration_ms = 300;
  Server server(hub, d, no_limit(), o);
  for (int i = 0; i < 2; ++i) {
    int fd = listener.accept(Deadline::after_ms(10000));
    ASSERT_GE(fd, 0);
    server.add_connection(hub.adopt(fd, fd, make_binary_framer(kMaxFrame)), 0, "team0");
  }
  wrong.send(StartRequest{1, 0});
  right.send(StartRequest{0, 0});
  ServerResult r = server.run();
  EXPECT_EQ(wrong.read_to_eof(), "");
  EXPECT_EQ(right.read_to_eof(), "");  // the game never began: nothing was ever sent
  std::vector<std::string> codes;
  for (const Json& rec : r.records)
    if (rec["ev"] == "refused") codes.push_back(rec["code"]);
  EXPECT_EQ(codes, std::vector<std::string>{"WRONG_TEAM"});
  EXPECT_EQ(r.registered, (std::array<int, 2>{1, 0}));
  EXPECT_EQ(r.reason, "registration");
  EXPECT_EQ(r.winner, -1);
  EXPECT_FALSE(r.began);
}

}  // namespace
}  // namespace arena::dungeon::testing
