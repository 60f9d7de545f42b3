#include "tournament/schedule.h"

#include <algorithm>
#include <set>

namespace arena::tournament {

const char* to_string(Format f) {
  switch (f) {
    case Format::round_robin:
      return "round-robin";
    case Format::gauntlet:
      return "gauntlet";
    case Format::swiss:
      return "swiss";
  }
  return "?";
}

std::optional<Format> parse_format(const std::string& text) {
  if (text == "round-robin") return Format::round_robin;
  if (text == "gauntlet") return Format::gauntlet;
  if (text == "swiss") return Format::swiss;
  return std::nullopt;
}

std::vector<Side> game_sides(const GameInfo& game, int seats) {
  std::vector<Side> sides;
  const int n = std::min<int>(seats, static_cast<int>(game.roles.size()));
  for (int i = 0; i < n; ++i) {
    const std::string& role = game.roles[i];
    std::string name = role;
    for (const auto& [group, members] : game.role_groups)
      if (members.size() > 1 && std::find(members.begin(), members.end(), role) != members.end())
        name = group;
    auto it =
        std::find_if(sides.begin(), sides.end(), [&](const Side& s) { return s.name == name; });
    if (it == sides.end()) {
      sides.push_back({name, {role}});
    } else {
      it->roles.push_back(role);
    }
  }
  return sides;
}

namespace {

bool valid_label(const std::string& label) {
  if (label.empty() || label.size() > 64) return false;
  for (char c : label)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
      return false;
  return true;
}

// Every k-subset of 0..n-1 in lexicographic order.
void combinations(int n, int k, std::vector<int>& current, int from,
                  std::vector<std::vector<int>>& out) {
  if (static_cast<int>(current.size()) == k) {
    out.push_back(current);
    return;
  }
  for (int i = from; i < n; ++i) {
    current.push_back(i);
    combinations(n, k, current, i + 1, out);
    current.pop_back();
  }
}

}  // namespace

std::variant<std::vector<Entrant>, std::string> parse_entrants(
    const std::vector<std::string>& args) {
  std::vector<Entrant> entrants;
  for (const std::string& arg : args) {
    const size_t eq = arg.find('=');
    if (eq == std::string::npos || eq + 1 == arg.size())
      return "--bot " + arg + ": expected LABEL=SPEC or LABEL:ROLE=SPEC";
    std::string label = arg.substr(0, eq), role;
    if (const size_t colon = label.find(':'); colon != std::string::npos) {
      role = label.substr(colon + 1);
      label = label.substr(0, colon);
      if (role.empty()) return "--bot " + arg + ": empty ROLE in LABEL:ROLE=SPEC";
    }
    if (!valid_label(label))
      return "--bot " + arg + ": the label must be 1 to 64 letters, digits, '_', '-' or '.'";
    auto it = std::find_if(entrants.begin(), entrants.end(),
                           [&](const Entrant& e) { return e.label == label; });
    if (it == entrants.end()) it = entrants.insert(entrants.end(), Entrant{label, {}});
    if (!it->specs.emplace(role, arg.substr(eq + 1)).second)
      return "--bot " + arg + ": " + label + " already has a program for " +
             (role.empty() ? std::string("every role") : "role " + role);
  }
  return entrants;
}

namespace {

int seats_of(const GameInfo& game, const ScheduleConfig& config) {
  return config.seats == 0 ? game.min_seats : config.seats;
}

// The most precise program an entrant gave for a role: the role's own, a group's, every role's.
const std::string* program_of(const GameInfo& game, const Entrant& e, const Side& side,
                              const std::string& role) {
  std::vector<std::string> order = {role, side.name};
  for (const auto& [g, members] : game.role_groups)
    if (std::find(members.begin(), members.end(), role) != members.end()) order.push_back(g);
  order.push_back("");
  for (const std::string& key : order)
    if (auto it = e.specs.find(key); it != e.specs.end()) return &it->second;
  return nullptr;
}

// One match of a table: arrangement a puts the table's entrant (s + a) mod (table size) on side
// s (a table larger than the sides, a swiss pair of a one-side game, seats one entrant at a time).
MatchSpec table_match(const GameInfo& game, const ScheduleConfig& config,
                      const std::vector<Side>& sides, const std::vector<int>& table, int index,
                      int64_t round, uint64_t seed, int arrangement) {
  MatchSpec m;
  m.index = index;
  m.round = round;
  m.seed = seed;
  for (int i : table) m.table += (m.table.empty() ? "" : "|") + config.entrants[i].label;
  m.arrangement = arrangement;
  const size_t size = table.size();
  for (size_t s = 0; s < sides.size(); ++s) {
    const Entrant& e = config.entrants[table[(s + arrangement) % size]];
    for (const std::string& role : sides[s].roles)
      m.seats.push_back({role, e.label, *program_of(game, e, sides[s], role)});
  }
  // Seats in the game's role order (sides keep it already; this keeps it if they did not).
  std::sort(m.seats.begin(), m.seats.end(), [&](const SeatEntry& x, const SeatEntry& y) {
    return std::find(game.roles.begin(), game.roles.end(), x.role) <
           std::find(game.roles.begin(), game.roles.end(), y.role);
  });
  return m;
}

}  // namespace

int swiss_rounds(const ScheduleConfig& config) {
  return config.rounds > 0 ? config.rounds
                           : swiss_default_rounds(static_cast<int>(config.entrants.size()));
}

int swiss_round_size(const GameInfo&, const ScheduleConfig& config) {
  // Every pair plays each seed twice: both arrangements, or each of the two alone.
  return static_cast<int>(config.entrants.size() / 2) * 2 * config.games_per_pairing;
}

std::vector<MatchSpec> swiss_round_matches(const GameInfo& game, const ScheduleConfig& config,
                                           int round, const SwissRound& pairs) {
  const std::vector<Side> sides = game_sides(game, seats_of(game, config));
  std::vector<MatchSpec> out;
  int index = round * swiss_round_size(game, config);
  for (int g = 0; g < config.games_per_pairing; ++g)
    for (const SwissPair& p : pairs.pairs)
      for (int a = 0; a < 2; ++a)
        out.push_back(table_match(game, config, sides, {p.a, p.b}, index++, round,
                                  config.seed + static_cast<uint64_t>(g), a));
  return out;
}

std::variant<std::vector<MatchSpec>, std::string> make_schedule(const GameInfo& game,
                                                                const ScheduleConfig& config) {
  const int max_seats = static_cast<int>(game.roles.size());
  const int seats = seats_of(game, config);
  if (seats < game.min_seats || seats > max_seats)
    return "--seats " + std::to_string(seats) + ": " + game.name + " takes " +
           std::to_string(game.min_seats) + " to " + std::to_string(max_seats) + " seats";
  if (config.games_per_pairing < 1) return std::string("--games-per-pairing must be at least 1");
  const std::vector<Side> sides = game_sides(game, seats);
  const int k = static_cast<int>(sides.size());
  const int n = static_cast<int>(config.entrants.size());
  if (n < 1) return std::string("no entrants: give at least one --bot LABEL=SPEC");
  if (k > 1 && n < k)
    return game.name + " with " + std::to_string(seats) + " seats needs at least " +
           std::to_string(k) + " entrants, got " + std::to_string(n);
  if (config.format == Format::gauntlet && k > 1 && n < 2)
    return std::string("a gauntlet needs the first entrant and at least one other");
  if (config.format == Format::swiss) {
    if (k > 2)
      return "--format swiss pairs two entrants at a time, and " + game.name + " with " +
             std::to_string(seats) + " seats has " + std::to_string(k) +
             " sides (use round-robin or gauntlet)";
    if (n < 2) return std::string("a swiss tournament needs at least 2 entrants");
    if (config.rounds < 0 || config.rounds > kMaxSwissRounds)
      return "--rounds " + std::to_string(config.rounds) + ": expected 1 to " +
             std::to_string(kMaxSwissRounds);
  } else if (config.rounds != 0) {
    return std::string("--rounds is for --format swiss");
  }
  if (static_cast<uint64_t>(config.games_per_pairing - 1) > game.max_seed ||
      config.seed > game.max_seed - (config.games_per_pairing - 1))
    return "--seed " + std::to_string(config.seed) +
           ": the seeds of the tournament must stay below " + std::to_string(game.max_seed) + " (" +
           game.name + "'s largest seed)";

  // Every entrant must have a program for each role it may hold, and name no unknown role.
  std::set<std::string> keys = {""};
  for (const std::string& r : game.roles) keys.insert(r);
  for (const auto& [g, members] : game.role_groups) keys.insert(g);
  for (const Entrant& e : config.entrants) {
    for (const auto& [key, spec] : e.specs)
      if (!keys.count(key))
        return "--bot " + e.label + ":" + key + ": " + game.name + " has no role or group '" + key +
               "'";
    for (const Side& side : sides)
      for (const std::string& role : side.roles)
        if (!program_of(game, e, side, role))
          return "entrant " + e.label + " has no program for role " + role + " (give --bot " +
                 e.label + "=SPEC or --bot " + e.label + ":" + side.name + "=SPEC)";
  }

  if (config.format == Format::swiss) {
    const int64_t total = int64_t{swiss_rounds(config)} * swiss_round_size(game, config);
    if (total > kMaxMatches)
      return "the swiss tournament would have " + std::to_string(total) + " matches (at most " +
             std::to_string(kMaxMatches) + ")";
    return swiss_round_matches(game, config, 0, swiss_pair_round(n, {}));
  }

  std::vector<std::vector<int>> tables;
  if (k == 1) {
    for (int i = 0; i < n; ++i) tables.push_back({i});
  } else {
    std::vector<int> current;
    combinations(n, k, current, 0, tables);
    if (config.format == Format::gauntlet)
      std::erase_if(tables, [](const std::vector<int>& t) { return t[0] != 0; });
  }
  const int64_t total = static_cast<int64_t>(tables.size()) * k * config.games_per_pairing;
  if (total > kMaxMatches)
    return "the schedule would have " + std::to_string(total) + " matches (at most " +
           std::to_string(kMaxMatches) + ")";

  std::vector<MatchSpec> out;
  out.reserve(static_cast<size_t>(total));
  for (int round = 0; round < config.games_per_pairing; ++round)
    for (const std::vector<int>& table : tables)
      for (int a = 0; a < k; ++a)
        out.push_back(table_match(game, config, sides, table, static_cast<int>(out.size()), round,
                                  config.seed + static_cast<uint64_t>(round), a));
  return out;
}

}  // namespace arena::tournament
