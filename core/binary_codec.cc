// Big-endian fields of Dungeon Race §8.1. Errors are sticky so decoders stay straight-line code.
#include "core/binary_codec.h"

#include <bit>

namespace arena {

namespace {

void put_big_endian(std::string& out, uint64_t v, int bytes) {
  for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
    out.push_back(static_cast<char>((v >> shift) & 0xFF));
  }
}

}  // namespace

BinaryWriter& BinaryWriter::u8(uint8_t v) {
  out_.push_back(static_cast<char>(v));
  return *this;
}

BinaryWriter& BinaryWriter::i32(int32_t v) {
  put_big_endian(out_, static_cast<uint32_t>(v), 4);
  return *this;
}

BinaryWriter& BinaryWriter::u32(uint32_t v) {
  put_big_endian(out_, v, 4);
  return *this;
}

BinaryWriter& BinaryWriter::f64(double v) {
  put_big_endian(out_, std::bit_cast<uint64_t>(v), 8);
  return *this;
}

BinaryWriter& BinaryWriter::boolean(bool v) {
  return u8(v ? 1 : 0);
}

BinaryWriter& BinaryWriter::string(std::string_view s) {
  u32(static_cast<uint32_t>(s.size()));
  out_.append(s);
  return *this;
}

BinaryWriter& BinaryWriter::count(size_t n) {
  return u32(static_cast<uint32_t>(n));
}

void BinaryReader::fail(std::string what) {
  if (error_.empty()) error_ = "MALFORMED: " + std::move(what);
}

bool BinaryReader::take(size_t n, const char* what) {
  if (!ok()) return false;
  if (remaining() < n) {
    fail("body too short: " + std::string(what) + " needs " + std::to_string(n) +
         " bytes at offset " + std::to_string(pos_) + ", " + std::to_string(remaining()) + " left");
    return false;
  }
  return true;
}

uint64_t BinaryReader::big_endian(size_t n) {
  uint64_t v = 0;
  for (size_t k = 0; k < n; ++k) v = (v << 8) | static_cast<unsigned char>(in_[pos_ + k]);
  pos_ += n;
  return v;
}

uint8_t BinaryReader::u8() {
  return take(1, "u8") ? static_cast<uint8_t>(big_endian(1)) : 0;
}

int32_t BinaryReader::i32() {
  return take(4, "i32") ? static_cast<int32_t>(static_cast<uint32_t>(big_endian(4))) : 0;
}

uint32_t BinaryReader::u32() {
  return take(4, "u32") ? static_cast<uint32_t>(big_endian(4)) : 0;
}

double BinaryReader::f64() {
  return take(8, "f64") ? std::bit_cast<double>(big_endian(8)) : 0.0;
}

bool BinaryReader::boolean() {
  if (!take(1, "bool")) return false;
  size_t at = pos_;
  auto b = static_cast<uint8_t>(big_endian(1));
  if (b > 1) {
    fail("bool byte " + std::to_string(b) + " at offset " + std::to_string(at) + " is not 0 or 1");
    return false;
  }
  return b == 1;
}

std::string BinaryReader::string() {
  size_t at = pos_;
  uint32_t n = u32();
  if (!ok()) return {};
  if (remaining() < n) {
    fail("string at offset " + std::to_string(at) + " claims " + std::to_string(n) + " bytes, " +
         std::to_string(remaining()) + " left");
    return {};
  }
  std::string s(in_.substr(pos_, n));
  pos_ += n;
  return s;
}

uint32_t BinaryReader::count(size_t min_element_bytes) {
  size_t at = pos_;
  uint32_t n = u32();
  if (!ok()) return 0;
  if (min_element_bytes > 0 && n > remaining() / min_element_bytes) {
    fail("vector count " + std::to_string(n) + " at offset " + std::to_string(at) +
         " disagrees with the " + std::to_string(remaining()) + " bytes left");
    return 0;
  }
  return n;
}

bool BinaryReader::finish() {
  if (ok() && remaining() > 0) {
    fail(std::to_string(remaining()) + " trailing bytes at offset " + std::to_string(pos_));
  }
  return ok();
}

}  // namespace arena
