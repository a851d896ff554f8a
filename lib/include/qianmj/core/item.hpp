// Names of things in two languages, and the patterns and add-ons answers are made of.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>

#include "qianmj/core/inline_vector.hpp"

namespace qianmj {

// One language's text of a note, a reason or a name: kept inside itself up to kInline
// bytes, as the scoring path's notes and reasons are (the longest, D3's, is 113), so that an
// answer's texts cost no allocation (two std::strings made and freed took about 23 ns a
// Text); longer text goes on the heap. It reads as a std::string_view and converts to a
// std::string.
class TextString {
 public:
  static constexpr std::size_t kInline = 119;  // the whole object: 136 bytes

  TextString() noexcept { inline_[0] = '\0'; }
  // NOLINTNEXTLINE(google-explicit-constructor): text converts as std::string does
  TextString(std::string_view s) { copy_in(s); }
  // NOLINTNEXTLINE(google-explicit-constructor)
  TextString(const char* s) : TextString(std::string_view(s)) {}
  // NOLINTNEXTLINE(google-explicit-constructor)
  TextString(const std::string& s) : TextString(std::string_view(s)) {}
  TextString(const TextString& o) { copy_in(o.view()); }
  TextString(TextString&& o) noexcept { take(o); }
  TextString& operator=(const TextString& o) {
    if (this != &o) assign(o.view());
    return *this;
  }
  TextString& operator=(TextString&& o) noexcept {
    if (this != &o) {
      release();
      take(o);
    }
    return *this;
  }
  TextString& operator=(std::string_view s) {
    assign(s);
    return *this;
  }
  TextString& operator=(const char* s) { return *this = std::string_view(s); }
  TextString& operator=(const std::string& s) { return *this = std::string_view(s); }
  ~TextString() { release(); }
  TextString& operator+=(std::string_view s) {
    std::string joined(view());
    joined.append(s);
    copy_in(joined);
    return *this;
  }

  const char* data() const noexcept { return heap_ ? heap_ : inline_; }
  const char* c_str() const noexcept { return data(); }  // NUL-terminated
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  const char* begin() const noexcept { return data(); }
  const char* end() const noexcept { return data() + size_; }
  std::string_view view() const noexcept { return {data(), size_}; }
  // NOLINTNEXTLINE(google-explicit-constructor): reads as a string where one is wanted
  operator std::string_view() const noexcept { return view(); }
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator std::string() const { return std::string(view()); }
  std::size_t find(std::string_view s, std::size_t from = 0) const noexcept {
    return view().find(s, from);  // std::string::npos when absent, as std::string's
  }

  // `parts` one after another: one copy of each, no allocation when they fit. No part may
  // point into this text (it is dropped first).
  void assign_joined(std::initializer_list<std::string_view> parts) {
    std::size_t n = 0;
    for (auto p : parts) n += p.size();
    char* at = reserve_exact(n);
    for (auto p : parts) {
      if (!p.empty()) std::memcpy(at, p.data(), p.size());
      at += p.size();
    }
    *at = '\0';
  }

  friend bool operator==(const TextString& a, const TextString& b) noexcept {
    return a.view() == b.view();
  }
  friend bool operator==(const TextString& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const TextString& a, const char* b) noexcept {
    return a.view() == std::string_view(b);
  }
  friend bool operator==(const TextString& a, const std::string& b) noexcept {
    return a.view() == std::string_view(b);
  }
  friend std::ostream& operator<<(std::ostream& out, const TextString& t) {
    return out << t.view();
  }
  friend std::string operator+(const TextString& a, std::string_view b) {
    return std::string(a.view()).append(b);
  }
  friend std::string operator+(const TextString& a, const char* b) {
    return a + std::string_view(b);
  }
  friend std::string operator+(const TextString& a, const std::string& b) {
    return a + std::string_view(b);
  }
  friend std::string operator+(std::string a, const TextString& b) { return a.append(b.view()); }
  friend std::string operator+(const char* a, const TextString& b) {
    return std::string(a).append(b.view());
  }

 private:
  // Room for n bytes and the NUL, the old text dropped; returns where to write. (The new
  // block is had before the old one goes: a failed allocation leaves the text as it was.)
  char* reserve_exact(std::size_t n) {
    char* block = n > kInline ? new char[n + 1] : nullptr;
    release();
    heap_ = block;
    size_ = n;
    return heap_ ? heap_ : inline_;
  }
  void assign(std::string_view s) {
    const char* own = data();
    if (!s.empty() && s.data() >= own && s.data() <= own + size_) {  // a part of itself
      const std::string copy(s);
      copy_in(copy);
      return;
    }
    copy_in(s);
  }
  void copy_in(std::string_view s) {
    char* at = reserve_exact(s.size());
    if (!s.empty()) std::memcpy(at, s.data(), s.size());
    at[s.size()] = '\0';
  }
  void take(TextString& o) noexcept {
    size_ = o.size_;
    heap_ = o.heap_;
    if (!heap_) std::memcpy(inline_, o.inline_, size_ + 1);
    o.heap_ = nullptr;
    o.size_ = 0;
    o.inline_[0] = '\0';
  }
  void release() noexcept {
    delete[] heap_;
    heap_ = nullptr;
  }

  char* heap_ = nullptr;
  std::size_t size_ = 0;
  char inline_[kInline + 1];
};

struct Text {
  TextString en;
  TextString zh;
  const TextString& in(bool chinese) const { return chinese ? zh : en; }
};

// A score's notes: inline up to two (a scored hand rarely has more), so that a note costs no
// allocation either.
using NoteList = InlineVector<Text, 2>;

// A pattern or add-on as it appears in answers: RULES.md id, names, value. The names
// point into the rule sets' static tables, so Items copy without allocating.
struct Item {
  std::string_view id;
  std::string_view zh;
  std::string_view en;
  std::int64_t value = 0;  // in the rule set's unit (Ruleset::unit())
  friend bool operator==(const Item&, const Item&) = default;
};

// One row of a rule set's table, for `qianmj rules` and for building Items.
struct ItemSpec {
  std::string_view id;
  std::string_view zh;
  std::string_view en;
  std::int64_t value;
  std::string_view definition_en;
  std::string_view definition_zh;
  Item item() const { return {id, zh, en, value}; }
  Item item(std::int64_t v) const { return {id, zh, en, v}; }
};

}  // namespace qianmj
