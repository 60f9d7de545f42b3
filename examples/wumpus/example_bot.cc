// A small, careful Wumpus bot in C++: it walks only onto cells it has proven safe, grabs the gold
// when it glitters, and walks home to exit. It uses nothing but the standard library, so it builds
// with `g++ -std=c++20 -O2 example_bot.cc -o example_bot`. Run it with:
//
//   arena play wumpus --seat hero=./example_bot --seed 1
#include <array>
#include <deque>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::array<std::pair<int, int>, 4> kDirs = {{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}};  // N E S W

struct Pose {
  int x = 0, y = 0, heading = 0;
  bool operator<(const Pose& o) const {
    return std::tie(x, y, heading) < std::tie(o.x, o.y, o.heading);
  }
};

class CarefulBot {
 public:
  void start(int width, int height) { width_ = width, height_ = height; }

  std::string act(const std::set<std::string>& percept) {
    if (!percept.count("breeze") && !percept.count("stench"))
      for (auto n : neighbours(pose_.x, pose_.y)) safe_.insert(n);
    if (percept.count("glitter") && !has_gold_) {
      has_gold_ = true;
      plan_.clear();
      return "grab";
    }
    if (plan_.empty()) {
      std::set<std::pair<int, int>> unexplored;
      for (auto c : safe_)
        if (!visited_.count(c)) unexplored.insert(c);
      std::vector<std::string> route;
      if (!has_gold_) route = route_to(unexplored);
      if (route.empty()) {
        route = route_to({{0, 0}});
        route.push_back("exit");
      }
      plan_.assign(route.begin(), route.end());
    }
    std::string action = plan_.front();
    plan_.pop_front();
    if (action == "go") {
      pose_.x += kDirs[pose_.heading].first;
      pose_.y += kDirs[pose_.heading].second;
      visited_.insert({pose_.x, pose_.y});
    } else if (action == "rotateL") {
      pose_.heading = (pose_.heading + 3) % 4;
    } else if (action == "rotateR") {
      pose_.heading = (pose_.heading + 1) % 4;
    }
    return action;
  }

 private:
  std::vector<std::pair<int, int>> neighbours(int x, int y) const {
    std::vector<std::pair<int, int>> out;
    for (auto [dx, dy] : kDirs)
      if (x + dx >= 0 && x + dx < width_ && y + dy >= 0 && y + dy < height_)
        out.push_back({x + dx, y + dy});
    return out;
  }

  // Breadth-first search over (cell, heading) through safe cells; empty if no goal is reachable
  // (or the hero already stands on one).
  std::vector<std::string> route_to(const std::set<std::pair<int, int>>& goals) const {
    std::map<Pose, std::pair<Pose, std::string>> prev;
    std::deque<Pose> queue = {pose_};
    prev[pose_] = {pose_, ""};
    while (!queue.empty()) {
      Pose p = queue.front();
      queue.pop_front();
      if (goals.count({p.x, p.y})) {
        std::vector<std::string> actions;
        for (Pose at = p; prev[at].second != ""; at = prev[at].first)
          actions.insert(actions.begin(), prev[at].second);
        return actions;
      }
      Pose left = p, right = p, ahead = p;
      left.heading = (p.heading + 3) % 4;
      right.heading = (p.heading + 1) % 4;
      ahead.x += kDirs[p.heading].first;
      ahead.y += kDirs[p.heading].second;
      std::vector<std::pair<Pose, std::string>> moves = {{left, "rotateL"}, {right, "rotateR"}};
      if (safe_.count({ahead.x, ahead.y})) moves.push_back({ahead, "go"});
      for (auto& [next, action] : moves) {
        if (prev.count(next)) continue;
        prev[next] = {p, action};
        queue.push_back(next);
      }
    }
    return {};
  }

  int width_ = 4, height_ = 4;
  Pose pose_;
  bool has_gold_ = false;
  std::set<std::pair<int, int>> visited_ = {{0, 0}}, safe_ = {{0, 0}};
  std::deque<std::string> plan_;
};

}  // namespace

int main() {
  CarefulBot bot;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first)) continue;
    if (first == "start") {
      int width = 4, height = 4;
      words >> width >> height;
      bot.start(width, height);
      continue;
    }
    if (first == "end") break;
    std::set<std::string> percept = {first};
    for (std::string w; words >> w;) percept.insert(w);
    std::cout << bot.act(percept) << std::endl;  // std::endl flushes: one answer per percept
  }
  return 0;
}
