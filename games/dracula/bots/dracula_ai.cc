#include "games/dracula/bots/dracula_ai.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "core/rng.h"
#include "games/dracula/bots/dracula_eval.h"
#include "games/dracula/bots/hunter_ai.h"
#include "games/dracula/bots/hunter_search.h"
#include "games/dracula/bots/inference.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/view.h"

namespace arena::dracula {
namespace {

// The work budget per move, in hunter-model decisions as if none were shared (a decision costs
// about one tracker update; the memo below makes many of them free, but the count stays nominal so
// that the search's shape does not depend on it): 1500 plays out the best 15 candidates.
constexpr int kBudget = 1500;
// Rounds each candidate is played out for. His losses against the reference hunters are slow
// starvations (too many sea turns, too few visits to the castle), which a short horizon cannot
// see: over seeds 1-50 against hunter-v1 (dracula_ai_sim --seed-step 1) the hunters won 52 % with
// 5 rounds (budget 400), 18 % with 8 (budget 1000) and 2 % with 12 (budget 1500).
constexpr int kDepth = 12;
// Play-outs per candidate: his continuation varies in its first move (the best one of them counts),
// so that a good move is not judged by one poor follow-up.
constexpr int kAlternatives = 2;
// Rounds of hunter moves the model must have predicted before he trusts it. Chasers who walk to
// where he was seen match it at times, and searches on their strings are slow: three rounds rather
// than two (with the check's own tracker) brought his largest think time against them over seeds
// 1-100 from 540 to 481 ms.
constexpr int kTrustRounds = 3;
// The model is trusted up to its tie-breaks: a hunter move may cost it up to kTieMargin more than
// its own choice (a move's costs differ by about 10 per expected step of distance to him; the
// seeded tie-break is 0.3). So hunters that play its judgement with other tie-breaks
// (`hunter-jitter`: costs jittered by up to 0.5) are searched against too: over seeds 1-100 they
// won 99 % against dracula-v1's judgement and 93 % so. Anything looser lets the chasers' moves
// pass: allowing a quarter of the moves to miss by up to 0.5 made them win 7 % (4 % before), by
// up to 2 lost 8 of seeds 30-71, and the checks on their wide beliefs took up to 1.1 s.
constexpr double kTieMargin = 0.5;
// The loose tier (model_roughly_fits): hunters who play like the model without playing it, such
// as a search over its best few moves (hunter-v3), are searched against too. Over 8 rounds every
// move of such hunters is within 20 of the model's cheapest and most within kTieMargin, which the
// chasers' and the random hunters' moves almost never are. Over seeds 1-100 hunter-v3 won 97 %
// (100 % without the tier) and he died at round 119.5 instead of 92.7; against the chasers, the
// random hunters, hunter-v1 and hunter-v2 the same wins as without it. On seeds 1-10, 4 rounds,
// or a margin of 40 with half the moves close, gave the same results. Each hunter move is scored
// once (update_fits), so the check costs four hunter judgements a turn (re-checking 8 rounds on
// every turn had cost up to 1.8 s against the chasers' wide beliefs).
constexpr int kLooseRounds = 8;
constexpr double kLooseMargin = 20;
constexpr double kLooseShare = 0.75;
// A hunter who has stayed in Castle Dracula for kStayRounds rounds (a guard) is modelled as staying
// there, and his moves are left out of the fit: the reference hunter's guard walks to the castle
// and stays, far from hunter-v2's judgement, so before this no tier fitted it and he played
// dracula-v1's judgement. Over seeds 1-100 against `hunter` he died at round 84.0 instead of 48.6
// (final score 236.7 against 293.9); against the other hunters, seeds 1-20 gave the same games.
// Any place, not only the castle, cost games: hunters who rest while the trail is cold stay four
// rounds too, then move (hunter-jitter won 70 % of seeds 1-20 instead of 65 %).
constexpr int kStayRounds = 4;
// Fewest candidates searched, budget permitting.
constexpr int kMinCandidates = 4;

// The value of his blood: each confrontation (−10) costs more as he weakens.
double blood_value(int bp) {
  return 8.0 * bp - 600.0 / std::max(bp, 1);
}

// True if after `m` his trail lets him make 7 more moves without a forced TELEPORT.
bool trail_survives(const GameState& s, Move m) {
  GameState s1 = s;
  apply(s1, m);
  if (s1.is_over()) return true;
  MoveList nm;
  next_moves(s1, nm);
  return !nm.empty() && can_survive(trail_of(s1), 7, s1.blood);
}

// Without a model he plays dracula-v1's judgement, which lets hunters wandering near the castle
// keep him from it until he starves (b-hunt-random won 7 of seeds 1-100 so, with 0 to 2 visits to
// the castle). So below kPullBelow BP the castle draws him, whoever is near, but only once the
// hunters have not seen him for kPullUnseen rounds: chasers walk to where he was last seen, and a
// pull that kept him near the castle after a visit raised their wins from 5 % to 15 %. Over seeds
// 1-100 (chasers / random hunters): no pull 5 % / 7 %, unseen for 0 rounds 15 % / 1 %, 6 rounds
// 6 % / 1 %, 9 rounds 5 % / 2 %, 13 rounds 4 % / 4 %.
constexpr int kPullBelow = 20;
constexpr int kPullUnseen = 13;
constexpr double kPullPerStep = 0.75;  // per BP below kPullBelow and per move from the castle

double castle_distance_cost(const GameState& s, Move m) {
  const PlaceId to = move_location(s, m);
  if (!is_real(to)) return 0;
  return kPullPerStep * (kPullBelow - s.blood) *
         std::min<int>(8, map().dracula_dist[to][kCastleDracula]);
}

// Rounds since the hunters last saw where he was (a very large number if they never have).
int rounds_unseen(const Record& rec) {
  int known_round = 0;
  if (!is_real(View(rec.redacted()).last_known_dracula_location(&known_round))) return 1 << 20;
  return rec.state().round() - known_round;
}

class SearchDracula : public Ai {
 public:
  // model_search: model the hunters as the reference hunter (bots/hunter_search.h), move for move,
  // instead of hunter-v2's judgement: what predicting the reference hunter gives him.
  explicit SearchDracula(bool model_search) {
    if (model_search) model_ai_ = make_reference_hunter(), check_ai_ = make_reference_hunter();
  }

  Decision decide(const TurnRequest& request) override {
    const auto t0 = std::chrono::steady_clock::now();
    auto parsed = parse_full(request.past_plays, {});
    Record* rec = std::get_if<Record>(&parsed);
    if (!rec) return {"TP", ""};  // the referee only sends valid strings
    const GameState& s = rec->state();
    MoveList moves;
    legal_moves(s, moves);
    if (moves.empty() || (moves.size() == 1 && moves[0].id == kTeleport)) return {"TP", ""};
    game_seed_ = request.seed - kDraculaSeat;  // FOD_SEED is the game seed plus the seat index
    seeded_model_ = hunters_open_seeded(request.past_plays);
    model_memo_.clear();
    Rng rng(splitmix64(splitmix64(game_seed_ ^ fnv1a64("dracula-ai")) ^ s.plays));
    const Threat th = make_threat(s);

    // Rank his moves by dracula-v1's judgement.
    struct Cand {
      Move move;
      double prior;
      double value;
    };
    std::vector<Cand> cands;
    for (Move m : moves) cands.push_back({m, heuristic_move_value(s, th, m), 0});
    std::stable_sort(cands.begin(), cands.end(),
                     [](const Cand& a, const Cand& b) { return a.prior > b.prior; });

    if (s.round() == 0) {
      // Opening: one of the best few places, drawn from the seed (the hunters' model is blind in
      // round 0, so the search has nothing to add).
      int good = 0;
      while (good < static_cast<int>(cands.size()) && good < 8 &&
             cands[good].prior >= cands[0].prior - 6.0)
        ++good;
      return {std::string(cands[rng.below(std::max(good, 1))].move.code()), ""};
    }

    // The play-outs are only as good as the model. Against hunters it does not predict (baseline
    // or foreign hunters), a deep search on a wrong model walks into them: b-hunt-chase won 18 of
    // the first 26 of seeds 1-50 against it, and 5 of seeds 1-100 against dracula-v1's judgement.
    // So he searches only while the model has made every hunter move of the last three rounds, up
    // to its tie-breaks, or the hunters play like it (the loose tier above).
    update_fits(request.past_plays, s.round());
    // (The reference hunter as the model already predicts its own guard.)
    stayers_ = model_ai_ ? 0 : find_stayers(request.past_plays, s.round());
    const bool fits = model_fits(s.round()) || model_roughly_fits(s.round());
    // Hunters his model does not fit may still be chasers: searched with the chaser's rule.
    chasers_ = fits || model_ai_ ? 0 : find_chasers(s.round());
    const bool search = fits || chasers_;
    if (!search) {
      const bool pull = s.blood < kPullBelow && rounds_unseen(*rec) >= kPullUnseen;
      double best_value = -1e18;
      Move best = cands[0].move;
      for (const Cand& c : cands) {
        double value = c.prior + 0.5 * rng.unit();
        if (pull) value -= castle_distance_cost(s, c.move);
        if (value > best_value) best_value = value, best = c.move;
      }
      return {std::string(best.code()), ""};
    }

    const int per_candidate = 4 * kDepth * kAlternatives;
    const int searched = std::min<int>(static_cast<int>(cands.size()),
                                       std::max(kMinCandidates, kBudget / per_candidate));
    // Safety stop only (the budget is the work above): checked before every hunter-model decision,
    // since a hunter model facing a wide belief (hunters who never find him) is slow.
    const double stop_ms = 0.3 * request.time_limit_ms;
    deadline_ = t0 + std::chrono::microseconds(static_cast<int64_t>(1000 * stop_ms));
    auto late = [&] { return std::chrono::steady_clock::now() > deadline_; };
    double best_value = -1e18;
    Move best = cands[0].move;
    for (int i = 0; i < searched; ++i) {
      if (i > 0 && late()) break;
      double value = -1e18;
      for (int alt = 0; alt < kAlternatives && (alt == 0 || !late()); ++alt)
        value = std::max(value, play_out(*rec, cands[i].move, alt));
      value += 0.05 * cands[i].prior + 0.5 * rng.unit();
      if (!trail_survives(s, cands[i].move)) value -= 5000;  // a forced TELEPORT reveals him
      if (late()) break;  // an interrupted play-out does not count; cands[0] is the fallback
      if (value > best_value) best_value = value, best = cands[i].move;
    }
    return {std::string(best.code()), ""};
  }

 private:
  // Plays `m` then kDepth rounds of modelled hunters and dracula-v1 continuations (its `alt`-th
  // best choice for his first continuation move, its best after that); returns the value of the
  // position reached, less what his moves in the hunters' reach cost (exposure_cost).
  double play_out(const Record& root, Move m, int alt) {
    Record r = root;
    const int start_score = root.state().score;
    r.play(m);
    // Each of his moves that ends in the hunters' reach costs the plan, wherever the model sends
    // them: it is right only up to its tie-breaks, and a plan that slips past a hunter is lost to
    // the first one who deviates (dracula_eval.h).
    double exposure = exposure_cost(r.state());
    for (int depth = 0; depth < kDepth; ++depth) {
      while (!r.state().is_over() && r.state().player() != kDraculaSeat) {
        if (std::chrono::steady_clock::now() > deadline_) return -1e18;  // safety stop
        r.play(modelled_hunter_move(r));
      }
      if (r.state().is_over()) break;
      if (depth + 1 < kDepth) {
        // His own continuation: dracula-v1's choice against the hunters where they now stand.
        const GameState& s = r.state();
        MoveList ms;
        legal_moves(s, ms);
        const Threat th = make_threat(s);
        std::vector<std::pair<double, int>> ranked;
        for (int c = 0; c < ms.size(); ++c)
          ranked.emplace_back(-heuristic_move_value(s, th, ms[c]), c);
        std::stable_sort(ranked.begin(), ranked.end());
        const int k = depth == 0 ? std::min<int>(alt, ms.size() - 1) : 0;
        r.play(ms[ranked[k].second]);
        if (r.state().is_over()) break;
        exposure += exposure_cost(r.state());
      }
    }
    const GameState& s = r.state();
    if (s.is_over()) return s.winner == Winner::kDracula ? 1e6 : -1e6 + 1e3 * s.round();
    // Hospitals and matured vampires (rounds are equal). Weights 4 and 8, with a bonus for a living
    // vampire, did no better over seeds 11-30.
    double v = 2.0 * (start_score - s.score);
    // Blood counted twice or half as much, or a pull towards the castle as it falls, all lost more
    // often (seeds 1-50 against hunter-v1, 5-round play-outs: 62-90 % hunter wins against 52 %).
    v += blood_value(s.blood);
    // No separate term for the hunters' belief in his true location: the play-out already lets
    // their inference act on it, and an extra penalty made him die sooner (measured).
    // His prospects from here against their reach.
    const Threat th = make_threat(s);
    MoveList ms;
    legal_moves(s, ms);
    double next = -1e18;
    for (Move c : ms) next = std::max(next, heuristic_move_value(s, th, c));
    v += std::max(next, -400.0);
    return v - exposure;
  }

  // The modelled hunter's move at `r`. The hunters decide on what they see, so the move is a
  // function of the redacted string (their model ignores messages): play-outs that look alike to
  // them (every hidden land move is "C?") share their replies, and each is computed once per move.
  Move modelled_hunter_move(const Record& r) {
    const int seat = r.state().player();
    if (stayers_ & (1u << seat)) return Move(r.state().hunter_loc[seat]);  // a guard holds
    const std::string& seen = r.redacted();
    if (auto it = model_memo_.find(seen); it != model_memo_.end()) return it->second;
    if (chasers_ & (1u << seat)) {
      // A chaser who has not seen him goes anywhere; the play-out keeps him where he is.
      const PlaceId to = chase_step(View(seen));
      const Move hm(is_real(to) ? to : r.state().hunter_loc[seat]);
      model_memo_.emplace(seen, hm);
      return hm;
    }
    const TurnRequest q{seen, {}, game_seed_ + static_cast<uint64_t>(seat)};
    Move hm = parse_move(model_ai_ ? model_ai_->decide(q).move
                                   : hunter_decide(q, tracker_, seeded_model_).move);
    if (!is_legal(r.state(), hm)) hm = Move(r.state().hunter_loc[seat]);
    model_memo_.emplace(seen, hm);
    return hm;
  }

  // The hunters who have stayed in Castle Dracula for the last kStayRounds rounds, as a bit mask
  // of seats.
  static unsigned find_stayers(std::string_view text, int round) {
    unsigned out = 0;
    if (round <= kStayRounds) return 0;
    for (int h = 0; h < kDraculaSeat; ++h) {
      const std::string_view last = text.substr(8 * ((round - 1) * kNumSeats + h) + 1, 2);
      bool stays = code_to_id(last) == kCastleDracula;
      for (int k = 2; k <= kStayRounds + 1 && stays; ++k)
        stays = text.substr(8 * ((round - k) * kNumSeats + h) + 1, 2) == last;
      if (stays) out |= 1u << h;
    }
    return out;
  }

  // The hunters, as a bit mask of seats, whose every move of the last kTrustRounds rounds was the
  // chaser's (chase_step, bots/hunter_ai.h), when every hunter who is not a guard is one; else 0.
  // Asked only when hunter-v2's judgement fits no tier, so the games it fits are unchanged (seeds
  // 1-100 against hunter, hunter-v3, hunter-jitter, b-hunt-random and b-hunt-stay, seeds 1-20
  // against hunter-v1 and hunter-v2: the same results). Against b-hunt-chase over seeds 1-100 the
  // hunters won 1 % instead of 5 %: his judgement alone let them walk into him (7 to 14 encounters
  // in four of the five games they won); the one game left is one in which they never see him and
  // he starves.
  unsigned find_chasers(int round) const {
    if (round < kTrustRounds) return 0;
    unsigned out = 0;
    for (int h = 0; h < kDraculaSeat; ++h) {
      if (stayers_ & (1u << h)) continue;
      bool chases = true;
      for (int r = round - kTrustRounds; r < round && chases; ++r)
        chases = fits_[r * kNumSeats + h].chased;
      if (!chases) return 0;
      out |= 1u << h;
    }
    return out;
  }

  // The model fits while every hunter move of the last kTrustRounds rounds (fewer early in the
  // game) was its own up to kTieMargin (each move's gap is in update_fits' log).
  bool model_fits(int round) const { return fits_within(round, kTrustRounds, kTieMargin, 1.0); }

  // Whether the hunters play like the model without playing it: every move of the last kLooseRounds
  // rounds within kLooseMargin of its cheapest and most of them its own up to kTieMargin.
  bool model_roughly_fits(int round) const {
    return fits_within(round, kLooseRounds, kLooseMargin, kLooseShare);
  }

  bool fits_within(int round, int rounds, double margin, double share) const {
    const int first = std::max(0, round - rounds) * kNumSeats, end = round * kNumSeats;
    int moves = 0, close = 0;
    for (int i = first; i < end; ++i) {
      if (i % kNumSeats == kDraculaSeat || (stayers_ & (1u << (i % kNumSeats)))) continue;
      if (fits_[i].gap > margin) return false;
      ++moves;
      close += fits_[i].gap <= kTieMargin;
    }
    return close >= share * moves;
  }

  // Scores every hunter move of the complete rounds of `text` not scored yet: what a hunter saw at
  // a play is the redaction of the string up to it, so one record is played forward move by move,
  // and a move is judged once however many of his turns look back at it.
  void update_fits(const std::string& text, int round) {
    // The record's own string is the prefix scored so far; another game does not start with it.
    if (fits_.empty() || text.compare(0, fit_seen_.full().size(), fit_seen_.full()) != 0) {
      fits_.clear();
      fit_seen_ = Record();
    }
    HunterOptions options;
    for (int i = static_cast<int>(fits_.size()); i < round * kNumSeats; ++i) {
      const std::string_view code = std::string_view(text).substr(8 * i + 1, 2);
      const int seat = i % kNumSeats;
      Fit fit{0, false};
      if (seat != kDraculaSeat) {
        const TurnRequest q{fit_seen_.redacted(), {}, game_seed_ + static_cast<uint64_t>(seat)};
        fit.gap = model_gap(q, code, options);
        fit.chased = chase_step(View(q.past_plays)) == code_to_id(code);
      }
      fits_.push_back(fit);
      fit_seen_.play(parse_move(code));
    }
  }

  // How much more the hunter move `code` costs the model on `q` than its own choice: hunter-v2's
  // costs, or 0 / infinity when the reference hunter is the model (it has no costs to compare).
  double model_gap(const TurnRequest& q, std::string_view code, HunterOptions& options) {
    constexpr double kNever = 1e18;
    if (check_ai_) return check_ai_->decide(q).move == code ? 0 : kNever;
    hunter_options(q, check_tracker_, seeded_model_, options);
    const PlaceId played = code_to_id(code);
    double least = kNever, cost = kNever;
    for (const HunterOption& o : options) {
      least = std::min(least, o.cost);
      if (o.to == played) cost = o.cost;
    }
    return cost == kNever ? kNever : cost - least;
  }

  // Which version of the reference hunters to model: the seeded one if the hunters' round-0 moves
  // are the openings it would have drawn for this seed, else hunter-v1 (fixed openings).
  bool hunters_open_seeded(const std::string& text) const {
    if (play_count(text) < 4) return true;
    for (int h = 0; h < 4; ++h) {
      const TurnRequest q{text.substr(0, h ? 8 * h - 1 : 0), {}, game_seed_ + h};
      if (hunter_decide(q, tracker_, true).move != text.substr(8 * h + 1, 2)) return false;
    }
    return true;
  }

  std::unordered_map<std::string, Move> model_memo_;  // cleared every move
  // update_fits' log: the record of the plays scored so far, and per play how far the move was from
  // hunter-v2's judgement (0 for his own) and whether it was the chaser's step.
  struct Fit {
    double gap;
    bool chased;
  };
  Record fit_seen_;
  std::vector<Fit> fits_;
  unsigned stayers_ = 0;     // find_stayers at this move, for the fit and the play-outs
  unsigned chasers_ = 0;     // find_chasers at this move, for the play-outs
  mutable Tracker tracker_;  // the modelled hunters' inference, reused so that its cache stays warm
  // The same for model_fits, which only ever sees prefixes of the real string: with its own
  // tracker its cache is not thrown away by the play-outs' strings, so each check is incremental.
  Tracker check_tracker_;
  // The reference hunter as the model and for the check, when it is the model (each keeps its own
  // tracker, for the same reason as above).
  std::unique_ptr<Ai> model_ai_, check_ai_;
  uint64_t game_seed_ = 0;
  bool seeded_model_ = true;
  std::chrono::steady_clock::time_point deadline_;
};

}  // namespace

std::unique_ptr<Ai> make_reference_dracula() {
  return std::make_unique<SearchDracula>(false);
}

std::unique_ptr<Ai> make_dracula_modelling_hunter() {
  return std::make_unique<SearchDracula>(true);
}

}  // namespace arena::dracula
