// evolution_strategic_sim [games] [first_seed] [choose_budget]: in-process games that measure the
// strategic player. (1) 4-player games, strategic in seat k (k = 0..3, rotated) against three Silly
// players on every seed; (2) four strategic players on every seed. A game counts as a win only when
// the player's score is strictly higher than every other score: a tie for first is never a win,
// even when the turn-order tie rule lists the player first. Ejections (cheating, time-outs) are
// counted and must be 0. Single-threaded on purpose (machines are shared). Per-call times are given
// as wall time and as this thread's CPU time: on a loaded machine the first grows, the second does
// not, and the moves depend on neither (the search is bounded by evaluations; the safety stops
// reported must be 0).
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "games/evolution/bots/strategic.h"
#include "games/evolution/dealer.h"
#include "games/evolution/silly.h"

namespace ev = arena::evolution;

namespace {

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

struct Timing {
  double max_ms = 0, total_ms = 0;          // wall
  double max_cpu_ms = 0, total_cpu_ms = 0;  // this thread's CPU
  long calls = 0;
  void add(std::chrono::steady_clock::duration d, double cpu_ms) {
    const double ms = std::chrono::duration<double, std::milli>(d).count();
    max_ms = std::max(max_ms, ms);
    total_ms += ms;
    max_cpu_ms = std::max(max_cpu_ms, cpu_ms);
    total_cpu_ms += cpu_ms;
    ++calls;
  }
  void print(const char* name) const {
    const long n = std::max(1L, calls);
    std::printf("  %s: wall max %.2f ms mean %.3f ms, cpu max %.2f ms mean %.3f ms (%ld calls)\n",
                name, max_ms, total_ms / n, max_cpu_ms, total_cpu_ms / n, calls);
  }
};

// Measures every call of the wrapped player.
class Timed : public ev::Player {
 public:
  Timed(std::unique_ptr<ev::Player> p, Timing* choose, Timing* feed)
      : p_(std::move(p)), choose_(choose), feed_(feed) {}
  void start(int64_t w, int64_t b, const ev::Boards& bs, const ev::Hand& c) override {
    p_->start(w, b, bs, c);
  }
  ev::Action4 choose(const ev::Lob& before, const ev::Lob& after) override {
    const auto t = std::chrono::steady_clock::now();
    const double cpu = thread_cpu_ms();
    ev::Action4 a = p_->choose(before, after);
    choose_->add(std::chrono::steady_clock::now() - t, thread_cpu_ms() - cpu);
    return a;
  }
  ev::FeedingChoice feed_next(int64_t b, const ev::Boards& bs, const ev::Hand& c, int64_t w,
                              const ev::Lob& o) override {
    const auto t = std::chrono::steady_clock::now();
    const double cpu = thread_cpu_ms();
    ev::FeedingChoice f = p_->feed_next(b, bs, c, w, o);
    feed_->add(std::chrono::steady_clock::now() - t, thread_cpu_ms() - cpu);
    return f;
  }

 private:
  std::unique_ptr<ev::Player> p_;
  Timing* choose_;
  Timing* feed_;
};

class CountEjections : public ev::DealerObserver {
 public:
  void on_ejected(int64_t id, std::string_view reason) override {
    ++count;
    std::fprintf(stderr, "ejected player %lld: %.*s\n", static_cast<long long>(id),
                 static_cast<int>(reason.size()), reason.data());
  }
  int count = 0;
};

// Scores by id (1..n); an ejected player keeps -1.
std::vector<int64_t> play(const std::vector<ev::Player*>& players, uint32_t seed,
                          CountEjections* obs) {
  ev::Dealer dealer(players, ev::shuffled_deck(seed));
  dealer.set_observer(obs);
  dealer.run();
  std::vector<int64_t> scores(players.size() + 1, -1);
  for (const auto& r : dealer.ranking()) scores[r.id] = r.score;
  return scores;
}

bool strict_winner(const std::vector<int64_t>& scores, int id) {
  if (scores[id] < 0) return false;
  for (size_t j = 1; j < scores.size(); ++j) {
    if (static_cast<int>(j) != id && scores[j] >= scores[id]) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 1000;
  const uint32_t first = argc > 2 ? static_cast<uint32_t>(std::atoll(argv[2])) : 0;
  Timing choose_t, feed_t;
  CountEjections obs;
  ev::StrategicStats stats;
  ev::StrategicLimits limits;
  limits.stats = &stats;
  if (argc > 3) limits.choose_budget = std::atoi(argv[3]);

  int wins[4] = {0, 0, 0, 0};
  long score_sum = 0, silly_sum = 0;
  for (int seat = 0; seat < 4; ++seat) {
    for (int g = 0; g < games; ++g) {
      const uint32_t seed = first + g;
      Timed strat(ev::make_strategic_player(uint64_t{seed} * 4 + seat, limits), &choose_t, &feed_t);
      ev::SillyPlayer s[3];
      std::vector<ev::Player*> players{&s[0], &s[1], &s[2]};
      players.insert(players.begin() + seat, &strat);
      const auto scores = play(players, seed, &obs);
      wins[seat] += strict_winner(scores, seat + 1);
      score_sum += std::max<int64_t>(0, scores[seat + 1]);
      for (int j = 1; j <= 4; ++j) {
        if (j != seat + 1) silly_sum += std::max<int64_t>(0, scores[j]);
      }
    }
  }
  const int total = wins[0] + wins[1] + wins[2] + wins[3];
  std::printf("strategic vs 3 silly, seeds %u..%u, 4 seats x %d games (strict wins only)\n", first,
              first + games - 1, games);
  std::printf("  overall win rate %.4f (%d/%d)\n", total / (4.0 * games), total, 4 * games);
  for (int k = 0; k < 4; ++k)
    std::printf("  seat %d win rate %.4f (%d/%d)\n", k, wins[k] / double(games), wins[k], games);
  std::printf("  mean score strategic %.2f, silly %.2f\n", score_sum / (4.0 * games),
              silly_sum / (12.0 * games));

  int swins[4] = {0, 0, 0, 0};
  for (int g = 0; g < games; ++g) {
    const uint32_t seed = first + g;
    std::vector<std::unique_ptr<Timed>> own;
    std::vector<ev::Player*> players;
    for (int k = 0; k < 4; ++k) {
      own.push_back(std::make_unique<Timed>(
          ev::make_strategic_player(uint64_t{seed} * 4 + k + 1000003, limits), &choose_t, &feed_t));
      players.push_back(own.back().get());
    }
    const auto scores = play(players, seed, &obs);
    for (int k = 0; k < 4; ++k) swins[k] += strict_winner(scores, k + 1);
  }
  std::printf("4 strategic players, win rate by starting seat (strict wins only)\n");
  for (int k = 0; k < 4; ++k)
    std::printf("  seat %d win rate %.4f (%d/%d)\n", k, swins[k] / double(games), swins[k], games);
  std::printf("per-call time\n");
  choose_t.print("choose");
  feed_t.print("feed_next");
  std::printf("choose: %.1f evaluations per call on average, at most %d (budget %d)\n",
              stats.evaluations / double(std::max(1L, stats.decisions)), stats.max_evaluations,
              limits.choose_budget);
  std::printf("safety stops: %ld (limit %lld ms)\n", stats.safety_stops,
              static_cast<long long>(limits.safety_stop.count()));
  std::printf("ejections: %d\n", obs.count);
  return obs.count == 0 && stats.safety_stops == 0 ? 0 : 1;
}
