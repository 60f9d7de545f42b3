// The properties every stream framer must have (core/framer.h), checked on any byte stream:
//  - the events (messages, errors) do not depend on how the stream is cut into feed() calls;
//  - no message is longer than the framer's limit;
//  - encode(m) of each message, fed to a fresh framer, gives back m (or a message the protocol
//    cannot tell from m), and so does the concatenation of all of them;
//  - after a fatal error nothing else comes out.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/framer.h"
#include "fuzz/fuzz_check.h"

namespace arena::fuzz {

struct Event {
  Frame::Status status;
  std::string message;
  Verdict error;
  std::string detail;
  bool operator==(const Event&) const = default;
};

// Pulls with next() until need_more or a latched error; at the end (eof) with finish(). Returns
// false once the framer is failed: the run is over.
inline bool drain(Framer& f, std::vector<Event>& out, bool eof) {
  for (int guard = 0; guard < 1 << 20; ++guard) {
    Frame fr = eof ? f.finish() : f.next();
    if (fr.status == Frame::Status::need_more) return !f.is_failed();
    out.push_back({fr.status, fr.message, fr.error, fr.detail});
    if (fr.is_error() && f.is_failed()) return false;
  }
  FUZZ_CHECK(false, "a framer returned a million frames for one call");
  return false;
}

// `cuts` empty: one feed() of the whole stream; else the feed() sizes (each byte a chunk of 1..256
// bytes, cycling).
inline std::vector<Event> run_framer(const std::function<std::unique_ptr<Framer>()>& make,
                                     std::string_view stream, std::string_view cuts) {
  auto f = make();
  std::vector<Event> events;
  bool going = true;
  if (cuts.empty()) {
    f->feed(stream);
    going = drain(*f, events, false);
  } else {
    size_t i = 0, c = 0;
    while (going && i < stream.size()) {
      size_t n = 1 + static_cast<uint8_t>(cuts[c++ % cuts.size()]);
      n = std::min(n, stream.size() - i);
      f->feed(stream.substr(i, n));
      i += n;
      going = drain(*f, events, false);
    }
  }
  if (going) going = drain(*f, events, true);
  if (!going) {
    FUZZ_CHECK(f->is_failed() && !events.empty() && events.back().status == Frame::Status::error,
               "a run stopped without a latched error");
    // Latched: more bytes change nothing, and next() repeats the same error.
    f->feed("x\n");
    Frame again = f->next();
    FUZZ_CHECK(again.is_error() && again.error == events.back().error,
               "a failed framer gave something other than its error");
  }
  return events;
}

// `same(a, b)`: whether two messages mean the same to the protocol (by default: equal bytes).
using SameMessage = std::function<bool(std::string_view, std::string_view)>;

inline void check_framer(const std::function<std::unique_ptr<Framer>()>& make, size_t max_message,
                         std::string_view stream, std::string_view cuts,
                         const SameMessage& same = {}) {
  auto eq = [&](std::string_view a, std::string_view b) { return same ? same(a, b) : a == b; };
  auto whole = run_framer(make, stream, {});
  auto pieces = run_framer(make, stream, cuts.empty() ? std::string_view("\0", 1) : cuts);
  FUZZ_CHECK(whole == pieces, "the events depend on how the stream was cut into feed() calls");

  std::vector<std::string> messages;
  for (const auto& e : whole) {
    if (e.status == Frame::Status::message) {
      FUZZ_CHECK(e.message.size() <= max_message, "a message is longer than the framer's limit");
      messages.push_back(e.message);
    } else {
      FUZZ_CHECK(!e.detail.empty(), "an error without a reason");
    }
  }

  std::string all;
  auto encoder = make();
  for (const auto& m : messages) {
    std::string enc = encoder->encode(m);
    all += enc;
    auto fresh = make();
    fresh->feed(enc);
    Frame back = fresh->next();
    FUZZ_CHECK(back.is_message() && eq(back.message, m), "encode(m) does not frame back to m");
  }
  auto again = make();
  again->feed(all);
  std::vector<Event> events;
  drain(*again, events, false);
  FUZZ_CHECK(events.size() == messages.size(), "re-encoded messages frame to a different count");
  for (size_t i = 0; i < messages.size(); ++i)
    FUZZ_CHECK(eq(events[i].message, messages[i]), "re-encoded messages frame differently");
}

}  // namespace arena::fuzz
