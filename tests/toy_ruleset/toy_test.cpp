// The toy rule set's own pieces, each with the number a library that ignored it would miss: its
// pattern row and house option, its extra shape in waits and 大叫, and its table field read by
// both JSON readers and from words in both scripts, priced, written back, and refused under a
// rule set that does not own it.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "formats/json_tables.hpp"
#include "qianmj/answers/answer.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"
#include "qianmj/formats/table_words.hpp"
#include "toy.hpp"

using namespace qianmj;
using nlohmann::json;

namespace {

std::unique_ptr<Ruleset> toy_rules(std::int64_t liudui = 4) {
  Options o("toy");
  REQUIRE_FALSE(o.set("toy-liudui", liudui));
  auto r = build_ruleset("toy", o);
  REQUIRE(r);
  return std::move(*r);
}

Hand hand(std::string_view text) {
  auto h = parse_hand(text);
  REQUIRE(h);
  return *h;
}

// Seat 1 holds 3 tokens; seat 2 ran away (an escape moves nothing else under the toy).
const char* kTokensTable =
    R"({"rules":"toy","dealer":0,"seats":[{},{"tokens":3},{},{}],"result":{"kind":"escape","seat":2}})";

}  // namespace

extern std::string toy_second_registration;  // main.cpp

TEST_CASE(
    "Toy: the registry has the toy after the built-in rule sets, and refuses a second registration "
    "or one after the registry is read") {
  REQUIRE(rulesets().size() >= 3);
  CHECK(rulesets().back().id == "toy");
  CHECK_FALSE(is_built_in_ruleset("toy"));
  CHECK(is_built_in_ruleset("duyun"));
  CHECK(toy_second_registration == "qianmj: rule set toy registered twice");
  RulesetInfo other = toy::toy_ruleset;
  other.id = "toy2";
  CHECK_THROWS_WITH(register_ruleset(other),
                    "qianmj: rule set toy2 registered after the registry was first read");
}

TEST_CASE(
    "Toy: the rules answer lists the toy among the rule sets a page offers, and its own option "
    "with its range") {
  for (const char* rules : {"duyun", "toy"}) {
    INFO(rules);
    const auto reply = json::parse(
        answer_json(json{{"command", "rules"}, {"format", "json"}, {"rules", rules}}.dump()));
    REQUIRE(reply["status"] == 0);
    const auto table = json::parse(reply["output"].get<std::string>());
    const auto& sets = table["rulesets"];
    REQUIRE(sets.size() == rulesets().size());
    CHECK(sets.front()["id"] == "duyun");  // the default first
    CHECK(sets.back()["id"] == "toy");
    CHECK(sets.back()["en"] == toy::toy_ruleset.en);
    CHECK(sets.back()["zh"] == toy::toy_ruleset.zh);
  }
  const auto reply =
      json::parse(answer_json(R"({"command": "rules", "format": "json", "rules": "toy"})"));
  const auto table = json::parse(reply["output"].get<std::string>());
  bool found = false;
  for (const auto& o : table["options"])
    if (o["name"] == "toy-liudui") {
      found = true;
      const auto& spec = toy::toy_ruleset.options.front();
      CHECK(o["min"] == spec.min);
      CHECK(o["max"] == spec.max);
    }
  CHECK(found);
}

TEST_CASE("Toy: 六对 scores at toy-liudui's fan, and is no win under Duyun") {
  const Hand h = hand("11227m3344p5566s9s");  // six pairs, 7m and 9s
  Situation s;
  s.zimo = true;
  s.win_tile = Tile(Suit::Man, 7);
  auto sc = toy_rules()->score(h, s);
  REQUIRE(sc);
  REQUIRE(sc->win);
  CHECK(sc->pattern->id == "liudui");
  CHECK(sc->total == 12);  // 4 fan × 3 payers
  auto ten = toy_rules(10)->score(h, s);
  REQUIRE(ten);
  CHECK(ten->total == 30);
  auto duyun = build_ruleset("duyun");
  REQUIRE(duyun);
  auto no = (*duyun)->score(h, s);
  REQUIRE(no);
  CHECK_FALSE(no->win);
}

TEST_CASE("Toy: six pairs and a tile wait on all 27 tiles (Duyun: one), 七对 the 大叫") {
  const Hand h = hand("11227m3344p5566s");
  auto toy = analyze_waits(*toy_rules(), h, {});
  CHECK(toy.waits.size() == 27);
  REQUIRE(toy.dajiao);
  CHECK(toy.dajiao->id == "qidui");  // 7m: seven pairs, 6 fan over 六对's 4
  auto duyun = build_ruleset("duyun");
  REQUIRE(duyun);
  CHECK(analyze_waits(**duyun, h, {}).waits.size() == 1);
  // At 7 fan, 六对 is the 大叫.
  auto seven = analyze_waits(*toy_rules(7), h, {});
  REQUIRE(seven.dajiao);
  CHECK(seven.dajiao->id == "liudui");
}

TEST_CASE("Toy: seats[].tokens is read by both JSON readers, priced and written back") {
  auto checked = json_detail::table_from_json_checked(kTokensTable);
  REQUIRE(checked);
  auto fast = json_detail::table_from_json_fast(kTokensTable);
  REQUIRE(fast);
  CHECK(*fast == *checked);
  static const TableFieldKey<int> tokens(toy::kTokens);
  CHECK(tokens.get(checked->seats[1].fields) == 3);
  CHECK(tokens.get(checked->seats[0].fields) == 0);
  auto ledger = settle(*checked);
  REQUIRE(ledger);
  CHECK(ledger->totals == std::array<std::int64_t, kSeats>{-3, 9, -3, -3});
  CHECK(table_to_json(*checked)["seats"][1]["tokens"] == 3);
  // Out of its range, and under a rule set that does not own it.
  auto nine = table_from_json(
      R"({"rules":"toy","dealer":0,"seats":[{"tokens":9},{},{},{}],"result":{"kind":"draw"}})");
  REQUIRE_FALSE(nine);
  CHECK(nine.error().field == "seats[0].tokens");
  json duyun = json::parse(kTokensTable);
  duyun["rules"] = "duyun";
  auto foreign = table_from_json(duyun.dump());
  REQUIRE(foreign);
  auto refused = settle(*foreign);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().field == "seats[1].tokens");
}

TEST_CASE("Toy: seats[].tokens in words, Chinese and ASCII, reads back and is written back") {
  for (const char* line :
       {"规则toy 庄东 南筹码3 西逃跑", "rules:toy dealer:E S:tokens:3 W:escape"}) {
    INFO(line);
    auto w = table_from_words(std::string_view(line));
    REQUIRE(w);
    static const TableFieldKey<int> tokens(toy::kTokens);
    CHECK(tokens.get(w->table.seats[1].fields) == 3);
    auto ledger = settle(w->table);
    REQUIRE(ledger);
    CHECK(ledger->totals == std::array<std::int64_t, kSeats>{-3, 9, -3, -3});
    auto zh = table_to_words(w->table, true), en = table_to_words(w->table, false);
    REQUIRE(zh);
    REQUIRE(en);
    CHECK(zh->find("南筹码3") != std::string::npos);
    CHECK(en->find("S:tokens:3") != std::string::npos);
  }
  auto twice = table_from_words(std::string_view("规则toy 庄东 南筹码3 南筹码1 西逃跑"));
  REQUIRE_FALSE(twice);
  CHECK(twice.error().code == ErrorCode::Inconsistent);
  CHECK(twice.error().en == "S's token count is said twice");
  CHECK(twice.error().zh == "南筹码说了两次");
  auto nine = table_from_words(std::string_view("rules:toy dealer:E S:tokens:9 W:escape"));
  REQUIRE_FALSE(nine);
  CHECK(nine.error().en == "how many tokens S holds: 1 to 8, not 9");
}
