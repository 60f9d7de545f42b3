#include "games/evolution/net/signup.h"

#include <map>
#include <optional>

#include "games/evolution/json.h"
#include "games/evolution/net/remote_player.h"

namespace arena::evolution {

namespace {

// Classifies the first message: true with *name for a JSON string.
bool signup_name(const std::string& message, std::string* name) {
  try {
    Json j = parse_json_text(message);
    if (!j.is_string()) return false;
    *name = j.get<std::string>();
    return true;
  } catch (const JsonShapeError&) {
    return false;
  }
}

std::string brief(const std::string& text) {
  return text.size() <= 80 ? text : text.substr(0, 80) + "...";
}

}  // namespace

bool read_signup(Seat& seat, Deadline deadline, std::string* name, std::string* why) {
  Received r = seat.receive(deadline);
  if (r.verdict == Verdict::timeout) {
    *why = "sent no sign-up within the time limit";
    return false;
  }
  if (!r.ok()) {
    *why = "no sign-up (" + std::string(to_string(r.verdict)) + ": " + r.detail + ")";
    return false;
  }
  if (!signup_name(r.message, name)) {
    *why = "the first message is not a JSON string: " + brief(r.message);
    return false;
  }
  seat.send("\"ok\"");
  return true;
}

std::vector<SignedUp> accept_signups(Hub& hub, ListenerId listener, const SignupOptions& options,
                                     const LogFn& log) {
  // Accepted but not yet signed up: the timer of its time limit and its number, for logs.
  struct Pending {
    TimerId timer;
    int number;
  };
  std::vector<SignedUp> done;
  std::map<ConnId, Pending> pending;
  std::map<TimerId, ConnId> limit_of;
  std::optional<TimerId> window;
  int connections = 0;
  const std::string limit_ms = std::to_string(options.time_limit.count());
  auto drop = [&](ConnId conn, const std::string& why) {
    auto it = pending.find(conn);
    log("connection " + std::to_string(it->second.number) + " closed without an answer: " + why);
    hub.cancel_timer(it->second.timer);
    limit_of.erase(it->second.timer);
    pending.erase(it);
    hub.close(conn);
  };
  bool window_closed = false;
  while (static_cast<int>(done.size()) < options.max_players && !window_closed) {
    std::optional<HubEvent> e = hub.next(Deadline::never());
    if (!e) continue;
    switch (e->kind) {
      case HubEvent::Kind::accepted: {
        if (e->listener != listener) {
          hub.close(e->conn);
          break;
        }
        TimerId t = hub.add_timer(Deadline::after_ms(options.time_limit.count()));
        pending[e->conn] = {t, ++connections};
        limit_of[t] = e->conn;
        break;
      }
      case HubEvent::Kind::timer: {
        if (window && e->timer == *window) {
          window_closed = true;
          break;
        }
        auto it = limit_of.find(e->timer);
        if (it == limit_of.end()) break;
        const ConnId conn = it->second;
        drop(conn, hub.bytes_waiting(conn) ? "no complete sign-up within " + limit_ms + " ms"
                                           : "sent no sign-up within " + limit_ms + " ms");
        break;
      }
      case HubEvent::Kind::message: {
        if (!pending.count(e->conn)) break;
        std::string name;
        if (!signup_name(e->message, &name)) {
          drop(e->conn, "the first message is not a JSON string: " + brief(e->message));
          break;
        }
        if (static_cast<int>(done.size()) >= options.max_players) {
          drop(e->conn, "the list of players is full");
          break;
        }
        const ConnId conn = e->conn;
        hub.cancel_timer(pending[conn].timer);
        limit_of.erase(pending[conn].timer);
        pending.erase(conn);
        // Its later messages are the game's: they wait for the seat, not for this loop.
        hub.hold(conn);
        hub.send(conn, "\"ok\"");
        done.push_back({make_conn_seat(hub, conn), name});
        log("player " + std::to_string(done.size()) + " signed up as " + Json(name).dump());
        if (!window && static_cast<int>(done.size()) >= options.wait_for)
          window = hub.add_timer(Deadline::after_ms(options.window.count()));
        break;
      }
      case HubEvent::Kind::error:
      case HubEvent::Kind::closed:
        if (pending.count(e->conn))
          drop(e->conn, std::string(to_string(e->verdict)) + ": " + e->detail);
        break;
    }
  }
  while (!pending.empty()) drop(pending.begin()->first, "the sign-up list closed");
  if (window) hub.cancel_timer(*window);
  // §8.4 item 5: while the game runs, late connections are accepted and closed at once.
  hub.refuse_connections(listener, [log] {
    log("a connection arrived after the sign-up closed; closed without an answer");
  });
  return done;
}

}  // namespace arena::evolution
