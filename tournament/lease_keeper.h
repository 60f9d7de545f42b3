// Keeps the leases of the matches a run is playing alive: a match may run longer than its lease
// (a slow bot, a long game), and without renewal another worker would take it back as if its
// player had died and play it a second time. One thread per run renews every lease it holds
// every lease/3, so that two renewals may be missed before a lease lapses.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "tournament/store.h"

namespace arena::tournament {

class LeaseKeeper {
 public:
  // `on_renewal`, if given, is told of every renewal from the keeper's thread: the match, and
  // whether the lease was still ours (tests wait on it instead of on the clock).
  using OnRenewal = std::function<void(int64_t match_id, bool still_ours)>;
  LeaseKeeper(Store& store, std::string owner, std::chrono::milliseconds lease,
              OnRenewal on_renewal = {});
  // Stops renewing and joins the thread.
  ~LeaseKeeper();
  LeaseKeeper(const LeaseKeeper&) = delete;
  LeaseKeeper& operator=(const LeaseKeeper&) = delete;

  // Renews the lease of this match from now on, until release() or until a renewal finds the
  // lease no longer ours.
  void hold(int64_t match_id);
  void release(int64_t match_id);
  // Renewals done and renewals refused (the lease was no longer ours), for tests and messages.
  int renewed() const;
  int lost() const;

 private:
  void loop();

  Store& store_;
  const std::string owner_;
  const std::chrono::milliseconds lease_, every_;
  const OnRenewal on_renewal_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::set<int64_t> held_;
  bool stop_ = false;
  int renewed_ = 0, lost_ = 0;
  std::thread thread_;  // last: started once everything above is ready
};

}  // namespace arena::tournament
