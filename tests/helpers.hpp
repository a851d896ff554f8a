#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "rules/duyun/duyun.hpp"
#include "qianmj/notation.hpp"

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

inline Situation zimo() {
  Situation s;
  s.zimo = true;
  return s;
}

inline std::string pattern_id(const Score& sc) { return sc.pattern ? std::string(sc.pattern->id) : "none"; }

}  // namespace qianmj::test
