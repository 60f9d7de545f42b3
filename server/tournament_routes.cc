#include "server/tournament_routes.h"

#include <vector>

#include "core/registry.h"
#include "server/paths.h"
#include "server/respond.h"
#include "server/tournament_db.h"
#include "server/tournament_pages.h"
#include "tournament/report.h"

namespace arena::server {

namespace {

using namespace arena::tournament;

Json counts_json(const MatchCounts& c) {
  return {{"total", c.total()},
          {"done", c.done},
          {"failed", c.failed},
          {"queued", c.queued},
          {"leased", c.leased}};
}

Json list_json(Catalog& catalog) {
  Json out = Json::array();
  for (const TournamentEntry& e : catalog.tournaments())
    out.push_back({{"name", e.tournament.name},
                   {"game", e.tournament.game},
                   {"format", e.tournament.config.value("format", "")},
                   {"matches", counts_json(e.counts)},
                   {"created_ms", e.tournament.created_ms}});
  return out;
}

// `tournament report --json` and `tournament matches --json --no-replay` of one tournament.
Json tournament_json(Store& store, const Tournament& t) {
  const GameInfo* game = Registry::instance().find(t.game);
  if (!game)
    throw StoreError("tournament '" + t.name + "' is of the game '" + t.game +
                     "', which this arena does not know");
  const auto rows = store.list_matches(t.id, false);
  Json matches = Json::array();
  for (const MatchRow& r : rows) matches.push_back(match_json(r, false));
  return {{"tournament", t.name},
          {"game", t.game},
          {"config", t.config},
          {"report", report_json(*game, t, rows)},
          {"matches", matches}};
}

// The path's segments after a prefix, split on '/' (still encoded: a name may hold %2F).
std::vector<std::string_view> segments(std::string_view rest) {
  std::vector<std::string_view> out;
  for (;;) {
    const size_t slash = rest.find('/');
    out.push_back(rest.substr(0, slash));
    if (slash == std::string_view::npos) return out;
    rest.remove_prefix(slash + 1);
  }
}

// One tournament route, once the path's shape is known: `api` or page, the encoded name, and
// the match index's segment when it names a match.
Response answer(TournamentDb& db, bool api, std::string_view raw_name,
                std::optional<std::string_view> raw_index,
                const std::function<Response()>& viewer_page) {
  auto name = url_decode(raw_name);
  if (!name) return text_response(400, "bad percent-encoding in the tournament name");
  if (auto why = bad_tournament_name(*name)) return text_response(400, *why);
  std::optional<int> index;
  if (raw_index) {
    index = parse_match_index(*raw_index);
    if (!index)
      return text_response(400, "a match index is a number from 0: '" +
                                    std::string(raw_index->substr(0, 40)) + "' is not");
  }
  return db.read([&](Store& store, Catalog& catalog) -> Response {
    auto t = store.find_tournament(*name);
    if (!t) return text_response(404, "no tournament named '" + *name + "'");
    if (!index) {
      Json j = tournament_json(store, *t);
      return api ? json_response(200, j) : html_response(tournament_page(j));
    }
    auto match = catalog.replay(t->id, *index);
    if (!match)
      return text_response(404, "tournament '" + *name + "' has no match " +
                                    std::to_string(*index) + " (it has " +
                                    std::to_string(store.count_matches(t->id).total()) + ")");
    if (!api) return viewer_page();
    const std::string which = "match " + std::to_string(*index) + " of '" + *name + "'";
    if (match->state != MatchState::done)
      return text_response(404, which + " is not played yet (" + to_string(match->state) + ")");
    if (match->replay.empty())
      return text_response(
          404, which + " left no replay" + (match->error.empty() ? "" : ": " + match->error));
    Response r;
    r.content_type = "application/x-ndjson; charset=utf-8";
    r.body = std::move(match->replay);
    return r;
  });
}

}  // namespace

std::optional<std::string> bad_tournament_name(std::string_view name) {
  if (name.empty()) return "empty tournament name";
  if (name.size() > 1000) return "tournament name longer than 1000 bytes";
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f) return "control character in the tournament name";
  return std::nullopt;
}

std::optional<int> parse_match_index(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::optional<Response> tournament_get(TournamentDb* db, std::string_view path,
                                       const std::function<Response()>& viewer_page) {
  const bool api = path.rfind("/api/", 0) == 0;
  const std::string_view route = api ? path.substr(4) : path;
  const bool list = route == "/tournaments";
  if (!list && route.rfind("/tournament/", 0) != 0) return std::nullopt;
  if (!db)
    return text_response(
        404, "no tournament database: start arena serve with --db URL, or where arena.db is");
  try {
    if (list) {
      Json j = db->read([](Store&, Catalog& catalog) { return list_json(catalog); });
      return api ? json_response(200, j) : html_response(tournaments_page(j));
    }
    const auto parts = segments(route.substr(12));
    if (parts.size() == 1) return answer(*db, api, parts[0], std::nullopt, viewer_page);
    if (parts.size() == 3 && parts[1] == (api ? "replay" : "match"))
      return answer(*db, api, parts[0], parts[2], viewer_page);
    return text_response(404, "not found: " + std::string(path));
  } catch (const std::exception& e) {
    return text_response(500, std::string("tournament database: ") + e.what());
  }
}

}  // namespace arena::server
