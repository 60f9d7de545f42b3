// The PostgreSQL store against a real server started for the test (tests/pg_fixture.h): the same
// contract as the SQLite store, and leases that several connections take at once.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "tests/pg_fixture.h"
#include "tournament/pg_store.h"

namespace arena::tournament {
namespace {

using arena::testing::PgServer;

class PgStoreTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = PgServer::start(why_).release(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override {
    if (!server_) GTEST_SKIP() << why_;
    // A database of its own for each test.
    std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    db_ = name;
    url_ = server_->create_database(name);
  }
  static PgServer* server_;
  static std::string why_;
  std::string db_, url_;
};
PgServer* PgStoreTest::server_ = nullptr;
std::string PgStoreTest::why_;

std::vector<MatchSpec> matches(int n) {
  std::vector<MatchSpec> v;
  for (int i = 0; i < n; ++i) {
    MatchSpec m;
    m.index = i;
    m.round = i / 2;
    m.seed = 18446744073709551615ull - static_cast<uint64_t>(i);  // above INT64_MAX: kept exact
    m.table = "a|b";
    m.arrangement = i % 2;
    m.seats = {{"G", "a", "bot:x"}, {"D", "b", "./prog 'x y'"}};
    v.push_back(m);
  }
  return v;
}

TEST_F(PgStoreTest, MigratesOnceAndRefusesANewerSchema) {
  {
    auto s = open_store(url_);
    EXPECT_EQ(s->schema_version(), static_cast<int>(pg_migrations().size()));
  }
  auto again = open_store(url_);  // opening again applies nothing twice
  EXPECT_EQ(again->schema_version(), static_cast<int>(pg_migrations().size()));
  EXPECT_EQ(server_->psql(db_, "SELECT COUNT(*) FROM schema_version"),
            std::to_string(pg_migrations().size()) + "\n");
  server_->psql(db_, "INSERT INTO schema_version VALUES (999, 0)");
  try {
    open_store(url_);
    FAIL() << "expected StoreError";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 999 is newer"), std::string::npos)
        << e.what();
  }
}

TEST_F(PgStoreTest, RoundTripLeaseAndResult) {
  auto s = open_store(url_);
  Tournament t = s->create_tournament("cup", "dracula", Json{{"format", "round-robin"}});
  EXPECT_THROW(s->create_tournament("cup", "dracula", Json::object()), StoreError);
  EXPECT_EQ(s->find_tournament("cup")->config["format"], "round-robin");
  EXPECT_FALSE(s->find_tournament("nope"));
  s->insert_matches(t.id, matches(3));
  s->insert_matches(t.id, matches(3));  // again: harmless
  EXPECT_EQ(s->count_matches(t.id).queued, 3);

  auto m = s->lease_next(t.id, "w1", std::chrono::seconds(60));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->spec.index, 0);
  EXPECT_EQ(m->spec.seed, 18446744073709551615ull);
  EXPECT_EQ(m->spec.seats[1].spec, "./prog 'x y'");
  EXPECT_EQ(m->state, MatchState::leased);
  EXPECT_EQ(m->attempts, 1);

  MatchResult r;
  r.result = Json{{"scores", {{"G", 1}}}, {"winner", "hunters"}, {"result", Json::object()}};
  r.verdicts = Json{{"G", {{"timeout", 2}}}};
  r.replay = std::string("{\"a\":1}\n\0binary", 15);
  r.duration_ms = 12.5;
  EXPECT_FALSE(s->record_result(m->id, "someone-else", r));  // not the lease holder
  EXPECT_TRUE(s->record_result(m->id, "w1", r));
  EXPECT_FALSE(s->record_result(m->id, "w1", r));  // once

  auto rows = s->list_matches(t.id, true);
  ASSERT_EQ(rows.size(), 3u);
  ASSERT_TRUE(rows[0].result);
  EXPECT_EQ(rows[0].result->result["winner"], "hunters");
  EXPECT_EQ(rows[0].result->verdicts["G"]["timeout"], 2);
  EXPECT_EQ(rows[0].result->replay, r.replay);
  EXPECT_EQ(rows[0].result->duration_ms, 12.5);
  EXPECT_GT(rows[0].finished_ms, 0);

  MatchResult failed;
  failed.error = "seat D: cannot start";
  auto m2 = s->lease_next(t.id, "w1", std::chrono::seconds(60));
  ASSERT_TRUE(m2);
  EXPECT_TRUE(s->record_result(m2->id, "w1", failed));
  const MatchCounts c = s->count_matches(t.id);
  EXPECT_EQ(c.done, 2);
  EXPECT_EQ(c.failed, 1);
  EXPECT_EQ(c.queued, 1);
}

// A lease given back (expired, or its owner dead) goes to the next worker; the first owner's
// late result is then refused, so the match is counted once.
TEST_F(PgStoreTest, RequeuedLeaseIsPlayedOnceByItsNewOwner) {
  auto s = open_store(url_);
  Tournament t = s->create_tournament("cup", "dracula", Json::object());
  s->insert_matches(t.id, matches(1));
  auto first = s->lease_next(t.id, "dead", std::chrono::milliseconds(1));
  ASSERT_TRUE(first);
  EXPECT_FALSE(s->lease_next(t.id, "w2", std::chrono::seconds(60)));
  EXPECT_EQ(
      s->requeue_leases(t.id, [](const std::string& owner, int64_t) { return owner == "alive"; }),
      0);
  EXPECT_EQ(
      s->requeue_leases(t.id, [](const std::string& owner, int64_t) { return owner == "dead"; }),
      1);
  auto second = s->lease_next(t.id, "w2", std::chrono::seconds(60));
  ASSERT_TRUE(second);
  EXPECT_EQ(second->id, first->id);
  EXPECT_EQ(second->attempts, 2);
  MatchResult r;
  r.result = Json{{"winner", nullptr}};
  EXPECT_FALSE(s->record_result(first->id, "dead", r));
  EXPECT_TRUE(s->record_result(second->id, "w2", r));
  EXPECT_EQ(s->count_matches(t.id).done, 1);
  EXPECT_TRUE(tournaments_with_work(*s).empty());
}

// A lease is renewed only by its holder and only while leased: taken back or done, renewing
// says so (the worker then stops renewing, and its result would be refused).
TEST_F(PgStoreTest, RenewsOnlyItsOwnLiveLease) {
  auto s = open_store(url_);
  Tournament t = s->create_tournament("renew", "dracula", Json::object());
  s->insert_matches(t.id, matches(2));
  auto m = s->lease_next(t.id, "w1", std::chrono::seconds(10));
  ASSERT_TRUE(m);
  EXPECT_TRUE(s->renew_lease(m->id, "w1", std::chrono::hours(1)));
  const int64_t expires = s->list_matches(t.id, false)[0].lease_expires_ms;
  EXPECT_GE(expires, m->lease_expires_ms + 3500 * 1000);
  EXPECT_FALSE(s->renew_lease(m->id, "w2", std::chrono::hours(2)));
  EXPECT_EQ(s->list_matches(t.id, false)[0].lease_expires_ms, expires);
  EXPECT_EQ(s->list_matches(t.id, false)[0].attempts, 1);
  // Expired but not yet taken back: still the holder's; renewed, it is no longer stale.
  auto late = s->lease_next(t.id, "w3", std::chrono::milliseconds(-1000));
  ASSERT_TRUE(late);
  EXPECT_TRUE(s->renew_lease(late->id, "w3", std::chrono::seconds(60)));
  EXPECT_EQ(s->requeue_leases(t.id, [](const std::string&, int64_t e) { return e <= now_ms(); }),
            0);
  EXPECT_EQ(s->requeue_leases(t.id, [](const std::string& o, int64_t) { return o == "w3"; }), 1);
  EXPECT_FALSE(s->renew_lease(late->id, "w3", std::chrono::seconds(60)));
  MatchResult r;
  r.result = Json{{"winner", nullptr}};
  ASSERT_TRUE(s->record_result(m->id, "w1", r));
  EXPECT_FALSE(s->renew_lease(m->id, "w1", std::chrono::seconds(60)));
}

// Three connections (three workers' view) lease at once: SKIP LOCKED hands each row to one.
TEST_F(PgStoreTest, ConcurrentLeasesNeverShareARow) {
  auto setup = open_store(url_);
  Tournament t = setup->create_tournament("many", "wumpus", Json::object());
  setup->insert_matches(t.id, matches(60));
  ASSERT_EQ(tournaments_with_work(*setup).size(), 1u);
  std::vector<std::unique_ptr<Store>> stores;
  for (int i = 0; i < 3; ++i) stores.push_back(open_store(url_));
  std::vector<std::vector<int>> got(3);
  std::vector<std::thread> threads;
  for (int i = 0; i < 3; ++i)
    threads.emplace_back([&, i] {
      const std::string owner = "w" + std::to_string(i);
      while (auto m = stores[static_cast<size_t>(i)]->lease_next(t.id, owner,
                                                                 std::chrono::seconds(60))) {
        got[static_cast<size_t>(i)].push_back(m->spec.index);
        MatchResult r;
        r.result = Json{{"winner", nullptr}};
        EXPECT_TRUE(stores[static_cast<size_t>(i)]->record_result(m->id, owner, r));
      }
    });
  for (auto& th : threads) th.join();
  std::set<int> all;
  size_t total = 0;
  for (const auto& g : got) {
    all.insert(g.begin(), g.end());
    total += g.size();
  }
  EXPECT_EQ(all.size(), 60u);
  EXPECT_EQ(total, 60u);
  EXPECT_EQ(setup->count_matches(t.id).done, 60);
}

}  // namespace
}  // namespace arena::tournament
