#include "games/dracula/bots/hunter_ai.h"

#include <algorithm>
#include <array>
#include <string>

#include "core/rng.h"
#include "games/dracula/bots/inference.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/view.h"

namespace arena::dracula {
namespace {

struct Vampire {
  bool alive = false;
  int round = -1;  // round of the placing move
};

// The immature vampire from the string: placed (D play, character 4 'V'), not yet matured (a D play
// with 'V' at character 5) nor vanquished (a hunter play with 'V').
Vampire find_vampire(std::string_view text) {
  Vampire v;
  const int n = text.empty() ? 0 : static_cast<int>((text.size() + 1) / 8);
  for (int i = 0; i < n; ++i) {
    std::string_view p = text.substr(static_cast<size_t>(8 * i), 7);
    if (i % 5 == 4) {
      if (p[5] == 'V') v.alive = false;
      if (p[4] == 'V') v = {true, i / 5};
    } else if (p.substr(3).find('V') != std::string_view::npos) {
      v.alive = false;
    }
  }
  return v;
}

// True if I should rest for research: the first hunter of the round starts it, later ones only if
// every hunter before them this round rested.
bool research_chain(const View& v, int me) {
  for (int o = 0; o < me; ++o) {
    auto hist = v.move_history(o);
    if (hist.size() < 2 || hist[hist.size() - 1] != hist[hist.size() - 2]) return false;
  }
  return true;
}

// Openings per seat, one region each (spec §7.3.7); the first is the v1 opening. M stays within
// reach of Castle Dracula.
constexpr const char* kOpenings[4][4] = {
    {"MA", "SR", "LO", "TO"},
    {"PA", "BU", "FR", "ST"},
    {"MI", "VE", "MU", "FL"},
    {"KL", "GA", "BC", "BD"},
};

class ReferenceHunter : public Ai {
 public:
  explicit ReferenceHunter(bool seeded) : seeded_(seeded) {}
  Decision decide(const TurnRequest& request) override {
    return hunter_decide(request, tracker_, seeded_);
  }

 private:
  Tracker tracker_;
  bool seeded_;
};

// hunter-v2 with every cost jittered by kJitter times a draw from a stream of its own,
// which Dracula's model does not reproduce: strong hunters that play nearly, but not exactly, as
// his model does, like a good team written by someone else. The seeded tie-break is 0.3; a move's
// costs differ by about 10 per expected step of distance to Dracula.
class JitteredHunter : public Ai {
 public:
  static constexpr double kJitter = 0.5;
  Decision decide(const TurnRequest& request) override {
    hunter_options(request, tracker_, true, options_);
    const int plays = play_count(request.past_plays);
    const uint64_t game_seed = request.seed - static_cast<uint64_t>(plays % 5);
    Rng jitter(splitmix64(splitmix64(game_seed ^ fnv1a64("hunter-jitter")) ^
                          static_cast<uint64_t>(plays)));
    for (HunterOption& o : options_) o.cost += kJitter * jitter.unit();
    return {std::string(id_to_code(best_option(options_))), ""};
  }

 private:
  Tracker tracker_;
  HunterOptions options_;
};

}  // namespace

PlaceId chase_step(const View& v) {
  const int h = v.player();
  const PlaceId target = v.last_known_dracula_location(nullptr);
  const PlaceId here = v.location(h);
  if (!is_real(target) || !is_real(here)) return kNowhere;
  if (target == here) return here;  // staying in his city is an attack (§7.1)
  const PlaceList path = v.shortest_path(h, target);
  return !path.empty() && hunter_reach(h, v.round(), here).test(path[0]) ? path[0] : kNowhere;
}

void hunter_options(const TurnRequest& request, Tracker& tracker, bool seeded, HunterOptions& out) {
  out.clear();
  const std::string& text = request.past_plays;
  View v(text);
  const int me = v.player();
  const int round = v.round();
  if (me < 0 || me > 3) {
    out.push_back({code_to_id("JM"), 0.0});
    return;
  }
  // FOD_SEED is the game seed plus the seat index, so all four hunters recover the same seed.
  const uint64_t game_seed = request.seed - static_cast<uint64_t>(me);
  if (round == 0) {
    int pick = 0;
    // One draw for the team, two bits per seat, so each seat's region gets one of 4 cities.
    if (seeded) {
      const uint64_t draw = named_stream(game_seed, "dracula-ai-hunter-opening").next();
      pick = static_cast<int>(draw >> (2 * me)) & 3;
    }
    out.push_back({code_to_id(kOpenings[me][pick]), 0.0});
    return;
  }
  // Tie-breaks: a fresh draw per play from the game's own stream (identical in every mode).
  Rng tie(splitmix64(splitmix64(game_seed ^ fnv1a64("dracula-ai-hunter")) ^
                     static_cast<uint64_t>(play_count(text))));
  tracker.update(text);
  const MapTables& m = map();
  const PlaceId here = v.location(me);
  const PlaceSet reach = hunter_reach(me, round, here);
  const auto& cur = tracker.current();

  // Dracula's next location: his current one spread over his moves (trail rules ignored).
  std::array<double, kNumPlaces> next{};
  for (int x = 0; x < kNumPlaces; ++x) {
    if (cur[x] <= 0) continue;
    const PlaceSet adj = m.dracula_adj[x];
    const double share = cur[x] / adj.count();
    adj.for_each([&](PlaceId y) { next[y] += share; });
  }

  // Other hunters' distance to every place by the time of my next turn.
  std::array<int, kNumPlaces> others;
  others.fill(kHunterDistCap);
  for (int o = 0; o < 4; ++o) {
    if (o == me) continue;
    const PlaceId at = v.location(o);
    if (!is_real(at)) continue;
    for (int x = 0; x < kNumPlaces; ++x) {
      const int d = o < me ? capped_hunter_dist(rail_allowance(round + 1, o), at, x)
                           : std::max(0, capped_hunter_dist(rail_allowance(round, o), at, x) - 1);
      others[x] = std::min(others[x], d);
    }
  }

  // The vampire: the hunter nearest to its most likely city goes for it.
  PlaceId vamp_target = kNowhere;
  const Vampire vamp = find_vampire(text);
  if (vamp.alive) {
    PlaceId known = v.vampire_location();
    if (is_real(known)) {
      vamp_target = known;
    } else {
      const auto dist = tracker.location_of_move(vamp.round);
      double best = 0;
      for (int x = 0; x < kNumPlaces; ++x)
        if (dist[x] > best) best = dist[x], vamp_target = x;
    }
  }
  bool vamp_mine = false;
  if (is_real(vamp_target)) {
    int best = 1000, who = -1;
    for (int o = 0; o < 4; ++o) {
      const PlaceId at = v.location(o);
      if (!is_real(at)) continue;
      const int d = o < me ? capped_hunter_dist(rail_allowance(round + 1, o), at, vamp_target) + 1
                           : capped_hunter_dist(rail_allowance(round, o), at, vamp_target);
      if (d < best) best = d, who = o;
    }
    vamp_mine = who == me;
  }

  const int lp = v.health(me);
  const PlaceList traps = v.trap_locations();
  auto traps_at = [&](PlaceId p) {
    int t = 0;
    for (PlaceId x : traps) t += x == p;
    return t;
  };
  double max_cur = 0;
  for (double x : cur) max_cur = std::max(max_cur, x);

  // Research: when the trail is cold every hunter rests (the first decides, the rest follow).
  int known_round = -1;
  v.last_known_dracula_location(&known_round);
  const bool cold = round >= 6 && round - known_round >= 8 && tracker.possible_count() >= 20 &&
                    max_cur < 0.25 && !vamp_mine;
  if (cold && research_chain(v, me)) {
    out.push_back({here, 0.0});
    return;
  }

  reach.for_each([&](PlaceId d) {
    double cost = 0;
    if (is_land(d)) cost -= 200.0 * cur[d];  // a confrontation now
    const int k = rail_allowance(round + 1, me);
    double cover = 0, own = 0;
    for (int x = 0; x < kNumPlaces; ++x) {
      if (next[x] <= 0) continue;
      const int dm = capped_hunter_dist(k, d, x);
      cover += next[x] * std::min(dm, others[x]);
      own += next[x] * dm;
    }
    cost += 10.0 * cover + 1.0 * own;
    if (vamp_mine)
      cost += 30.0 * capped_hunter_dist(k, d, vamp_target) - (d == vamp_target ? 30.0 : 0.0);
    const int t = traps_at(d);
    if (t > 0) cost += lp <= 2 * t + 4 ? 500.0 : 3.0 * t;
    if (d == here && lp <= 4) cost -= 8.0;  // rest when hurt
    if (d == kHospital) cost += 1.0;
    if (seeded) cost += 0.3 * tie.unit();
    out.push_back({d, cost});
  });
}

PlaceId best_option(const HunterOptions& options) {
  double best_cost = 1e18;
  PlaceId best = options.empty() ? kNowhere : options[0].to;
  for (const HunterOption& o : options)
    if (o.cost < best_cost - 1e-9) best_cost = o.cost, best = o.to;
  return best;
}

Decision hunter_decide(const TurnRequest& request, Tracker& tracker, bool seeded) {
  HunterOptions options;
  hunter_options(request, tracker, seeded, options);
  return {std::string(id_to_code(best_option(options))), ""};
}

std::unique_ptr<Ai> make_hunter_v2() {
  return std::make_unique<ReferenceHunter>(true);
}

std::unique_ptr<Ai> make_hunter_v1() {
  return std::make_unique<ReferenceHunter>(false);
}

std::unique_ptr<Ai> make_hunter_jitter() {
  return std::make_unique<JitteredHunter>();
}

}  // namespace arena::dracula
