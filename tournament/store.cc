#include "tournament/store.h"

#include "tournament/pg_store.h"
#include "tournament/sqlite_store.h"

namespace arena::tournament {

const char* to_string(MatchState s) {
  switch (s) {
    case MatchState::queued:
      return "queued";
    case MatchState::leased:
      return "leased";
    case MatchState::done:
      return "done";
  }
  return "?";
}

std::optional<MatchState> parse_match_state(const std::string& text) {
  if (text == "queued") return MatchState::queued;
  if (text == "leased") return MatchState::leased;
  if (text == "done") return MatchState::done;
  return std::nullopt;
}

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(WallClock::now().time_since_epoch())
      .count();
}

std::unique_ptr<Store> open_store(const std::string& url) {
  if (url.rfind("postgresql://", 0) == 0 || url.rfind("postgres://", 0) == 0)
    return open_pg_store(url);
  std::string path = url.rfind("sqlite:", 0) == 0 ? url.substr(7) : url;
  if (path.empty()) throw StoreError("--db " + url + ": no file path");
  if (path.find("://") != std::string::npos)
    throw StoreError("--db " + url +
                     ": unknown kind of database (sqlite:PATH, a path, or postgresql://...)");
  return open_sqlite_store(path);
}

}  // namespace arena::tournament
