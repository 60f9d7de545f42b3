#include "games/dungeon/tools.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "games/dungeon/solver.h"
#include "games/dungeon/test_sha256.h"
#include "games/dungeon/traps.h"

namespace arena::dungeon {
namespace {

namespace fs = std::filesystem;
using testing::sha256_hex;

struct ToolRun {
  int status;
  std::string out, err;
};

ToolRun run(const std::string& tool, const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int status = run_dungeon_tool(tool, args, out, err);
  return {status, out.str(), err.str()};
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

class Tools : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("dungeon_tools_" + std::to_string(::getpid()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
  fs::path dir;
};

TEST_F(Tools, GenJson) {
  ToolRun r = run("gen", {"--seed", "47", "--json", "--out", dir.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["seed"], "47");
  EXPECT_EQ(j["redraws"], 1);
  EXPECT_EQ(j["start0"], 75);
  EXPECT_EQ(j["shrine0"], 231);
  EXPECT_EQ(j["start1"], 125);
  EXPECT_EQ(j["shrine1"], 372);
  EXPECT_EQ(j["edges"], 5348);
  EXPECT_EQ(j["npcs"], 68);
  EXPECT_EQ(j["npc_nodes"].size(), 68u);
  EXPECT_EQ(sha256_hex(slurp(dir / "graph")),
            "8518f49c495e0338baa508a79ffae63ea75e8ef706c55708be30bbabc497ba5f");
  EXPECT_EQ(sha256_hex(slurp(dir / "npc")),
            "f9d2324882ff13bf5dec3c77b3736b59a091aeb589b87512329a65d98c49b58c");
}

TEST_F(Tools, GenText) {
  ToolRun r = run("gen", {"--out", dir.string(), "--seed", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "seed 1\nredraws 0\nstart0 636\nshrine0 145\nstart1 690\nshrine1 904\nedges 5319\n"
            "npcs 82\n");
  EXPECT_TRUE(fs::exists(dir / "graph"));
}

TEST_F(Tools, UsageErrors) {
  EXPECT_EQ(run("gen", {}).err, "arena dungeon gen: --seed N is required\n");
  EXPECT_EQ(run("gen", {"--seed", "x1"}).err,
            "arena dungeon gen: --seed wants a decimal number, got 'x1'\n");
  EXPECT_EQ(run("gen", {"--seed", "-1"}).status, 2);
  EXPECT_EQ(run("gen", {"--seed", "1", "--colour"}).err,
            "arena dungeon gen: unknown option --colour\n");
  EXPECT_EQ(run("gen", {"--seed"}).err, "arena dungeon gen: --seed needs a value\n");
  EXPECT_EQ(run("gen", {"--seed", "1", "--seed", "2"}).status, 2);
  EXPECT_EQ(run("sat", {"--seed", "1", "--count", "1"}).err,
            "arena dungeon sat: --out is required\n");
  EXPECT_EQ(run("sat", {"--seed", "1", "--count", "1", "--out", "d", "--mode", "hard"}).err,
            "arena dungeon sat: --mode must be planted or uniform, got 'hard'\n");
  EXPECT_EQ(run("sat", {"--seed", "1", "--count", "1", "--out", "d", "--switches", "2"}).err,
            "arena dungeon sat: --switches must be in 3..100000, got 2\n");
  EXPECT_EQ(run("solve", {"--flips", "10", "--budget-ms", "5", "f.cnf"}).status, 2);
  EXPECT_EQ(run("solve", {}).err, "arena dungeon solve: no CNF file given\n");
  EXPECT_EQ(run("brute", {}).status, 2);
  EXPECT_EQ(run("serve", {}).status, 2);
}

TEST_F(Tools, SatWritesTheGoldenInstances) {
  ToolRun r =
      run("sat", {"--seed", "1", "--mode", "planted", "--count", "2", "--out", dir.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(sha256_hex(slurp(dir / "1-0.cnf")),
            "9f680822aa001261de2d9efa59cad50fb6f59207ae182ef5193d8813eeda04c9");
  EXPECT_EQ(sha256_hex(slurp(dir / "1-1.cnf")),
            "e1277cea87eb72c98f4748c7d84398789f191a1af3e0a3ee28d101e25be1c6b1");
  fs::path u = dir / "u";
  ASSERT_EQ(
      run("sat", {"--seed", "1", "--mode", "uniform", "--count", "2", "--out", u.string()}).status,
      0);
  EXPECT_EQ(sha256_hex(slurp(u / "1-1.cnf")),
            "9433baf7b26f03b76fc0b4f58fe27724e9d7da39148d996abdef26ca0b1aded9");
}

TEST_F(Tools, SolvePrintsOneLinePerFile) {
  ASSERT_EQ(run("sat", {"--seed", "3", "--count", "3", "--out", dir.string()}).status, 0);
  std::vector<std::string> files;
  for (int k = 0; k < 3; ++k) files.push_back((dir / ("3-" + std::to_string(k) + ".cnf")).string());
  std::vector<std::string> args = {"--assignment", "--flips", "1000000"};
  args.insert(args.end(), files.begin(), files.end());
  ToolRun r = run("solve", args);
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  for (const std::string& f : files) {
    ASSERT_TRUE(std::getline(lines, line));
    std::istringstream w(line);
    std::string path, active_word, ms_word, flips_word, assign_word, bits;
    int active = -1;
    double ms = -1;
    long long flips = -1;
    w >> path >> active_word >> active >> ms_word >> ms >> flips_word >> flips >> assign_word >>
        bits;
    EXPECT_EQ(path, f);
    EXPECT_EQ(active_word, "active");
    EXPECT_EQ(active, 0);
    EXPECT_EQ(ms_word, "ms");
    EXPECT_GE(ms, 0.0);
    EXPECT_EQ(assign_word, "assignment");
    ASSERT_EQ(bits.size(), 100u);
    auto inst = std::get<Instance>(parse_cnf(slurp(f)));
    std::vector<uint8_t> a;
    for (char c : bits) a.push_back(c == '1');
    EXPECT_EQ(count_active(inst, a), 0);
  }
  EXPECT_FALSE(std::getline(lines, line));
  // Without --assignment the line stops after the flips.
  ToolRun plain = run("solve", {"--budget-ms", "50", files[0]});
  EXPECT_EQ(plain.out.find("assignment"), std::string::npos);
  EXPECT_EQ(plain.out.rfind(files[0] + " active 0 ms ", 0), 0u);
}

TEST_F(Tools, BruteAndFailures) {
  ASSERT_EQ(run("sat", {"--seed", "4", "--mode", "uniform", "--switches", "12", "--traps", "96",
                        "--count", "1", "--out", dir.string()})
                .status,
            0);
  const std::string f = (dir / "4-0.cnf").string();
  auto inst = std::get<Instance>(parse_cnf(slurp(f)));
  ToolRun r = run("brute", {f});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, f + " min_active " + std::to_string(brute_force_min_active(inst)) + "\n");
  // Too many switches for brute force, a missing file, a broken file: status 1, others go on.
  ASSERT_EQ(run("sat", {"--seed", "4", "--switches", "25", "--traps", "10", "--count", "1", "--out",
                        (dir / "big").string()})
                .status,
            0);
  std::ofstream(dir / "bad.cnf") << "p cnf 3 1\n1 2 0\n";
  ToolRun b = run("brute", {(dir / "big" / "4-0.cnf").string(), (dir / "none.cnf").string(),
                            (dir / "bad.cnf").string(), f});
  EXPECT_EQ(b.status, 1);
  EXPECT_NE(b.err.find("n = 25 exceeds 24"), std::string::npos);
  EXPECT_NE(b.err.find("cannot read"), std::string::npos);
  EXPECT_NE(b.err.find("line 2: a trap must be three literals followed by 0"), std::string::npos);
  EXPECT_EQ(b.out, r.out);
  ToolRun s = run("solve", {(dir / "none.cnf").string()});
  EXPECT_EQ(s.status, 1);
}

TEST(ToolList, NamesAndHelp) {
  auto tools = dungeon_tools();
  ASSERT_EQ(tools.size(), 4u);
  EXPECT_EQ(tools[0].name, "gen");
  EXPECT_EQ(tools[3].name, "brute");
  for (const auto& t : tools) EXPECT_FALSE(t.help.empty());
  EXPECT_EQ(tools[3].run({}), 2);
}

}  // namespace
}  // namespace arena::dungeon
