// INTERFACE §1 notation; C1 tiles, C7 copies.
#include <random>

#include "helpers.hpp"

using namespace qianmj;
using test::hand;

namespace {

Error parse_error(const std::string& text) {
  auto h = parse_hand(text);
  INFO("input: " << text);
  REQUIRE_FALSE(h);
  return h.error();
}

}  // namespace

TEST_CASE("C1 tiles: 27 kinds in three suits, ranks 1-9, index = suit*9 + rank-1") {
  CHECK(kKinds == 27);
  CHECK(kKinds * kCopies == 108);
  CHECK(Tile(Suit::Man, 1).index() == 0);
  CHECK(Tile(Suit::Sou, 1).index() == 9);
  CHECK(Tile(Suit::Pin, 9).index() == 26);
  CHECK(Tile::from_index(13).ascii() == "5s");
  CHECK(Tile::from_index(13).chinese() == "5条");
  CHECK(Tile::from_index(0).ascii_name() == "1m");
  CHECK(Tile::from_index(26).chinese_name() == "9筒");
  // Every kind's names, without a std::string, read back as that kind.
  for (int i = 0; i < kKinds; ++i) {
    const Tile t = Tile::from_index(i);
    CHECK(t.ascii_name().size() == 2);
    CHECK(t.chinese_name().size() == 4);  // a digit and one three-byte suit character
    CHECK(*parse_tile(std::string(t.ascii_name())) == t);
    CHECK(*parse_tile(std::string(t.chinese_name())) == t);
    CHECK(t.ascii() == t.ascii_name());
    CHECK(t.chinese() == t.chinese_name());
  }
  CHECK(*parse_tile("七筒") == Tile(Suit::Pin, 7));
  CHECK(*parse_tile("９m") == Tile(Suit::Man, 9));
  CHECK(parse_tile("９Ｍ").error().code == ErrorCode::BadSuit);  // full-width letters are not suits
  CHECK(parse_tile("4t").error().code == ErrorCode::BadSuit);
  CHECK(parse_tile("77p").error().code == ErrorCode::BadTile);
  CHECK(parse_tile("[777p]").error().code == ErrorCode::BadTile);
}

TEST_CASE("Notation: every suit spelling reads the same") {
  const Hand want = hand("123m456s789p");
  for (auto text :
       {"一二三万四五六条七八九筒", "123萬456條789餅", "123w456索789b", "123M 456S 789P",
        "１２３万４５６条７８９饼", "1 2 3m 4 5 6s 7 8 9p", "123m456s789p"})
    CHECK(hand(text) == want);
  CHECK(hand("幺2m") == hand("12m"));
}

TEST_CASE("Notation: runs may share a suit and come in any order") {
  CHECK(hand("23445677筒345789条") == hand("345789s23445677p"));
  CHECK(hand("77p2344p56p") == hand("2344567p7p"));
  CHECK(total(hand("23445677筒345789条").concealed) == 14);
}

TEST_CASE("Notation: the four meld kinds, bracket and keyword forms") {
  auto kinds = [](const std::string& text) {
    auto h = hand(text);
    REQUIRE(h.melds.size() == 1);
    return h.melds[0];
  };
  const Tile five_m(Suit::Man, 5);
  for (auto t : {"[555m]", "碰5万", "pung:5m", "PUNG:5m", "碰 5万", "【555万】", "碰555万",
                 "pung：5m", "碰 5 5 5万", "[5 55 m]"})
    CHECK(kinds(t) == Meld{Meld::Kind::Pung, five_m});
  for (auto t : {"[5555m]", "明杠5万", "直杠5万", "kong:5m", "明槓5万", "［5555m］"})
    CHECK(kinds(t) == Meld{Meld::Kind::DirectKong, five_m});
  for (auto t : {"[5555m+]", "加杠5万", "面下杠5万", "转弯杠5万", "addkong:5m", "[5555m＋]"})
    CHECK(kinds(t) == Meld{Meld::Kind::AddedKong, five_m});
  for (auto t : {"(5555m)", "暗杠5万", "ankong:5m", "（5555万）", "暗杠5555万"})
    CHECK(kinds(t) == Meld{Meld::Kind::ConcealedKong, five_m});
  auto h = hand("碰5万 (9999筒) 1123p");
  CHECK(h.melds.size() == 2);
  CHECK(h.size() == 10);  // kong = 3 (C3)
  CHECK(total(h.concealed) == 4);
}

TEST_CASE("Notation: canonical ASCII and Chinese text parse back to the same hand") {
  auto h = hand("碰5万 (9999筒) 1123p 加杠7条 99s");
  CHECK(to_ascii(h) == "99s1123p[555m](9999p)[7777s+]");
  CHECK(to_chinese(h) == "99条1123筒[555万](9999筒)[7777条+]");
  CHECK(hand(to_ascii(h)) == h);
  CHECK(hand(to_chinese(h)) == h);
  CHECK(to_ascii(hand("23445677筒345789条")) == "345789s23445677p");
}

TEST_CASE("Notation errors: code and 1-based character column") {
  struct Case {
    const char* input;
    ErrorCode code;
    int column;
  };
  const Case cases[] = {
      {"", ErrorCode::Empty, 0},
      {"   ", ErrorCode::Empty, 0},
      {"23t4", ErrorCode::BadSuit, 3},
      {"123", ErrorCode::MissingSuit, 1},
      {"12m34", ErrorCode::MissingSuit, 4},
      {"12x", ErrorCode::BadSuit, 3},
      {"筒筒", ErrorCode::BadChar, 1},
      {"12m!", ErrorCode::BadChar, 4},
      {"102m", ErrorCode::BadChar, 2},
      {"[345m]", ErrorCode::BadMeld, 3},
      {"[55m]", ErrorCode::BadMeld, 1},
      {"(555m)", ErrorCode::BadMeld, 1},
      {"(5555m+)", ErrorCode::BadMeld, 1},
      {"[555m", ErrorCode::BadMeld, 6},
      {"]", ErrorCode::BadMeld, 1},
      {"碰", ErrorCode::BadMeld, 2},
      {"碰55万", ErrorCode::BadMeld, 1},
      {"吃345万", ErrorCode::BadMeld, 1},
      {"5+", ErrorCode::BadMeld, 2},
      {"12[555m]", ErrorCode::MissingSuit, 1},
      {"11111m", ErrorCode::TooManyCopies, 5},
      {"一二三万 11111万", ErrorCode::TooManyCopies, 9},
      {"[5555m]5m", ErrorCode::TooManyCopies, 8},
      {"55m [555m]", ErrorCode::TooManyCopies, 8},
  };
  for (const auto& c : cases) {
    auto e = parse_error(c.input);
    INFO("input: " << c.input << " -> " << e.en);
    CHECK(code_name(e.code) == code_name(c.code));
    CHECK(e.column == c.column);
    CHECK_FALSE(e.en.empty());
    CHECK_FALSE(e.zh.empty());
  }
}

TEST_CASE("C7 no tile kind more than 4 times in hand and melds together") {
  CHECK(hand("1111m").concealed[0] == 4);
  CHECK(hand("(1111m)").all_copies()[0] == 4);
  CHECK(hand("[111m] 1m").all_copies()[0] == 4);
  auto e = parse_error("[111m] 11m");
  CHECK(e.code == ErrorCode::TooManyCopies);
  CHECK(e.column == 9);
  e = parse_error("(5555p) 碰5筒");
  CHECK(e.code == ErrorCode::TooManyCopies);
  CHECK(e.column == 10);
}

TEST_CASE("Notation errors: the letter t names both 条 and 筒") {
  auto e = parse_error("123t");
  CHECK(e.en.find("条") != std::string::npos);
  CHECK(e.en.find("筒") != std::string::npos);
  CHECK(e.zh.find("条") != std::string::npos);
  CHECK(e.zh.find("筒") != std::string::npos);
}

TEST_CASE("Notation errors: NUL, control characters, invalid UTF-8, huge input") {
  CHECK(parse_error(std::string("12\0m", 4)).code == ErrorCode::BadChar);
  CHECK(parse_error(std::string("12\0m", 4)).column == 3);
  CHECK(parse_error("12m\x01").column == 4);
  auto bad = parse_error(
      "12\xff"
      "m");
  CHECK(bad.code == ErrorCode::BadUtf8);
  CHECK(bad.column == 3);
  CHECK(parse_error("\xe4\xb8").code == ErrorCode::BadUtf8);      // truncated 万
  CHECK(parse_error("\xc0\xb1m").code == ErrorCode::BadUtf8);     // overlong '1'
  CHECK(parse_error("\xed\xa0\x80").code == ErrorCode::BadUtf8);  // surrogate
  CHECK(parse_error("万\xe4\xb8").column == 2);
  CHECK(parse_error(std::string(5000, '1') + "m").code == ErrorCode::TooLong);
  CHECK(parse_error(std::string(600, '1') + "m").code == ErrorCode::TooManyCopies);
}

TEST_CASE("Notation: caret lines align under wide characters") {
  CHECK(caret_lines("23t4", 3) == "23t4\n  ^");
  CHECK(caret_lines("一二t", 3) == "一二t\n    ^");
  CHECK(caret_lines("12\xff", 3) == "12?\n  ^");
  CHECK(caret_lines("123", 4) == "123\n   ^");
}

TEST_CASE(
    "Notation: the fast path (digits with m s p or 万 条 筒) reads what the full parser reads") {
  // A trailing space keeps a text off the fast path, so parse_hand(text + " ") is the full
  // parser's answer. Random texts over digits, suits and near misses, ASCII and Chinese.
  for (bool chinese : {false, true}) {
    const std::vector<std::string> alphabet =
        chinese ? std::vector<std::string>{"1", "2", "3", "4",  "5",  "6",  "7",  "8",
                                           "9", "1", "5", "9",  "万", "条", "筒", "m",
                                           "s", "p", "0", "萬", "筒", " ",  "t",  "万"}
                : std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9",
                                           "1", "2", "3", "4", "5", "6", "7", "8", "9",
                                           "m", "s", "p", "m", "s", "p", "0", "t", " "};
    std::mt19937 rng(chinese ? 11 : 7);
    int fast = 0, errors = 0;
    for (int n = 0; n < 20000; ++n) {
      std::string text;
      int len = 1 + static_cast<int>(rng() % 20);
      for (int k = 0; k < len; ++k) text += alphabet[rng() % alphabet.size()];
      auto a = parse_hand(text), b = parse_hand(text + " ");
      INFO("input: '" << text << "'");
      REQUIRE(bool(a) == bool(b));
      if (a) {
        CHECK(*a == *b);
        fast += parse_plain(text).has_value();
      } else {
        CHECK(a.error().code == b.error().code);
        CHECK(a.error().column == b.error().column);
        CHECK_FALSE(parse_plain(text).has_value());
        ++errors;
      }
    }
    CHECK(fast > 200);  // the sample exercises both paths
    CHECK(errors > 1000);
  }
  auto spaced = parse_hand("55m 24888s 234888p");
  REQUIRE(spaced);
  CHECK(parse_plain("55m24888s234888p") == std::optional<Hand>(*spaced));
  CHECK(parse_plain("55万24888条234888筒") == std::optional<Hand>(*spaced));
  CHECK_FALSE(parse_plain("11111m"));  // a fifth copy: the full parser says too_many_copies
  CHECK(parse_hand("11111万").error().code == ErrorCode::TooManyCopies);
  CHECK_FALSE(parse_plain("123"));  // no suit
  CHECK_FALSE(parse_plain("m123"));
  CHECK_FALSE(parse_plain("12萬"));  // the traditional 萬: the full parser's
}
