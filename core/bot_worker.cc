#include "core/bot_worker.h"

#include <exception>

namespace arena {

BotWorker::BotWorker(std::unique_ptr<MessageBot> bot, std::unique_ptr<Framer> to_bot,
                     Callbacks callbacks)
    : bot_(std::move(bot)), to_bot_(std::move(to_bot)), cb_(std::move(callbacks)) {
  thread_ = std::thread([this] {
    run();
    done_ = true;
  });
}

BotWorker::~BotWorker() {
  close_input();
  if (thread_.joinable()) thread_.join();
}

void BotWorker::push(std::string bytes, uint64_t seq) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (input_closed_) return;
    inbox_.emplace_back(std::move(bytes), seq);
  }
  wake_.notify_one();
}

void BotWorker::close_input() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    input_closed_ = true;
  }
  wake_.notify_one();
}

bool BotWorker::handle_messages() {
  for (;;) {
    Frame in = to_bot_->next();
    if (in.is_error()) {
      cb_.end(Verdict::crashed, "the bot cannot read its input: " + in.detail);
      return false;
    }
    if (!in.is_message()) return true;
    std::string out;
    try {
      bot_->on_message(in.message, out);
    } catch (const std::exception& e) {
      cb_.output(std::move(out), bot_->take_log());
      cb_.end(Verdict::crashed, std::string("the bot threw: ") + e.what());
      return false;
    }
    cb_.output(std::move(out), bot_->take_log());
    if (bot_->finished()) {
      cb_.end(Verdict::closed, "the bot has finished");
      return false;
    }
  }
}

void BotWorker::run() {
  uint64_t handled = 0;
  {
    std::string out;
    try {
      bot_->on_open(out);
    } catch (const std::exception& e) {
      cb_.end(Verdict::crashed, std::string("the bot threw: ") + e.what());
      return;
    }
    if (!out.empty()) cb_.output(std::move(out), bot_->take_log());
  }
  for (;;) {
    std::deque<std::pair<std::string, uint64_t>> batch;
    bool closed = false;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return !inbox_.empty() || input_closed_; });
      batch.swap(inbox_);
      closed = input_closed_;
    }
    for (auto& [bytes, seq] : batch) {
      to_bot_->feed(bytes);
      handled = seq;
      if (!handle_messages()) return;
    }
    if (closed) {
      Frame last = to_bot_->finish();
      if (last.is_message()) {
        std::string out;
        try {
          bot_->on_message(last.message, out);
        } catch (const std::exception& e) {
          cb_.end(Verdict::crashed, std::string("the bot threw: ") + e.what());
          return;
        }
        cb_.output(std::move(out), bot_->take_log());
      }
      cb_.end(Verdict::closed, "the bot's input was closed");
      return;
    }
    cb_.idle(handled);
  }
}

}  // namespace arena
