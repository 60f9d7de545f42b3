#include "games/dungeon/cadical.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace arena::dungeon {
namespace {

std::string temp_file() {
  return (std::filesystem::temp_directory_path() /
          ("arena-cadical-test-" +
           std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".cnf"))
      .string();
}

// The model cadical prints is read back switch by switch: planted instances come out with 0
// active traps.
TEST(Cadical, ReadsTheModelOfPlantedInstances) {
  const std::string cadical = find_cadical();
  if (cadical.empty()) GTEST_SKIP() << "cadical is not installed (scripts/install-deps)";
  const std::string file = temp_file();
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    Stream sat(seed, kSatStream);
    Instance inst;
    draw_instance(sat, SatMode::planted, 100, 426, inst);
    CadicalResult r = run_cadical(cadical, inst, file);
    ASSERT_TRUE(r.error.empty()) << r.error;
    ASSERT_EQ(r.status, 10);
    ASSERT_EQ(r.setting.size(), 100u);
    EXPECT_EQ(count_active(inst, r.setting), 0) << "seed " << seed;
  }
  std::filesystem::remove(file);
}

// All eight clauses over three switches: no setting satisfies them (exit status 20, no model).
TEST(Cadical, SaysUnsatWithoutAModel) {
  const std::string cadical = find_cadical();
  if (cadical.empty()) GTEST_SKIP() << "cadical is not installed (scripts/install-deps)";
  Instance inst;
  inst.n = 3;
  for (int m = 0; m < 8; ++m)
    for (int v = 1; v <= 3; ++v) inst.lits.push_back(m >> (v - 1) & 1 ? v : -v);
  const std::string file = temp_file();
  CadicalResult r = run_cadical(cadical, inst, file);
  EXPECT_EQ(r.status, 20);
  EXPECT_TRUE(r.setting.empty());
  std::filesystem::remove(file);
  r = run_cadical(cadical, inst, "/nonexistent-dir/x.cnf");
  EXPECT_NE(r.error.find("cannot write /nonexistent-dir/x.cnf"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace arena::dungeon
