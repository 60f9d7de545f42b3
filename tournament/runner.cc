#include "tournament/runner.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "match/match.h"
#include "tournament/lease_keeper.h"

namespace arena::tournament {

namespace {

std::string host_name() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return "localhost";
  return buf;
}

bool process_alive(long pid) {
  if (pid <= 0) return false;
  return kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

// counts[role][what] += 1.
void bump(Json& counts, const std::string& role, const std::string& what) {
  Json& per_role = counts[role];
  if (!per_role.is_object()) per_role = Json::object();
  per_role[what] = per_role.value(what, int64_t{0}) + 1;
}

}  // namespace

std::string this_worker_id() {
  static const std::string id =
      host_name() + "/" + std::to_string(getpid()) + "/" + std::to_string(now_ms());
  return id;
}

bool lease_is_stale(const std::string& owner, int64_t lease_expires_ms, int64_t now) {
  if (lease_expires_ms <= now) return true;
  const size_t a = owner.find('/'), b = owner.find('/', a + 1);
  if (a == std::string::npos || b == std::string::npos) return false;
  if (owner.substr(0, a) != host_name()) return false;  // another machine's: wait for expiry
  if (owner == this_worker_id()) return false;
  long pid = 0;
  try {
    pid = std::stol(owner.substr(a + 1, b - a - 1));
  } catch (const std::exception&) {
    return false;
  }
  // The same pid with another start time is a process that reused the number: its owner is gone.
  return !process_alive(pid) || pid == getpid();
}

MatchResult match_result(const MatchOutcome& o) {
  MatchResult r;
  Json scores = Json::object();
  for (const auto& [role, s] : o.scores) scores[role] = score_json(s);
  r.result = {
      {"scores", scores}, {"winner", o.winner ? Json(*o.winner) : Json()}, {"result", o.result}};
  // Every answer that was not `ok`, by role; one seat alone answers for unnamed turns (Wumpus).
  std::string only_role = o.scores.size() == 1 ? o.scores.begin()->first : "";
  for (const Json& e : o.replay.events) {
    std::string role = only_role;
    if (auto s = e.find("seat"); s != e.end() && s->is_string()) role = s->get<std::string>();
    if (role.empty()) continue;
    if (auto v = e.find("verdict"); v != e.end() && v->is_string() && *v != "ok") {
      bump(r.verdicts, role, v->get<std::string>());
    }
    // A seat put out of the game (Evolution's ejections, Dracula's disqualifications).
    if (e.value("type", "") == "event") {
      const std::string what = e.value("event", "");
      if (what == "ejected" || what == "disqualified") {
        bump(r.verdicts, role, what);
      }
    }
    if (e.value("type", "") == "log" && e.contains("start_error")) {
      bump(r.verdicts, role, "start_error");
    }
  }
  r.replay = o.replay.to_jsonl();
  return r;
}

RunSummary run_tournament(Store& store, const Tournament& t, const GameInfo& game,
                          const MatchArgs& base, const RunOptions& options) {
  RunSummary summary;
  const std::string owner = this_worker_id();
  summary.requeued = store.requeue_leases(t.id, [](const std::string& o, int64_t expires) {
    return lease_is_stale(o, expires, now_ms());
  });
  std::mutex mutex;  // the summary, on_result and the first usage error
  std::exception_ptr usage_error;
  std::atomic<bool> stopped{false};
  auto should_stop = [&] { return stopped || (options.stop && options.stop()); };
  using Steady = std::chrono::steady_clock;
  auto ms_since = [](Steady::time_point t) {
    return std::chrono::duration<double, std::milli>(Steady::now() - t).count();
  };
  const auto run_start = Steady::now();
  // Renews the lease of every match in flight, so that a match longer than its lease stays ours.
  LeaseKeeper keeper(store, owner, options.lease);
  // Holds a match's lease for as long as the scope that plays and records it.
  struct Held {
    LeaseKeeper& keeper;
    int64_t id;
    Held(LeaseKeeper& k, int64_t i) : keeper(k), id(i) { keeper.hold(id); }
    ~Held() { keeper.release(id); }
  };

  auto worker = [&] {
    while (!should_stop()) {
      const auto lease_start = Steady::now();
      std::optional<MatchRow> row = store.lease_next(t.id, owner, options.lease);
      const double lease_ms = ms_since(lease_start);
      if (!row) return;
      const Held held(keeper, row->id);
      MatchArgs args = base;
      args.seed = std::to_string(row->spec.seed);
      args.seat_args.clear();
      for (const SeatEntry& s : row->spec.seats) args.seat_args.push_back(s.role + "=" + s.spec);
      MatchResult result;
      const auto start = Steady::now();
      double match_ms = 0, serialise_ms = 0;
      try {
        auto setup = build_setup(game, args);
        if (auto* err = std::get_if<std::string>(&setup)) throw UsageError(*err);
        MatchOutcome outcome = run_match(game, std::get<MatchSetup>(setup));
        match_ms = ms_since(start);
        // A match in flight when the run was stopped lost its bots: it is played again later.
        if (should_stop()) {
          stopped = true;
          return;
        }
        const auto serialise_start = Steady::now();
        result = match_result(outcome);
        serialise_ms = ms_since(serialise_start);
      } catch (const UsageError&) {
        std::lock_guard lock(mutex);
        if (!usage_error) usage_error = std::current_exception();
        stopped = true;
        return;
      } catch (const std::exception& e) {
        result.error = e.what();
        match_ms = ms_since(start);
      }
      result.duration_ms = match_ms;
      const auto record_start = Steady::now();
      const bool recorded = store.record_result(row->id, owner, result);
      const double record_ms = ms_since(record_start);
      std::lock_guard lock(mutex);
      summary.lease_ms += lease_ms;
      summary.match_ms += match_ms;
      summary.serialise_ms += serialise_ms;
      summary.record_ms += record_ms;
      if (!recorded) continue;  // our lease was taken back: the match counts once, elsewhere
      ++summary.played;
      if (!result.error.empty()) ++summary.failed;
      if (options.on_result) {
        row->state = MatchState::done;
        result.replay.clear();
        row->result = std::move(result);
        options.on_result(*row);
      }
    }
  };
  std::vector<std::thread> threads;
  for (int i = 1; i < std::max(1, options.jobs); ++i) threads.emplace_back(worker);
  worker();
  for (auto& th : threads) th.join();
  // Matches this run leased but did not finish go back to the queue now, not at lease expiry.
  store.requeue_leases(t.id, [&](const std::string& o, int64_t) { return o == owner; });
  summary.stopped = stopped || (options.stop && options.stop());
  summary.wall_s = ms_since(run_start) / 1000;
  if (usage_error) std::rethrow_exception(usage_error);
  return summary;
}

}  // namespace arena::tournament
