#include "server/tournament_db.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace arena::server {
namespace {

namespace fs = std::filesystem;
using tournament::Catalog;
using tournament::Store;
using tournament::StoreError;

TEST(TournamentDb, ADatabaseErrorMakesTheNextRequestOpenItAgain) {
  const fs::path dir =
      fs::temp_directory_path() / ("arena_tournament_db_test_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "t.db").string();
  tournament::open_store(path)->create_tournament("t", "wumpus", tournament::Json::object());
  TournamentDb db(path);
  auto names = [&] { return db.read([](Store&, Catalog& c) { return c.tournaments().size(); }); };
  EXPECT_EQ(names(), 1u);
  // The open connections keep reading a file that is gone (POSIX keeps it while it is open)...
  fs::remove(path);
  EXPECT_EQ(names(), 1u);
  // ...until a database error closes them: the next request opens the path again, and says why
  // it cannot.
  EXPECT_THROW(db.read([](Store&, Catalog&) -> int { throw StoreError("lost"); }), StoreError);
  try {
    names();
    FAIL() << "the database was not opened again";
  } catch (const StoreError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot open the database " + path + ": no such file");
  }
  EXPECT_FALSE(fs::exists(path));  // and it was not created
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arena::server
