// A built-in bot on a thread of its own (core/hub.h): it reads the bytes the referee sends through
// the framer a program would use, answers with the bytes a program would write, and reports them
// through callbacks (which the hub turns into events of its loop). Several bots of one match can so
// think at once, as programs would.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/framer.h"
#include "core/message_bot.h"
#include "core/verdict.h"

namespace arena {

class BotWorker {
 public:
  struct Callbacks {
    // Answer bytes (may be empty) and the bot's log written while it made them.
    std::function<void(std::string bytes, std::string log)> output;
    // Everything sent up to message number `seq` was handled and the bot waits for more.
    std::function<void(uint64_t seq)> idle;
    // The bot is gone: finished (closed), threw or could not read its input (crashed).
    std::function<void(Verdict verdict, std::string detail)> end;
  };

  BotWorker(std::unique_ptr<MessageBot> bot, std::unique_ptr<Framer> to_bot, Callbacks callbacks);
  ~BotWorker();  // closes the input and joins the thread
  BotWorker(const BotWorker&) = delete;
  BotWorker& operator=(const BotWorker&) = delete;

  // Bytes for the bot; `seq` numbers the messages so that idle reports can be matched.
  void push(std::string bytes, uint64_t seq);
  // No more input: the bot ends once it has handled what it has (like a program at EOF).
  void close_input();
  // The thread has ended: destroying the worker will not wait.
  bool done() const { return done_.load(); }

 private:
  void run();
  // Handles every complete message `to_bot_` holds. False once the bot is gone.
  bool handle_messages();

  std::unique_ptr<MessageBot> bot_;
  std::unique_ptr<Framer> to_bot_;
  Callbacks cb_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::pair<std::string, uint64_t>> inbox_;
  bool input_closed_ = false;
  std::atomic<bool> done_{false};
  std::thread thread_;  // last: started once everything else is ready
};

}  // namespace arena
