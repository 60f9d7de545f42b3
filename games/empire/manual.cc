// The manual strategy of spec §8.2: a person plays from a terminal, like the seed's transcript.
// Each query prompts on stdout and sends the typed line as it is; each reply is printed.
#include <charconv>
#include <cstdio>
#include <iostream>

#include "core/framers.h"
#include "core/tcp.h"
#include "games/empire/client.h"
#include "games/empire/server.h"

namespace arena::empire {
namespace {

class Manual : public Strategy {
 public:
  std::string choose_start(const Mirror&) override { return ask("Start Location: "); }
  std::string choose_build(const Mirror&) override { return ask("Build Command: "); }
  std::string choose_move(const Mirror&) override { return ask("Move Command: "); }
  void process_result(const Mirror&, const Sexpr& reply) override {
    std::cout << to_string(reply) << "\n" << std::flush;
  }
  void timed_out() override { std::cout << "(TIMEOUT) -- your answer came too late\n"; }

 private:
  static std::string ask(const char* prompt) {
    std::cout << prompt << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return "nil";  // end of input: pass
    return line.empty() ? "nil" : line;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_manual_strategy() {
  return std::make_unique<Manual>();
}

int client_main(const std::vector<std::string>& args, const std::string& program) {
  const std::string usage = "usage: " + program +
                            " HOST PORT NAME [strategy=ai|manual|reference|greedy] "
                            "[think_ms=N] [log=FILE]  (or --host H --port P --name NAME)";
  std::vector<std::string> positional;
  std::string host, name, strategy = "ai";
  StrategyLimits limits;
  int port = -1;
  for (size_t k = 0; k < args.size(); ++k) {
    const std::string& a = args[k];
    auto value = [&](std::string& into) {
      if (k + 1 >= args.size()) return false;
      into = args[++k];
      return true;
    };
    std::string v;
    if (a == "--host") {
      if (!value(host)) return std::cerr << usage << "\n", 64;
    } else if (a == "--port") {
      if (!value(v)) return std::cerr << usage << "\n", 64;
      port = std::atoi(v.c_str());
    } else if (a == "--name") {
      if (!value(name)) return std::cerr << usage << "\n", 64;
    } else if (a.rfind("strategy=", 0) == 0) {
      strategy = a.substr(9);
    } else if (a.rfind("think_ms=", 0) == 0) {
      // §8.3's think_ms: the built-in strategies' safety stop (their work is bounded anyway).
      const std::string v = a.substr(9);
      long ms = 0;
      auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), ms);
      if (ec != std::errc() || end != v.data() + v.size() || ms < 1 || ms > 3600000) {
        std::cerr << program << ": think_ms must be a whole number of milliseconds from 1 to "
                  << "3600000, not '" << v << "'\n";
        return 64;
      }
      limits.think = std::chrono::milliseconds(ms);
    } else if (a.rfind("log=", 0) == 0) {
      // The client's diagnostics (server ERROR lines, unreadable lines) go to this file.
      if (!std::freopen(a.substr(4).c_str(), "w", stderr)) {
        std::cout << program << ": " << a << ": cannot write the file\n";
        return 64;
      }
    } else {
      positional.push_back(a);
    }
  }
  if (positional.size() >= 1 && host.empty()) host = positional[0];
  if (positional.size() >= 2 && port < 0) port = std::atoi(positional[1].c_str());
  if (positional.size() >= 3 && name.empty()) name = positional[2];
  if (name.empty()) name = strategy == "ai" ? "reference" : strategy;
  if (host.empty() || port <= 0 || port > 65535) {
    std::cerr << usage << "\n";
    return 64;
  }
  if (!valid_name(name)) {
    std::cerr << program << ": NAME must be 1-32 letters, digits, '-', '_', '.'\n";
    return 64;
  }
  auto s = make_strategy(strategy, limits);
  if (!s) {
    std::cerr << program << ": unknown strategy '" << strategy
              << "' (ai, manual, reference, greedy)\n";
    return 64;
  }
  ClientBot bot(name, std::move(s));
  auto framer = make_sexpr_framer();
  run_bot_tcp(bot, *framer, host, port);
  if (bot.refused()) {
    std::cerr << program << ": " << bot.outcome() << "\n";
    return 1;
  }
  if (bot.outcome().empty()) {
    std::cerr << program << ": the server closed the connection before the game was over\n";
    return 1;
  }
  std::cout << bot.outcome() << "\n";
  return 0;
}

}  // namespace arena::empire
