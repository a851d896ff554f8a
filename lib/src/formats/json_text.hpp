// Internal: JSON text written straight into a string, byte for byte what nlohmann's compact
// dump of the same document would print (the pipelines write millions of these).
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "qianmj/core/item.hpp"
#include "qianmj/engine/score.hpp"  // Unit

namespace qianmj::json_detail {

// Appends JSON text, matching nlohmann's compact dump, through a small buffer (the
// pipeline writes millions of these); finish() hands the text over.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  // Keys are this file's own literals: nothing in them needs escaping, and their length is
  // known at compile time (fixed-size copies, no call).
  template <std::size_t N>
  Writer& key(const char (&k)[N]) {
    constexpr std::size_t n = N - 1;
    if (n_ + n + 4 > sizeof buf_) finish();
    if (!fresh_) buf_[n_++] = ',';
    buf_[n_++] = '"';
    std::memcpy(buf_ + n_, k, n);
    n_ += n;
    buf_[n_++] = '"';
    buf_[n_++] = ':';
    fresh_ = true;
    return *this;
  }
  // A key of a rule set's own (its unit): a plain ASCII word, nothing to escape either.
  // (A unit's key is a short word: copied a byte at a time, no call.)
  Writer& key(std::string_view k) {
    if (k.size() > 64) {  // not a word: the general path
      comma();
      quoted(k);
      put(':');
      fresh_ = true;
      return *this;
    }
    if (n_ + k.size() + 4 > sizeof buf_) finish();
    if (!fresh_) buf_[n_++] = ',';
    buf_[n_++] = '"';
    for (char ch : k) buf_[n_++] = ch;
    buf_[n_++] = '"';
    buf_[n_++] = ':';
    fresh_ = true;
    return *this;
  }
  Writer& value_key(const Unit& unit) { return key(unit.key); }
  Writer& string(std::string_view v) {
    comma();
    quoted(v);
    return *this;
  }
  // Text of this program's own making with nothing to escape: ids, names, tiles, hands.
  Writer& literal(std::string_view v) {
    comma();
    put('"');
    put(v);
    put('"');
    return *this;
  }
  Writer& number(std::int64_t v) {
    comma();
    char buf[24];
    auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    put(std::string_view(buf, static_cast<std::size_t>(end - buf)));
    return *this;
  }
  Writer& boolean(bool v) {
    comma();
    put(v ? std::string_view("true") : std::string_view("false"));
    return *this;
  }
  Writer& null() {
    comma();
    put("null");
    return *this;
  }
  Writer& open(char c) {
    comma();
    put(c);
    fresh_ = true;
    return *this;
  }
  Writer& close(char c) {
    put(c);
    fresh_ = false;
    return *this;
  }
  // The same, appended by `append(out)` straight into the text (no string of its own).
  template <class F>
  Writer& literal_by(F&& append) {
    comma();
    put('"');
    finish();
    append(out_);
    put('"');
    return *this;
  }
  // JSON text of this program's own making (an answer written by another Writer).
  Writer& raw(std::string_view v) {
    comma();
    put(v);
    return *this;
  }
  // The same, appended by `append(out)` straight into the text (no string of its own).
  template <class F>
  Writer& raw_by(F&& append) {
    comma();
    finish();
    append(out_);
    return *this;
  }
  // Notes as [{"en", "zh"}].
  Writer& notes(std::span<const Text> list) {
    open('[');
    for (const auto& n : list) open('{').key("en").string(n.en).key("zh").string(n.zh).close('}');
    return close(']');
  }
  Writer& item(const Item& it, const Unit& unit) {
    open('{').key("id").literal(it.id).key("zh").literal(it.zh).key("en").literal(it.en);
    return value_key(unit).number(it.value).close('}');
  }
  void finish() {
    out_.append(buf_, n_);
    n_ = 0;
  }

 private:
  void put(char c) {
    if (n_ == sizeof buf_) finish();
    buf_[n_++] = c;
  }
  void put(std::string_view v) {
    if (n_ + v.size() > sizeof buf_) finish();
    if (v.size() > sizeof buf_) {
      out_.append(v);
      return;
    }
    std::memcpy(buf_ + n_, v.data(), v.size());
    n_ += v.size();
  }
  void comma() {
    if (!fresh_) put(',');
    fresh_ = false;
  }
  void quoted(std::string_view v) {
    put('"');
    if (plain(v)) {  // the usual case: nothing to escape
      put(v);
      put('"');
      return;
    }
    for (char ch : v) {
      auto c = static_cast<unsigned char>(ch);
      switch (c) {
        case '"':
          put("\\\"");
          break;
        case '\\':
          put("\\\\");
          break;
        case '\b':
          put("\\b");
          break;
        case '\f':
          put("\\f");
          break;
        case '\n':
          put("\\n");
          break;
        case '\r':
          put("\\r");
          break;
        case '\t':
          put("\\t");
          break;
        default:
          if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            put(buf);
          } else {
            put(ch);
          }
      }
    }
    put('"');
  }
  // Nothing in v to escape (no control character, quote or backslash): eight bytes at a
  // time, each test exact for the word as a whole.
  static bool plain(std::string_view v) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    auto any_zero = [](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
    std::size_t i = 0;
    for (; i + 8 <= v.size(); i += 8) {
      std::uint64_t x;
      std::memcpy(&x, v.data() + i, 8);
      // a byte below 0x20 (a byte that borrows is one; one of 0x80 or more never does)
      const std::uint64_t control = (x - 0x20 * kOnes) & ~x & kHigh;
      if (control | any_zero(x ^ ('"' * kOnes)) | any_zero(x ^ ('\\' * kOnes))) return false;
    }
    for (; i < v.size(); ++i) {
      const auto c = static_cast<unsigned char>(v[i]);
      if (c < 0x20 || c == '"' || c == '\\') return false;
    }
    return true;
  }

  std::string& out_;
  char buf_[1024];
  std::size_t n_ = 0;
  bool fresh_ = true;
};

}  // namespace qianmj::json_detail
