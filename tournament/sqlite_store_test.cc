#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <thread>

#include "tournament/sqlite_db.h"
#include "tournament/sqlite_store.h"

namespace arena::tournament {
namespace {

struct TempDb {
  std::filesystem::path dir;
  TempDb() {
    dir = std::filesystem::temp_directory_path() /
          ("arena-store-test-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~TempDb() { std::filesystem::remove_all(dir); }
  std::string path() const { return (dir / "t.db").string(); }
};

std::vector<MatchSpec> three_matches() {
  std::vector<MatchSpec> v;
  for (int i = 0; i < 3; ++i) {
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

TEST(SqliteStore, MigratesOnceAndRecordsTheVersion) {
  TempDb t;
  {
    auto s = open_store("sqlite:" + t.path());
    EXPECT_EQ(s->schema_version(), static_cast<int>(sqlite_migrations().size()));
  }
  auto s = open_store(t.path());  // a plain path too; opening again applies nothing twice
  EXPECT_EQ(s->schema_version(), static_cast<int>(sqlite_migrations().size()));
  SqliteDb db(t.path());
  Statement st(db, "SELECT COUNT(*) FROM schema_version");
  ASSERT_TRUE(st.step());
  EXPECT_EQ(st.int64(0), static_cast<int64_t>(sqlite_migrations().size()));
}

// Switching a file to WAL needs it to itself; two connections switching at once got "database is
// locked" at once (two `tournament run`s on one new file). The switch retries for its budget while
// another connection holds the file, then says how long it waited.
TEST(SqliteStore, SwitchToWalWaitsForAReaderThenSaysHowLongItWaited) {
  TempDb t;
  SqliteDb reader(t.path());
  reader.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)");
  reader.exec("BEGIN; SELECT x FROM t");  // a read transaction: a shared lock until COMMIT
  SqliteDb opener(t.path());
  try {
    opener.use_wal(std::chrono::milliseconds{100});
    ADD_FAILURE() << "switched to WAL under another connection's read transaction";
  } catch (const StoreError& e) {
    EXPECT_NE(
        std::string(e.what()).find("cannot switch to WAL: the database stayed locked for 100 ms"),
        std::string::npos)
        << e.what();
  }
  reader.exec("COMMIT");
  opener.use_wal(std::chrono::milliseconds{1000});
  Statement st(opener, "PRAGMA journal_mode");
  ASSERT_TRUE(st.step());
  EXPECT_EQ(st.text(0), "wal");
  opener.use_wal(std::chrono::milliseconds{0});  // already WAL: nothing to wait for
}

// Many stores opening one new file at once (as two `tournament run`s do) all open it.
TEST(SqliteStore, ManyConnectionsOpenANewFileAtOnce) {
  TempDb t;
  std::vector<std::string> errors(8);
  std::vector<std::thread> openers;
  for (size_t i = 0; i < errors.size(); ++i)
    openers.emplace_back([&, i] {
      try {
        auto s = open_store(t.path());
        if (s->schema_version() != static_cast<int>(sqlite_migrations().size()))
          errors[i] = "wrong schema version";
      } catch (const StoreError& e) {
        errors[i] = e.what();
      }
    });
  for (auto& th : openers) th.join();
  for (const std::string& e : errors) EXPECT_EQ(e, "");
}

TEST(SqliteStore, RefusesANewerSchema) {
  TempDb t;
  open_store(t.path());
  {
    SqliteDb db(t.path());
    db.exec("INSERT INTO schema_version VALUES (999, 0)");
  }
  try {
    open_store(t.path());
    FAIL() << "expected StoreError";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 999 is newer"), std::string::npos);
  }
}

// postgresql:// URLs go to the PostgreSQL store (tests/worker_pg_store_test.cc): here, one with
// no server behind it says so.
TEST(SqliteStore, PostgresUrlsGoToThePostgresStore) {
  try {
    open_store("postgresql:///arena?host=/nonexistent-arena-dir&connect_timeout=2");
    FAIL() << "expected StoreError";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect"), std::string::npos) << e.what();
  }
}

TEST(SqliteStore, RoundTripLeaseAndResult) {
  TempDb t;
  auto s = open_store(t.path());
  EXPECT_FALSE(s->find_tournament("cup"));
  Json config = {{"format", "round-robin"}, {"seed", "5"}};
  Tournament tour = s->create_tournament("cup", "dracula", config);
  EXPECT_THROW(s->create_tournament("cup", "dracula", config), StoreError);
  auto found = s->find_tournament("cup");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->config, config);
  EXPECT_EQ(found->game, "dracula");

  s->insert_matches(tour.id, three_matches());
  s->insert_matches(tour.id, three_matches());  // again: nothing doubled
  EXPECT_EQ(s->count_matches(tour.id).total(), 3);

  auto m0 = s->lease_next(tour.id, "w1", std::chrono::seconds(60));
  ASSERT_TRUE(m0);
  EXPECT_EQ(m0->spec.index, 0);
  EXPECT_EQ(m0->spec.seed, 18446744073709551615ull);
  EXPECT_EQ(m0->spec.seats[1].spec, "./prog 'x y'");
  auto m1 = s->lease_next(tour.id, "w2", std::chrono::seconds(60));
  ASSERT_TRUE(m1);
  EXPECT_EQ(m1->spec.index, 1);

  MatchResult r;
  r.result = {{"scores", {{"G", 3}, {"D", 1}}}, {"winner", "hunters"}};
  r.verdicts = {{"D", {{"timeout", 2}}}};
  r.replay = std::string("{\"type\":\"header\"}\n\0binary", 26);
  r.duration_ms = 12.5;
  EXPECT_FALSE(s->record_result(m0->id, "w2", r));  // not w2's lease
  EXPECT_TRUE(s->record_result(m0->id, "w1", r));
  EXPECT_FALSE(s->record_result(m0->id, "w1", r));  // already done: never counted twice

  // w2 died: its lease goes back to the queue, and its late result is refused.
  EXPECT_EQ(
      s->requeue_leases(tour.id, [](const std::string& owner, int64_t) { return owner == "w2"; }),
      1);
  EXPECT_FALSE(s->record_result(m1->id, "w2", r));
  auto again = s->lease_next(tour.id, "w3", std::chrono::seconds(60));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->spec.index, 1);
  EXPECT_EQ(again->attempts, 2);

  MatchCounts c = s->count_matches(tour.id);
  EXPECT_EQ(c.done, 1);
  EXPECT_EQ(c.leased, 1);
  EXPECT_EQ(c.queued, 1);

  auto rows = s->list_matches(tour.id, true);
  ASSERT_EQ(rows.size(), 3u);
  ASSERT_TRUE(rows[0].result);
  EXPECT_EQ(rows[0].result->result, r.result);
  EXPECT_EQ(rows[0].result->verdicts, r.verdicts);
  EXPECT_EQ(rows[0].result->replay, r.replay);
  EXPECT_DOUBLE_EQ(rows[0].result->duration_ms, 12.5);
  EXPECT_EQ(rows[1].state, MatchState::leased);
  EXPECT_EQ(rows[1].lease_owner, "w3");
  EXPECT_FALSE(rows[2].result);
  EXPECT_TRUE(s->list_matches(tour.id, false)[0].result->replay.empty());
}

// A lease is renewed only by its holder, and only while the match is leased: once taken back or
// done, renewing says so.
TEST(SqliteStore, RenewsOnlyItsOwnLiveLease) {
  TempDb t;
  auto s = open_store(t.path());
  Tournament tour = s->create_tournament("r", "dracula", Json::object());
  s->insert_matches(tour.id, three_matches());
  auto m = s->lease_next(tour.id, "w1", std::chrono::seconds(10));
  ASSERT_TRUE(m);
  EXPECT_TRUE(s->renew_lease(m->id, "w1", std::chrono::hours(1)));
  const int64_t expires = s->list_matches(tour.id, false)[0].lease_expires_ms;
  EXPECT_GE(expires, m->lease_expires_ms + 3500 * 1000);             // an hour from now, not 10 s
  EXPECT_FALSE(s->renew_lease(m->id, "w2", std::chrono::hours(2)));  // not w2's
  EXPECT_EQ(s->list_matches(tour.id, false)[0].lease_expires_ms, expires);
  EXPECT_EQ(s->list_matches(tour.id, false)[0].attempts, 1);  // renewing is not leasing again
  // An expired lease that nobody took back yet is still the holder's to renew.
  auto late = s->lease_next(tour.id, "w3", std::chrono::milliseconds(-1000));
  ASSERT_TRUE(late);
  EXPECT_TRUE(s->renew_lease(late->id, "w3", std::chrono::seconds(60)));
  EXPECT_EQ(
      s->requeue_leases(tour.id, [](const std::string&, int64_t exp) { return exp <= now_ms(); }),
      0);
  // Taken back: the old holder's renewal fails.
  EXPECT_EQ(s->requeue_leases(tour.id, [](const std::string& o, int64_t) { return o == "w3"; }), 1);
  EXPECT_FALSE(s->renew_lease(late->id, "w3", std::chrono::seconds(60)));
  // Done: nothing to renew.
  MatchResult r;
  r.result = {{"scores", {{"G", 1}, {"D", 0}}}, {"winner", "hunters"}};
  ASSERT_TRUE(s->record_result(m->id, "w1", r));
  EXPECT_FALSE(s->renew_lease(m->id, "w1", std::chrono::seconds(60)));
  EXPECT_EQ(s->list_matches(tour.id, false)[0].state, MatchState::done);
}

TEST(SqliteStore, ConcurrentLeasesNeverShareARow) {
  TempDb t;
  auto s = open_store(t.path());
  Tournament tour = s->create_tournament("x", "wumpus", Json::object());
  std::vector<MatchSpec> many;
  for (int i = 0; i < 40; ++i) {
    MatchSpec m;
    m.index = i;
    m.seats = {{"hero", "a", "bot:random"}};
    many.push_back(m);
  }
  s->insert_matches(tour.id, many);
  // A second connection (another process's view) leases beside this one.
  auto other = open_store(t.path());
  std::vector<int> got1, got2;
  std::thread a([&] {
    while (auto m = s->lease_next(tour.id, "a", std::chrono::seconds(9)))
      got1.push_back(m->spec.index);
  });
  std::thread b([&] {
    while (auto m = other->lease_next(tour.id, "b", std::chrono::seconds(9)))
      got2.push_back(m->spec.index);
  });
  a.join();
  b.join();
  std::set<int> all(got1.begin(), got1.end());
  all.insert(got2.begin(), got2.end());
  EXPECT_EQ(all.size(), 40u);
  EXPECT_EQ(got1.size() + got2.size(), 40u);
}

}  // namespace
}  // namespace arena::tournament
