#include "games/dungeon/server.h"

#include <time.h>

#include <chrono>
#include <limits>
#include <set>

#include "games/dungeon/codec.h"

namespace arena::dungeon {
namespace {

int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace

Server::Server(Hub& hub, const Dungeon& dungeon, const Params& params, ServerOptions options)
    : hub_(hub),
      d_(dungeon),
      params_(params),
      options_(std::move(options)),
      engine_(dungeon, params),
      opened_(Clock::now()) {
  conn_of_.fill(-1);
  seq_ = options_.first_seq;
  // The server goes back to next() after every event: what an event sends leaves right after it,
  // one gathered write per connection, and no event waits on a send (§14.2's latency).
  hub_.batch_writes(true);
}

int64_t Server::now_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - began_at_).count();
}

void Server::record(Json r) {
  Json full = {
      {"seq", seq_++},
      {"t_us",
       std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - opened_).count()}};
  full.update(r);
  if (options_.on_record) options_.on_record(full);
  if (options_.keep_records || full["ev"] == "result") result_.records.push_back(std::move(full));
}

void Server::add_connection(ConnId conn, int team, const std::string& peer) {
  conns_[conn].team = team;
  record({{"ev", "connect"}, {"conn", conn}, {"peer", peer}});
}

void Server::send_to(int a, const std::string& bytes) {
  ConnId conn = conn_of_[a];
  if (conn < 0) return;  // inert: frames to it are discarded (§7.3)
  auto it = conns_.find(conn);
  if (it == conns_.end() || !it->second.open) return;
  send_frame(conn, a, bytes);
}

void Server::send_frame(ConnId conn, int a, const std::string& frame) {
  hub_.send_raw(conn, frame);
  if (!options_.log_frames) return;
  Json r = {{"ev", "sent"}};
  if (a >= 0) {
    r.update(agent_json(a));
  } else {
    r["conn"] = conn;
  }
  r.update(sent_fields(frame));
  record(std::move(r));
}

// Closes a connection as §8.5 and §12 say. The hub keeps it until the end (a seat's connection is
// the seat's to close): its write side closes once `after_flush` frames are written, and it is
// held, so its further frames are never read.
void Server::close_conn(ConnId conn, Conn& c, bool after_flush) {
  if (!c.open) return;
  c.open = false;
  if (after_flush) {
    hub_.close_write_when_flushed(conn);
  } else {
    hub_.close_write(conn);
  }
  hub_.hold(conn);
}

// Closing a socket whose input has unread bytes (a client's last requests, which crossed GameOver
// on the wire) makes the kernel send RST at once and drop what it has not sent yet: GameOver
// itself when the client's window was full. A team program then read "connection reset by peer"
// instead of the game's end (seen once in a full test run under load). So once every write side is
// closed, the server reads and drops what is still sent until each client closes its side, for up
// to linger_ms; nothing that arrives now is recorded.
void Server::linger() {
  std::set<ConnId> open;
  for (auto& [conn, c] : conns_) {
    if (hub_.finished(conn)) continue;
    open.insert(conn);
    hub_.hold(conn, false);
  }
  const Deadline until = Deadline::after_ms(options_.linger_ms);
  while (!open.empty() && !until.expired()) {
    auto e = hub_.next(until);
    if (!e) continue;
    if (e->kind == HubEvent::Kind::closed || e->kind == HubEvent::Kind::error) open.erase(e->conn);
    if (e->kind == HubEvent::Kind::accepted) hub_.close(e->conn);
  }
}

void Server::refuse(ConnId conn, Conn& c, const std::string& code) {
  record({{"ev", "refused"}, {"conn", conn}, {"code", code}});
  if (c.agent >= 0) {
    conn_of_[c.agent] = -1;
    result_.registered[team_of(c.agent)]--;
    c.agent = -1;
  }
  close_conn(conn, c, false);
}

ServerResult Server::run() {
  if (options_.registration_ms > 0) limit_ = Deadline::after_ms(options_.registration_ms);
  while (!over_) {
    // §7.2: the deadline is checked before each event.
    if (limit_ && limit_->expired()) {
      if (!engine_.began()) {
        result_.winner = result_.registered[0] == 6 ? 0 : result_.registered[1] == 6 ? 1 : -1;
        result_.reason = "registration";
        Json r = result_record(engine_, result_.winner, result_.reason, 0);
        record(r);
        break;
      }
      engine_.time_limit(fx_);
      apply("");
      continue;
    }
    auto e = hub_.next(limit_ ? *limit_ : Deadline::never());
    if (!e) continue;
    handle(*e);
  }
  // §7.1 step 4: flush for up to flush_ms, then the connections are closed by their owners.
  hub_.run_until(Deadline::after_ms(options_.flush_ms), [&] {
    for (auto& [conn, c] : conns_)
      if (c.open && hub_.queued_output(conn) > 0) return false;
    return true;
  });
  for (auto& [conn, c] : conns_) close_conn(conn, c, true);
  linger();
  result_.began = engine_.began();
  return std::move(result_);
}

void Server::handle(const HubEvent& e) {
  using K = HubEvent::Kind;
  if (e.kind == K::timer) {
    if (e.timer == release_timer_) {
      release_timer_ = -1;
      release_armed_ms_ = -1;
      auto next = engine_.next_release();
      if (next && next->first <= now_ms()) {
        const int a = next->second;
        engine_.release(a, now_ms(), fx_);
        apply(assign_text(held_[a].data(), held_[a].size()));
      }
      arm_release();
    }
    return;  // the time-limit timer only wakes the loop; run() checks the deadline
  }
  if (e.kind == K::accepted) {
    Conn& c = conns_[e.conn];
    record({{"ev", "connect"}, {"conn", e.conn}, {"peer", "tcp"}});
    if (engine_.began()) {
      // §12 row 6.
      std::string out;
      append_frame(out, make_error(ErrorCode::game_started));
      send_frame(e.conn, -1, out);
      record({{"ev", "error"},
              {"conn", e.conn},
              {"req", "start"},
              {"code", "GAME_STARTED"},
              {"closed", true}});
      close_conn(e.conn, c, true);
    }
    return;
  }
  auto it = conns_.find(e.conn);
  if (it == conns_.end() || !it->second.open) return;
  Conn& c = it->second;
  if (e.kind == K::message) {
    if (!options_.latencies_ns || !engine_.began() || c.agent < 0)
      return on_message(e.conn, c, e.message);
    const int a = c.agent;
    const int64_t cpu0 = options_.cpu_ns ? thread_cpu_ns() : 0;
    const auto t0 = Clock::now();
    on_message(e.conn, c, e.message);
    const auto latency = Clock::now() - t0;
    // Both read before either vector grows: a reallocation is the bench's work, not the event's.
    const int64_t cpu = options_.cpu_ns ? thread_cpu_ns() - cpu0 : 0;
    options_.latencies_ns->push_back(
        std::chrono::duration_cast<std::chrono::nanoseconds>(latency).count());
    if (options_.cpu_ns) options_.cpu_ns->push_back(cpu);
    if (options_.requests_per_agent) (*options_.requests_per_agent)[a]++;
    return;
  }
  if (e.kind == K::error) {
    // The framer refused the length: EMPTY_FRAME or FRAME_TOO_LARGE (rows 5, 17, 18).
    const ErrorCode code =
        e.verdict == Verdict::too_long ? ErrorCode::frame_too_large : ErrorCode::empty_frame;
    if (!engine_.began()) return refuse(e.conn, c, std::string(error_name(code)));
    if (c.agent < 0) return close_conn(e.conn, c, false);
    request_error(c.agent, e.conn, "frame", code, e.detail, true);
    return;
  }
  // closed: the peer closed, a read or write failed, or the output bound was passed (row 21).
  const bool slow = e.verdict == Verdict::too_long;
  if (!engine_.began()) {
    if (c.agent >= 0) {
      conn_of_[c.agent] = -1;
      result_.registered[team_of(c.agent)]--;
      c.agent = -1;
    }
    record({{"ev", "disconnect"}, {"conn", e.conn}, {"reason", slow ? "slow" : "eof"}});
    close_conn(e.conn, c, false);
    return;
  }
  lost(e.conn, c, slow ? "slow" : (e.detail.find("error") != std::string::npos ? "io" : "eof"),
       false);
}

// After the game began: a connection is gone and its agent turns inert (§7.3).
void Server::lost(ConnId conn, Conn& c, const char* reason, bool after_flush) {
  const int a = c.agent;
  close_conn(conn, c, after_flush);
  if (a < 0) return;
  const int team = team_of(a);
  result_.counts[team].closed++;
  if (std::string_view(reason) == "slow") result_.counts[team].slow++;
  engine_.disconnect(a, fx_);
  Json r = {{"ev", "disconnect"}};
  r.update(agent_json(a));
  r["reason"] = reason;
  record(std::move(r));
  apply("");
}

void Server::on_message(ConnId conn, Conn& c, const std::string& body) {
  if (!engine_.began()) return before_begin(conn, c, body);
  if (c.agent < 0) {
    // Connected before the game began but never registered.
    request_error(-1, conn, "start", ErrorCode::game_started, "", true);
    return;
  }
  const int a = c.agent;
  auto decoded = decode_request(body);
  if (auto* err = std::get_if<DecodeError>(&decoded)) {
    request_error(a, conn, "frame", err->code, err->detail, true);
    return;
  }
  const Request& req = std::get<Request>(decoded);
  const int64_t now = now_ms();
  if (std::holds_alternative<StartRequest>(req)) {
    request_error(a, conn, "start", ErrorCode::already_registered, "", false);
  } else if (auto* m = std::get_if<MoveRequest>(&req)) {
    const int from = engine_.agent(a).node;
    engine_.move(a, m->dest, now, fx_);
    if (fx_.error) return request_error(a, conn, "move", *fx_.error, "", false);
    Json r = {{"ev", "move"}};
    r.update(agent_json(a));
    r["from"] = from;
    r["to"] = m->dest;
    r["crossing"] = engine_.crossings() - 1;
    if (options_.log_instances) add_instance_fields(engine_.instance(a), r);
    record(std::move(r));
    out_.clear();
    append_sat_response(out_, engine_.instance(a));
    send_to(a, out_);
  } else {
    const auto& s = std::get<SatSolutionRequest>(req);
    engine_.solution(a, s.assignment, now, fx_);
    if (fx_.error) return request_error(a, conn, "solution", *fx_.error, "", false);
    if (fx_.held) {
      held_[a] = s.assignment;
      Json r = {{"ev", "held"}};
      r.update(agent_json(a));
      record(std::move(r));
      arm_release();
      return;
    }
    apply(assign_text(s.assignment.data(), s.assignment.size()));
  }
}

void Server::before_begin(ConnId conn, Conn& c, const std::string& body) {
  auto decoded = decode_request(body);
  if (auto* err = std::get_if<DecodeError>(&decoded))
    return refuse(conn, c, std::string(error_name(err->code)));  // row 5
  const Request& req = std::get<Request>(decoded);
  if (c.agent >= 0) {  // row 4: discarded
    record({{"ev", "refused"}, {"conn", conn}, {"code", "REGISTERED"}});
    return;
  }
  auto* start = std::get_if<StartRequest>(&req);
  if (!start) return refuse(conn, c, "NOT_START");  // row 1
  if (start->player < 0 || start->player > 1 || start->agent < 0 || start->agent >= kAgentsPerTeam)
    return refuse(conn, c, "BAD_PAIR");  // row 2
  if (c.team >= 0 && start->player != c.team)
    return refuse(conn, c, "WRONG_TEAM");  // row 2: the seat of the other team
  const int a = index_of(start->player, start->agent);
  if (conn_of_[a] >= 0) return refuse(conn, c, "PAIR_TAKEN");  // row 3
  c.agent = a;
  conn_of_[a] = conn;
  result_.registered[start->player]++;
  Json r = {{"ev", "register"}, {"conn", conn}};
  r.update(agent_json(a));
  record(std::move(r));
  if (result_.registered[0] + result_.registered[1] == kNumAgents) begin();
}

void Server::begin() {
  began_at_ = Clock::now();
  record({{"ev", "begin"}});
  for (int a = 0; a < kNumAgents; ++a) {
    out_.clear();
    append_dungeon_response(out_, d_, team_of(a), number_of(a));
    send_to(a, out_);
  }
  engine_.begin(fx_);
  apply("");
  limit_.reset();
  if (params_.time_limit_s > 0) {
    limit_ = Deadline(began_at_ + std::chrono::seconds(params_.time_limit_s));
    limit_timer_ = hub_.add_timer(*limit_);
  }
}

void Server::request_error(int a, ConnId conn, const char* req, ErrorCode code,
                           const std::string& detail, bool close) {
  out_.clear();
  append_frame(out_, make_error(code, detail));
  send_frame(conn, a, out_);
  Json r = {{"ev", "error"}};
  if (a >= 0) {
    r.update(agent_json(a));
  } else {
    r["conn"] = conn;
  }
  r["req"] = req;
  r["code"] = std::string(error_name(code));
  r["closed"] = close;
  record(std::move(r));
  if (a >= 0) {
    if (verdict_of(code) == Verdict::malformed) {
      result_.counts[team_of(a)].malformed++;
    } else {
      result_.counts[team_of(a)].illegal++;
    }
  }
  if (!close) return;
  Conn& c = conns_[conn];
  if (a < 0) return close_conn(conn, c, true);
  lost(conn, c, "frame", true);
}

// Sends and logs everything the last engine call produced (§5.2 order), then ends the game if it
// ended.
void Server::apply(const std::string& assign) {
  derived_.clear();
  derived_records(fx_, assign, derived_);
  for (Json& r : derived_) record(std::move(r));
  for (const Effects::Move& m : fx_.moves) {
    out_.clear();
    append_move_response(out_, m.location, m.success, m.killed, static_cast<size_t>(m.n_killed));
    send_to(m.to, out_);
  }
  for (const Effects::Sight& s : fx_.sights) {
    out_.clear();
    append_frame(out_, EnemyLocationResponse{s.who, s.location, s.seen});
    send_to(s.to, out_);
  }
  if (fx_.game_over) end_game(*fx_.game_over);
}

void Server::end_game(int winner) {
  out_.clear();
  append_frame(out_, GameOverResponse{winner});
  for (int a = 0; a < kNumAgents; ++a) send_to(a, out_);
  result_.winner = winner;
  result_.reason = std::string(to_string(engine_.reason()));
  record(result_record(engine_, winner, result_.reason, now_ms()));
  over_ = true;
}

void Server::arm_release() {
  auto next = engine_.next_release();
  if (!next) return;
  if (release_timer_ >= 0 && release_armed_ms_ == next->first) return;
  if (release_timer_ >= 0) hub_.cancel_timer(release_timer_);
  release_armed_ms_ = next->first;
  release_timer_ = hub_.add_timer(Deadline(began_at_ + std::chrono::milliseconds(next->first)));
}

}  // namespace arena::dungeon
