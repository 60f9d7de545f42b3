// The plain GET routes (docs/web.md): pages, embedded files, replay files and their check.
#include <string>

#include "core/registry.h"
#include "server/assets.h"
#include "server/paths.h"
#include "server/respond.h"
#include "server/server.h"
#include "server/tournament_routes.h"

namespace arena::server {

namespace {

// The one page of the app: the shell decides from the URL what it shows. `/` gets the replay list
// written into it, so the list is there without script.
Response page(const ServeOptions& o, bool with_list) {
  const Asset* index = find_asset("index.html");
  if (!index) return text_response(500, "index.html is not embedded");
  std::string html(index->bytes());
  std::string games;
  for (const Asset& a : assets()) {
    std::string_view p = a.path;
    if (p.rfind("games/", 0) == 0 && p.size() > 3 && p.substr(p.size() - 3) == ".js")
      games += "<script src=\"/" + html_escape(p) + "\"></script>\n";
  }
  std::string list;
  if (with_list) {
    const auto names = list_dir(o.replays_dir);
    list = "<ul id=\"replays\">\n";
    for (const std::string& n : names)
      list += "<li><a href=\"/view/" + html_escape(url_encode(n)) + "\">" + html_escape(n) +
              "</a></li>\n";
    list += "</ul>\n";
    if (names.empty()) list += "<p id=\"no-replays\">No replay files in this directory.</p>\n";
  }
  auto replace = [&](const std::string& mark, const std::string& with) {
    const size_t at = html.find(mark);
    if (at != std::string::npos) html.replace(at, mark.size(), with);
  };
  replace("<!--GAMES-->", games);
  replace("<!--REPLAYS-->", list);
  replace("<!--TOURNAMENTS-->", with_list && o.tournaments
                                    ? "<p><a href=\"/tournaments\" "
                                      "id=\"tournaments-link\">Tournaments</a>: standings "
                                      "and the replay of every match</p>\n"
                                    : "");
  Response r;
  r.content_type = "text/html; charset=utf-8";
  r.body = std::move(html);
  return r;
}

// The decoded file name of /prefix/<name>, or the response refusing it.
std::variant<std::string, Response> file_of(const ServeOptions& o, std::string_view raw) {
  auto name = url_decode(raw);
  if (!name) return text_response(400, "bad percent-encoding in the file name");
  auto resolved = resolve_in_dir(o.replays_dir, *name);
  if (auto* e = std::get_if<ResolveError>(&resolved)) return text_response(e->status, e->message);
  return std::get<std::string>(resolved);
}

// Replay::parse and the game's own check, for the page to show beside what it draws.
Json check_replay_text(const std::string& bytes) {
  Json out = Json::object();
  Json problems = Json::array();
  auto parsed = Replay::parse(bytes);
  if (auto* err = std::get_if<std::string>(&parsed)) {
    problems.push_back(*err);
  } else {
    const Replay& replay = std::get<Replay>(parsed);
    const std::string game = replay.header.value("game", "");
    out["game"] = game;
    const GameInfo* info = Registry::instance().find(game);
    if (!info) {
      problems.push_back("unknown game '" + game + "'");
    } else if (info->check_replay) {
      try {
        for (const std::string& p : info->check_replay(replay)) problems.push_back(p);
      } catch (const std::exception& e) {
        problems.push_back(error_text(e));
      }
    }
  }
  out["ok"] = problems.empty();
  out["problems"] = std::move(problems);
  return out;
}

Json games_json() {
  Json out = Json::array();
  for (const GameInfo& g : Registry::instance().games()) {
    Json params = Json::array();
    for (const ParamSpec& p : g.params)
      params.push_back({{"name", p.name}, {"default", p.default_value}, {"help", p.help}});
    Json bots = Json::array();
    for (const BotInfo& b : g.bots) bots.push_back({{"name", b.name}, {"roles", b.roles}});
    out.push_back({{"name", g.name},
                   {"title", g.title},
                   {"roles", g.roles},
                   {"min_seats", g.min_seats},
                   {"params", params},
                   {"bots", bots}});
  }
  return out;
}

}  // namespace

Response handle_get(const ServeOptions& o, std::string_view target) {
  std::string_view path = target.substr(0, target.find('?'));
  auto starts = [&](std::string_view prefix) { return path.rfind(prefix, 0) == 0; };
  if (path == "/" || path == "/index.html") return page(o, true);
  if (starts("/view/") || starts("/play/") || starts("/live/")) return page(o, false);
  if (auto r = tournament_get(o.tournaments.get(), path, [&] { return page(o, false); })) return *r;
  if (path == "/api/replays") return json_response(200, list_dir(o.replays_dir));
  if (path == "/api/games") return json_response(200, games_json());
  if (starts("/api/replay/") || starts("/api/check/")) {
    const bool check = starts("/api/check/");
    auto file = file_of(o, path.substr(check ? 11 : 12));
    if (auto* refused = std::get_if<Response>(&file)) return *refused;
    std::string bytes;
    if (auto err = read_whole_file(std::get<std::string>(file), bytes))
      return text_response(404, "cannot read the file: " + *err);
    if (check) return json_response(200, check_replay_text(bytes));
    Response r;
    r.content_type = "application/x-ndjson; charset=utf-8";
    r.body = std::move(bytes);
    return r;
  }
  // Embedded files by their exact path (no file system is involved).
  if (auto decoded = url_decode(path.substr(1))) {
    if (const Asset* a = find_asset(*decoded); a && *decoded != "index.html") {
      Response r;
      r.content_type = std::string(content_type(a->path));
      r.body = std::string(a->bytes());
      return r;
    }
  }
  return text_response(404, "not found: " + std::string(path));
}

}  // namespace arena::server
