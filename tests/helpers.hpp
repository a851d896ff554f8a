#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "qianmj/formats/notation.hpp"
#include "rules/duyun/duyun.hpp"

namespace qianmj::test {

// Parses a hand the test knows to be well formed.
inline Hand hand(const std::string& text) {
  auto h = parse_hand(text);
  INFO("hand: " << text);
  if (!h) FAIL("parse error: " << h.error().en);
  return *h;
}

inline Score score(const std::string& text, Situation s = {}, Options o = {}) {
  Duyun rules(o);
  auto sc = rules.score(hand(text), s);
  INFO("hand: " << text);
  if (!sc) FAIL("score error: " << sc.error().en);
  return *sc;
}

// The Result of scoring under Duyun, errors included.
inline Result<Score> rules_score(const std::string& text, const Situation& s, Options o = {}) {
  return Duyun(o).score(hand(text), s);
}

inline Situation zimo() {
  Situation s;
  s.zimo = true;
  return s;
}

// A hand's canonical ASCII and Chinese spellings read back to it, and each reads back to the
// other's spelling of it.
inline void check_spellings(const Hand& h) {
  const std::string ascii = to_ascii(h), chinese = to_chinese(h);
  INFO(ascii << "  " << chinese);
  auto a = parse_hand(ascii), c = parse_hand(chinese);
  REQUIRE(a);
  REQUIRE(c);
  CHECK(*a == h);
  CHECK(*c == h);
  CHECK(to_chinese(*a) == chinese);
  CHECK(to_ascii(*c) == ascii);
}

inline std::string pattern_id(const Score& sc) {
  return sc.pattern ? std::string(sc.pattern->id) : "none";
}

}  // namespace qianmj::test
