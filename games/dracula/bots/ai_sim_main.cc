// dracula_ai_sim: plays whole games in process between built-in AIs (spec §7.6 metrics).
//
//   dracula_ai_sim [--games N] [--seed S] [--seed-step K] [--detail] [--turn-limit-ms L]
//                  [HUNTER:DRACULA ...]
//
// Game g plays with seed S + g*K (K = 1000003 unless given; `--seed-step 1` plays the seeds of
// `arena eval dracula --seed S`). `--detail` prints a line per game (winner, round, score,
// Dracula's blood every 10 rounds). `--turn-limit-ms` sets every seat's FOD_TURN_LIMIT_MS (1500),
// which the AIs use only as a safety stop.
// Every seat gets exactly what the referee would send (§3.7, §6): the full string for Dracula,
// Record::redacted() for hunters, all messages, FOD_SEED = game seed + seat. Four separate hunter
// instances. Every reply is judged with is_legal(); an illegal reply is counted and replaced by the
// default move (stay / uniformly random legal move), as the referee would after disqualifying.
// Without pairings it runs the reference AIs against every baseline (the v1 AIs included) and each
// other.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/dracula/bots/ai.h"
#include "games/dracula/bots/inference.h"
#include "games/dracula/engine.h"
#include "games/dracula/past_plays.h"
#include "games/dracula/random_game.h"

using namespace arena;
using namespace arena::dracula;

namespace {

struct Totals {
  int games = 0, hunter_wins = 0, illegal = 0, teleports = 0;
  double score = 0, rounds = 0, death_round = 0, matured = 0, hospital = 0;
  double hunter_ms_max = 0, hunter_ms_sum = 0, drac_ms_max = 0, drac_ms_sum = 0;
  long hunter_moves = 0, drac_moves = 0;
};

// With --detail, one line per game: how it ended and Dracula's blood over it.
bool g_detail = false;
// FOD_TURN_LIMIT_MS of every seat (the spec's default; a match may configure another).
int g_turn_limit_ms = 1500;

void play_game(const std::string& hname, const std::string& dname, uint64_t seed, Totals& t) {
  std::vector<std::unique_ptr<Ai>> seats;
  for (int s = 0; s < 5; ++s) {
    seats.push_back(make_ai(s == kDraculaSeat ? dname : hname));
    if (!seats.back()) {
      std::fprintf(stderr, "unknown AI\n");
      std::exit(2);
    }
  }
  Record rec;
  std::vector<int> blood_trace;
  int sea_turns = 0, castle_turns = 0, encounters = 0;
  Rng fallback(seed ^ 0x5eedULL);
  std::array<bool, 5> disqualified{};
  while (!rec.state().is_over() && rec.plays() < kMaxPlays) {
    const GameState& s = rec.state();
    const int seat = s.player();
    Move move;
    std::string message;
    if (!disqualified[seat]) {
      TurnRequest req;
      req.past_plays = seat == kDraculaSeat ? rec.full() : rec.redacted();
      req.messages = rec.messages();
      req.seed = seed + static_cast<uint64_t>(seat);
      req.time_limit_ms = g_turn_limit_ms;
      const auto t0 = std::chrono::steady_clock::now();
      Decision d = seats[seat]->decide(req);
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (seat == kDraculaSeat) {
        t.drac_ms_max = std::max(t.drac_ms_max, ms), t.drac_ms_sum += ms, ++t.drac_moves;
      } else {
        t.hunter_ms_max = std::max(t.hunter_ms_max, ms), t.hunter_ms_sum += ms, ++t.hunter_moves;
      }
      move = parse_move(d.move);
      message = d.message;
      MoveList legal;
      legal_moves(s, legal);
      const bool forced_tp = seat == kDraculaSeat && legal.size() == 1 && legal[0].id == kTeleport;
      if (forced_tp) {
        move = Move(kTeleport);
        ++t.teleports;
      } else if (d.move.size() != 2 || !is_legal(s, move)) {
        ++t.illegal;
        std::fprintf(stderr, "illegal move '%s' by seat %d at play %d (seed %llu)\n",
                     d.move.c_str(), seat, rec.plays(), static_cast<unsigned long long>(seed));
        disqualified[seat] = true;
      }
    }
    if (disqualified[seat]) {
      message.clear();
      if (seat == kDraculaSeat) {
        move = random_move(s, fallback);
      } else {
        move = s.round() == 0 ? Move(kHospital) : Move(s.hunter_loc[seat]);
      }
    }
    rec.play(move, message);
    if (g_detail && seat == kDraculaSeat) {
      blood_trace.push_back(rec.state().blood);
      const PlaceId at = rec.state().dracula_loc();
      sea_turns += is_real(at) && is_sea(at);
      castle_turns += at == kCastleDracula;
    }
    if (g_detail && seat != kDraculaSeat) {
      const std::string& f = rec.full();
      for (size_t c = f.size() - 4; c < f.size(); ++c) encounters += f[c] == 'D';
    }
    if (seat != kDraculaSeat && ((rec.state().hospital >> seat) & 1)) t.hospital += 1;
    if (seat == kDraculaSeat && rec.full().back() != ' ') {
      const std::string& f = rec.full();
      if (f[f.size() - 2] == 'V') t.matured += 1;
    }
  }
  const GameState& s = rec.state();
  ++t.games;
  if (s.winner == Winner::kHunters) {
    ++t.hunter_wins;
    t.death_round += s.round();
  }
  t.score += s.score;
  t.rounds += s.round();
  if (g_detail) {
    std::printf(
        "seed %llu: %s at round %d, score %d, %d encounters, %d sea turns, %d castle turns, "
        "blood by 10 rounds:",
        static_cast<unsigned long long>(seed),
        s.winner == Winner::kHunters   ? "hunters win"
        : s.winner == Winner::kDracula ? "Dracula wins"
                                       : "no winner",
        s.round(), s.score, encounters, sea_turns, castle_turns);
    for (size_t i = 0; i < blood_trace.size(); i += 10) std::printf(" %d", blood_trace[i]);
    std::printf("\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  int games = 100;
  uint64_t seed = 1;
  uint64_t seed_step = 1000003;
  std::vector<std::pair<std::string, std::string>> pairs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--games" && i + 1 < argc) {
      games = std::atoi(argv[++i]);
    } else if (a == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--detail") {
      g_detail = true;
    } else if (a == "--turn-limit-ms" && i + 1 < argc) {
      const char* text = argv[++i];
      char* end = nullptr;
      const long ms = std::strtol(text, &end, 10);
      if (end == text || *end != '\0' || ms < 1 || ms > 600000) {
        std::fprintf(stderr,
                     "dracula_ai_sim: --turn-limit-ms needs a number of ms from 1 to 600000\n");
        return 2;
      }
      g_turn_limit_ms = static_cast<int>(ms);
    } else if (a == "--seed-step" && i + 1 < argc) {
      seed_step = std::strtoull(argv[++i], nullptr, 10);
    } else if (a.find(':') != std::string::npos) {
      pairs.emplace_back(a.substr(0, a.find(':')), a.substr(a.find(':') + 1));
    } else {
      std::fprintf(stderr,
                   "usage: dracula_ai_sim [--games N] [--seed S] [--seed-step K] [--detail] "
                   "[--turn-limit-ms L] [HUNTER:DRACULA ...]\n");
      return 2;
    }
  }
  if (pairs.empty()) {
    for (const char* d : {"b-drac-random", "b-drac-greedy", "b-drac-loop", "dracula-v1", "dracula"})
      pairs.emplace_back("hunter", d);
    for (const char* h : {"b-hunt-stay", "b-hunt-random", "b-hunt-chase", "hunter-v1", "hunter-v2"})
      pairs.emplace_back(h, "dracula");
  }
  std::printf("%-14s %-14s %5s %8s %8s %8s %8s %6s %6s %7s %6s %9s %9s %9s %9s %7s\n", "hunters",
              "dracula", "games", "hunt_win", "score", "round", "death_r", "vamp", "hosp",
              "illegal", "tp", "h_ms_max", "h_ms_mean", "d_ms_max", "d_ms_mean", "cap%");
  int total_illegal = 0;
  for (const auto& [h, d] : pairs) {
    Totals t;
    const InferenceStats before = inference_stats();
    for (int g = 0; g < games; ++g) play_game(h, d, seed + static_cast<uint64_t>(g) * seed_step, t);
    const InferenceStats& after = inference_stats();
    const double updates = static_cast<double>(after.updates - before.updates);
    const double cap = updates > 0 ? 100.0 * (after.capped - before.capped) / updates : 0.0;
    const double n = t.games;
    std::printf(
        "%-14s %-14s %5d %7.1f%% %8.1f %8.1f %8.1f %6.2f %6.2f %7d %6d %9.2f %9.3f %9.2f %9.3f "
        "%6.2f%%\n",
        h.c_str(), d.c_str(), t.games, 100.0 * t.hunter_wins / n, t.score / n, t.rounds / n,
        t.hunter_wins ? t.death_round / t.hunter_wins : 0.0, t.matured / n, t.hospital / n,
        t.illegal, t.teleports, t.hunter_ms_max,
        t.hunter_moves ? t.hunter_ms_sum / t.hunter_moves : 0.0, t.drac_ms_max,
        t.drac_moves ? t.drac_ms_sum / t.drac_moves : 0.0, cap);
    std::fflush(stdout);
    total_illegal += t.illegal;
  }
  return total_illegal == 0 ? 0 : 1;
}
