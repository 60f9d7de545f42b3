// Every worked example of spec §10, run through the harness logic in process and, for a sample,
// through the built executables (stdout compared byte for byte after whitespace removal, as the
// spec's tests do). The inputs and outputs in testdata/ are copied verbatim from §10.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/evolution/harness/harness.h"

namespace arena::evolution {
namespace {

namespace fs = std::filesystem;

const fs::path kData = fs::path(ARENA_TEST_SOURCE_DIR) / "games/evolution/testdata";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string strip(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c != ' ' && c != '\n' && c != '\t' && c != '\r') out.push_back(c);
  }
  return out;
}

HarnessResult run_in_process(const std::string& exe, const std::string& input) {
  if (exe == "xattack") return xattack(input);
  if (exe == "xfeed") return xfeed(input);
  if (exe == "xstep") return xstep(input);
  if (exe == "xstep4") return xstep4(input);
  if (exe == "xsilly") return xsilly(input);
  return xstream(input);
}

// Runs a built executable with `input_file` on stdin; returns stdout and sets *status.
std::string run_program(const std::string& command, int* status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  *status = pclose(pipe);
  return out;
}

struct Example {
  std::string exe;
  std::string name;
};

std::vector<Example> examples() {
  std::vector<Example> out;
  for (const auto& entry : fs::directory_iterator(kData)) {
    if (entry.path().extension() != ".in") continue;
    const std::string stem = entry.path().stem().string();
    out.push_back({stem.substr(0, stem.find('_')), stem});
  }
  std::sort(out.begin(), out.end(),
            [](const Example& a, const Example& b) { return a.name < b.name; });
  return out;
}

TEST(EvolutionExamples, AllSectionTenExamplesArePresent) {
  EXPECT_EQ(examples().size(), 31u);  // 10 xattack, 6 xfeed, 6 xstep, 6 xstep4, 2 xsilly, 1 xstream
}

TEST(EvolutionExamples, InProcess) {
  for (const Example& e : examples()) {
    SCOPED_TRACE(e.name);
    const std::string input = slurp(kData / (e.name + ".in"));
    const std::string expected = slurp(kData / (e.name + ".out"));
    HarnessResult r = run_in_process(e.exe, input);
    EXPECT_EQ(r.status, 0) << r.err;
    if (e.exe == "xstream") {
      EXPECT_EQ(r.out, expected);
    } else {
      EXPECT_EQ(strip(r.out), strip(expected));
    }
  }
}

TEST(EvolutionExamples, Executables) {
  for (const Example& e : examples()) {
    SCOPED_TRACE(e.name);
    const std::string cmd = std::string(ARENA_TEST_BIN_DIR) + "/" + e.exe + " < " +
                            (kData / (e.name + ".in")).string() + " 2>/dev/null";
    int status = -1;
    const std::string out = run_program(cmd, &status);
    EXPECT_EQ(status, 0);
    const std::string expected = slurp(kData / (e.name + ".out"));
    if (e.exe == "xstream") {
      EXPECT_EQ(out, expected);
    } else {
      EXPECT_EQ(strip(out), strip(expected));
    }
  }
}

TEST(EvolutionExamples, XstreamEmptyAndMalformed) {
  EXPECT_EQ(xstream("").out, "{\"count\": 0}\n");
  EXPECT_EQ(xstream(" \n\t ").out, "{\"count\": 0}\n");
  HarnessResult r = xstream("[1][2] 3 ]");
  EXPECT_EQ(r.out, "[1]\n[2]\n3\n{\"count\": 3}\n");
  EXPECT_EQ(r.status, 1);
  r = xstream("{\"k\" : \"a b\\\" c\" } 4");
  EXPECT_EQ(r.out, "{\"k\":\"a b\\\" c\"}\n4\n{\"count\": 2}\n");
  EXPECT_EQ(r.status, 0);
}

const char* kXmain3 = "1 player id: 1 score: 2\n2 player id: 3 score: 1\n3 player id: 2 score: 1\n";
const char* kXmain3Seed42 =
    "1 player id: 2 score: 15\n2 player id: 1 score: 13\n3 player id: 3 score: 13\n";
const char* kXmain8 =
    "1 player id: 3 score: 2\n2 player id: 6 score: 1\n3 player id: 1 score: 1\n"
    "4 player id: 2 score: 1\n5 player id: 4 score: 0\n6 player id: 5 score: 0\n"
    "7 player id: 7 score: 0\n8 player id: 8 score: 0\n";

TEST(EvolutionExamples, XmainInProcess) {
  const char* a3[] = {"xmain", "3"};
  EXPECT_EQ(xmain(2, a3).out, kXmain3);
  const char* a42[] = {"xmain", "3", "42"};
  EXPECT_EQ(xmain(3, a42).out, kXmain3Seed42);
  const char* a8[] = {"xmain", "8"};
  EXPECT_EQ(xmain(2, a8).out, kXmain8);
  for (std::vector<const char*> bad :
       std::vector<std::vector<const char*>>{{"xmain"},
                                             {"xmain", "2"},
                                             {"xmain", "9"},
                                             {"xmain", "3", "-1"},
                                             {"xmain", "3", "4294967296"},
                                             {"xmain", "x"},
                                             {"xmain", "3", "1", "2"}}) {
    HarnessResult r = xmain(static_cast<int>(bad.size()), bad.data());
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(r.err.empty());
  }
}

TEST(EvolutionExamples, XmainExecutable) {
  const std::string bin = std::string(ARENA_TEST_BIN_DIR) + "/xmain";
  int status = -1;
  EXPECT_EQ(run_program(bin + " 3", &status), kXmain3);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(run_program(bin + " 3 42", &status), kXmain3Seed42);
  EXPECT_EQ(run_program(bin + " 8", &status), kXmain8);
  for (const char* args : {"", " 2", " 9"}) {
    EXPECT_EQ(run_program(bin + args + " 2>/dev/null", &status), "");
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << args;
  }
}

TEST(EvolutionExamples, MalformedHarnessInputs) {
  for (const char* bad : {"", "[", "[1,2,3,4]", "{\"a\":1}", "[[[\"food\",0]]]", "null"}) {
    EXPECT_EQ(xattack(bad).status, 1) << bad;
    EXPECT_EQ(xattack(bad).out, "") << bad;
    EXPECT_EQ(xfeed(bad).status, 1) << bad;
    EXPECT_EQ(xstep(bad).status, 1) << bad;
    EXPECT_EQ(xstep4(bad).status, 1) << bad;
    EXPECT_EQ(xsilly(bad).status, 1) << bad;
  }
  // A Step4 whose length differs from the number of players.
  HarnessResult r = xstep4(
      "[[[[[\"id\",1],[\"species\",[]],[\"bag\",0],[\"cards\",[[1,\"horns\"]]]]],0,[]],"
      "[[0,[],[],[],[]],[0,[],[],[],[]]]]");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  // xfeed: the watering hole must be Natural+.
  EXPECT_EQ(xfeed("[[[\"id\",1],[\"species\",[]],[\"bag\",0]],0,[]]").status, 1);
  // xsilly with no cards prints nothing.
  r = xsilly("[[[\"id\",1],[\"species\",[]],[\"bag\",0]],[],[]]");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
}

TEST(EvolutionExamples, XsillyWithFewCards) {
  auto run = [](const char* cards) {
    return strip(xsilly(std::string("[[[\"id\",1],[\"species\",[]],[\"bag\",0],[\"cards\",") +
                        cards + "]],[],[]]")
                     .out);
  };
  EXPECT_EQ(run("[[1,\"horns\"]]"), "[0,[],[],[],[]]");
  EXPECT_EQ(run("[[1,\"horns\"],[0,\"ambush\"]]"), "[1,[],[],[[0]],[]]");
  EXPECT_EQ(run("[[1,\"horns\"],[0,\"ambush\"],[2,\"carnivore\"]]"), "[1,[],[],[[2,0]],[]]");
}

}  // namespace
}  // namespace arena::evolution
