// A Fury of Dracula AI, as the referee and the wire protocol see it (spec §6): for one turn it gets
// exactly what its seat receives (the past-plays string for that seat, full for Dracula and
// redacted for hunters, with one message per play) and answers a move code and a message. Each
// seat has its own instance; hunters share nothing but the messages (spec §1.2).
//
// The same objects play in process (`bot:NAME`) and as programs (`arena bot dracula NAME`, in
// process or persistent mode), so their decisions are identical either way.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace arena::dracula {

struct TurnRequest {
  std::string past_plays;             // the seat's form of the string (§3.7)
  std::vector<std::string> messages;  // one per play in past_plays
  uint64_t seed = 0;                  // FOD_SEED: (game seed + seat index) mod 2^64 (§6.1)
  int time_limit_ms = 1500;           // FOD_TURN_LIMIT_MS
};

struct Decision {
  std::string move;     // two characters: a place code, or HI, D1..D5, TP for Dracula
  std::string message;  // at most 99 printable characters (the referee sanitises anyway)
};

class Ai {
 public:
  virtual ~Ai() = default;
  // Deterministic for a given request and seed: searches to a fixed budget, and the time limit is
  // only a safety stop.
  virtual Decision decide(const TurnRequest& request) = 0;
};

// Every built-in AI by name: "hunter", "dracula" (the reference AIs), "hunter-v3", "hunter-v2",
// "hunter-v1", "dracula-v1" (their earlier versions), "hunter-jitter", "dracula-models-hunter"
// (measures) and the six baselines of §7.6 ("b-drac-random", "b-drac-greedy", "b-drac-loop",
// "b-hunt-stay", "b-hunt-random", "b-hunt-chase"). nullptr for an unknown name.
std::unique_ptr<Ai> make_ai(const std::string& name);

// (name, one-line description) of every built-in AI, for `arena games` and errors.
std::vector<std::pair<std::string, std::string>> ai_catalog();

// The reference AIs (bots/hunter_search.cc, bots/dracula_ai.cc) and the earliest versions kept as
// baselines ("hunter-v1", "dracula-v1").
std::unique_ptr<Ai> make_reference_hunter();
std::unique_ptr<Ai> make_reference_dracula();
std::unique_ptr<Ai> make_hunter_v1();
std::unique_ptr<Ai> make_dracula_v1();

}  // namespace arena::dracula
