#include "tournament/lease_keeper.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <vector>

namespace arena::tournament {
namespace {

// A short lease on a real SQLite store: the keeper extends it while held, and stops (counting it
// lost) once the lease is taken back. The test waits for the keeper's renewals as they are told,
// never on the clock.
TEST(LeaseKeeper, RenewsWhileHeldAndStopsWhenTakenBack) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("arena-lease-keeper-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  {
    auto store = open_store((dir / "t.db").string());
    Tournament t = store->create_tournament("k", "wumpus", Json::object());
    MatchSpec spec;
    spec.seats = {{"hero", "a", "bot:random"}};
    store->insert_matches(t.id, {spec});
    const auto lease = std::chrono::milliseconds(300);
    auto m = store->lease_next(t.id, "me", lease);
    ASSERT_TRUE(m);

    std::mutex mu;
    std::condition_variable cv;
    int ok = 0, refused = 0;
    auto count = [&](int64_t id, bool ours) {
      EXPECT_EQ(id, m->id);
      std::lock_guard lock(mu);
      (ours ? ok : refused) += 1;
      cv.notify_all();
    };
    LeaseKeeper keeper(*store, "me", lease, count);
    keeper.hold(m->id);
    {
      std::unique_lock lock(mu);
      ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(30), [&] { return ok >= 2; }));
    }
    // Renewed: the lease now ends later than the one lease_next gave.
    EXPECT_GT(store->list_matches(t.id, false)[0].lease_expires_ms, m->lease_expires_ms);
    EXPECT_EQ(store->list_matches(t.id, false)[0].state, MatchState::leased);

    // Taken back (as if another worker judged this one dead): the next renewal finds it so.
    ASSERT_EQ(store->requeue_leases(t.id, [](const std::string& o, int64_t) { return o == "me"; }),
              1);
    {
      std::unique_lock lock(mu);
      ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(30), [&] { return refused >= 1; }));
    }
    EXPECT_EQ(refused, 1);
    EXPECT_EQ(keeper.lost(), 1);
    EXPECT_GE(keeper.renewed(), 2);
    // The keeper does not lease: the match stays queued for whoever takes it next.
    EXPECT_EQ(store->list_matches(t.id, false)[0].state, MatchState::queued);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arena::tournament
