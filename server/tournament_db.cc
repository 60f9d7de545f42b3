#include "server/tournament_db.h"

namespace arena::server {

TournamentDb::TournamentDb(std::string url) : url_(std::move(url)) {
  open();
}

void TournamentDb::open() {
  // The catalog first: it refuses a missing file, which open_store would create.
  auto catalog = tournament::open_catalog(url_);
  auto store = tournament::open_store(url_);
  catalog_ = std::move(catalog);
  store_ = std::move(store);
}

}  // namespace arena::server
