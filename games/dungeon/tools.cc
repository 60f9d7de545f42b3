#include "games/dungeon/tools.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "games/dungeon/dungeon.h"
#include "games/dungeon/solver.h"
#include "games/dungeon/traps.h"
#include "games/dungeon/viewer_files.h"

namespace arena::dungeon {
namespace {

// Flags of one tool: "--name value" pairs, "--name" switches and positional words. Anything
// unknown, repeated or missing its value is a usage error with a precise message.
struct Args {
  std::vector<std::pair<std::string, std::string>> values;
  std::vector<std::string> switches, files;
  std::string error;

  Args(const std::vector<std::string>& args, const std::vector<std::string>& with_value,
       const std::vector<std::string>& bare) {
    for (size_t i = 0; i < args.size() && error.empty(); ++i) {
      const std::string& a = args[i];
      auto is = [&](const std::vector<std::string>& list) {
        return std::find(list.begin(), list.end(), a) != list.end();
      };
      if (is(with_value)) {
        if (i + 1 >= args.size()) {
          error = a + " needs a value";
        } else if (get(a)) {
          error = a + " given twice";
        } else {
          values.emplace_back(a, args[++i]);
        }
      } else if (is(bare)) {
        switches.push_back(a);
      } else if (a.size() > 1 && a[0] == '-') {
        error = "unknown option " + a;
      } else {
        files.push_back(a);
      }
    }
  }
  std::optional<std::string> get(const std::string& name) const {
    for (const auto& [k, v] : values) {
      if (k == name) return v;
    }
    return std::nullopt;
  }
  bool has(const std::string& name) const {
    return std::find(switches.begin(), switches.end(), name) != switches.end();
  }
};

// A decimal unsigned integer in [lo, hi], or the reason it is not.
template <typename T>
std::optional<std::string> parse_number(const std::string& flag, const std::string& text, T lo,
                                        T hi, T& out) {
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, out);
  if (text.empty() || ec != std::errc() || p != end) {
    return flag + " wants a decimal number, got '" + text + "'";
  }
  if (out < lo || out > hi) {
    return flag + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + text;
  }
  return std::nullopt;
}

std::optional<std::string> read_file(const std::string& path, std::string& text) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return "cannot read " + path;
  std::ostringstream s;
  s << f.rdbuf();
  text = s.str();
  return std::nullopt;
}

int usage(std::ostream& err, const std::string& tool, const std::string& why) {
  err << "arena dungeon " << tool << ": " << why << "\n";
  return 2;
}

int gen(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Args a(args, {"--seed", "--out"}, {"--json"});
  if (!a.error.empty()) return usage(err, "gen", a.error);
  if (!a.files.empty()) return usage(err, "gen", "unexpected argument " + a.files[0]);
  auto seed_text = a.get("--seed");
  if (!seed_text) return usage(err, "gen", "--seed N is required");
  uint64_t seed = 0;
  if (auto e = parse_number<uint64_t>("--seed", *seed_text, 0, UINT64_MAX, seed)) {
    return usage(err, "gen", *e);
  }
  Dungeon d;
  try {
    d = generate_dungeon(seed);
  } catch (const GenerationError& e) {
    err << "arena dungeon gen: " << e.what() << "\n";
    return 1;
  }
  const std::string dir = a.get("--out").value_or(".");
  if (auto e = write_viewer_files(d, dir)) {
    err << "arena dungeon gen: " << *e << "\n";
    return 1;
  }
  if (a.has("--json")) {
    nlohmann::json j;
    j["seed"] = std::to_string(seed);  // a decimal string, as in the replay header (§11.2)
    j["redraws"] = d.redraws;
    j["start0"] = d.start[0];
    j["shrine0"] = d.shrine[0];
    j["start1"] = d.start[1];
    j["shrine1"] = d.shrine[1];
    j["edges"] = d.edges.size();
    j["npcs"] = d.npc_nodes.size();
    j["npc_nodes"] = d.npc_nodes;
    out << j.dump() << "\n";
  } else {
    out << "seed " << seed << "\nredraws " << d.redraws << "\nstart0 " << d.start[0] << "\nshrine0 "
        << d.shrine[0] << "\nstart1 " << d.start[1] << "\nshrine1 " << d.shrine[1] << "\nedges "
        << d.edges.size() << "\nnpcs " << d.npc_nodes.size() << "\n";
  }
  return 0;
}

int sat(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Args a(args, {"--seed", "--mode", "--switches", "--traps", "--count", "--out"}, {});
  if (!a.error.empty()) return usage(err, "sat", a.error);
  if (!a.files.empty()) return usage(err, "sat", "unexpected argument " + a.files[0]);
  for (const char* required : {"--seed", "--count", "--out"}) {
    if (!a.get(required)) return usage(err, "sat", std::string(required) + " is required");
  }
  uint64_t seed = 0;
  int n = kDefaultSwitches, m = kDefaultTraps, count = 0;
  if (auto e = parse_number<uint64_t>("--seed", *a.get("--seed"), 0, UINT64_MAX, seed)) {
    return usage(err, "sat", *e);
  }
  if (auto e = parse_number("--count", *a.get("--count"), 0, 1000000, count)) {
    return usage(err, "sat", *e);
  }
  if (auto s = a.get("--switches")) {
    if (auto e = parse_number("--switches", *s, 3, 100000, n)) return usage(err, "sat", *e);
  }
  if (auto s = a.get("--traps")) {
    if (auto e = parse_number("--traps", *s, 0, 300000, m)) return usage(err, "sat", *e);
  }
  SatMode mode = SatMode::planted;
  if (auto s = a.get("--mode")) {
    auto parsed = parse_sat_mode(*s);
    if (!parsed) return usage(err, "sat", "--mode must be planted or uniform, got '" + *s + "'");
    mode = *parsed;
  }
  const std::filesystem::path dir(*a.get("--out"));
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    err << "arena dungeon sat: cannot create " << dir.string() << ": " << ec.message() << "\n";
    return 1;
  }
  Stream stream(seed, kSatStream);
  Instance inst;
  for (int k = 0; k < count; ++k) {
    draw_instance(stream, mode, n, m, inst);
    const auto path = dir / (std::to_string(seed) + "-" + std::to_string(k) + ".cnf");
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << to_cnf(inst);
    f.close();
    if (!f) {
      err << "arena dungeon sat: cannot write " << path.string() << "\n";
      return 1;
    }
  }
  out << "wrote " << count << " " << to_string(mode) << " instances (n " << n << ", m " << m
      << ") to " << dir.string() << "\n";
  return 0;
}

// Reads and parses a CNF file; on failure reports it and returns nullopt.
std::optional<Instance> load_cnf(const std::string& tool, const std::string& path,
                                 std::ostream& err) {
  std::string text;
  if (auto e = read_file(path, text)) {
    err << "arena dungeon " << tool << ": " << *e << "\n";
    return std::nullopt;
  }
  auto parsed = parse_cnf(text);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    err << "arena dungeon " << tool << ": " << path << ": " << *e << "\n";
    return std::nullopt;
  }
  return std::get<Instance>(std::move(parsed));
}

int solve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Args a(args, {"--budget-ms", "--flips", "--seed"}, {"--assignment", "--uniform-start"});
  if (!a.error.empty()) return usage(err, "solve", a.error);
  if (a.files.empty()) return usage(err, "solve", "no CNF file given");
  if (a.get("--budget-ms") && a.get("--flips")) {
    return usage(err, "solve", "give --budget-ms or --flips, not both");
  }
  int64_t budget_ms = 10;  // §14.1 S1's budget per instance
  uint64_t flips = 0, seed = 1;
  if (auto s = a.get("--budget-ms")) {
    if (auto e = parse_number<int64_t>("--budget-ms", *s, 1, 3600000, budget_ms)) {
      return usage(err, "solve", *e);
    }
  }
  if (auto s = a.get("--flips")) {
    if (auto e = parse_number<uint64_t>("--flips", *s, 1, UINT64_MAX, flips)) {
      return usage(err, "solve", *e);
    }
    budget_ms = 0;
  }
  if (auto s = a.get("--seed")) {
    if (auto e = parse_number<uint64_t>("--seed", *s, 0, UINT64_MAX, seed)) {
      return usage(err, "solve", *e);
    }
  }
  SolverOptions options;
  options.majority_start = !a.has("--uniform-start");
  Solver solver(seed);
  int status = 0;
  for (const std::string& path : a.files) {
    auto inst = load_cnf("solve", path, err);
    if (!inst) {
      status = 1;
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const int k = solver.solve(*inst, options, flips, std::chrono::milliseconds(budget_ms));
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", ms);
    out << path << " active " << k << " ms " << time << " flips " << solver.flips();
    if (a.has("--assignment")) {
      out << " assignment ";
      for (uint8_t b : solver.best()) out << (b ? '1' : '0');
    }
    out << "\n";
  }
  return status;
}

int brute(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Args a(args, {}, {});
  if (!a.error.empty()) return usage(err, "brute", a.error);
  if (a.files.empty()) return usage(err, "brute", "no CNF file given");
  int status = 0;
  for (const std::string& path : a.files) {
    auto inst = load_cnf("brute", path, err);
    if (!inst) {
      status = 1;
      continue;
    }
    if (inst->n > kBruteMaxSwitches) {
      err << "arena dungeon brute: " << path << ": n = " << inst->n << " exceeds "
          << kBruteMaxSwitches << "\n";
      status = 1;
      continue;
    }
    out << path << " min_active " << brute_force_min_active(*inst) << "\n";
  }
  return status;
}

const char* kGenHelp = "gen --seed N [--out DIR] [--json]: write graph and npc, print the dungeon";
const char* kSatHelp =
    "sat --seed N [--mode planted|uniform] [--switches n] [--traps m] --count K --out DIR: "
    "write the first K instances of the sat stream as DIR/<seed>-<k>.cnf";
const char* kSolveHelp =
    "solve [--budget-ms B | --flips F] [--seed S] [--assignment] FILE...: run the reference "
    "solver, one line per file with the active-trap count and the time";
const char* kBruteHelp = "brute FILE...: the exact minimum number of active traps (n <= 24)";

}  // namespace

int run_dungeon_tool(const std::string& tool, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err) {
  if (tool == "gen") return gen(args, out, err);
  if (tool == "sat") return sat(args, out, err);
  if (tool == "solve") return solve(args, out, err);
  if (tool == "brute") return brute(args, out, err);
  err << "arena dungeon: unknown tool '" << tool << "' (gen, sat, solve, brute)\n";
  return 2;
}

int run_dungeon_tool(const std::string& tool, const std::vector<std::string>& args) {
  return run_dungeon_tool(tool, args, std::cout, std::cerr);
}

std::vector<GameTool> dungeon_tools() {
  std::vector<GameTool> tools;
  for (auto [name, help] : {std::pair{"gen", kGenHelp}, std::pair{"sat", kSatHelp},
                            std::pair{"solve", kSolveHelp}, std::pair{"brute", kBruteHelp}}) {
    std::string tool = name;
    tools.push_back({tool, help, [tool](const std::vector<std::string>& args) {
                       return run_dungeon_tool(tool, args);
                     }});
  }
  return tools;
}

}  // namespace arena::dungeon
