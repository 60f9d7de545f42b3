#include <algorithm>
#include <cctype>

#include "match/runner.h"
#include "server/human_hooks.h"
#include "server/paths.h"
#include "server/play.h"

namespace arena::server {

namespace {

bool made_for(const GameInfo& game, const BotInfo& bot, const std::string& role) {
  if (bot.roles.empty()) return true;
  for (const std::string& r : bot.roles) {
    if (r == role) return true;
    auto group = game.role_groups.find(r);
    if (group != game.role_groups.end() &&
        std::count(group->second.begin(), group->second.end(), role))
      return true;
  }
  return false;
}

}  // namespace

std::variant<HumanGame, std::string> human_game(const GameInfo& game, std::string_view query) {
  auto words = parse_query(query);
  if (!words) return "bad percent-encoding in the query";
  MatchArgs args;
  args.sandbox = "none";  // only built-in bots play beside the human: no program is started
  std::string role = game.roles.empty() ? "" : game.roles.front();
  std::map<std::string, std::string> bots;
  for (auto& [k, v] : *words) {
    if (k == "seed") {
      args.seed = v;
    } else if (k == "time_ms") {
      if (v.empty() || v.size() > 7 || !std::all_of(v.begin(), v.end(), ::isdigit))
        return "time_ms: must be an integer number of milliseconds";
      args.time_ms = std::stoi(v);
    } else if (k == "role") {
      role = v;
    } else if (k.rfind("bot.", 0) == 0) {
      bots[k.substr(4)] = v;
    } else {
      if (k == "map" || v == "-" || v.find('/') != std::string::npos)
        return k + ": a page cannot name a file of the server";
      args.param_words.push_back(k + "=" + v);
    }
  }
  auto pos = std::find(game.roles.begin(), game.roles.end(), role);
  if (pos == game.roles.end()) return "role: " + game.name + " has no role '" + role + "'";
  const size_t human_index = pos - game.roles.begin();
  const size_t seats = std::max<size_t>(game.min_seats, human_index + 1);
  for (size_t i = 0; i < seats && i < game.roles.size(); ++i) {
    const std::string& r = game.roles[i];
    if (r == role) {
      args.seat_args.push_back(r + "=human");
      continue;
    }
    std::string bot = bots.count(r) ? bots[r] : "";
    if (bot.empty()) {
      for (const BotInfo& b : game.bots)
        if (made_for(game, b, r)) {
          bot = b.name;
          break;
        }
    }
    if (bot.empty()) return "no built-in bot can play " + r + " beside the human";
    args.seat_args.push_back(r + "=bot:" + bot);
  }
  const HumanHooks* hooks = human_hooks(game.name);
  if (hooks && !hooks->seat_mode.empty()) args.mode_args.push_back(role + "=" + hooks->seat_mode);
  if (!args.time_ms) {
    int t = hooks && hooks->time_ms > 0 ? hooks->time_ms : 100000;
    args.time_ms = std::clamp(t, game.min_time_ms, game.max_time_ms);
  }
  auto built = build_setup(game, args);
  if (auto* err = std::get_if<std::string>(&built)) return *err;
  HumanGame out{std::get<MatchSetup>(std::move(built)), role};
  SeatSpec& spec = out.setup.seats.at(role);
  spec.human = true;
  spec.argv.clear();
  // Every seat plan now: an unknown bot is refused here, before the match starts.
  try {
    for (auto& [r, s] : out.setup.seats) game.seat_plan(out.setup, s);
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return out;
}

}  // namespace arena::server
