// The tournament database of `arena serve --db` (docs/web.md, "Tournaments"). Its Store reads
// what the runner's interface already reads (a tournament, its matches, their counts); its
// Catalog the rest (the list, one match's replay). Both are opened once, at startup, so that a
// database that cannot be opened stops `serve` with the reason; after a database error they are
// opened again at the next request, so that a restarted PostgreSQL server needs no new `serve`.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "tournament/catalog.h"
#include "tournament/store.h"

namespace arena::server {

class TournamentDb {
 public:
  // Opens `url` as `arena tournament --db` does, except that a missing SQLite file is refused
  // rather than created. StoreError with the reason.
  explicit TournamentDb(std::string url);

  // f(store, catalog) with the connections held (requests may come from any thread). A
  // StoreError closes both, to be opened again next time, and is rethrown.
  template <typename F>
  auto read(F&& f) {
    std::lock_guard lock(mu_);
    if (!store_) open();
    try {
      return f(*store_, *catalog_);
    } catch (const tournament::StoreError&) {
      store_.reset();
      catalog_.reset();
      throw;
    }
  }

 private:
  void open();

  std::string url_;
  std::mutex mu_;
  std::unique_ptr<tournament::Store> store_;
  std::unique_ptr<tournament::Catalog> catalog_;
};

}  // namespace arena::server
