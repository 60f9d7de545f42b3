#include "tournament/catalog.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace arena::tournament {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path dir;
  TempDir() {
    dir = fs::temp_directory_path() /
          ("arena-catalog-test-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~TempDir() { fs::remove_all(dir); }
  std::string db() const { return (dir / "t.db").string(); }
};

std::vector<MatchSpec> matches(int n) {
  std::vector<MatchSpec> v;
  for (int i = 0; i < n; ++i) {
    MatchSpec m;
    m.index = i;
    m.seed = 7 + i;
    m.table = "a";
    m.seats = {{"hero", "a", "bot:random"}};
    v.push_back(m);
  }
  return v;
}

// Leases the next match of `t` and records `result` for it.
void finish(Store& s, const Tournament& t, MatchResult result) {
  auto row = s.lease_next(t.id, "me", std::chrono::minutes(1));
  ASSERT_TRUE(row);
  ASSERT_TRUE(s.record_result(row->id, "me", result));
}

TEST(Catalog, ListsEveryTournamentByNameWithItsProgress) {
  TempDir d;
  auto s = open_store(d.db());
  Tournament zeta = s->create_tournament("zeta", "wumpus", {{"format", "round-robin"}});
  Tournament alpha = s->create_tournament("alpha cup/1", "dracula", {{"format", "gauntlet"}});
  s->insert_matches(zeta.id, matches(4));
  finish(*s, zeta, {Json{{"scores", {{"hero", 1}}}}, Json::object(), "", "replay 0\n", 1.0});
  finish(*s, zeta, {Json(), Json::object(), "cannot start", "", 1.0});
  s->lease_next(zeta.id, "me", std::chrono::minutes(1));

  auto list = open_catalog("sqlite:" + d.db())->tournaments();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].tournament.name, "alpha cup/1");
  EXPECT_EQ(list[0].tournament.game, "dracula");
  EXPECT_EQ(list[0].tournament.config["format"], "gauntlet");
  EXPECT_EQ(list[0].counts.total(), 0);
  EXPECT_EQ(list[1].tournament.id, zeta.id);
  EXPECT_EQ(list[1].counts.done, 2);
  EXPECT_EQ(list[1].counts.failed, 1);
  EXPECT_EQ(list[1].counts.leased, 1);
  EXPECT_EQ(list[1].counts.queued, 1);
  (void)alpha;
}

TEST(Catalog, ReadsOneMatchsReplayByItsIndex) {
  TempDir d;
  auto s = open_store(d.db());
  Tournament t = s->create_tournament("t", "wumpus", Json::object());
  s->insert_matches(t.id, matches(3));
  const std::string bytes = "{\"type\":\"header\"}\n\x01\xff binary-safe\n";
  finish(*s, t, {Json{{"scores", {{"hero", 1}}}}, Json::object(), "", bytes, 1.0});
  finish(*s, t, {Json(), Json::object(), "cannot start", "", 1.0});

  auto c = open_catalog(d.db());
  auto done = c->replay(t.id, 0);
  ASSERT_TRUE(done);
  EXPECT_EQ(done->state, MatchState::done);
  EXPECT_EQ(done->replay, bytes);
  auto failed = c->replay(t.id, 1);
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->error, "cannot start");
  EXPECT_EQ(failed->replay, "");
  auto queued = c->replay(t.id, 2);
  ASSERT_TRUE(queued);
  EXPECT_EQ(queued->state, MatchState::queued);
  EXPECT_FALSE(c->replay(t.id, 3));
  EXPECT_FALSE(c->replay(t.id + 1, 0));
}

TEST(Catalog, NeverCreatesADatabase) {
  TempDir d;
  try {
    open_catalog(d.db());
    FAIL() << "a missing file was opened";
  } catch (const StoreError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot open the database " + d.db() + ": no such file");
  }
  EXPECT_FALSE(fs::exists(d.db()));
  EXPECT_THROW(open_catalog("mysql://x/y"), StoreError);
}

TEST(Catalog, SeesWhatAWriterCommitsAfterItOpened) {
  TempDir d;
  auto s = open_store(d.db());
  Tournament t = s->create_tournament("t", "wumpus", Json::object());
  s->insert_matches(t.id, matches(1));
  auto c = open_catalog(d.db());
  EXPECT_EQ(c->tournaments()[0].counts.done, 0);
  finish(*s, t, {Json{{"scores", {{"hero", 1}}}}, Json::object(), "", "r\n", 1.0});
  EXPECT_EQ(c->tournaments()[0].counts.done, 1);
  EXPECT_EQ(c->replay(t.id, 0)->replay, "r\n");
}

}  // namespace
}  // namespace arena::tournament
