// Z1-Z4: Zunyi 缺一门, patterns, add-ons and payments (points per paying seat).
#include "helpers.hpp"
#include "qianmj/zunyi.hpp"

using namespace qianmj;

namespace {

Score zscore(const std::string& text, Situation s = {}, Options o = {}) {
  Zunyi rules(o);
  auto sc = rules.score(test::hand(text), s);
  INFO("hand: " << text);
  if (!sc) FAIL("score error: " << sc.error().en);
  return *sc;
}

Situation on(const char* tile, bool zimo = false) {
  Situation s;
  s.win_tile = *parse_tile(tile);
  s.zimo = zimo;
  return s;
}

std::string ids(const Score& sc) {
  std::string out;
  for (const auto& it : sc.items) out += (out.empty() ? "" : " ") + std::string(it.id) + ":" + std::to_string(it.value);
  return out;
}

}  // namespace

TEST_CASE("Z1 缺一门: no win and no readiness while holding all three suits") {
  auto sc = zscore("123m456s789p234p55s", on("5s"));
  CHECK_FALSE(sc.win);
  REQUIRE(sc.reason);
  CHECK(sc.reason->en.find("Z1") != std::string::npos);
  CHECK(zscore("123s456s789p234p55s", on("5s")).win);  // the same shape in two suits
  Zunyi rules;
  auto w = analyze_waits(rules, test::hand("2344567p345s789m"), {});
  CHECK_FALSE(w.ready);
  CHECK(w.waits.empty());
  CHECK(w.reason);
  CHECK(analyze_waits(rules, test::hand("2344567p345s789s"), {}).ready);
  // Duyun has no such rule: the three-suit hand is ready there.
  CHECK(analyze_waits(Duyun{}, test::hand("2344567p345s789m"), {}).ready);
}

TEST_CASE("Z2 structural patterns: one counts, the highest, read from the hand without the winning tile") {
  CHECK(ids(zscore("123s456s789p234p55s", on("1s"))) == "pinghu:2");      // waits 1s 4s without it
  CHECK(ids(zscore("123s456s789p234p55s", on("5s"))) == "biankadiao:3");  // a single-pair wait
  CHECK(ids(zscore("123s456s789p234p55s", on("3s"))) == "biankadiao:3");  // 12s: an edge wait
  CHECK(ids(zscore("111222444m33399s", on("9s"))) == "duiduihu:4");       // 对对胡 beats 边卡吊
  CHECK(ids(zscore("23445677p345789s", on("4p"))) == "dakuanzhang:4");    // waits 1p 4p 7p
  CHECK(ids(zscore("1133557799m2244s", on("9m"))) == "anqidui:4");
  CHECK(ids(zscore("1111335577m2244s", on("1m"))) == "longqidui:10");  // the 1m completes the four (Z2)
  Options o;
  REQUIRE_FALSE(o.set("zunyi-pinghu", "1"));  // the text also says 1
  CHECK(ids(zscore("123s456s789p234p55s", on("1s"), o)) == "pinghu:1");
}

TEST_CASE("Z2 清一色 adds 10 — 清一色 平胡 = 10, 清大对 14, 清七对 14, 清龙七对 20") {
  CHECK(ids(zscore("123456789m23499m", on("2m"))) == "qingyise:10");
  CHECK(zscore("123456789m23499m", on("2m")).total == 10);
  CHECK(ids(zscore("111222444m33399m", on("9m"))) == "duiduihu:4 qingyise:10");
  CHECK(zscore("111222444m33399m", on("9m")).pattern->value == 14);
  CHECK(zscore("1133557799m2244m", on("9m")).pattern->value == 14);
  CHECK(zscore("1111335577m2299m", on("1m")).pattern->value == 20);
  CHECK(zscore("123456789m23499m", on("9m")).pattern->id == "qingyise+dakuanzhang");
  Options o;  // a 平胡 worth as much as 边卡吊 still counts nothing under 清一色
  REQUIRE_FALSE(o.set("zunyi-pinghu", "3"));
  CHECK(ids(zscore("123456789p12355p", on("2p"), o)) == "biankadiao:3 qingyise:10");
}

TEST_CASE("Z2 without --win: the winning tile that scores most, and the answer says so") {
  auto sc = zscore("123s456s789p234p55s");
  CHECK(sc.win_tile == Tile(Suit::Sou, 2));  // first of the 边卡吊 tiles in tile order
  CHECK(sc.pattern->value == 3);
  REQUIRE(sc.notes.size() == 1);
  CHECK(sc.notes[0].en.find("assumed 2s") != std::string::npos);
  CHECK(zscore("123456789m23499m").pattern->value == 14);
}

TEST_CASE("Z3 add-ons: 自摸 +1, 天和/地和 +10, 杠上炮 +3, 抢杠 +3, 杠上花 10 against the hand's own value plus 自摸") {
  CHECK(ids(zscore("111222444m33399s", on("9s", true))) == "duiduihu:4 zimo:1");
  CHECK(zscore("111222444m33399s", on("9s", true)).total == 15);  // 5 from each of three
  Situation t = on("9s");
  t.tianhu = true;
  CHECK(ids(zscore("111222444m33399s", t)) == "duiduihu:4 zimo:1 tianhu:10");
  Situation d = on("9s");
  d.dihu = true;
  CHECK(zscore("111222444m33399s", d).total == 14);  // off a discard: 4 + 10
  Situation pao = on("9s");
  pao.after_kong = true;
  CHECK(ids(zscore("111222444m33399s", pao)) == "duiduihu:4 gangshangpao:3");
  Situation rob = on("3s");
  rob.robbing_kong = true;
  CHECK(ids(zscore("111222444m99s345s", rob)) == "pinghu:2 qianggang:3");  // waits 3s 6s without it
  Options o;
  REQUIRE_FALSE(o.set("zunyi-qianggang", "0"));
  CHECK(ids(zscore("111222444m99s345s", rob, o)) == "pinghu:2");
  Situation hua = on("9m", true);
  hua.after_kong = true;
  auto sc = zscore("(5555m) 111222333m 99m", hua);  // 清一色 对对胡 14 is more than 杠上花 10 (revised)
  CHECK(ids(sc) == "duiduihu:4 qingyise:10 zimo:1");
  CHECK(sc.total == 45);
  Situation hua9p = on("9p", true);
  hua9p.after_kong = true;
  sc = zscore("(5555m) 111222333m 99p", hua9p);  // 对对胡 4 is less than 10: 杠上花 counts
  CHECK(ids(sc) == "gangshanghua:10 zimo:1");
  CHECK(sc.total == 33);
}

TEST_CASE("Z4 payments: self-draw three payers, a discard or 抢杠 one — no dealer bonus") {
  Situation s = on("9s", true);
  s.dealer = DealerRole::Winner;
  s.streak = 5;
  auto sc = zscore("111222444m33399s", s);
  REQUIRE(sc.payers.size() == 1);
  CHECK(sc.payers[0].role == Payer::Role::Other);
  CHECK(sc.payers[0].count == 3);
  CHECK(sc.payers[0].points == 5);  // no 连庄 in Zunyi
  CHECK_FALSE(sc.notes.empty());    // and the answer says the streak does not count
  auto off = zscore("111222444m33399s", on("9s"));
  CHECK(off.payers[0].role == Payer::Role::Discarder);
  CHECK(off.payers[0].count == 1);
  CHECK(off.total == 4);
}
