// C3-C6: winning shapes, readings, formal and live waits, remaining copies.
#include <algorithm>

#include "helpers.hpp"
#include "qianmj/core/analysis.hpp"

using namespace qianmj;
using test::hand;

namespace {

std::string wait_list(const std::vector<Wait>& waits) {
  std::string out;
  for (const auto& w : waits)
    out += (out.empty() ? "" : " ") + w.tile.ascii() + ":" + std::to_string(w.remaining) +
           (w.live ? "" : "!");
  return out;
}

std::string waits_of(const std::string& text) {
  return wait_list(formal_waits(hand(text)));
}

}  // namespace

TEST_CASE("C3 standard shape: 4 sets + pair, a kong counts as 3") {
  CHECK(is_winning_shape(hand("23445677筒345789条")));
  CHECK(is_winning_shape(hand("(9999p) [5555m+] 123s 456s 77s")));  // 18 physical tiles
  CHECK(is_winning_shape(hand("[555m] [666m] [777m] [888m] 99m")));
  CHECK_FALSE(is_winning_shape(hand("23445677筒345788条")));
  CHECK_FALSE(is_winning_shape(hand("123456789m1234p")));  // 13 tiles
  CHECK(hand("(9999p) [5555m+] 123s 456s 77s").size() == 14);
}

TEST_CASE("C3 seven pairs: 14 concealed tiles, four alike is two pairs, no melds") {
  CHECK(is_winning_shape(hand("2244552299万1199筒")));  // four 2万 = two pairs
  CHECK(is_winning_shape(hand("11335577m2244p99s")));
  CHECK_FALSE(is_winning_shape(hand("113355m2244p99s [777m]")));  // a meld: no seven pairs
  CHECK_FALSE(is_winning_shape(hand("11133355m2244p99s")));       // 17 tiles
  auto r = readings(hand("11335577m2244p99s"));
  REQUIRE(r.size() == 1);
  CHECK(r[0].seven_pairs);
}

TEST_CASE("C4 every reading is enumerated") {
  // 111222333m: three pungs or three 123 sequences; with 555p 77s that is 2 readings.
  auto r = readings(hand("111222333m555p77s"));
  CHECK(r.size() == 2);
  // 11223344556677m: seven pairs and standard readings (pair 11/44/77 with sequences).
  auto r2 = readings(hand("11223344556677m"));
  CHECK(std::count_if(r2.begin(), r2.end(), [](const Reading& x) { return x.seven_pairs; }) == 1);
  CHECK(r2.size() == 4);
  // Every standard reading has 4 sets, melds included and marked.
  for (const auto& x : readings(hand("[555m] 123s 456s 789s 11p"))) {
    CHECK(x.sets.size() == 4);
    CHECK(std::count_if(x.sets.begin(), x.sets.end(), [](const Set& s) { return s.melded; }) == 1);
  }
}

TEST_CASE("C5 formal waits, in tile order") {
  CHECK(waits_of("2344567筒345789条") == "1p:4 4p:2 7p:3");
  CHECK(waits_of("1112345678999m") == "1m:1 2m:3 3m:3 4m:3 5m:3 6m:3 7m:3 8m:3 9m:1");  // 九莲宝灯
  CHECK(waits_of("123456m123s99s45p") == "3p:4 6p:4");
  CHECK(waits_of("1133557799m2244p") == "");  // 12 tiles of pairs: not 13
  CHECK(waits_of("113355779m22446p").empty());
  CHECK(waits_of("11335577m2244p5p") == "5p:3");  // seven pairs, single wait
}

TEST_CASE("C5 a wait on a tile you hold four of is formal but dead — such a hand is not ready") {
  auto w = formal_waits(hand("1111m234p567p789s"));
  REQUIRE(w.size() == 1);
  CHECK(w[0].tile == Tile(Suit::Man, 1));
  CHECK_FALSE(w[0].live);
  CHECK(w[0].remaining == 0);
  // A pung meld counts too: [111m] + 1m in hand waits on a 1m that cannot come.
  CHECK(waits_of("[111m] 1m 234p 567p 789s") == "1m:0!");
  // Seven pairs cannot use a fifth copy: 1111 + pairs waiting on 1m is no wait at all.
  CHECK(waits_of("1111m 22m 33p 44p 55s 6s") == "6s:3");
}

TEST_CASE("C6 remaining = 4 - copies in own hand and melds") {
  CHECK(waits_of("2344567筒345789条") == "1p:4 4p:2 7p:3");
  CHECK(waits_of("[444p] 23p 567p 345s 99s") == "1p:4 4p:1");
  CHECK(waits_of("(4444p) 23p 567p 345s 99s") == "1p:4 4p:0!");
  CHECK(waits_of("[111s] 23p 567p 345s 99s") == "1p:4 4p:4");
}
