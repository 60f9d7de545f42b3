#include "games/evolution/net/server.h"

#include <cmath>
#include <cstdlib>
#include <iostream>

#include "core/replay.h"
#include "core/tcp.h"
#include "games/evolution/dealer.h"
#include "games/evolution/json.h"
#include "games/evolution/net/signup.h"
#include "games/evolution/net/table.h"

namespace arena::evolution {

namespace {

bool parse_uint(const std::string& s, uint64_t max, uint64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    if (v > (max - static_cast<uint64_t>(c - '0')) / 10) return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  *out = v;
  return true;
}

}  // namespace

std::optional<ServerOptions> parse_server_args(const std::vector<std::string>& args,
                                               std::ostream& err) {
  ServerOptions o;
  auto usage = [&](const std::string& why) {
    err << o.program << ": " << why << "\n"
        << "usage: " << o.program
        << " [--port P] [--seed S] [--timeout-ms T] [--signup-window-s W] [--replay FILE]"
           " [--rules spec|instructor] [--deck shuffled|unshuffled]\n";
    return std::nullopt;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) return usage("missing value after " + a);
    const std::string& v = args[++i];
    uint64_t n = 0;
    if (a == "--port") {
      if (!parse_uint(v, 65535, &n)) return usage("--port: must be 0..65535");
      o.port = static_cast<int>(n);
    } else if (a == "--seed") {
      if (!parse_uint(v, UINT32_MAX, &n)) return usage("--seed: must be 0..4294967295");
      o.seed = static_cast<uint32_t>(n);
    } else if (a == "--timeout-ms" || a == "--time-ms") {
      if (!parse_uint(v, 3600 * 1000, &n) || n == 0) return usage(a + ": must be 1..3600000");
      o.time_ms = static_cast<int>(n);
    } else if (a == "--signup-window-s") {
      char* end = nullptr;
      double w = std::strtod(v.c_str(), &end);
      if (v.empty() || *end != '\0' || !std::isfinite(w) || w < 0 || w > 86400)
        return usage("--signup-window-s: must be a number of seconds, 0..86400");
      o.signup_window_s = w;
    } else if (a == "--rules") {
      const auto r = parse_rules(v);
      if (!r) return usage("--rules: must be spec or instructor");
      o.variant.rules = *r;
    } else if (a == "--deck") {
      const auto d = parse_deck_order(v);
      if (!d) return usage("--deck: must be shuffled or unshuffled");
      o.variant.deck = *d;
    } else if (a == "--replay") {
      o.replay_path = v;
    } else {
      return usage("unknown argument " + a);
    }
  }
  return o;
}

int run_server(const ServerOptions& o, std::ostream& out, std::ostream& err) {
  auto log = [&](const std::string& line) {
    err << o.program << ": " << line << "\n" << std::flush;
  };
  Hub hub;  // the listener and every client's connection, for the whole game
  ListenerId listener = -1;
  try {
    listener = hub.listen(o.host, o.port, reply_framer());
  } catch (const std::exception& e) {
    log(e.what());
    return 1;
  }
  log("listening on port " + std::to_string(hub.port(listener)));

  SignupOptions so;
  so.time_limit = std::chrono::milliseconds(o.time_ms);
  so.window =
      std::chrono::milliseconds(static_cast<int64_t>(std::llround(o.signup_window_s * 1000)));
  std::vector<SignedUp> clients;
  try {
    clients = accept_signups(hub, listener, so, log);
  } catch (const std::exception& e) {  // accept(2) failed for good (e.g. out of descriptors)
    log(e.what());
    return 1;
  }
  log("the game starts with " + std::to_string(clients.size()) + " players");

  std::vector<Participant> participants;
  for (size_t i = 0; i < clients.size(); ++i) {
    Participant p;
    p.seat = "client" + std::to_string(i + 1);
    p.name = clients[i].name;
    p.owned = std::move(clients[i].seat);
    p.connection = p.owned.get();
    auto remote = std::make_unique<RemotePlayer>(*p.connection, so.time_limit);
    p.remote = remote.get();
    p.player = std::move(remote);
    participants.push_back(std::move(p));
  }
  TableOptions to;
  to.seed = o.seed;
  to.variant = o.variant;
  to.time_limit = so.time_limit;
  to.record = !o.replay_path.empty();
  to.log = log;
  TableResult r = run_table(participants, to);
  std::vector<std::string> all_seats;
  for (const Participant& p : participants) all_seats.push_back(p.seat);
  participants.clear();  // closes every connection (§8.7)
  out << format_ranking(r.ranking) << std::flush;

  if (!o.replay_path.empty()) {
    Replay replay;
    Json seats = Json::object();
    for (const Json& p : r.players) seats[p["seat"].get<std::string>()] = p["name"];
    replay.header = Replay::make_header("evolution", variant_json(o.variant),
                                        std::to_string(o.seed), seats, {{"call_ms", o.time_ms}});
    replay.header["players"] = r.players;
    replay.header["signup_window_s"] = o.signup_window_s;
    replay.events = std::move(r.events);
    replay.result = result_line(r, all_seats);  // as `arena play` writes it
    try {
      write_file(o.replay_path, replay.to_jsonl());
    } catch (const std::exception& e) {
      log(e.what());
      return 1;
    }
  }
  return 0;
}

}  // namespace arena::evolution
