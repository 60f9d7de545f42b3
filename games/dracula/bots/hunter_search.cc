#include "games/dracula/bots/hunter_search.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/dracula/bots/hunter_ai.h"
#include "games/dracula/bots/inference.h"
#include "games/dracula/engine.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/view.h"

namespace arena::dracula {
namespace {

// Trails drawn per decision, candidates played out on each, and Dracula moves per play-out.
constexpr int kSamples = 1024;
constexpr int kCandidates = 6;
constexpr int kRounds = 4;
// What a sure catch is worth against the reference costs (about 10 per expected step of distance
// to Dracula; a confrontation now is 200 times its probability).
constexpr double kCatchWorth = 20.0;
// A catch after t of his moves counts kCatchDecay^t: sooner is surer, since the play-out's
// Dracula flees by distance alone.
constexpr double kCatchDecay = 0.75;
constexpr int kDistCap = 8;

int hdist(int k, PlaceId from, PlaceId to) {
  return std::min<int>(kDistCap, map().hunter_dist[k][from][to]);
}

// Dracula as one drawn trail has him: his last 5 move codes and 6 locations, newest first.
struct Trail {
  int moves = 0;
  std::array<int8_t, 5> code{};
  std::array<int8_t, 6> loc{};

  PlaceId here() const { return loc[0]; }
  PlaceId resolve(Move m) const {
    if (m.is_location()) return m.id;
    if (m.id == kHide) return loc[0];
    if (m.double_back()) return loc[m.double_back() - 1];
    return kCastleDracula;  // TELEPORT
  }
  void play(Move m) {
    const PlaceId to = resolve(m);
    for (int i = 4; i > 0; --i) code[i] = code[i - 1];
    for (int i = 5; i > 0; --i) loc[i] = loc[i - 1];
    code[0] = m.id;
    loc[0] = static_cast<int8_t>(to);
    ++moves;
  }
};

// One determinised future: the hunters know where the trail put him, he knows where they are.
class PlayOut {
 public:
  PlayOut(const std::array<PlaceId, 4>& hunters, const Trail& trail, int round)
      : hunters_(hunters), trail_(trail), round_(round) {}

  // Seats first..3 finish this round, then kRounds of his moves and the hunters' replies. Returns
  // the worth of the future: kCatchDecay^t for a confrontation after t of his moves, else a small
  // credit for ending near him.
  double run(int first) {
    if (caught()) return 1.0;
    for (int seat = first; seat < 4; ++seat)
      if (chase(seat, round_)) return 1.0;
    double worth = 1.0;
    for (int t = 1; t <= kRounds; ++t) {
      worth *= kCatchDecay;
      flee(round_ + t);
      if (caught()) return worth;
      for (int seat = 0; seat < 4; ++seat)
        if (chase(seat, round_ + t)) return worth;
    }
    int nearest = kDistCap;
    for (int h = 0; h < 4; ++h)
      if (is_real(hunters_[h]))
        nearest = std::min(
            nearest, hdist(rail_allowance(round_ + kRounds + 1, h), hunters_[h], trail_.here()));
    return -0.02 * nearest;
  }

 private:
  bool caught() const {
    const PlaceId d = trail_.here();
    if (!is_land(d)) return false;
    for (PlaceId h : hunters_)
      if (h == d) return true;
    return false;
  }

  // Hunter `seat` moves, in `round`, to the reachable place nearest to him. True if he is caught.
  bool chase(int seat, int round) {
    const PlaceId from = hunters_[seat];
    if (!is_real(from) || from == kHospital) return false;
    const PlaceId target = trail_.here();
    const int k_next = rail_allowance(round + 1, seat);
    int best = 1 << 20;
    PlaceId to = from;
    map().hunter_moves[rail_allowance(round, seat)][from].for_each([&](PlaceId p) {
      const int d = p == target ? -1 : hdist(k_next, p, target);
      if (d < best) best = d, to = p;
    });
    hunters_[seat] = to;
    return to == target && is_land(target);
  }

  // His move of `round`: as far from the hunters' next moves as his trail allows, on land when
  // that is as far (the sea costs blood).
  void flee(int round) {
    MoveList ms;
    const int count = std::min(5, trail_.moves);
    dracula_moves_from(trail_.moves, trail_.code.data(), trail_.loc.data(), count, ms);
    if (ms.empty()) {
      trail_.play(Move(kTeleport));
      return;
    }
    int best = -1;
    Move pick = ms[0];
    for (Move m : ms) {
      const PlaceId y = trail_.resolve(m);
      int nearest = kDistCap;
      for (int h = 0; h < 4; ++h)
        if (is_real(hunters_[h]) && hunters_[h] != kHospital)
          nearest = std::min(nearest, hdist(rail_allowance(round + 1, h), hunters_[h], y));
      const int value = 2 * nearest + (is_land(y) ? 1 : 0);
      if (value > best) best = value, pick = m;
    }
    trail_.play(pick);
  }

  std::array<PlaceId, 4> hunters_;
  Trail trail_;
  int round_;
};

class SearchHunter : public Ai {
 public:
  Decision decide(const TurnRequest& request) override {
    hunter_options(request, tracker_, true, options_);
    if (options_.size() <= 1) return {std::string(id_to_code(best_option(options_))), ""};
    const View v(request.past_plays);
    const int me = v.player();
    const int round = v.round();
    draw_trails(request);
    if (trails_.empty()) return {std::string(id_to_code(best_option(options_))), ""};

    // The reference judgement's cheapest moves, in its order.
    std::stable_sort(options_.begin(), options_.end(),
                     [](const HunterOption& a, const HunterOption& b) { return a.cost < b.cost; });
    const int n = std::min<int>(kCandidates, static_cast<int>(options_.size()));
    std::array<PlaceId, 4> hunters;
    for (int h = 0; h < 4; ++h) hunters[h] = v.location(h);
    double best_cost = 1e18;
    PlaceId best = options_[0].to;
    for (int c = 0; c < n; ++c) {
      hunters[me] = options_[c].to;
      double worth = 0;
      for (const Trail& t : trails_) worth += PlayOut(hunters, t, round).run(me + 1);
      const double cost = options_[c].cost - kCatchWorth * worth / trails_.size();
      if (cost < best_cost - 1e-9) best_cost = cost, best = options_[c].to;
    }
    return {std::string(id_to_code(best)), ""};
  }

 private:
  // kSamples trails from the tracker's possibility set, by weight (all of them if fewer), drawn
  // from the game seed's stream for this play.
  void draw_trails(const TurnRequest& request) {
    trails_.clear();
    const auto& hyps = tracker_.hypothesis_set();
    const int moves = tracker_.dracula_moves();
    auto trail_of = [&](const Hypothesis& h) {
      Trail t;
      t.moves = moves;
      std::copy(h.code.begin(), h.code.end(), t.code.begin());
      std::copy(h.loc.begin(), h.loc.end(), t.loc.begin());
      return t;
    };
    if (hyps.empty() || moves == 0) return;
    if (static_cast<int>(hyps.size()) <= kSamples) {
      // Few enough to play them all, each as often as its weight says (rounded, at least once).
      double total = 0;
      for (const Hypothesis& h : hyps) total += h.weight;
      for (const Hypothesis& h : hyps) {
        if (!is_real(h.loc[0])) continue;
        const int copies = std::max(1, static_cast<int>(kSamples * h.weight / total + 0.5));
        for (int i = 0; i < copies; ++i) trails_.push_back(trail_of(h));
      }
      return;
    }
    cumulative_.resize(hyps.size());
    double total = 0;
    for (size_t i = 0; i < hyps.size(); ++i) cumulative_[i] = total += hyps[i].weight;
    const View v(request.past_plays);
    const uint64_t game_seed = request.seed - static_cast<uint64_t>(v.player());
    Rng rng(splitmix64(splitmix64(game_seed ^ fnv1a64("hunter-search")) ^
                       static_cast<uint64_t>(play_count(request.past_plays))));
    for (int i = 0; i < kSamples; ++i) {
      const double r = rng.unit() * total;
      const size_t at =
          std::upper_bound(cumulative_.begin(), cumulative_.end(), r) - cumulative_.begin();
      const Hypothesis& h = hyps[std::min(at, hyps.size() - 1)];
      if (is_real(h.loc[0])) trails_.push_back(trail_of(h));
    }
  }

  Tracker tracker_;
  HunterOptions options_;
  std::vector<Trail> trails_;
  std::vector<double> cumulative_;
};

}  // namespace

std::unique_ptr<Ai> make_reference_hunter() {
  return std::make_unique<SearchHunter>();
}

}  // namespace arena::dracula
