// games/dungeon/codec.cc (spec §8): any frame body decodes to a request or a response, or to an
// error with a code; whatever decodes encodes to a frame that the frame reader gives back whole
// and that decodes to the same message. The frame reader gives the same frames and errors however
// the stream is cut. Input: byte 0 chooses the cut; the rest is the stream, and also one body.
#include <string>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "games/dungeon/codec.h"

using namespace arena;
using namespace arena::dungeon;

namespace {

// Every frame (or the first error) of `stream` fed in two pieces cut at `cut`.
std::vector<std::string> frames_of(std::string_view stream, size_t cut) {
  FrameReader reader;
  std::vector<std::string> out;
  auto drain = [&] {
    for (;;) {
      FrameReader::Next n = reader.next();
      if (n.status == FrameReader::Next::Status::frame) {
        out.emplace_back(n.body);
        continue;
      }
      if (n.status == FrameReader::Next::Status::error) out.push_back("error " + n.error.message());
      return;
    }
  };
  reader.feed(stream.substr(0, cut));
  drain();
  if (!reader.failed()) {
    reader.feed(stream.substr(cut));
    drain();
  }
  return out;
}

template <typename Message, typename Decode>
void round_trip(std::string_view body, Decode decode) {
  auto decoded = decode(body);
  if (auto* error = std::get_if<DecodeError>(&decoded)) {
    FUZZ_CHECK(!error->message().empty(), "a decode error without a message");
    return;
  }
  const Message& m = std::get<Message>(decoded);
  const std::string frame = encode(m);
  std::vector<std::string> bodies = frames_of(frame, frame.size());
  FUZZ_CHECK(bodies.size() == 1, "an encoded message is not exactly one frame");
  auto again = decode(bodies[0]);
  FUZZ_CHECK(std::holds_alternative<Message>(again), "an encoded message does not decode");
  // Compared as bytes: an f64 may be any binary64, NaN included, and NaN != NaN.
  FUZZ_CHECK(encode(std::get<Message>(again)) == frame,
             "a message changes through encode and decode");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view stream = fuzz::as_text(data + 1, size - 1);
  const size_t cut = stream.empty() ? 0 : data[0] % (stream.size() + 1);
  FUZZ_CHECK(frames_of(stream, cut) == frames_of(stream, stream.size()),
             "the frames depend on how the stream is cut");
  round_trip<Request>(stream, decode_request);
  round_trip<Response>(stream, decode_response);
  return 0;
}
