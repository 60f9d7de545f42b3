#include "games/dungeon/viewer_files.h"

#include <charconv>
#include <filesystem>
#include <fstream>

namespace arena::dungeon {
namespace {

// %.17g, without the C locale: 17 significant digits, trailing zeros dropped, exponent form
// below 1e-4. std::to_chars in general format with a precision is specified to match printf.
void append_g17(std::string& out, double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 17);
  out.append(buf, end);
}

bool write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
  f.close();
  return static_cast<bool>(f);
}

}  // namespace

std::string graph_file_text(const Dungeon& d) {
  std::string out;
  out.reserve(64 * 1024 + d.edges.size() * 10);
  out += std::to_string(kNumNodes) + "\n";
  for (int i = 0; i < kNumNodes; ++i) {
    append_g17(out, d.x[i]);
    out += ' ';
    append_g17(out, d.y[i]);
    out += '\n';
  }
  out += std::to_string(d.edges.size()) + "\n";
  for (auto [u, v] : d.edges) out += std::to_string(u) + " " + std::to_string(v) + "\n";
  return out;
}

std::string npc_file_text(const Dungeon& d) {
  std::string out = std::to_string(d.npc_nodes.size()) + "\n";
  for (int n : d.npc_nodes) out += std::to_string(n) + "\n";
  return out;
}

std::optional<std::string> write_viewer_files(const Dungeon& d, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return "cannot create " + dir + ": " + ec.message();
  std::filesystem::path base(dir);
  if (!write_file(base / "graph", graph_file_text(d)))
    return "cannot write " + (base / "graph").string();
  if (!write_file(base / "npc", npc_file_text(d))) return "cannot write " + (base / "npc").string();
  return std::nullopt;
}

}  // namespace arena::dungeon
