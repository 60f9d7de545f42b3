// Big-endian field codec for length-prefixed binary protocols (Dungeon Race spec §8.1): i32, u32,
// f64, bool (0/1 only), strings and vector counts. The Reader never trusts its input: the first
// problem (body too short, bad bool, a count the remaining bytes cannot hold, trailing bytes) is
// kept as a "MALFORMED: ..." error, and every later read returns a zero value, so a decoder may
// read all its fields and check once at the end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace arena {

class BinaryWriter {
 public:
  BinaryWriter& u8(uint8_t v);
  BinaryWriter& i32(int32_t v);
  BinaryWriter& u32(uint32_t v);
  BinaryWriter& f64(double v);
  BinaryWriter& boolean(bool v);
  BinaryWriter& string(std::string_view s);  // u32 byte count, then the bytes
  BinaryWriter& count(size_t n);             // a vector's u32 element count

  const std::string& bytes() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class BinaryReader {
 public:
  // The reader only views `body`, which must outlive it; a temporary string would dangle.
  explicit BinaryReader(std::string_view body) : in_(body) {}
  explicit BinaryReader(std::string&&) = delete;

  uint8_t u8();
  int32_t i32();
  uint32_t u32();
  double f64();
  bool boolean();  // a byte other than 0 or 1 is MALFORMED
  std::string string();
  // A vector's element count, each element taking at least `min_element_bytes` bytes: a count the
  // remaining bytes cannot hold is MALFORMED, which also bounds what a caller reserves.
  uint32_t count(size_t min_element_bytes);

  // True when every byte was read and nothing went wrong; trailing bytes are MALFORMED.
  bool finish();

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }  // "MALFORMED: ...", or empty
  size_t remaining() const { return in_.size() - pos_; }
  size_t offset() const { return pos_; }

 private:
  bool take(size_t n, const char* what);  // false (and the error set) if n bytes are not there
  uint64_t big_endian(size_t n);
  void fail(std::string what);

  std::string_view in_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace arena
