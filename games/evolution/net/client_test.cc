// The protocol pieces without processes: ClientSession's classification (§8.5) and replies, and
// RemotePlayer's verdicts (§8.8) over a socketpair.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/tcp.h"
#include "games/evolution/json.h"
#include "games/evolution/net/client.h"
#include "games/evolution/net/remote_player.h"
#include "games/evolution/net/signup.h"
#include "games/evolution/silly.h"

namespace arena::evolution {
namespace {

constexpr const char* kStart =
    R"([0,0,[[["food",0],["body",0],["population",1],["traits",[]]]],[[3,"horns"],[-3,"pack-hunting"],[0,"cooperation"],[3,"fertile"]]])";
constexpr const char* kChoose =
    R"([[],[[[["food",0],["body",0],["population",1],["traits",[]]]],[[["food",0],["body",0],["population",1],["traits",[]]]]]])";

TEST(ClientSession, PlaysTheExampleSessionOfTheSpec) {
  SillyPlayer silly;
  ClientSession s(silly);
  EXPECT_EQ(ClientSession::signup("silly"), "\"silly\"\n");
  std::string out;
  EXPECT_TRUE(s.on_message("\"ok\"", out));
  EXPECT_TRUE(s.on_message(kStart, out));
  EXPECT_EQ(out, "");
  EXPECT_TRUE(s.on_message(kChoose, out));
  EXPECT_EQ(out, "[2,[[1,1]],[],[[3,0]],[]]\n");  // §8.9, the remote form
  out.clear();
  const std::string state =
      R"([0,[[["food",0],["body",0],["population",1],["traits",[]]],[["food",0],["body",1],["population",2],["traits",["horns"]]]],[[3,"warning-call"],[1,"scavenger"]],4,[[[["food",0],["body",0],["population",1],["traits",[]]],[["food",0],["body",1],["population",2],["traits",["symbiosis"]]]],[[["food",0],["body",0],["population",1],["traits",[]]],[["food",0],["body",1],["population",2],["traits",["foraging"]]]]]])";
  EXPECT_TRUE(s.on_message(state, out));
  EXPECT_EQ(out, "1\n");  // §8.9, turn 2
}

TEST(ClientSession, RefusesWhatItCannotClassify) {
  Hub hub;
  SillyPlayer silly;
  for (const char* first : {"\"no\"", "[1]", "3"}) {
    ClientSession s(silly);
    std::string out;
    EXPECT_FALSE(s.on_message(first, out)) << first;
  }
  for (const char* m : {"[1,2,3]", "{}", "\"ok\"", "[1,2,3,4,5,6]", "[0,0,[],[[9,\"horns\"]]]"}) {
    ClientSession s(silly);
    std::string out;
    ASSERT_TRUE(s.on_message("\"ok\"", out));
    EXPECT_FALSE(s.on_message(m, out)) << m;
    EXPECT_FALSE(s.error().empty());
  }
}

// The same PlayerBot plays over TCP and in process: on an in-process seat it signs up as soon as
// the seat opens (on_open, as a TCP client does once connected) and then answers the example
// session of §8.9 over the bytes, read by the server's own sign-up and reply framing.
TEST(PlayerBot, SignsUpAndAnswersOverAnInProcessSeat) {
  Hub hub;
  auto seat = make_in_process_seat(hub, make_player_bot(std::make_unique<SillyPlayer>(), "silly"),
                                   bot_input_framer(), reply_framer());
  std::string name, why;
  ASSERT_TRUE(read_signup(*seat, Deadline::after_ms(5000), &name, &why)) << why;
  EXPECT_EQ(name, "silly");
  seat->send(kStart);
  seat->send(kChoose);
  Received r = seat->receive(Deadline::after_ms(5000));
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.message, "[2,[[1,1]],[],[[3,0]],[]]");
  // Something it cannot classify: it stops, says why, and its side closes.
  seat->send("[1,2,3]");
  r = seat->receive(Deadline::after_ms(5000));
  EXPECT_EQ(r.verdict, Verdict::closed);
  EXPECT_NE(seat->take_stderr().text.find("cannot classify an array of 3 elements"),
            std::string::npos);
}

TEST(PlayerBot, SignsUpOnceWhenOpened) {
  SillyPlayer silly;
  PlayerBot bot(silly, "me");
  std::string out;
  bot.on_open(out);
  bot.on_open(out);
  EXPECT_EQ(out, "\"me\"\n");
  bot.on_message("\"ok\"", out);
  EXPECT_TRUE(bot.signed_up());
  EXPECT_FALSE(bot.finished());
}

// A RemotePlayer over one end of a socketpair; the test writes the client's bytes on the other.
struct Pair {
  int client = -1;
  Hub hub;
  std::unique_ptr<Seat> seat;
  std::unique_ptr<RemotePlayer> remote;
  explicit Pair(int limit_ms = 200) {
    int fds[2];
    EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), 0);
    client = fds[1];
    seat = make_socket_seat(hub, fds[0], reply_framer());
    remote = std::make_unique<RemotePlayer>(*seat, std::chrono::milliseconds(limit_ms));
  }
  ~Pair() { ::close(client); }
  void say(const std::string& s) {
    ASSERT_EQ(::write(client, s.data(), s.size()), (ssize_t)s.size());
  }
  // The failure verdict of a choose call after `reply` was written (ok when it succeeded), as
  // the replay writes it.
  std::string choose_after(const std::string& reply) {
    if (!reply.empty()) say(reply);
    try {
      remote->choose({}, {});
      EXPECT_FALSE(remote->failed());
      return std::string(to_string(Verdict::ok));
    } catch (const ClientFailure& f) {
      EXPECT_TRUE(remote->failed());
      EXPECT_EQ(remote->failure().verdict, f.verdict());
      EXPECT_EQ(remote->failure().detail, f.what());
      return std::string(to_string(f.verdict()));
    }
  }
};

// The core verdicts every game shares. Well-formed JSON of the wrong shape is `malformed` (replays
// written before the common error model called it "shape"); the detail tells the two apart.
TEST(RemotePlayer, GivesOneVerdictPerMisbehaviour) {
  EXPECT_EQ(Pair().choose_after("[0,[[0,1]],[],[[1]],[]]\n"), "ok");
  EXPECT_EQ(Pair().choose_after("@"), "malformed");
  EXPECT_EQ(Pair().choose_after("[0,[[\"population\",0,1]],[],[],[]] "), "malformed");
  EXPECT_EQ(Pair().choose_after("[0,["), "timeout");
  EXPECT_EQ(Pair().choose_after("[" + std::string(70000, ' ')), "too_long");
  Pair closed;
  ::shutdown(closed.client, SHUT_WR);
  EXPECT_EQ(closed.choose_after(""), "closed");
}

TEST(RemotePlayer, AWrongShapeIsMalformedAndSaysSo) {
  Pair p;
  EXPECT_EQ(p.choose_after("[0,[[\"population\",0,1]],[],[],[]] "), "malformed");
  EXPECT_NE(p.remote->failure().detail.find("well-formed JSON of the wrong shape, not a "
                                            "RemoteAction4"),
            std::string::npos)
      << p.remote->failure().detail;
  Pair garbage;
  EXPECT_EQ(garbage.choose_after("@"), "malformed");
  EXPECT_NE(garbage.remote->failure().detail.find("is not well-formed JSON"), std::string::npos)
      << garbage.remote->failure().detail;
}

TEST(RemotePlayer, StaysFailedAndClosesTheConnection) {
  Pair p;
  EXPECT_EQ(p.choose_after("true "), "malformed");
  // The client reads the Choose, then the end of the stream.
  char buf[4096];
  ssize_t total = 0, n;
  while ((n = ::read(p.client, buf, sizeof buf)) > 0) total += n;
  EXPECT_GT(total, 0);
  EXPECT_EQ(n, 0);
  EXPECT_THROW(p.remote->choose({}, {}), ClientFailure);
}

// §5.2 calls it cheating, §8.8 a reply not of the expected shape: the verdict is `malformed`
// (replays written before the common error model said "cheating"), the detail says both.
TEST(RemotePlayer, ANonFeedingChoiceIsMalformedCheating) {
  Pair p;
  p.say("true\n");
  try {
    p.remote->feed_next(0, {}, {}, 1, {});
    FAIL();
  } catch (const ClientFailure& f) {
    EXPECT_EQ(f.verdict(), Verdict::malformed);
    EXPECT_NE(std::string(f.what()).find("wrong shape, not a FeedingChoice (cheating by §5.2)"),
              std::string::npos)
        << f.what();
  }
}

}  // namespace
}  // namespace arena::evolution
