// The tournament catalog (tournament/catalog.h) and the server's database holder on a real
// PostgreSQL server started for the test (tests/pg_fixture.h): what `arena serve --db
// postgresql://...` reads, as the SQLite catalog's unit tests check it on a file.
#include <gtest/gtest.h>

#include "server/tournament_db.h"
#include "tests/pg_fixture.h"
#include "tournament/catalog.h"

namespace arena::tournament {
namespace {

using arena::testing::PgServer;

TEST(CatalogPg, ListsTournamentsAndReadsOneReplayByteForByte) {
  std::string why;
  auto server = PgServer::start(why);
  if (!server) GTEST_SKIP() << why;
  const std::string url = server->create_database("catalog");
  auto store = open_store(url);
  Tournament t = store->create_tournament("t", "wumpus", {{"format", "round-robin"}});
  store->create_tournament("a", "dracula", Json::object());
  std::vector<MatchSpec> specs(3);
  for (int i = 0; i < 3; ++i) {
    specs[i].index = i;
    specs[i].seed = 18446744073709551615ull;
    specs[i].table = "x";
    specs[i].seats = {{"hero", "x", "bot:random"}};
  }
  store->insert_matches(t.id, specs);
  const std::string bytes = std::string("{\"type\":\"header\"}\n\x01\xff\0 binary", 27) + "\n";
  auto first = store->lease_next(t.id, "me", std::chrono::minutes(1));
  ASSERT_TRUE(
      store->record_result(first->id, "me", {Json::object(), Json::object(), "", bytes, 1}));
  auto second = store->lease_next(t.id, "me", std::chrono::minutes(1));
  ASSERT_TRUE(store->record_result(second->id, "me", {Json(), Json::object(), "no", "", 1}));

  auto catalog = open_catalog(url);
  auto list = catalog->tournaments();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].tournament.name, "a");
  EXPECT_EQ(list[0].counts.total(), 0);
  EXPECT_EQ(list[1].tournament.config["format"], "round-robin");
  EXPECT_EQ(list[1].counts.done, 2);
  EXPECT_EQ(list[1].counts.failed, 1);
  EXPECT_EQ(list[1].counts.queued, 1);
  EXPECT_EQ(catalog->replay(t.id, 0)->replay, bytes);
  EXPECT_EQ(catalog->replay(t.id, 1)->error, "no");
  EXPECT_EQ(catalog->replay(t.id, 2)->state, MatchState::queued);
  EXPECT_FALSE(catalog->replay(t.id, 3));

  // The server's holder opens both, and reads through them.
  server::TournamentDb db(url);
  EXPECT_EQ(db.read([](Store& s, Catalog& c) {
    return s.count_matches(c.tournaments()[1].tournament.id).done;
  }),
            2);
  // A server that cannot be reached is refused with the reason, without the URL's password.
  try {
    open_catalog("postgresql://user:secret@127.0.0.1:1/none");
    FAIL() << "connected";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect to the PostgreSQL database"),
              std::string::npos);
    EXPECT_EQ(std::string(e.what()).find("secret"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace arena::tournament
