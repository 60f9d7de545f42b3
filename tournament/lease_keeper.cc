#include "tournament/lease_keeper.h"

#include <algorithm>
#include <exception>
#include <vector>

namespace arena::tournament {

LeaseKeeper::LeaseKeeper(Store& store, std::string owner, std::chrono::milliseconds lease,
                         OnRenewal on_renewal)
    : store_(store),
      owner_(std::move(owner)),
      lease_(lease),
      every_(std::max<std::chrono::milliseconds>(lease / 3, std::chrono::milliseconds(1))),
      on_renewal_(std::move(on_renewal)),
      thread_([this] { loop(); }) {}

LeaseKeeper::~LeaseKeeper() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void LeaseKeeper::hold(int64_t match_id) {
  std::lock_guard lock(mu_);
  held_.insert(match_id);
}

void LeaseKeeper::release(int64_t match_id) {
  std::lock_guard lock(mu_);
  held_.erase(match_id);
}

int LeaseKeeper::renewed() const {
  std::lock_guard lock(mu_);
  return renewed_;
}

int LeaseKeeper::lost() const {
  std::lock_guard lock(mu_);
  return lost_;
}

void LeaseKeeper::loop() {
  std::unique_lock lock(mu_);
  for (;;) {
    // A timed wait, not a sleep: the destructor wakes it at once.
    if (wake_.wait_for(lock, every_, [this] { return stop_; })) return;
    const std::vector<int64_t> ids(held_.begin(), held_.end());
    lock.unlock();  // the store may take a while: hold() and release() must not wait for it
    std::vector<std::pair<int64_t, bool>> done;
    for (int64_t id : ids) {
      try {
        done.emplace_back(id, store_.renew_lease(id, owner_, lease_));
      } catch (const std::exception&) {
        // The database is unreachable for now: try again next time, while the lease lasts (and
        // never let an error end the process from this thread).
      }
    }
    lock.lock();
    for (const auto& [id, ours] : done) {
      if (ours) {
        ++renewed_;
      } else if (held_.erase(id)) {
        ++lost_;  // taken back (or done meanwhile): renewing it again could only fail again
      }
    }
    if (on_renewal_) {
      lock.unlock();
      for (const auto& [id, ours] : done) on_renewal_(id, ours);
      lock.lock();
    }
  }
}

}  // namespace arena::tournament
