// Settle tables: the one-pass reader (json_tables_fast.cpp) against the checked reader behind
// it. Every table the one-pass reader reads is the table the checked reader reads from the
// same text; it reads every valid generated table, compact or spread over lines; and what it
// leaves (escapes, null, a number with a sign or fraction, an error of any kind) goes to the
// checked reader, whose errors name the field.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "formats/json_tables.hpp"
#include "generators.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/formats/json.hpp"

using namespace qianmj;
using namespace std::string_literals;
using json_detail::table_from_json_checked;
using json_detail::table_from_json_fast;

namespace {

// Whether the one-pass reader reads `text` (and then, the checked reader's table).
bool read_alike(const std::string& text) {
  auto fast = table_from_json_fast(text);
  if (!fast) return false;
  auto checked = table_from_json_checked(text);
  INFO(text);
  REQUIRE(checked);
  REQUIRE(*fast == *checked);
  return true;
}

}  // namespace

TEST_CASE(
    "Settle tables: the one-pass reader reads every valid generated table (house rules too), as "
    "the checked reader does, and agrees on any mutant it reads") {
  test::Rng rng(20261202);
  const std::vector<char> bytes = {'"',    '\\',   ' ',    '\n',   '0',    '1',   '3', '9',
                                   '-',    '.',    'e',    ',',    ':',    '{',   '}', '[',
                                   ']',    'n',    't',    'f',    'm',    'p',   's', 'x',
                                   '\x00', '\x1f', '\x7f', '\x80', '\xe4', '\xff'};
  int valid = 0, mutants_read = 0, mutants_left = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto all = rulesets();  // each rule set's tables and house rules in turn
    auto g = test::random_table_for(rng, all[static_cast<std::size_t>(i) % all.size()].id);
    if (i % 4 == 1)  // names in Chinese: mutants of their bytes are not UTF-8
      for (int s = 0; s < kSeats; ++s) g.table["seats"][s]["name"] = "东南西北"s.substr(3 * s, 3);
    const std::string text = g.table.dump(i % 3 == 0 ? 2 : -1);  // or spread over lines
    INFO(text);
    if (table_from_json_checked(text)) {
      ++valid;
      REQUIRE(read_alike(text));
    } else {
      REQUIRE(!table_from_json_fast(text));  // an error to name
    }
    // One byte changed, dropped or doubled.
    for (int m = 0; m < 10; ++m) {
      std::string mutant = text;
      const auto at = static_cast<std::size_t>(test::uniform(rng, 0, int(text.size()) - 1));
      switch (test::uniform(rng, 0, 2)) {
        case 0:
          mutant[at] = test::one_of(rng, bytes);
          break;
        case 1:
          mutant.erase(at, 1);
          break;
        default:
          mutant.insert(at, 1, mutant[at]);
      }
      (read_alike(mutant) ? mutants_read : mutants_left)++;
    }
  }
  // Measured with this seed: all 3,000 tables valid; of the 30,000 mutants 5,619 read (a
  // digit or a tile changed) and 24,381 left (the syntax broken, a field made unknown).
  CHECK(valid == 3000);
  CHECK(mutants_read > 5000);
  CHECK(mutants_left > 20000);
}

TEST_CASE("Settle tables: what the one-pass reader reads and what it leaves") {
  const std::string seats = R"("seats":[{"name":"甲","hand":"23445677筒345789条"},{},{},{}])";
  SECTION("read: any order, whitespace, Chinese text, every field") {
    for (const std::string& text : std::vector<std::string>{
             R"({"dealer":0,)" + seats + R"(,"result":{"kind":"draw"}})",
             R"({"result":{"kind":"draw"},)" + seats + R"(,"dealer":3,"streak":2,"rules":"zunyi"})",
             " {\r\n\t\"dealer\" : 1 ,\n" + seats + " , \"result\" : { \"kind\" : \"draw\" } }\n",
             R"({"rules":"zunyi","dealer":0,"streak":999999999999999999,"seats":[{"name":"a",)"
             R"("hand":"1112345678999m5p","baoting":true,"discarded_yaoji":4,"chongfeng":false},)"
             R"({},{},{}],"kongs":[{"seat":1,"kind":"direct","tile":"9p","from":2},)"
             R"({"seat":2,"kind":"concealed","tile":"1s"}],"result":{"kind":"win","wins":[)"
             R"({"seat":0,"from":1,"tile":"5p","after_kong":false,"robbing_kong":true,)"
             R"("tianhu":false,"dihu":false}],"flipped":"3m"}})",
             R"({"dealer":2,)" + seats +
                 R"(,"result":{"kind":"escape","seat":1,"last_four":true}})",
             R"({"dealer":0,"options":{},)" + seats + R"(,"result":{"kind":"draw"}})",
             R"({"options":{"huazhu":true,"base":5,"qianggang-fan":"2"},"dealer":0,)" + seats +
                 R"(,"result":{"kind":"draw"}})",
         }) {
      INFO(text);
      CHECK(read_alike(text));
    }
  }
  SECTION("left to the checked reader") {
    const std::string draw = R"(,"result":{"kind":"draw"}})";
    for (const std::string& text : std::vector<std::string>{
             R"({"dealer":0,"options":{"base":-1},)" + seats + draw,          // a sign
             R"({"dealer":0,"options":{"base":1.5},)" + seats + draw,         // a fraction
             R"({"dealer":0,"options":{"base":null},)" + seats + draw,        // null
             R"({"dealer":0,"options":{"base":1,"base":2},)" + seats + draw,  // a rule twice
             R"({"dealer":0,"options":{"no-such-rule":1},)" + seats + draw,   // unknown
             R"({"dealer":0,"options":{"huazhu":3},)" + seats + draw,         // not a switch
             R"({"dealer":0,"options":[],)" + seats + draw,                   // not an object
             R"({"dealer":0,"streak":null,)" + seats + draw,                  // null
             R"({"dealer":0,"seats":[{"hand":"1\u0032m"},{},{},{}])" + draw,  // an escape
             R"({"dealer":0,"dealer":1,)" + seats + draw,                     // a key twice
             R"({"dealer":1.0,)" + seats + draw,                              // a fraction
             R"({"dealer":1e0,)" + seats + draw,                              // an exponent
             R"({"dealer":01,)" + seats + draw,                               // a leading zero
             R"({"dealer":-0,)" + seats + draw,                               // a sign
             R"({"dealer":4,)" + seats + draw,                                // out of range
             R"({"dealer":0,"streak":1000000000000000000,)" + seats + draw,   // 19 digits
             R"({"dealer":0,)" + seats + draw + "x",                          // text after it
             "\xEF\xBB\xBF"
             R"({"dealer":0,)" +
                 seats + draw,  // a BOM
             R"({"dealer":0,"seats":[{"name":")"
             "\xff"
             R"("},{},{},{}])" +
                 draw,                                                    // not UTF-8
             R"({"dealer":0,"seats":[{},{},{}])" + draw,                  // three seats
             R"({"dealer":0,"seats":[{},{},{},{},{}])" + draw,            // five seats
             R"({"dealer":0,"seats":[{"hand":"1x"},{},{},{}])" + draw,    // a bad hand
             R"({"dealer":0,)" + seats + R"(,"result":{"kind":"tie"}})",  // a bad kind
             R"({"dealer":0,)" + seats + R"(,"result":{"kind":"draw","seat":1}})",
             R"({"dealer":0,)" + seats + R"(,"result":{"kind":"win"}})",     // no wins
             R"({"dealer":0,)" + seats + R"(,"result":{"kind":"escape"}})",  // no seat
             R"({"dealer":0,)" + seats + "}",                                // no result
             R"({)" + seats + draw,                                          // no dealer
             R"({"dealer":0,)" + seats + R"(,"kongs":[{"seat":1,"tile":"1m"}])" + draw,
             R"({"dealer":0,)" + seats + R"(,"result":{"kind":"win","wins":[{"seat":0}]}})",
         }) {
      INFO(text);
      CHECK(!table_from_json_fast(text));
    }
  }
  SECTION("table_from_json gives the checked reader's table or error either way") {
    for (const std::string& text : std::vector<std::string>{
             R"({"dealer":0,)" + seats + R"(,"result":{"kind":"draw"}})",
             R"({"dealer":0,"streak":null,)" + seats + R"(,"result":{"kind":"draw"}})",
             R"({"dealer":9,)" + seats + R"(,"result":{"kind":"draw"}})",
         }) {
      INFO(text);
      auto a = table_from_json(text), b = table_from_json_checked(text);
      REQUIRE(bool(a) == bool(b));
      if (a)
        CHECK(*a == *b);
      else
        CHECK((a.error().en == b.error().en && a.error().field == b.error().field));
    }
  }
}
