// A plain main for the fuzz targets, so that g++ builds run them in `make test` without clang or
// libFuzzer: it runs every corpus file, then -runs=N inputs made by deterministic mutations of the
// corpus (seeded by -seed=S, default 1), and stops at the first abort with the input saved as
// crash-<target> in the working directory. Usage mirrors libFuzzer's:
//   <target> [-runs=N] [-seed=S] [-max_len=L] FILE_OR_DIR...
// It is no replacement for coverage-guided fuzzing (docs/fuzzing.md): it is a fast regression run
// of the corpus plus a bounded random neighbourhood of it.
#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/rng.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

// The input being run, for the abort handler. A copy, so the handler never reads freed memory.
std::string g_current;
std::string g_crash_path;

extern "C" void on_abort(int) {
  if (FILE* f = std::fopen(g_crash_path.c_str(), "wb")) {
    std::fwrite(g_current.data(), 1, g_current.size(), f);
    std::fclose(f);
  }
  std::fprintf(stderr, "fuzz driver: input of %zu bytes saved as %s\n", g_current.size(),
               g_crash_path.c_str());
  std::signal(SIGABRT, SIG_DFL);
  std::abort();
}

void run(const std::string& input) {
  g_current = input;
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(g_current.data()), g_current.size());
}

// Bytes that often matter to the parsers: delimiters, digits, signs, quotes, control bytes.
constexpr std::string_view kInteresting = "\n\r\t ()[]{}\",:;-+0123456789.eE\\\x00\x7f\x80\xff";

std::string mutate(std::string s, const std::vector<std::string>& corpus, arena::Rng& rng,
                   size_t max_len) {
  int steps = 1 + static_cast<int>(rng.below(6));
  for (int i = 0; i < steps; ++i) {
    size_t n = s.size();
    switch (rng.below(9)) {
      case 0:  // flip a bit
        if (n) s[rng.below(n)] ^= static_cast<char>(1u << rng.below(8));
        break;
      case 1:  // any byte
        if (n) s[rng.below(n)] = static_cast<char>(rng.below(256));
        break;
      case 2:  // insert an interesting byte
        s.insert(s.begin() + static_cast<long>(rng.below(n + 1)),
                 kInteresting[rng.below(kInteresting.size())]);
        break;
      case 3:  // replace with an interesting byte
        if (n) s[rng.below(n)] = kInteresting[rng.below(kInteresting.size())];
        break;
      case 4:  // erase a range
        if (n) {
          size_t at = rng.below(n);
          s.erase(at, 1 + rng.below(std::min<size_t>(n - at, 16)));
        }
        break;
      case 5:  // duplicate a range
        if (n) {
          size_t at = rng.below(n);
          std::string piece = s.substr(at, 1 + rng.below(std::min<size_t>(n - at, 32)));
          s.insert(rng.below(n + 1), piece);
        }
        break;
      case 6:  // splice in a piece of another corpus entry
        if (!corpus.empty()) {
          const std::string& o = corpus[rng.below(corpus.size())];
          if (!o.empty()) {
            size_t at = rng.below(o.size());
            s.insert(rng.below(n + 1),
                     o.substr(at, 1 + rng.below(std::min<size_t>(o.size() - at, 64))));
          }
        }
        break;
      case 7:  // truncate
        if (n) s.resize(rng.below(n));
        break;
      case 8:  // change a digit run to an extreme number
        if (n) {
          static const char* kNumbers[] = {
              "0",           "-1",         "2147483647",          "2147483648",
              "-2147483649", "4294967296", "9223372036854775808", "1e999",
              "99"};
          s.insert(rng.below(n + 1), kNumbers[rng.below(std::size(kNumbers))]);
        }
        break;
    }
  }
  if (s.size() > max_len) s.resize(max_len);
  return s;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  long runs = 0;
  uint64_t seed = 1;
  size_t max_len = 4096;
  std::vector<std::string> corpus;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("-runs=", 0) == 0) {
      runs = std::atol(a.c_str() + 6);
    } else if (a.rfind("-seed=", 0) == 0) {
      seed = std::strtoull(a.c_str() + 6, nullptr, 10);
    } else if (a.rfind("-max_len=", 0) == 0) {
      max_len = std::strtoull(a.c_str() + 9, nullptr, 10);
    } else if (std::filesystem::is_directory(a)) {
      std::vector<std::filesystem::path> files;
      for (const auto& e : std::filesystem::directory_iterator(a))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());  // directory order is not stable
      for (const auto& f : files) corpus.push_back(read_file(f));
    } else if (std::filesystem::is_regular_file(a)) {
      corpus.push_back(read_file(a));
    } else {
      std::fprintf(stderr, "fuzz driver: no such file or directory: %s\n", a.c_str());
      return 2;
    }
  }
  g_crash_path = "crash-" + std::filesystem::path(argv[0]).filename().string();
  std::signal(SIGABRT, on_abort);

  run("");
  for (const auto& c : corpus) run(c);
  arena::Rng rng(seed);
  for (long i = 0; i < runs; ++i) {
    std::string base = corpus.empty() ? std::string() : corpus[rng.below(corpus.size())];
    run(mutate(std::move(base), corpus, rng, max_len));
  }
  std::printf("fuzz driver: %zu corpus inputs and %ld mutated inputs, no property broken\n",
              corpus.size(), runs);
  return 0;
}
