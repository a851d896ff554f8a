// What a rule set owns (RULES.md H): its options, its table fields, its units and texts; and
// the library's own language: messages name situation fields, request lines are read by the
// library as the CLI reads them.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "helpers.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/request.hpp"

using namespace qianmj;

namespace {

Result<Ledger> settle_json(const std::string& text) {
  auto t = table_from_json(text);
  if (!t) return t.error();
  return settle(*t);
}

const char* kWin =
    R"({"rules":"RULES","dealer":0,"seats":[{"hand":"2344567p345789s7p"SEAT0},{"hand":"1112223334445m"},)"
    R"({"hand":"6667778889995m"},{"hand":"1112226668889s"}],"result":{"kind":"win","wins":[{"seat":0,"tile":"7p"}]RESULT}})";

std::string table(std::string rules, std::string seat0 = "", std::string result = "") {
  std::string t = kWin;
  t.replace(t.find("RULES"), 5, rules);
  t.replace(t.find("SEAT0"), 5, seat0);
  t.replace(t.find("RESULT"), 6, result);
  return t;
}

}  // namespace

TEST_CASE(
    "H a table field only another rule set reads (chongfeng, discarded_yaoji, flipped) is refused, "
    "naming that rule set") {
  // Under Zunyi each is read: the table is priced.
  REQUIRE(settle_json(
      table("zunyi", R"(,"chongfeng":true,"discarded_yaoji":1)", R"(,"flipped":"2s")")));
  struct Case {
    std::string seat0, result, field, name;
  };
  for (const auto& c :
       {Case{R"(,"chongfeng":true)", "", "seats[0].chongfeng", "chongfeng"},
        Case{R"(,"discarded_yaoji":2)", "", "seats[0].discarded_yaoji", "discarded_yaoji"},
        Case{"", R"(,"flipped":"2s")", "result.flipped", "flipped"}}) {
    INFO(c.field);
    auto l = settle_json(table("duyun", c.seat0, c.result));
    REQUIRE_FALSE(l);
    CHECK(l.error().code == ErrorCode::BadField);
    CHECK(l.error().field == c.field);
    CHECK(l.error().en == c.name +
                              " is read only by the Zunyi (--rules zunyi), Guiyang (--rules "
                              "guiyang) rules; the Duyun rules have no such field");
    CHECK(l.error().zh ==
          c.name + " 只用于遵义（--rules zunyi）、贵阳（--rules guiyang）规则；都匀规则没有这一项");
  }
  // A Guiyang-only field (乌骨鸡, G16) under Zunyi names Guiyang alone.
  auto wugu = settle_json(table("zunyi", R"(,"discarded_wuguji":1)", ""));
  REQUIRE_FALSE(wugu);
  CHECK(wugu.error().code == ErrorCode::BadField);
  CHECK(wugu.error().field == "seats[0].discarded_wuguji");
  CHECK(wugu.error().en ==
        "discarded_wuguji is read only by the Guiyang (--rules guiyang) rules; the Zunyi rules "
        "have no such field");
  // Without them the same table is priced under Duyun: 平胡 self-drawn, 1 fan × base 6 × 3.
  auto duyun = settle_json(table("duyun"));
  REQUIRE(duyun);
  CHECK(duyun->totals[0] == 18);
}

TEST_CASE(
    "H a rule set asked for an option it does not have is a programming error, not a silent 0") {
  for (const auto& info : rulesets()) {
    auto rules = build_ruleset(info.id);
    REQUIRE(rules);
    for (const auto& o : option_specs()) {
      const bool own = std::any_of(info.options.begin(), info.options.end(),
                                   [&](const OptionSpec& x) { return x.name == o.name; });
      INFO(info.id << " " << o.name);
      if (own)
        CHECK((*rules)->options().get(o.name) == o.default_value);
      else
        CHECK_THROWS_AS((*rules)->options().get(o.name), std::logic_error);
    }
    CHECK_THROWS_AS((*rules)->options().get("no-such-option"), std::logic_error);
  }
}

TEST_CASE(
    "Library messages name the situation field, and a caller's namer turns them into its own "
    "spelling") {
  Situation s = test::zimo();
  s.tianhu = s.dihu = true;
  auto sc = test::rules_score("11123455678999p", s);
  REQUIRE_FALSE(sc);
  CHECK(sc.error().en == "tianhu (dealer) and dihu (non-dealer) exclude each other");
  s.field_name = [](std::string_view f) { return "--" + std::string(f); };
  sc = test::rules_score("11123455678999p", s);
  REQUIRE_FALSE(sc);
  CHECK(sc.error().en == "--tianhu (dealer) and --dihu (non-dealer) exclude each other");
}

TEST_CASE(
    "Request lines: a hand or a JSON object over the defaults, read by the library as score - and "
    "waits - read them") {
  SituationArgs defaults;
  defaults.zimo = true;
  std::string hand;
  // A hand: the line itself, the defaults as they are.
  auto a = score_line("11123455678999p", defaults, hand);
  REQUIRE(a);
  CHECK(hand == "11123455678999p");
  CHECK(a->zimo);
  // A JSON object: its hand and fields over the defaults.
  a = score_line(
      R"({"hand":"1112345567899p","win":"9p","zimo":false,"dealer":"winner","streak":3})", defaults,
      hand);
  REQUIRE(a);
  CHECK(hand == "1112345567899p");
  CHECK_FALSE(a->zimo);
  CHECK(a->win == "9p");
  CHECK(a->streak == 3);
  auto r = score_request(hand, *a);
  REQUIRE(r);
  CHECK(r->hand.size() == 14);
  CHECK(r->situation.dealer == DealerRole::Winner);
  auto sc = test::rules_score(to_ascii(r->hand), r->situation);
  REQUIRE(sc);
  CHECK(sc->total == 6 * (6 + 3));  // 清一色 6 + 连庄 3, × base 6, from the discarder
  // Errors name the field: in the error's field, and in the message by the caller's namer.
  a = score_line(R"({"hand":"11123455678999p","zimo":1})", defaults, hand);
  REQUIRE_FALSE(a);
  CHECK(a.error().code == ErrorCode::BadField);
  CHECK(a.error().field == "zimo");
  a = score_line(R"({"zimo":true})", defaults, hand);
  REQUIRE_FALSE(a);
  CHECK(a.error().field == "hand");
  a = score_line(R"({"hand":"11123455678999p","hand":"1p"})", defaults, hand);
  REQUIRE_FALSE(a);
  CHECK(a.error().code == ErrorCode::BadJson);
  SituationArgs bad;
  bad.streak_text = "x";
  auto s = read_situation(bad);
  REQUIRE_FALSE(s);
  CHECK(s.error().en == "streak takes a whole number, not 'x'");
  s = read_situation(bad, [](std::string_view f) { return "--" + std::string(f); });
  REQUIRE_FALSE(s);
  CHECK(s.error().en == "--streak takes a whole number, not 'x'");
  bad = {};
  bad.win = "5p";
  auto fifth = score_request("5555p123m456m789s", bad);
  REQUIRE_FALSE(fifth);
  CHECK(fifth.error().code == ErrorCode::TooManyCopies);
  CHECK(fifth.error().en == "win 5p would be a fifth copy: there are only four");
  // Waits lines take only baoting and dou.
  auto w = waits_line(R"({"hand":"2344567p345789s","baoting":true})", {}, hand);
  REQUIRE(w);
  CHECK(w->baoting);
  CHECK_FALSE(w->dou);
  w = waits_line(R"({"hand":"2344567p345789s","zimo":true})", {}, hand);
  REQUIRE_FALSE(w);
  CHECK(w.error().field == "zimo");
  CHECK(w.error().en == "unknown field");
}

TEST_CASE(
    "field_given, given_fields and IgnoredField::bit: each situation field by its name, found "
    "once, and an unknown name refused") {
  struct Case {
    std::string_view field;
    void (*set)(Situation&);
  };
  const Case cases[] = {
      {"win", [](Situation& s) { s.win_tile = Tile::from_index(4); }},
      {"dealer", [](Situation& s) { s.dealer = DealerRole::Payer; }},
      {"streak", [](Situation& s) { s.streak = 1; }},
      {"zimo", [](Situation& s) { s.zimo = true; }},
      {"after_kong", [](Situation& s) { s.after_kong = true; }},
      {"robbing_kong", [](Situation& s) { s.robbing_kong = true; }},
      {"baoting", [](Situation& s) { s.baoting = true; }},
      {"payer_baoting", [](Situation& s) { s.payer_baoting = true; }},
      {"tianhu", [](Situation& s) { s.tianhu = true; }},
      {"dihu", [](Situation& s) { s.dihu = true; }},
      {"dou", [](Situation& s) { s.dou = true; }},
  };
  std::uint32_t bits = 0;
  for (const auto& c : cases) {
    INFO(c.field);
    Situation given;
    c.set(given);
    const IgnoredField ignored{c.field, ""};
    REQUIRE(single_bit(ignored.bit));
    CHECK((bits & ignored.bit) == 0);  // a bit of its own
    bits |= ignored.bit;
    CHECK(field_given(given, c.field));
    CHECK(given_fields(given) == ignored.bit);  // its own field and no other
    CHECK_FALSE(field_given(Situation{}, c.field));
  }
  CHECK(given_fields(Situation{}) == 0);
  // Found at compile time for a constant name.
  static constexpr IgnoredField kDou{"dou", ""};
  static_assert(kDou.bit == 1u << 10);
  CHECK(field_bit("no_such_field") == 0);
  CHECK(IgnoredField{"no_such_field", ""}.bit == 0);
  CHECK_THROWS_AS(field_given(Situation{}, "no_such_field"), std::logic_error);
}
