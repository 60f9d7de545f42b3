#include "core/hub.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <cerrno>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "core/bot_worker.h"
#include "core/process.h"
#include "core/tcp.h"

namespace arena {

namespace asio = boost::asio;
using Descriptor = asio::posix::stream_descriptor;
using ErrorCode = boost::system::error_code;

namespace {

constexpr size_t kReadChunk = 64 * 1024;

void ignore_sigpipe() {
  // Writing to a pipe or socket whose reader died must give EPIPE, never kill us.
  static std::once_flag once;
  std::call_once(once, [] { signal(SIGPIPE, SIG_IGN); });
}

using Buffer = std::shared_ptr<std::vector<char>>;
Buffer make_buffer() {
  return std::make_shared<std::vector<char>>(kReadChunk);
}

}  // namespace

struct Hub::Impl {
  struct Conn {
    ConnId id = -1;
    std::unique_ptr<Framer> framer;
    std::unique_ptr<Descriptor> in;   // read side (also the write side of a socket)
    std::unique_ptr<Descriptor> out;  // write side of a pipe pair; null for a socket
    bool socket = false;              // `in` is a socket used both ways
    Buffer buf = make_buffer();
    bool reading = false;
    bool eof = false;              // no more bytes will come
    bool finish_done = false;      // framer->finish() was called
    bool error_delivered = false;  // a fatal framer error was handed out once
    std::optional<Frame> peeked;   // the next frame, taken from the framer but not handed out
    Verdict end_verdict = Verdict::closed;
    std::string end_detail;
    bool end_reported = false;
    bool in_ring = false;
    bool held = false;  // skipped by next()
    // Output: chunks whose memory stays put while a write of the first ones is under way.
    std::deque<std::string> out_chunks;
    size_t out_front_pos = 0, out_queued = 0;
    bool writing = false, write_failed = false, close_when_flushed = false, write_closed = false;
    bool in_unflushed = false;  // listed in Impl::unflushed
    size_t max_output = 0;
    // In-process bot.
    std::unique_ptr<BotWorker> bot;
    uint64_t sent_seq = 0;  // messages handed to the bot
    bool bot_idle = false;  // the bot consumed everything sent and waits for input
  };
  struct Drain {
    std::unique_ptr<Descriptor> sd;
    BoundedCapture* sink = nullptr;
    Buffer buf = make_buffer();
    bool reading = false, eof = false;
  };
  struct Listener {
    std::unique_ptr<TcpListener> socket;
    std::unique_ptr<Descriptor> waiter;  // a second fd on the listening socket, for readiness
    std::function<std::unique_ptr<Framer>()> framer;
    ConnOptions options;
    bool refuse = false;
    std::function<void()> on_refused;
  };

  asio::io_context io;
  asio::executor_work_guard<asio::io_context::executor_type> work{io.get_executor()};
  std::map<ConnId, std::unique_ptr<Conn>> conns;
  std::map<DrainId, Drain> drains;
  std::map<ListenerId, Listener> listeners;
  std::multimap<Clock::time_point, TimerId> timers;
  std::map<TimerId, Clock::time_point> timer_at;
  std::deque<ConnId> ring;       // connections with a frame or their end to hand out
  std::deque<HubEvent> pending;  // accepted connections, in order
  // With batch_writes (Hub::batch_writes): connections with output queued since the loop last
  // ran. Their writes start when the referee hands control back to the hub (flush()), not inside
  // the handler that sent, so that an event's frames to one connection leave in one gathered
  // write and handling an event never waits on a send system call (Dungeon Race §14.2 measures
  // that handling). Without it, send() starts the write at once.
  bool batch_writes = false;
  std::vector<ConnId> unflushed;
  std::vector<std::unique_ptr<BotWorker>> retired_bots;  // closed, joined at destruction
  int next_id = 1;

  ~Impl() {
    flush();  // what the game sent last still leaves, as far as the peers read it
    // Bots first: their threads post to `io`, which must outlive them.
    for (auto& [id, c] : conns)
      if (c->bot) c->bot->close_input();
    for (auto& [id, c] : conns) c->bot.reset();
    retired_bots.clear();
  }

  Conn* find(ConnId id) {
    auto it = conns.find(id);
    return it == conns.end() ? nullptr : it->second.get();
  }
  Conn& get(ConnId id) {
    Conn* c = find(id);
    if (!c) throw std::logic_error("hub: unknown connection " + std::to_string(id));
    return *c;
  }

  // ---- reading

  bool ended(const Conn& c) const { return c.eof && c.finish_done && !c.peeked; }
  bool deliverable(const Conn& c) const { return c.peeked || (ended(c) && !c.end_reported); }

  void mark_ready(Conn& c) {
    if (!c.in_ring && !c.held && deliverable(c)) {
      c.in_ring = true;
      ring.push_back(c.id);
    }
  }

  // Takes the next frame from the framer when none is waiting, notices the end of the stream, and
  // reads more only when no frame waits (so a peer can never make us buffer without bound).
  void refill(Conn& c) {
    if (!c.peeked && !(c.error_delivered && c.framer->is_failed())) {
      Frame f = c.framer->next();
      if (f.is_message() || f.is_error()) {
        c.peeked = std::move(f);
      } else if (c.eof && !c.finish_done) {
        c.finish_done = true;
        Frame last = c.framer->finish();
        if (last.is_message()) {
          c.peeked = std::move(last);
        } else if (last.is_error() && last.error == Verdict::malformed) {
          // Half a message then EOF is a peer that went away, not garbage.
          if (c.end_detail.empty() && c.end_verdict == Verdict::closed)
            c.end_detail = "closed in the middle of a message: " + last.detail;
        } else if (last.is_error()) {
          c.peeked = std::move(last);
        }
      }
    }
    if (c.error_delivered && c.framer->is_failed() && !c.eof) {
      // Nothing will ever be framed again: stop reading, and say why once.
      c.eof = c.finish_done = true;
      if (c.end_detail.empty()) c.end_detail = "input refused after a fatal framing error";
      close_read(c);
    }
    if (c.eof && !c.finish_done && !c.peeked) {
      refill(c);  // the stream ended with nothing buffered: finish() now
      return;
    }
    if (!c.peeked && !c.eof) start_read(c);
    mark_ready(c);
  }

  void start_read(Conn& c) {
    if (c.reading || c.eof || !c.in) return;
    c.reading = true;
    c.in->async_read_some(asio::buffer(*c.buf),
                          [this, id = c.id, buf = c.buf](const ErrorCode& ec, size_t n) {
                            Conn* c = find(id);
                            if (!c || ec == asio::error::operation_aborted) return;
                            c->reading = false;
                            if (n > 0) c->framer->feed(std::string_view(buf->data(), n));
                            if (ec) {
                              c->eof = true;
                              if (ec != asio::error::eof && c->end_detail.empty())
                                c->end_detail = "read failed: " + ec.message();
                            }
                            refill(*c);
                          });
  }

  // Hands out what `c` has: its next frame, or its end once.
  std::optional<HubEvent> take(Conn& c) {
    HubEvent e;
    e.conn = c.id;
    if (c.peeked) {
      Frame f = std::move(*c.peeked);
      c.peeked.reset();
      if (f.is_message()) {
        e.kind = HubEvent::Kind::message;
        e.message = std::move(f.message);
      } else {
        e.kind = HubEvent::Kind::error;
        e.verdict = f.error;
        e.detail = std::move(f.detail);
        if (c.framer->is_failed()) c.error_delivered = true;
      }
      refill(c);
      return e;
    }
    if (ended(c) && !c.end_reported) {
      c.end_reported = true;
      e.kind = HubEvent::Kind::closed;
      e.verdict = c.end_verdict;
      e.detail = c.end_detail.empty() ? "end of stream" : c.end_detail;
      return e;
    }
    return std::nullopt;
  }

  void close_read(Conn& c) {
    if (c.socket) {
      if (c.in) ::shutdown(c.in->native_handle(), SHUT_RD);
    } else {
      c.in.reset();
    }
    c.reading = false;
  }

  // ---- writing

  Descriptor* writer(Conn& c) { return c.socket ? c.in.get() : c.out.get(); }

  void queue(Conn& c, std::string bytes) {
    if (c.bot) {
      if (c.write_closed) return;
      c.bot_idle = false;
      c.bot->push(std::move(bytes), ++c.sent_seq);
      return;
    }
    if (c.write_closed || !writer(c)) {
      c.write_failed = true;  // the write side is closed: the bytes cannot go anywhere
      return;
    }
    if (c.write_failed || bytes.empty()) return;
    c.out_queued += bytes.size();
    c.out_chunks.push_back(std::move(bytes));
    if (c.out_queued > c.max_output) {
      overflow(c);
      return;
    }
    if (!batch_writes) {
      start_write(c);
    } else if (!c.writing && !c.in_unflushed) {
      c.in_unflushed = true;
      unflushed.push_back(c.id);
    }
  }

  // Starts the writes of everything queued since the last flush (start_write never queues).
  void flush() {
    for (ConnId id : unflushed)
      if (Conn* c = find(id)) flush(*c);
    unflushed.clear();
  }
  void flush(Conn& c) {
    if (!c.in_unflushed) return;
    c.in_unflushed = false;
    start_write(c);
  }
  // The loop's two ways to run handlers; both flush first.
  void poll() {
    flush();
    io.poll();
  }

  void overflow(Conn& c) {
    c.end_verdict = Verdict::too_long;
    c.end_detail = "its unread input passed " + std::to_string(c.max_output) +
                   " bytes (it does not read what it is sent): connection closed";
    c.peeked.reset();
    shut(c);
    c.eof = c.finish_done = true;
    mark_ready(c);
  }

  // One write of up to kGather queued chunks (writev), the first from out_front_pos.
  static constexpr size_t kGather = 16;
  void start_write(Conn& c) {
    Descriptor* w = writer(c);
    if (c.writing || c.out_chunks.empty() || !w) return;
    c.writing = true;
    std::array<asio::const_buffer, kGather> bufs{};  // unused entries stay empty
    size_t skip = c.out_front_pos, k = 0;
    for (const std::string& chunk : c.out_chunks) {
      if (k == kGather) break;
      bufs[k++] = asio::buffer(chunk.data() + skip, chunk.size() - skip);
      skip = 0;
    }
    w->async_write_some(bufs, [this, id = c.id](const ErrorCode& ec, size_t n) {
      Conn* c = find(id);
      if (!c || ec == asio::error::operation_aborted) return;
      c->writing = false;
      // Closed meanwhile (a write completed at once is reported later): the queue is gone.
      if (c->write_closed || c->out_chunks.empty()) return;
      if (ec) {
        // EPIPE, ECONNRESET...: the peer is gone; what is queued can never be delivered.
        c->write_failed = true;
        drop_output(*c);
        if (c->close_when_flushed) close_write(*c);
        return;
      }
      c->out_queued -= n;
      while (n > 0) {
        const size_t left = c->out_chunks.front().size() - c->out_front_pos;
        if (n < left) {
          c->out_front_pos += n;
          break;
        }
        n -= left;
        c->out_chunks.pop_front();
        c->out_front_pos = 0;
      }
      if (c->out_chunks.empty() && c->close_when_flushed) {
        close_write(*c);
        return;
      }
      start_write(*c);
    });
  }

  void drop_output(Conn& c) {
    c.out_chunks.clear();
    c.out_front_pos = c.out_queued = 0;
  }

  void close_write(Conn& c) {
    if (c.write_closed) return;
    c.write_closed = true;
    if (c.bot) {
      c.bot->close_input();
      return;
    }
    drop_output(c);
    if (c.socket) {
      if (c.in) ::shutdown(c.in->native_handle(), SHUT_WR);  // we keep reading the same socket
    } else {
      c.out.reset();
    }
  }

  // Closes both directions now.
  void shut(Conn& c) {
    close_write(c);
    c.in.reset();
    c.out.reset();
    c.reading = c.writing = false;
    if (c.bot) {
      c.bot->close_input();
      retired_bots.push_back(std::move(c.bot));
    }
    // Bots whose threads have ended are joined now (at once), not at the end of the match: a
    // game that starts a fresh bot per turn would otherwise keep hundreds of ended threads.
    std::erase_if(retired_bots, [](const std::unique_ptr<BotWorker>& b) { return b->done(); });
  }

  // ---- in-process bots: called on the loop's thread, through asio::post from the bot's thread.

  void bot_output(ConnId id, std::string bytes, std::string log, BoundedCapture* sink) {
    Conn* c = find(id);
    if (!c) return;
    if (sink && !log.empty()) sink->append(log);
    if (!bytes.empty()) c->framer->feed(bytes);
    refill(*c);
  }
  void bot_idle(ConnId id, uint64_t seq) {
    Conn* c = find(id);
    if (c && seq == c->sent_seq) c->bot_idle = true;
  }
  void bot_end(ConnId id, Verdict verdict, std::string detail) {
    Conn* c = find(id);
    if (!c || c->eof) return;
    c->end_verdict = verdict;
    c->end_detail = std::move(detail);
    c->eof = true;
    refill(*c);
  }

  // ---- drains

  void start_drain(DrainId id) {
    auto it = drains.find(id);
    if (it == drains.end()) return;
    Drain& d = it->second;
    if (d.reading || d.eof || !d.sd) return;
    d.reading = true;
    d.sd->async_read_some(asio::buffer(*d.buf),
                          [this, id, buf = d.buf](const ErrorCode& ec, size_t n) {
                            auto it = drains.find(id);
                            if (it == drains.end() || ec == asio::error::operation_aborted) return;
                            Drain& d = it->second;
                            d.reading = false;
                            if (n > 0 && d.sink) d.sink->append(std::string_view(buf->data(), n));
                            if (ec) {
                              d.eof = true;
                              return;
                            }
                            start_drain(id);
                          });
  }

  // Reads what the pipe holds now, synchronously, beside the pending asynchronous read (which
  // then simply finds less, or nothing, to read). False once EOF or an error was reached.
  bool read_now(Drain& d, size_t budget) {
    if (d.eof || !d.sd) return false;
    char buf[kReadChunk];
    for (size_t got = 0; got < budget;) {
      ssize_t n = ::read(d.sd->native_handle(), buf, sizeof buf);
      if (n > 0) {
        if (d.sink) d.sink->append(std::string_view(buf, static_cast<size_t>(n)));
        got += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
      d.eof = true;
      return false;
    }
    return true;
  }

  // ---- listeners

  void start_accept(ListenerId id) {
    auto it = listeners.find(id);
    if (it == listeners.end()) return;
    it->second.waiter->async_wait(Descriptor::wait_read, [this, id](const ErrorCode& ec) {
      auto it = listeners.find(id);
      if (it == listeners.end() || ec == asio::error::operation_aborted) return;
      // Readiness is reported once per arrival burst: accept everything that is there.
      for (;;) {
        int fd = it->second.socket->accept(Deadline(Clock::time_point::min()));
        if (fd < 0) break;
        if (it->second.refuse) {
          ::close(fd);
          if (it->second.on_refused) it->second.on_refused();
          continue;
        }
        ConnId conn = add_fd_conn(fd, fd, it->second.framer(), it->second.options);
        HubEvent e;
        e.kind = HubEvent::Kind::accepted;
        e.listener = id;
        e.conn = conn;
        pending.push_back(std::move(e));
      }
      start_accept(id);
    });
  }

  ConnId add_fd_conn(int read_fd, int write_fd, std::unique_ptr<Framer> framer,
                     ConnOptions options) {
    ignore_sigpipe();
    auto c = std::make_unique<Conn>();
    c->id = next_id++;
    c->framer = std::move(framer);
    c->max_output = options.max_output;
    c->socket = read_fd >= 0 && read_fd == write_fd;
    if (read_fd >= 0) c->in = std::make_unique<Descriptor>(io, read_fd);
    if (write_fd >= 0 && !c->socket) c->out = std::make_unique<Descriptor>(io, write_fd);
    if (write_fd < 0) c->write_closed = true;
    if (read_fd < 0) c->eof = true;
    Conn& ref = *c;
    conns.emplace(ref.id, std::move(c));
    refill(ref);
    return ref.id;
  }

  // ---- waiting

  std::optional<Clock::time_point> earliest_timer() const {
    if (timers.empty()) return std::nullopt;
    return timers.begin()->first;
  }

  // Runs handlers until one ran or `until` passed.
  void wait(Clock::time_point until) {
    flush();
    if (until == Clock::time_point::max()) {
      io.run_one();
    } else {
      io.run_one_until(until);
    }
  }
};

Hub::Hub() : impl_(std::make_unique<Impl>()) {
  ignore_sigpipe();
}
Hub::~Hub() = default;

ConnId Hub::adopt(int read_fd, int write_fd, std::unique_ptr<Framer> framer, ConnOptions options) {
  return impl_->add_fd_conn(read_fd, write_fd, std::move(framer), options);
}

ConnId Hub::add_bot(std::unique_ptr<MessageBot> bot, std::unique_ptr<Framer> to_bot,
                    std::unique_ptr<Framer> framer, BoundedCapture* log, ConnOptions options) {
  auto c = std::make_unique<Impl::Conn>();
  Impl* impl = impl_.get();
  const ConnId id = c->id = impl->next_id++;
  c->framer = std::move(framer);
  c->max_output = options.max_output;
  BotWorker::Callbacks cb;
  auto& io = impl->io;
  cb.output = [impl, id, log, &io](std::string bytes, std::string text) {
    asio::post(io, [=]() mutable { impl->bot_output(id, std::move(bytes), std::move(text), log); });
  };
  cb.idle = [impl, id, &io](uint64_t seq) { asio::post(io, [=] { impl->bot_idle(id, seq); }); };
  cb.end = [impl, id, &io](Verdict v, std::string detail) {
    asio::post(io, [=]() mutable { impl->bot_end(id, v, std::move(detail)); });
  };
  c->bot = std::make_unique<BotWorker>(std::move(bot), std::move(to_bot), std::move(cb));
  Impl::Conn& ref = *c;
  impl->conns.emplace(id, std::move(c));
  impl->refill(ref);
  return id;
}

void Hub::send(ConnId conn, std::string_view message) {
  Impl::Conn& c = impl_->get(conn);
  impl_->queue(c, c.framer->encode(message));
}

void Hub::send_raw(ConnId conn, std::string_view bytes) {
  impl_->queue(impl_->get(conn), std::string(bytes));
}

void Hub::batch_writes(bool on) {
  impl_->batch_writes = on;
  if (!on) impl_->flush();
}

void Hub::close_write_when_flushed(ConnId conn) {
  Impl::Conn& c = impl_->get(conn);
  c.close_when_flushed = true;
  if (c.out_chunks.empty()) impl_->close_write(c);
}

void Hub::close_write(ConnId conn) {
  Impl::Conn& c = impl_->get(conn);
  impl_->flush(c);  // what was sent before goes first, as far as one write takes it
  impl_->close_write(c);
}

void Hub::hold(ConnId conn, bool held) {
  Impl::Conn& c = impl_->get(conn);
  c.held = held;
  impl_->mark_ready(c);
}

void Hub::close(ConnId conn) {
  Impl::Conn* c = impl_->find(conn);
  if (!c) return;
  impl_->flush(*c);  // as close_write()
  impl_->shut(*c);
  impl_->conns.erase(conn);
}

Received Hub::receive(ConnId conn, Deadline deadline) {
  impl_->flush();
  const auto start = Clock::now();
  auto done = [&](Verdict v, std::string message, std::string detail) {
    Received r;
    r.verdict = v;
    r.message = std::move(message);
    r.detail = std::move(detail);
    r.ms = ms_since(start);
    return r;
  };
  bool polled = false;
  for (;;) {
    Impl::Conn* c = impl_->find(conn);
    if (!c) return done(Verdict::closed, {}, "the connection is closed");
    if (c->peeked || (impl_->ended(*c) && !c->end_reported)) {
      HubEvent e = *impl_->take(*c);
      if (e.kind == HubEvent::Kind::message) return done(Verdict::ok, std::move(e.message), {});
      return done(e.verdict, {}, std::move(e.detail));
    }
    if (impl_->ended(*c)) {
      // Asked again after the end: a fatal framing error stays, otherwise the end does.
      if (c->error_delivered && c->framer->is_failed()) {
        Frame f = c->framer->next();
        return done(f.error, {}, std::move(f.detail));
      }
      return done(c->end_verdict, {}, c->end_detail.empty() ? "end of stream" : c->end_detail);
    }
    if (c->bot && c->bot_idle) {
      // A program would wait for input until the deadline; nothing can change meanwhile.
      return done(Verdict::timeout, {}, "the bot has no answer (it waits for input)");
    }
    // At least one look even past the deadline, so bytes already there are seen; after that the
    // deadline wins even against a peer that keeps sending without completing a message.
    if (polled && deadline.expired())
      return done(Verdict::timeout, {}, "no complete message before the deadline");
    if (!polled) {
      impl_->poll();
      polled = true;
    } else {
      impl_->wait(deadline.at());
    }
  }
}

std::optional<HubEvent> Hub::next(Deadline deadline) {
  Impl& m = *impl_;
  m.flush();  // what the last event sent leaves now, even while more events wait in the ring
  bool polled = false;
  for (;;) {
    const auto now = Clock::now();
    if (auto t = m.earliest_timer(); t && *t <= now) {
      HubEvent e;
      e.kind = HubEvent::Kind::timer;
      e.timer = m.timers.begin()->second;
      m.timer_at.erase(e.timer);
      m.timers.erase(m.timers.begin());
      return e;
    }
    if (!m.pending.empty()) {
      HubEvent e = std::move(m.pending.front());
      m.pending.pop_front();
      return e;
    }
    while (!m.ring.empty()) {
      ConnId id = m.ring.front();
      m.ring.pop_front();
      Impl::Conn* c = m.find(id);
      if (!c) continue;
      c->in_ring = false;
      if (c->held) continue;
      std::optional<HubEvent> e = m.take(*c);
      m.mark_ready(*c);  // more to hand out: back of the ring, after the others
      if (e) return e;
    }
    if (polled && deadline.expired()) return std::nullopt;
    if (!polled) {
      m.poll();
      polled = true;
      continue;
    }
    Clock::time_point until = deadline.at();
    if (auto t = m.earliest_timer(); t && *t < until) until = *t;
    m.wait(until);
  }
}

bool Hub::run_until(Deadline deadline, const std::function<bool()>& done) {
  impl_->poll();
  while (!done()) {
    if (deadline.expired()) return false;
    impl_->wait(deadline.at());
  }
  return true;
}

void Hub::poll() {
  impl_->poll();
}

bool Hub::bytes_waiting(ConnId conn) {
  Impl::Conn* c = impl_->find(conn);
  if (!c) return false;
  if (c->peeked || c->framer->has_buffered()) return true;
  if (!c->in || c->eof) return false;
  int n = 0;
  return ioctl(c->in->native_handle(), FIONREAD, &n) == 0 && n > 0;
}

bool Hub::finished(ConnId conn) const {
  auto it = impl_->conns.find(conn);
  return it == impl_->conns.end() || (impl_->ended(*it->second) && it->second->end_reported);
}

bool Hub::write_failed(ConnId conn) const {
  auto it = impl_->conns.find(conn);
  return it == impl_->conns.end() || it->second->write_failed;
}

size_t Hub::queued_output(ConnId conn) const {
  auto it = impl_->conns.find(conn);
  return it == impl_->conns.end() ? 0 : it->second->out_queued;
}

DrainId Hub::drain(int fd, BoundedCapture* sink) {
  const DrainId id = impl_->next_id++;
  Impl::Drain d;
  d.sink = sink;
  if (fd >= 0) d.sd = std::make_unique<Descriptor>(impl_->io, fd);
  d.eof = fd < 0;
  impl_->drains.emplace(id, std::move(d));
  impl_->start_drain(id);
  return id;
}

void Hub::collect(DrainId drain, size_t budget) {
  if (!impl_->drains.count(drain)) return;
  // A read that completed but whose handler has not run yet holds bytes that came first.
  impl_->poll();
  auto it = impl_->drains.find(drain);
  if (it != impl_->drains.end()) impl_->read_now(it->second, budget);
}

void Hub::finish_drain(DrainId drain) {
  if (!impl_->drains.count(drain)) return;
  impl_->poll();  // as in collect(): bytes already read come first
  auto it = impl_->drains.find(drain);
  if (it == impl_->drains.end()) return;
  impl_->read_now(it->second, SIZE_MAX);
  impl_->drains.erase(it);
}

ListenerId Hub::listen(const std::string& host, int port,
                       std::function<std::unique_ptr<Framer>()> framer, ConnOptions options) {
  Impl::Listener l;
  l.socket = std::make_unique<TcpListener>(host, port);
  int waiter = fcntl(l.socket->fd(), F_DUPFD_CLOEXEC, 3);
  if (waiter < 0) throw std::runtime_error(std::string("cannot listen: ") + std::strerror(errno));
  l.waiter = std::make_unique<Descriptor>(impl_->io, waiter);
  l.framer = std::move(framer);
  l.options = options;
  const ListenerId id = impl_->next_id++;
  impl_->listeners.emplace(id, std::move(l));
  impl_->start_accept(id);
  return id;
}

int Hub::port(ListenerId listener) const {
  return impl_->listeners.at(listener).socket->port();
}

void Hub::refuse_connections(ListenerId listener, std::function<void()> on_refused) {
  Impl::Listener& l = impl_->listeners.at(listener);
  l.refuse = true;
  l.on_refused = std::move(on_refused);
}

void Hub::close_listener(ListenerId listener) {
  impl_->listeners.erase(listener);
}

void Hub::wake_when_readable(int fd) {
  if (fd < 0) return;
  auto d = std::make_shared<Descriptor>(impl_->io, fd);
  // The handler owns the descriptor: it closes when the handler has run (or is dropped).
  d->async_wait(Descriptor::wait_read, [d](const ErrorCode&) {});
}

TimerId Hub::add_timer(Deadline at) {
  const TimerId id = impl_->next_id++;
  impl_->timers.emplace(at.at(), id);
  impl_->timer_at[id] = at.at();
  return id;
}

void Hub::cancel_timer(TimerId timer) {
  auto it = impl_->timer_at.find(timer);
  if (it == impl_->timer_at.end()) return;
  auto [lo, hi] = impl_->timers.equal_range(it->second);
  for (auto t = lo; t != hi; ++t) {
    if (t->second == timer) {
      impl_->timers.erase(t);
      break;
    }
  }
  impl_->timer_at.erase(it);
}

}  // namespace arena
