// Dungeon Race spec §13 and §1.2: the built-in team clients. A team is six agents, each a
// MessageBot on its own connection, sharing one team state: in process (`bot:NAME`, six bots on
// six threads) and as a program (`arena bot dungeon NAME --player T`, one process, six sockets,
// one thread per socket). The same agent code runs both ways.
//   reference: the §13 client: a WalkSAT solver per agent, an heir that routes around believed
//              NPCs and seen enemy henchmen, two clearers that kill the NPCs on the heir's route
//              (the shrine's first), three hunters that intercept and strike the enemy heir;
//   idle:      registers its six agents and never moves;
//   stress:    moves at random and answers every puzzle at once with all switches off.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/message_bot.h"

namespace arena::dungeon {

struct TeamState;

// Makes the six agents of one team, in agent order: the first call gives agent 0 (the heir).
class TeamFactory {
 public:
  // nullptr for an unknown bot name.
  static std::unique_ptr<TeamFactory> make(const std::string& name, int team, uint64_t seed);
  std::unique_ptr<MessageBot> next_agent();

 private:
  std::string name_;
  int team_ = 0;
  uint64_t seed_ = 0;
  int made_ = 0;
  std::shared_ptr<TeamState> state_;
};

const std::vector<std::pair<std::string, std::string>>& bot_catalog();  // name, help

// `arena bot dungeon NAME --host H --port P --player T`: six connections, one per agent, until
// the game is over. Exit status 0 after GameOverResponse on every connection, 1 otherwise.
int run_team_program(const std::string& name, int team, uint64_t seed, const std::string& host,
                     int port);

}  // namespace arena::dungeon
